// Which files belong to a target, where the project says so by folder: Xcode 16's synchronized
// folders (PBXFileSystemSynchronizedRootGroup, with PBXFileSystemSynchronizedBuildFileExceptionSet
// exceptions) and a Swift package target's folder. Used to attribute source call sites and
// privacy manifests to targets.

/// The files of one target, by folder: every file below `folders` but the `excluded` ones, and the
/// `added` files of other targets' folders. Paths are absolute and normalized.
public struct SourceMembership: Sendable, Hashable {
    /// Folders whose files belong to the target.
    public var folders: [String]
    /// Files (or folders) below `folders` that do not.
    public var excluded: [String]
    /// Files below other folders that do (an exception of a folder the target does not synchronize).
    public var added: [String]

    public init(folders: [String], excluded: [String] = [], added: [String] = []) {
        self.folders = folders
        self.excluded = excluded
        self.added = added
    }

    /// Whether the file at `path` (absolute) belongs to the target.
    public func contains(_ path: String) -> Bool {
        let path = ProjectPath.normalized(path)
        if added.contains(where: { Self.isAtOrBelow(path, $0) }) { return true }
        guard folders.contains(where: { Self.isAtOrBelow(path, $0) }) else { return false }
        return !excluded.contains { Self.isAtOrBelow(path, $0) }
    }

    static func isAtOrBelow(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// The folders and files whose sources count for the target: `folders` and `added` (what the
    /// source scan narrows evidence to; `excluded` is left out of it).
    public var scope: SourceScope { SourceScope(included: folders + added, excluded: excluded) }
}

/// The source files whose call sites count for a plist: below `included` (folders or files) and
/// not below `excluded`. Absolute, normalized paths.
public struct SourceScope: Sendable, Hashable {
    public var included: [String]
    public var excluded: [String]

    public init(included: [String], excluded: [String] = []) {
        self.included = included
        self.excluded = excluded
    }

    /// Whether a source file at `path` (absolute) counts.
    public func contains(_ path: String) -> Bool {
        included.contains { SourceMembership.isAtOrBelow(path, $0) } && !excluded.contains { SourceMembership.isAtOrBelow(path, $0) }
    }

    /// The union of scopes (a plist several targets use hears of all their code).
    public static func union(_ scopes: [SourceScope]) -> SourceScope? {
        guard !scopes.isEmpty else { return nil }
        var included: [String] = [], excluded: [String] = []
        for scope in scopes {
            for p in scope.included where !included.contains(p) { included.append(p) }
        }
        // A path excluded from one target but included by another's folder still counts.
        for scope in scopes {
            for p in scope.excluded where !excluded.contains(p) && !scopes.contains(where: { $0 != scope && $0.contains(p) }) {
                excluded.append(p)
            }
        }
        return SourceScope(included: included, excluded: excluded)
    }
}
