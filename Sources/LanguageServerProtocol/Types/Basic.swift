/// A document URI (`DocumentURI` / `URI` in the spec), kept as the client sent it.
import PlistSupport

public typealias DocumentURI = String

/// A zero-based position; `character` counts in the negotiated position encoding (UTF-16 by default).
public struct Position: Codable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var character: Int
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
    public static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
    public var description: String { "\(line):\(character)" }
}

/// A half-open range `[start, end)`.
/// Named `LSPRange` so it never shadows `Swift.Range` in modules importing this one.
public struct LSPRange: Codable, Hashable, Sendable, CustomStringConvertible {
    public var start: Position
    public var end: Position
    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }
    public init(_ position: Position) { self.init(start: position, end: position) }
    public var description: String { "\(start)-\(end)" }
}

public struct Location: Codable, Hashable, Sendable {
    public var uri: DocumentURI
    public var range: LSPRange
    public init(uri: DocumentURI, range: LSPRange) {
        self.uri = uri
        self.range = range
    }
}

public struct TextDocumentIdentifier: Codable, Hashable, Sendable {
    public var uri: DocumentURI
    public init(uri: DocumentURI) { self.uri = uri }
}

public struct VersionedTextDocumentIdentifier: Codable, Hashable, Sendable {
    public var uri: DocumentURI
    public var version: Int
    public init(uri: DocumentURI, version: Int) {
        self.uri = uri
        self.version = version
    }
}

/// `{uri, version: integer | null}`: `version` is always encoded, as `null` when unknown.
public struct OptionalVersionedTextDocumentIdentifier: Codable, Hashable, Sendable {
    public var uri: DocumentURI
    public var version: Int?
    public init(uri: DocumentURI, version: Int?) {
        self.uri = uri
        self.version = version
    }
    enum CodingKeys: String, CodingKey { case uri, version }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(uri, forKey: .uri)
        try c.encode(version, forKey: .version)  // Optional → null, as the spec requires
    }
}

public struct TextDocumentItem: Codable, Hashable, Sendable {
    public var uri: DocumentURI
    public var languageId: String
    public var version: Int
    public var text: String
    public init(uri: DocumentURI, languageId: String, version: Int, text: String) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.text = text
    }
}

/// A replacement of `range`. In a `TextDocumentEdit` it may be a snippet (`$0`, `${1:…}`), in
/// one of two encodings a client asks for: LSP 3.18's `SnippetTextEdit` (`{range, snippet:
/// {kind: "snippet", value}}`, capability `workspace.workspaceEdit.snippetEditSupport`), or
/// rust-analyzer's `{range, newText, insertTextFormat: 2}` (`experimental.snippetTextEdit`).
/// `newText` holds the snippet's text in both cases.
public struct TextEdit: Codable, Hashable, Sendable {
    public enum SnippetEncoding: Hashable, Sendable {
        /// `{range, snippet: {kind: "snippet", value}}` (LSP 3.18).
        case snippetTextEdit
        /// `{range, newText, insertTextFormat: 2}` (rust-analyzer's extension).
        case insertTextFormat
    }
    public var range: LSPRange
    public var newText: String
    /// nil: a plain edit; otherwise `newText` is a snippet, encoded so.
    public var snippet: SnippetEncoding?
    public init(range: LSPRange, newText: String, snippet: SnippetEncoding? = nil) {
        self.range = range
        self.newText = newText
        self.snippet = snippet
    }

    /// `{kind: "snippet", value}`.
    struct StringValue: Codable {
        var kind: String
        var value: String
    }
    enum CodingKeys: String, CodingKey { case range, newText, insertTextFormat, snippet }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        range = try c.decode(LSPRange.self, forKey: .range)
        if let value = try c.decodeIfPresent(StringValue.self, forKey: .snippet), value.kind == "snippet" {
            newText = value.value
            snippet = .snippetTextEdit
        } else {
            newText = try c.decode(String.self, forKey: .newText)
            snippet = try c.decodeIfPresent(InsertTextFormat.self, forKey: .insertTextFormat) == .snippet ? .insertTextFormat : nil
        }
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(range, forKey: .range)
        switch snippet {
        case .snippetTextEdit?:
            try c.encode(StringValue(kind: "snippet", value: newText), forKey: .snippet)
        case .insertTextFormat?:
            try c.encode(newText, forKey: .newText)
            try c.encode(InsertTextFormat.snippet, forKey: .insertTextFormat)
        case nil:
            try c.encode(newText, forKey: .newText)
        }
    }
}

public struct TextDocumentEdit: Codable, Hashable, Sendable {
    public var textDocument: OptionalVersionedTextDocumentIdentifier
    public var edits: [TextEdit]
    public init(textDocument: OptionalVersionedTextDocumentIdentifier, edits: [TextEdit]) {
        self.textDocument = textDocument
        self.edits = edits
    }
}

/// `{changes?: {[uri]: TextEdit[]}, documentChanges?: TextDocumentEdit[]}`.
/// (Create/rename/delete file operations are not modelled; this server never emits them.)
public struct WorkspaceEdit: Codable, Hashable, Sendable {
    public var changes: [DocumentURI: [TextEdit]]?
    public var documentChanges: [TextDocumentEdit]?
    public init(changes: [DocumentURI: [TextEdit]]? = nil, documentChanges: [TextDocumentEdit]? = nil) {
        self.changes = changes
        self.documentChanges = documentChanges
    }
}

public struct Command: Codable, Hashable, Sendable {
    public var title: String
    public var command: String
    public var arguments: [JSONValue]?
    public init(title: String, command: String, arguments: [JSONValue]? = nil) {
        self.title = title
        self.command = command
        self.arguments = arguments
    }
}

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

public struct PositionEncodingKind: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let utf8 = PositionEncodingKind(rawValue: "utf-8")
    public static let utf16 = PositionEncodingKind(rawValue: "utf-16")
    public static let utf32 = PositionEncodingKind(rawValue: "utf-32")
}

public struct TraceValue: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let off = TraceValue(rawValue: "off")
    public static let messages = TraceValue(rawValue: "messages")
    public static let verbose = TraceValue(rawValue: "verbose")
}

/// Shape shared by most `textDocument/*` position requests.
public protocol TextDocumentRequest: LSPRequest {
    var textDocument: TextDocumentIdentifier { get }
}
