import Foundation
import Testing
@testable import LanguageServerProtocol
#if canImport(Glibc)
import Glibc
#endif

func writeString(_ fd: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}

/// A fresh, short temporary directory owned by the current user; removed by `remove()`.
struct TemporaryDirectory {
    let path: String
    init() throws {
        var template = Array("/tmp/plsp.XXXXXX".utf8CString)
        guard let result = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ConnectionError.systemCall("mkdtemp", errno: errno)
        }
        path = String(cString: result)
    }
    func file(_ name: String) -> String { path + "/" + name }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

func fileMode(_ path: String) -> (type: mode_t, permissions: mode_t)? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return (info.st_mode & S_IFMT, info.st_mode & 0o7777)
}

func exists(_ path: String) -> Bool { fileMode(path) != nil }
