/// A request (client→server or server→client). The conforming struct *is* the `params` object.
public protocol LSPRequest: Codable, Sendable {
    /// Result type carried in the response's `result` member.
    associatedtype Response: Codable & Sendable
    /// The JSON-RPC method name, e.g. `"textDocument/hover"`.
    static var method: String { get }
}

/// A notification (no id, no response). The conforming struct *is* the `params` object.
public protocol LSPNotification: Codable, Sendable {
    static var method: String { get }
}

/// Marker for messages whose `params` member is absent (`shutdown`, `exit`):
/// encoding omits `params`, decoding ignores whatever is there.
public protocol LSPMessageWithoutParams: Codable, Sendable {
    init()
}

extension LSPMessageWithoutParams {
    public init(from decoder: any Decoder) throws { self.init() }
    public func encode(to encoder: any Encoder) throws {}
}

/// The result of a request whose response is `null` (e.g. `shutdown`, `client/registerCapability`).
public struct VoidResponse: Codable, Hashable, Sendable {
    public init() {}
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}

/// `T | boolean`, as used by many server capabilities (`hoverProvider: boolean | HoverOptions`).
public enum ValueOrBool<T: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    case bool(Bool)
    case value(T)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else {
            self = .value(try container.decode(T.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .bool(let bool): try container.encode(bool)
        case .value(let value): try container.encode(value)
        }
    }

    /// `true` for `true` or for any options object.
    public var isEnabled: Bool {
        switch self {
        case .bool(let bool): return bool
        case .value: return true
        }
    }
}

extension KeyedDecodingContainer {
    /// Decodes an optional member, treating a malformed value like an absent one.
    /// Used for client capabilities, where a client's oddity must not fail `initialize`.
    func lenient<T: Decodable>(_ type: T.Type, forKey key: Key) -> T? {
        (try? decodeIfPresent(T.self, forKey: key)) ?? nil
    }
}

/// Shape shared by most `textDocument/*` position requests.
public protocol TextDocumentRequest: LSPRequest {
    var textDocument: TextDocumentIdentifier { get }
}
