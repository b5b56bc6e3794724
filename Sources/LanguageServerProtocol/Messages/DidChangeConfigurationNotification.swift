// workspace/didChangeConfiguration (client → server).
import PlistSupport

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
