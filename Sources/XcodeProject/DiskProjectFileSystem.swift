// The disk as the project loader reads it: regular files only (at most 16 MB, opened without
// blocking so a FIFO cannot hold the reader), folders through `directoryEntries`. The module's
// one reader of the disk, given to the loader by its caller (the server, `check`, the tests).
import PlistSupport

/// Reads project files from the disk (the server, `check` and the tests).
public struct DiskProjectFileSystem: ProjectFileSystem {
    /// Files larger than this are not read (no project file comes close).
    public static let maximumFileSize = 16 << 20

    public init() {}

    public func contents(of path: String) -> [UInt8]? {
        readRegularFile(atPath: path, maximumSize: Self.maximumFileSize)
    }

    public func whyNotReadable(_ path: String) -> String? {
        PlistSupport.whyNotReadable(
            atPath: path, maximumSize: Self.maximumFileSize, limitText: "\(Self.maximumFileSize >> 20) MB a project file may be")
    }

    public func entries(of directory: String) -> [(name: String, isDirectory: Bool)]? {
        directoryEntries(directory)
    }

    public func isSharedFolder(_ path: String) -> Bool { PlistSupport.isSharedFolder(path) }

    public func isDirectory(_ path: String) -> Bool { fileKindOnDisk(path) == .directory }
}
