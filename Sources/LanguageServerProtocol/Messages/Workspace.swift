// workspace/didChangeConfiguration, workspace/configuration, workspace/applyEdit,
// workspace/executeCommand, client/registerCapability, workspace/didChangeWatchedFiles.

public struct DidChangeConfigurationNotification: LSPNotification, Hashable {
    public static let method = "workspace/didChangeConfiguration"
    /// Required `LSPAny`; may be `null` (clients using pull configuration often send `null`).
    public var settings: JSONValue
    public init(settings: JSONValue) { self.settings = settings }

    enum CodingKeys: String, CodingKey { case settings }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        settings = try c.decodeIfPresent(JSONValue.self, forKey: .settings) ?? .null
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(settings, forKey: .settings)
    }
}

public struct ConfigurationItem: Codable, Hashable, Sendable {
    public var scopeUri: DocumentURI?
    public var section: String?
    public init(scopeUri: DocumentURI? = nil, section: String? = nil) {
        self.scopeUri = scopeUri
        self.section = section
    }
}

/// `workspace/configuration` (server → client); the response has one value per item.
public struct ConfigurationRequest: LSPRequest, Hashable {
    public static let method = "workspace/configuration"
    public typealias Response = [JSONValue]
    public var items: [ConfigurationItem]
    public init(items: [ConfigurationItem]) { self.items = items }
}

/// `workspace/applyEdit` (server → client).
public struct ApplyEditRequest: LSPRequest, Hashable {
    public static let method = "workspace/applyEdit"
    public typealias Response = ApplyWorkspaceEditResult
    public var label: String?
    public var edit: WorkspaceEdit
    public init(label: String? = nil, edit: WorkspaceEdit) {
        self.label = label
        self.edit = edit
    }
}

public struct ApplyWorkspaceEditResult: Codable, Hashable, Sendable {
    public var applied: Bool
    public var failureReason: String?
    public var failedChange: Int?
    public init(applied: Bool, failureReason: String? = nil, failedChange: Int? = nil) {
        self.applied = applied
        self.failureReason = failureReason
        self.failedChange = failedChange
    }
}

/// `workspace/executeCommand` (client → server); the result is any JSON (`null` if none).
public struct ExecuteCommandRequest: LSPRequest, Hashable {
    public static let method = "workspace/executeCommand"
    public typealias Response = JSONValue
    public var command: String
    public var arguments: [JSONValue]?
    public init(command: String, arguments: [JSONValue]? = nil) {
        self.command = command
        self.arguments = arguments
    }
}

public struct Registration: Codable, Hashable, Sendable {
    public var id: String
    public var method: String
    public var registerOptions: JSONValue?
    public init(id: String, method: String, registerOptions: JSONValue? = nil) {
        self.id = id
        self.method = method
        self.registerOptions = registerOptions
    }
}

/// `client/registerCapability` (server → client); the response is `null`.
public struct RegisterCapabilityRequest: LSPRequest, Hashable {
    public static let method = "client/registerCapability"
    public typealias Response = VoidResponse
    public var registrations: [Registration]
    public init(registrations: [Registration]) { self.registrations = registrations }
}

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
