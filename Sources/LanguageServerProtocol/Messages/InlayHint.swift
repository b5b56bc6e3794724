// textDocument/inlayHint.
import PlistSupport

public struct InlayHintRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/inlayHint"
    public typealias Response = [InlayHint]?
    public var textDocument: TextDocumentIdentifier
    public var range: LSPRange
    public init(textDocument: TextDocumentIdentifier, range: LSPRange) {
        self.textDocument = textDocument
        self.range = range
    }
}

public struct InlayHintKind: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let type = InlayHintKind(rawValue: 1)
    public static let parameter = InlayHintKind(rawValue: 2)
}

public struct InlayHintLabelPart: Codable, Hashable, Sendable {
    public var value: String
    public var tooltip: StringOrMarkupContent?
    public var location: Location?
    public var command: Command?
    public init(value: String, tooltip: StringOrMarkupContent? = nil, location: Location? = nil, command: Command? = nil) {
        self.value = value
        self.tooltip = tooltip
        self.location = location
        self.command = command
    }
}

/// `string | InlayHintLabelPart[]`.
public enum InlayHintLabel: Codable, Hashable, Sendable, ExpressibleByStringLiteral {
    case string(String)
    case parts([InlayHintLabelPart])
    public init(stringLiteral value: String) { self = .string(value) }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let string = try? c.decode(String.self) {
            self = .string(string)
        } else {
            self = .parts(try c.decode([InlayHintLabelPart].self))
        }
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .string(let string): try c.encode(string)
        case .parts(let parts): try c.encode(parts)
        }
    }
}

public struct InlayHint: Codable, Hashable, Sendable {
    public var position: Position
    public var label: InlayHintLabel
    public var kind: InlayHintKind?
    public var textEdits: [TextEdit]?
    public var tooltip: StringOrMarkupContent?
    public var paddingLeft: Bool?
    public var paddingRight: Bool?
    public var data: JSONValue?
    public init(
        position: Position, label: InlayHintLabel, kind: InlayHintKind? = nil, textEdits: [TextEdit]? = nil,
        tooltip: StringOrMarkupContent? = nil, paddingLeft: Bool? = nil, paddingRight: Bool? = nil,
        data: JSONValue? = nil
    ) {
        self.position = position
        self.label = label
        self.kind = kind
        self.textEdits = textEdits
        self.tooltip = tooltip
        self.paddingLeft = paddingLeft
        self.paddingRight = paddingRight
        self.data = data
    }
}
