public struct MarkupKind: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let plaintext = MarkupKind(rawValue: "plaintext")
    public static let markdown = MarkupKind(rawValue: "markdown")
}

public struct MarkupContent: Codable, Hashable, Sendable {
    public var kind: MarkupKind
    public var value: String
    public init(kind: MarkupKind, value: String) {
        self.kind = kind
        self.value = value
    }
    public static func markdown(_ value: String) -> MarkupContent { .init(kind: .markdown, value: value) }
    public static func plaintext(_ value: String) -> MarkupContent { .init(kind: .plaintext, value: value) }
}

/// `string | MarkupContent` (completion documentation, inlay hint tooltips).
public enum StringOrMarkupContent: Codable, Hashable, Sendable {
    case string(String)
    case markup(MarkupContent)
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let string = try? c.decode(String.self) {
            self = .string(string)
        } else {
            self = .markup(try c.decode(MarkupContent.self))
        }
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .string(let string): try c.encode(string)
        case .markup(let markup): try c.encode(markup)
        }
    }
}
