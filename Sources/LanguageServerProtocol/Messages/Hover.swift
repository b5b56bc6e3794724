// textDocument/hover.

public struct HoverRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/hover"
    public typealias Response = Hover?
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public init(textDocument: TextDocumentIdentifier, position: Position) {
        self.textDocument = textDocument
        self.position = position
    }
}

public typealias HoverParams = HoverRequest

/// A hover result; this server always uses `MarkupContent` (not the deprecated `MarkedString`).
public struct Hover: Codable, Hashable, Sendable {
    public var contents: MarkupContent
    public var range: LSPRange?
    public init(contents: MarkupContent, range: LSPRange? = nil) {
        self.contents = contents
        self.range = range
    }
}
