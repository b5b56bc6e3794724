// `plist-lsp convert` (and `format`, `check --fix`: one writer, AtomicFile) rewriting a file in
// place keeps what the file is besides its bytes: its extended attributes, among them its POSIX
// ACL (issue #39, point 8); an output that is not a regular file is refused naming the output; a
// save by another program during the conversion is kept and called a conversion, not a fix.
import Foundation
import Testing
import PlistTestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ConvertInPlaceTests {
    static let text =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleName</key>\n\t<string>Salt</string>\n</dict>\n</plist>\n"

    /// An access ACL in the kernel's `system.posix_acl_access` form (version 2, then tag, permissions,
    /// id, sorted by tag and id): the owner rw, user `uid` r, the group r, mask r, others r.
    static func accessACL(grantingReadTo uid: UInt32) -> [UInt8] {
        func entry(_ tag: UInt16, _ perm: UInt16, _ id: UInt32) -> [UInt8] {
            withUnsafeBytes(of: tag.littleEndian, Array.init) + withUnsafeBytes(of: perm.littleEndian, Array.init)
                + withUnsafeBytes(of: id.littleEndian, Array.init)
        }
        let undefined = UInt32.max
        return withUnsafeBytes(of: UInt32(2).littleEndian, Array.init)
            + entry(0x01, 6, undefined) + entry(0x02, 4, uid) + entry(0x04, 4, undefined) + entry(0x10, 4, undefined)
            + entry(0x20, 4, undefined)
    }

    /// setxattr(2); 0 or the errno.
    static func setAttribute(_ name: String, _ value: [UInt8], on path: String) -> Int32 {
        value.withUnsafeBytes { raw in testSetxattr(path, name, raw.baseAddress, raw.count, 0) == 0 ? 0 : errno }
    }

    /// getxattr(2); nil when the file has no such attribute.
    static func attribute(_ name: String, of path: String) -> [UInt8]? {
        let size = testGetxattr(path, name, nil, 0)
        guard size >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: size)
        let got = buffer.withUnsafeMutableBytes { testGetxattr(path, name, $0.baseAddress, size) }
        return got < 0 ? nil : Array(buffer[..<got])
    }

    static func inode(_ path: String) -> UInt64 {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : 0
    }

    /// The file's user attribute and its ACL survive a conversion in place (a new inode renamed
    /// over the old one), then a format and a conversion back. They used to be dropped: the
    /// temporary file had none.
    @Test func aConversionInPlaceKeepsExtendedAttributesAndTheACL() async throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", Self.text)
        let tag = Array("red\0blue".utf8)
        let acl = Self.accessACL(grantingReadTo: 54321)
        let tagged = Self.setAttribute("user.com.example.tag", tag, on: file.path)
        try #require(tagged == 0, "this filesystem takes no user extended attributes (errno \(tagged)): cannot test here")
        let aclSet = Self.setAttribute("system.posix_acl_access", acl, on: file.path)
        try #require(aclSet == 0, "this filesystem takes no POSIX ACLs (errno \(aclSet)): cannot test here")
        let before = Self.inode(file.path)

        let binary = try await onOwnThread { try Binary.run(["convert", "--to", "binary1", file.path]) }
        #expect(binary.status == 0, "\(binary.stderr)")
        #expect(try Data(contentsOf: file).starts(with: Array("bplist00".utf8)))
        #expect(Self.inode(file.path) != before, "not rewritten by rename: the test would prove nothing")
        #expect(Self.attribute("user.com.example.tag", of: file.path) == tag)
        #expect(Self.attribute("system.posix_acl_access", of: file.path) == acl)

        let back = try await onOwnThread { try Binary.run(["convert", "--to", "xml1", file.path]) }
        #expect(back.status == 0, "\(back.stderr)")
        let xml = try String(contentsOf: file, encoding: .utf8)
        #expect(xml.hasPrefix("<?xml") && xml.contains("<string>Salt</string>"), "\(xml)")
        #expect(Self.attribute("user.com.example.tag", of: file.path) == tag)
        #expect(Self.attribute("system.posix_acl_access", of: file.path) == acl)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["Info.plist"])
    }

    /// `format` writes through the same writer: its rewrite keeps the attributes too.
    @Test func formatKeepsExtendedAttributes() async throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", Self.text.replacingOccurrences(of: "\t<key>", with: "      <key>"))
        let tag = Array("green".utf8)
        let tagged = Self.setAttribute("user.com.example.tag", tag, on: file.path)
        try #require(tagged == 0, "this filesystem takes no user extended attributes (errno \(tagged)): cannot test here")
        let before = Self.inode(file.path)
        let r = try await onOwnThread { try Binary.run(["format", file.path]) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.inode(file.path) != before, "not rewritten: the test would prove nothing")
        #expect(Self.attribute("user.com.example.tag", of: file.path) == tag)
    }

    /// `-o` naming a FIFO or a folder: refused at once (a FIFO is never opened, which would wait for
    /// a reader), naming the output, not the input, which is fine. It used to say "in.plist: not
    /// converted: not a regular file (a FIFO)".
    @Test func anOutputThatIsNotAFileIsNamedInTheError() async throws {
        let dir = try TemporaryDirectory()
        let input = try dir.write("in.plist", Self.text)
        let fifo = dir.url.appendingPathComponent("out.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let folder = dir.url.appendingPathComponent("out.d").path
        try #require(mkdir(folder, 0o700) == 0)
        for (output, kind) in [(fifo, "a FIFO"), (folder, "a folder")] {
            let r = try await onOwnThread { try Binary.run(["convert", "--to", "binary1", "-o", output, input.path]) }
            #expect(r.status == 2)
            #expect(
                r.stderr.contains("\(output): not written (\(input.path) converted): not a regular file (\(kind)); nothing written there"),
                "\(r.stderr)")
            #expect(!r.stderr.contains("\(input.path): not"), "the input is named as the problem: \(r.stderr)")
        }
        #expect(try String(contentsOf: input, encoding: .utf8) == Self.text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == ["in.plist", "out.d", "out.fifo"])
    }

    /// Another program saves the file while `convert` writes it: its save is kept, and the message
    /// says what was under way, a conversion (it used to say "while it was being fixed").
    @Test func aSaveDuringAConversionIsKeptAndCalledAConversion() async throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", Self.text)
        let theirs = Self.text.replacingOccurrences(of: "Salt", with: "Pepp")
        let stderr = try await onOwnThread { [url = dir.url] () throws -> (Int32, String) in
            let process = Process()
            process.executableURL = Binary.url
            process.arguments = ["convert", "--to", "binary1", file.path]
            process.environment = ProcessInfo.processInfo.environment.merging(["PLIST_LSP_TEST_PAUSE_BEFORE_RENAME": "1"]) { $1 }
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            try waitUntil("the temporary file", seconds: 60) {
                ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).contains { $0.hasPrefix(".plist-lsp-") }
            }
            try Data(theirs.utf8).write(to: file)
            let text = String(decoding: readAll(err.fileHandleForReading), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
        #expect(stderr.0 == 2)
        #expect(
            stderr.1.contains(
                "Info.plist: not converted: the file changed on disk while it was being converted; left as the other program saved it"),
            "\(stderr.1)")
        #expect(try String(contentsOf: file, encoding: .utf8) == theirs)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["Info.plist"])
    }
}

// `<sys/xattr.h>` is not part of the Glibc module: declared by hand (pointer and integer arguments
// pass alike in C and Swift), as Sources/PlistSupport/ExtendedAttributes.swift does.
@_silgen_name("setxattr")
private func testSetxattr(
    _ path: UnsafePointer<CChar>, _ name: UnsafePointer<CChar>, _ value: UnsafeRawPointer?, _ size: Int, _ flags: Int32
) -> Int32
@_silgen_name("getxattr")
private func testGetxattr(_ path: UnsafePointer<CChar>, _ name: UnsafePointer<CChar>, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int
