// textDocument/definition.

public struct DefinitionRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/definition"
    /// The places, as `Location[]` (null: none).
    public typealias Response = [Location]?
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public init(textDocument: TextDocumentIdentifier, position: Position) {
        self.textDocument = textDocument
        self.position = position
    }
}
