// `initialize`: the request (InitializeParams) and its result. What the client declares is in
// ClientCapabilities.swift, what the server answers in ServerCapabilities.swift.
import PlistSupport

public struct ClientInfo: Codable, Hashable, Sendable {
    public var name: String
    public var version: String?
    public init(name: String, version: String? = nil) {
        self.name = name
        self.version = version
    }
}

public typealias ServerInfo = ClientInfo

public struct WorkspaceFolder: Codable, Hashable, Sendable {
    public var uri: DocumentURI
    public var name: String
    public init(uri: DocumentURI, name: String) {
        self.uri = uri
        self.name = name
    }
}

/// The `initialize` request. `processId` and `rootUri` are required-but-nullable in the spec
/// and are therefore always encoded (as `null` when nil); decoding tolerates their absence.
public struct InitializeRequest: LSPRequest, Hashable {
    public static let method = "initialize"
    public typealias Response = InitializeResult

    public var processId: Int?
    public var clientInfo: ClientInfo?
    public var locale: String?
    public var rootPath: String?
    public var rootUri: DocumentURI?
    public var initializationOptions: JSONValue?
    public var capabilities: ClientCapabilities
    public var trace: TraceValue?
    public var workspaceFolders: [WorkspaceFolder]?

    public init(
        processId: Int? = nil, clientInfo: ClientInfo? = nil, locale: String? = nil, rootPath: String? = nil,
        rootUri: DocumentURI? = nil, initializationOptions: JSONValue? = nil,
        capabilities: ClientCapabilities = ClientCapabilities(), trace: TraceValue? = nil,
        workspaceFolders: [WorkspaceFolder]? = nil
    ) {
        self.processId = processId
        self.clientInfo = clientInfo
        self.locale = locale
        self.rootPath = rootPath
        self.rootUri = rootUri
        self.initializationOptions = initializationOptions
        self.capabilities = capabilities
        self.trace = trace
        self.workspaceFolders = workspaceFolders
    }

    enum CodingKeys: String, CodingKey {
        case processId, clientInfo, locale, rootPath, rootUri, initializationOptions, capabilities, trace,
            workspaceFolders
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        processId = try c.decodeIfPresent(Int.self, forKey: .processId)
        clientInfo = c.lenient(ClientInfo.self, forKey: .clientInfo)
        locale = c.lenient(String.self, forKey: .locale)
        rootPath = c.lenient(String.self, forKey: .rootPath)
        rootUri = try c.decodeIfPresent(String.self, forKey: .rootUri)
        initializationOptions = try c.decodeIfPresent(JSONValue.self, forKey: .initializationOptions)
        capabilities = c.lenient(ClientCapabilities.self, forKey: .capabilities) ?? ClientCapabilities()
        trace = c.lenient(TraceValue.self, forKey: .trace)
        workspaceFolders = c.lenient([WorkspaceFolder].self, forKey: .workspaceFolders)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(processId, forKey: .processId)
        try c.encodeIfPresent(clientInfo, forKey: .clientInfo)
        try c.encodeIfPresent(locale, forKey: .locale)
        try c.encodeIfPresent(rootPath, forKey: .rootPath)
        try c.encode(rootUri, forKey: .rootUri)
        try c.encodeIfPresent(initializationOptions, forKey: .initializationOptions)
        try c.encode(capabilities, forKey: .capabilities)
        try c.encodeIfPresent(trace, forKey: .trace)
        try c.encodeIfPresent(workspaceFolders, forKey: .workspaceFolders)
    }
}

public typealias InitializeParams = InitializeRequest

public struct InitializeResult: Codable, Hashable, Sendable {
    public var capabilities: ServerCapabilities
    public var serverInfo: ServerInfo?
    public init(capabilities: ServerCapabilities, serverInfo: ServerInfo? = nil) {
        self.capabilities = capabilities
        self.serverInfo = serverInfo
    }
}
