import PlistSupport

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

    /// A `@Lenient` member: absent, `null` and malformed all decode as nil.
    func decode<T>(_ type: Lenient<T>.Type, forKey key: Key) -> Lenient<T> {
        Lenient(wrappedValue: lenient(T.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// A `@Lenient` member is encoded as an optional: left out when nil.
    mutating func encode<T>(_ value: Lenient<T>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}

/// An optional member of a type with synthesized `Codable` that decodes as `lenient` does (a
/// malformed value is absent): the members of client capabilities.
@propertyWrapper
public struct Lenient<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    public var wrappedValue: Value?
    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }
    public init() { wrappedValue = nil }
    // Synthesized `Codable` asks for these; a keyed member goes through the container overloads above.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        wrappedValue = c.decodeNil() ? nil : try? c.decode(Value.self)
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(wrappedValue)
    }
}

/// Shape shared by most `textDocument/*` position requests.
public protocol TextDocumentRequest: LSPRequest {
    var textDocument: TextDocumentIdentifier { get }
}
