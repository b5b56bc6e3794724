// The disk as the project loader reads it: regular files only (at most 16 MB, opened without
// blocking so a FIFO cannot hold the reader), folders through `directoryEntries`. The module's
// one reader of the disk, given to the loader by its caller (the server, `check`, the tests).
import PlistSupport

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

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

    public func isSharedFolder(_ path: String) -> Bool { Self.sharedFolders.contains(path) }

    /// `/`, the folders of homes and temporary files, this user's home and temporary folder.
    static let sharedFolders: Set<String> = {
        var folders: Set<String> = ["/", "/tmp", "/private/tmp", "/var/tmp", "/Users", "/home"]
        for name in ["HOME", "TMPDIR"] {
            guard let value = getenv(name).map({ String(cString: $0) }), value.count > 1 else { continue }
            folders.insert(value.hasSuffix("/") ? String(value.dropLast()) : value)
        }
        return folders
    }()
}
