// workspace/configuration (server → client): the settings the server asks the client for.
import PlistSupport

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
