// The disk as the project loader reads it: regular files only (at most 16 MB, opened without
// blocking so a FIFO cannot hold the reader), folders through `directoryEntries`.
import PlistSupport
import XcodeProject

/// Reads project files from the disk (the server and `check`).
public struct DiskProjectFileSystem: ProjectFileSystem {
    /// Files larger than this are not read (no project file comes close).
    public static let maximumFileSize = 16 << 20

    public init() {}

    public func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= Self.maximumFileSize else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            count += n
        }
        return Array(bytes.prefix(count))
    }

    public func entries(of directory: String) -> [(name: String, isDirectory: Bool)]? {
        directoryEntries(directory)
    }
}
