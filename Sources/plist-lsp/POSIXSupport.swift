// What the executable used from full Foundation (FileHandle, NSString path helpers, FileManager's
// enumerator, percent encoding with a CharacterSet), rebuilt on the C library: plist-lsp links
// FoundationEssentials only, so that it never loads full Foundation and ICU (~30 MB).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `text` to stderr (fd 2) in full.
func writeToStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { raw in
        var offset = 0
        while offset < raw.count {
            let n = write(STDERR_FILENO, raw.baseAddress!.advanced(by: offset), raw.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }
}

/// Ends the process with `status` (`exit(3)`; inside a command, `exit` names argument-parser's own).
func exitProcess(_ status: Int32) -> Never {
    exit(status)
}

/// A file system error with the message the user sees.
struct FileSystemError: Error, CustomStringConvertible {
    let description: String
}

enum PathName {
    /// The directory part, as `NSString.deletingLastPathComponent`: `"a/b"` → `"a"`, `"/b"` → `"/"`,
    /// `"b"` → `""`; trailing slashes are ignored.
    static func directory(of path: String) -> String {
        let slash = UInt8(ascii: "/")
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        guard var end = bytes.lastIndex(of: slash) else { return "" }
        while end > 0, bytes[end - 1] == slash { end -= 1 }
        if end == 0 { return "/" }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The last component, as `NSString.lastPathComponent`: `"a/b/"` → `"b"`, `"/"` → `"/"`.
    static func lastComponent(of path: String) -> String {
        let slash = UInt8(ascii: "/")
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        if bytes == [slash] { return "/" }
        guard let last = bytes.lastIndex(of: slash) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[(last + 1)...], as: UTF8.self)
    }

    /// `component` appended to `base` with a slash between unless `base` ends with one, as
    /// `NSString.appendingPathComponent` does on Linux (`"a//"` + `"b"` → `"a//b"`).
    static func joining(_ base: String, _ component: String) -> String {
        if base.isEmpty { return component }
        return base.hasSuffix("/") ? base + component : base + "/" + component
    }

    /// `path` with every byte outside Foundation's `CharacterSet.urlPathAllowed` written as `%XX`.
    static func percentEncoded(_ path: String) -> String {
        let allowedPunctuation = Array("!$&'()*+,-./=@_~".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                bytes.append(byte)
            case _ where allowedPunctuation.contains(byte):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

enum FileKindOnDisk {
    case missing, directory, other
}

/// What is at `path`, following symbolic links (as `FileManager.fileExists(atPath:isDirectory:)`).
func fileKindOnDisk(_ path: String) -> FileKindOnDisk {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    return info.st_mode & S_IFMT == S_IFDIR ? .directory : .other
}

/// The entries of a directory (no `.` and `..`), or nil when it cannot be read.
func directoryEntries(_ path: String) -> [(name: String, isDirectory: Bool)]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var entries: [(name: String, isDirectory: Bool)] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name == "." || name == ".." { continue }
        // Symbolic links to directories are not followed (as FileManager's enumerator does not).
        var info = stat()
        let isDirectory = lstat(PathName.joining(path, name), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        entries.append((name, isDirectory))
    }
    return entries
}

/// Text from files and file names made safe for a terminal line.
enum TerminalText {
    /// `text` with control characters written as escapes: C0 and C1 controls and DEL (`\n`, `\r`,
    /// `\t`, else `\u{1B}`), and the bidirectional overrides and isolates that reorder what the
    /// reader sees. Everything else, including non-ASCII letters, is kept.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else { out.unicodeScalars.append(scalar); continue }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
