// Extended attributes (`listxattr(2)`, `getxattr(2)`, `fsetxattr(2)`), for the writers that
// replace a file by a new one: what they must carry over.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The extended attributes of a file (`listxattr(2)`): what a rewrite by rename must carry over
/// to the new inode, or the file would silently lose its ACL, its SELinux label, its tags.
public enum ExtendedAttributes {
    /// Copies every extended attribute of `path` (symbolic links followed) that the file at `fd`
    /// does not already have with the same value. nil when all are kept; otherwise the name of
    /// the first one that could not be, with the reason. An attribute this process may not list
    /// (`trusted.*` without privileges) cannot be seen and so not kept either; a filesystem
    /// without extended attributes has none to keep.
    public static func copy(from path: String, to fd: Int32) -> String? {
        guard let names = names(of: path) else {
            let code = errno
            return code == ENOTSUP ? nil : "list (\(errnoDescription(code)))"
        }
        for name in names {
            guard let wanted = value(of: name, at: path) else {
                let code = errno
                if code == missingAttribute { continue }  // removed meanwhile: nothing to keep
                return "\(name) (cannot read it: \(errnoDescription(code)))"
            }
            if let existing = value(of: name, on: fd), existing == wanted { continue }
            let result = wanted.withUnsafeBytes { raw in
                name.withCString { cName in
                    #if canImport(Darwin)
                    fsetxattr(fd, cName, raw.baseAddress, raw.count, 0, 0)
                    #else
                    glibcFsetxattr(fd, cName, raw.baseAddress, raw.count, 0)
                    #endif
                }
            }
            if result != 0 { return "\(name) (\(errnoDescription(errno)))" }
        }
        return nil
    }

    #if canImport(Darwin)
    private static let missingAttribute = ENOATTR
    #else
    private static let missingAttribute = ENODATA
    #endif

    /// The attribute names of `path`, or nil with `errno` set.
    public static func names(of path: String) -> [String]? {
        while true {
            #if canImport(Darwin)
            let size = listxattr(path, nil, 0, 0)
            #else
            let size = path.withCString { glibcListxattr($0, nil, 0) }
            #endif
            if size < 0 { return nil }
            if size == 0 { return [] }
            var buffer = [CChar](repeating: 0, count: size)
            #if canImport(Darwin)
            let got = listxattr(path, &buffer, size, 0)
            #else
            let got = path.withCString { cPath in buffer.withUnsafeMutableBufferPointer { glibcListxattr(cPath, $0.baseAddress, size) } }
            #endif
            if got < 0 && errno == ERANGE { continue }  // grew meanwhile
            if got < 0 { return nil }
            return buffer[..<got].split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
    }

    /// The value of attribute `name` of `path`, or nil with `errno` set.
    public static func value(of name: String, at path: String) -> [UInt8]? {
        read { buffer, size in
            #if canImport(Darwin)
            getxattr(path, name, buffer, size, 0, 0)
            #else
            path.withCString { cPath in name.withCString { glibcGetxattr(cPath, $0, buffer, size) } }
            #endif
        }
    }

    private static func value(of name: String, on fd: Int32) -> [UInt8]? {
        read { buffer, size in
            #if canImport(Darwin)
            fgetxattr(fd, name, buffer, size, 0, 0)
            #else
            name.withCString { glibcFgetxattr(fd, $0, buffer, size) }
            #endif
        }
    }

    private static func read(_ call: (UnsafeMutableRawPointer?, Int) -> Int) -> [UInt8]? {
        while true {
            let size = call(nil, 0)
            if size < 0 { return nil }
            if size == 0 { return [] }
            var buffer = [UInt8](repeating: 0, count: size)
            let got = buffer.withUnsafeMutableBytes { call($0.baseAddress, size) }
            if got < 0 && errno == ERANGE { continue }
            if got < 0 { return nil }
            return Array(buffer[..<got])
        }
    }
}

#if canImport(Glibc)
// `<sys/xattr.h>` is not part of the Glibc module: its functions used here are declared by hand
// (pointer and integer arguments pass alike in C and Swift; see `Allocator.swift`).
@_silgen_name("listxattr")
private func glibcListxattr(_ path: UnsafePointer<CChar>, _ list: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int
@_silgen_name("getxattr")
private func glibcGetxattr(
    _ path: UnsafePointer<CChar>, _ name: UnsafePointer<CChar>, _ value: UnsafeMutableRawPointer?, _ size: Int
) -> Int
@_silgen_name("fgetxattr")
private func glibcFgetxattr(_ fd: Int32, _ name: UnsafePointer<CChar>, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int
@_silgen_name("fsetxattr")
private func glibcFsetxattr(_ fd: Int32, _ name: UnsafePointer<CChar>, _ value: UnsafeRawPointer?, _ size: Int, _ flags: Int32) -> Int32
#endif
