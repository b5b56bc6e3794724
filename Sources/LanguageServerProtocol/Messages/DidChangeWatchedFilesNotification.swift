// workspace/didChangeWatchedFiles: the watchers a server registers and the events the client sends.

/// A file watcher for `workspace/didChangeWatchedFiles` registrations.
public struct FileSystemWatcher: Codable, Hashable, Sendable {
    /// A glob pattern, e.g. `**/*.{swift,m}`.
    public var globPattern: String
    /// Created (1) | changed (2) | deleted (4); absent means all three.
    public var kind: Int?
    public init(globPattern: String, kind: Int? = nil) {
        self.globPattern = globPattern
        self.kind = kind
    }
}

/// The `registerOptions` of a `workspace/didChangeWatchedFiles` registration.
public struct DidChangeWatchedFilesRegistrationOptions: Codable, Hashable, Sendable {
    public var watchers: [FileSystemWatcher]
    public init(watchers: [FileSystemWatcher]) { self.watchers = watchers }
}

/// What happened to a watched file.
public enum FileChangeType: Int, Codable, Hashable, Sendable {
    case created = 1, changed = 2, deleted = 3
}

public struct FileEvent: Codable, Hashable, Sendable {
    public var uri: DocumentURI
    public var type: FileChangeType
    public init(uri: DocumentURI, type: FileChangeType) {
        self.uri = uri
        self.type = type
    }
}

/// `workspace/didChangeWatchedFiles` (client → server): files the client watches for the server
/// were created, changed or deleted.
public struct DidChangeWatchedFilesNotification: LSPNotification, Hashable {
    public static let method = "workspace/didChangeWatchedFiles"
    public var changes: [FileEvent]
    public init(changes: [FileEvent]) { self.changes = changes }
}
