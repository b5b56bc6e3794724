// A project's source files and what the privacy scan found in each, kept per file (size and
// modification time) so that a rescan reads only what changed. The only code that reads source
// files, for the server and for `plist-lsp check`; it never writes and never leaves the tree.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PlistAnalysis
import PlistSupport
import SourceEvidence

/// The Swift, Objective-C, C and C++ files below one folder, scanned for privacy evidence.
///
/// Hidden folders are skipped except `.build` (SwiftPM's checkouts, reported as third-party), as
/// are asset catalogs and Xcode project bundles; symbolic links to folders are not followed. At
/// most `maximumFiles` files are scanned, each of at most `maximumFileSize` bytes (larger ones
/// are generated or amalgamated code). A symbolic link to a file is read only when the file it
/// leads to is inside the tree too: one leading out of it (`App/Link.swift -> ../../other/X.swift`)
/// is not the app's code, and its calls would be reported against the app. Only regular files are
/// read (a FIFO, socket or device with a source name is skipped, never waited on). Scans run on
/// the caller's thread: the server calls them from a thread of its own, never from the cooperative pool.
public final class SourceTree: Sendable {
    /// The folder (absolute, without a trailing slash).
    public let root: String
    /// The most files one tree scans.
    public static let maximumFiles = 100_000
    /// The largest file scanned.
    public static let maximumFileSize = 8 << 20

    private struct Stamp: Equatable {
        var size: Int
        var seconds: Int
        var nanoseconds: Int
    }

    private struct File {
        var stamp: Stamp
        var hits: [SourceHit]
        /// Where the file reads an Info.plist key by name (`InfoKeyUses`), for references.
        var keyUses: [InfoKeyUse] = []
    }

    private struct State {
        var files: [String: File] = [:]
        var evidence: SourceEvidence?
        var truncated = false
    }

    private let state = Locked(State())
    private let scanner: SourceScanner
    /// The root with every symbolic link resolved (nil when it does not exist): where a file link
    /// must lead to be read.
    private let resolvedRoot: String?

    public init(root: String, scanner: SourceScanner = .shared) {
        var root = root
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        self.root = root
        self.scanner = scanner
        resolvedRoot = Self.resolved(root)
    }

    /// `path` with every symbolic link resolved, or nil.
    private static func resolved(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// Whether `path` is a symbolic link whose file is outside the tree (or nowhere).
    private func leavesTree(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return false }
        guard let root = resolvedRoot, let target = Self.resolved(path) else { return true }
        return !target.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// What the last scan found (nil before the first).
    public var evidence: SourceEvidence? { state.withLock { $0.evidence } }

    /// The number of source files known.
    public var fileCount: Int { state.withLock { $0.files.count } }

    /// The places the tree's files read the Info.plist key `key` by name: each file's absolute
    /// path and the literals, in path order.
    public func infoKeyUses(of key: String) -> [(path: String, uses: [InfoKeyUse])] {
        let files = state.withLock { $0.files }
        return files.compactMap { relative, file -> (String, [InfoKeyUse])? in
            let uses = file.keyUses.filter { $0.key == key }
            return uses.isEmpty ? nil : (PathName.joining(root, relative), uses)
        }.sorted { $0.0 < $1.0 }
    }

    /// Whether the last walk stopped at `maximumFiles`.
    public var isTruncated: Bool { state.withLock { $0.truncated } }

    /// Whether `path` (absolute) is inside this tree.
    public func contains(_ path: String) -> Bool {
        path.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// Walks the whole tree: reads the files that are new or whose size or modification time
    /// changed, forgets those that are gone. Returns whether the evidence changed.
    @discardableResult
    public func scan() -> Bool {
        let known = state.withLock { $0.files }
        var files: [String: File] = [:]
        var truncated = false
        walk { relative, full in
            guard files.count < Self.maximumFiles else { truncated = true; return false }
            if let file = load(full, relative: relative, known: known[relative]) { files[relative] = file }
            return true
        }
        return update { state in
            state.files = files
            state.truncated = truncated
        }
    }

    /// Reads the given files again (absolute paths; the client said they were created, changed
    /// or deleted): those that no longer exist, or are not source files of this tree, are
    /// forgotten. Returns whether the evidence changed.
    @discardableResult
    public func rescan(paths: [String]) -> Bool {
        var changes: [(String, File?)] = []
        for path in paths where contains(path) {
            let relative = String(path.dropFirst(root == "/" ? 1 : root.count + 1))
            guard Self.isScanned(relative) else { continue }
            changes.append((relative, load(path, relative: relative, known: nil)))
        }
        guard !changes.isEmpty else { return false }
        return update { state in
            for (relative, file) in changes { state.files[relative] = file }
        }
    }

    /// Applies `change` and recomputes the evidence; true when it differs.
    private func update(_ change: (inout State) -> Void) -> Bool {
        state.withLock { state in
            change(&state)
            let evidence = SourceEvidence(root: root, files: state.files.map { ($0.key, $0.value.hits) })
            defer { state.evidence = evidence }
            return evidence != state.evidence
        }
    }

    /// Whether a file at this path below the root is one the walk would scan.
    static func isScanned(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/")
        guard let name = parts.last, SourceLanguage(path: String(name)) != nil else { return false }
        return !parts.dropLast().contains { !isWalked(String($0)) }
    }

    /// Whether the walk enters a folder of this name.
    static func isWalked(_ folder: String) -> Bool {
        if folder.hasPrefix(".") { return folder == ".build" }
        return !folder.hasSuffix(".xcassets") && !folder.hasSuffix(".xcodeproj") && !folder.hasSuffix(".xcworkspace")
    }

    /// Calls `visit` with each source file's path below the root and its full path, folder by
    /// folder in name order, until it returns false. (A name with a source extension that is not
    /// a regular file, or a link to one, is skipped when it is read.)
    private func walk(_ visit: (String, String) -> Bool) {
        var folders = [""]
        while let folder = folders.popLast() {
            let full = folder.isEmpty ? root : PathName.joining(root, folder)
            guard let entries = directoryEntries(full) else { continue }
            var subfolders: [String] = []
            for (name, isDirectory) in entries.sorted(by: { $0.name < $1.name }) {
                let relative = folder.isEmpty ? name : folder + "/" + name
                if isDirectory {
                    if Self.isWalked(name) { subfolders.append(relative) }
                } else if SourceLanguage(path: name) != nil, !visit(relative, PathName.joining(full, name)) {
                    return
                }
            }
            folders += subfolders.reversed()
        }
    }

    /// The file's hits: `known`'s when its size and modification time are the same, else read
    /// and scanned; nil when it cannot be read (or is too large).
    private func load(_ path: String, relative: String, known: File?) -> File? {
        if leavesTree(path) { return nil }
        // Opened without blocking, so that a FIFO with a source name cannot hold the scan: it is skipped.
        let file = try? withOpenFile(atPath: path) { file throws(SystemCallError) -> File? in
            guard file.isRegularFile else { return nil }  // a folder, a device…
            let info = file.status
            #if canImport(Darwin)
            let stamp = Stamp(size: file.size, seconds: Int(info.st_mtimespec.tv_sec), nanoseconds: Int(info.st_mtimespec.tv_nsec))
            #else
            let stamp = Stamp(size: file.size, seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
            #endif
            if let known, known.stamp == stamp { return known }
            guard stamp.size <= Self.maximumFileSize, let language = SourceLanguage(path: relative) else { return nil }
            let bytes = try file.readAll(upTo: stamp.size)
            return bytes.withUnsafeBufferPointer {
                File(stamp: stamp, hits: scanner.scan($0, language: language), keyUses: InfoKeyUses.scan($0))
            }
        }
        return file ?? nil
    }

    /// The nearest folder at or above `path`'s folder that holds an Xcode project
    /// (`*.xcodeproj`), a `Package.swift` or a `.git`: the project root `check` and a client
    /// without a workspace folder scan; nil when there is none. The walk stops at a shared folder
    /// (`/`, /tmp, a home: `isSharedFolder`), which is never one.
    public static func projectRoot(containing path: String) -> String? {
        var folder = path
        while let slash = folder.lastIndex(of: "/"), slash != folder.startIndex {
            folder = String(folder[..<slash])
            if isSharedFolder(folder) { return nil }
            if let entries = directoryEntries(folder),
                entries.contains(where: { $0.name == "Package.swift" || $0.name == ".git" || $0.name.hasSuffix(".xcodeproj") })
            {
                return folder
            }
        }
        return nil
    }
}
