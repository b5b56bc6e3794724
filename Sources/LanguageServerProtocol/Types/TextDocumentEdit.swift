public struct TextDocumentEdit: Codable, Hashable, Sendable {
    public var textDocument: OptionalVersionedTextDocumentIdentifier
    public var edits: [TextEdit]
    public init(textDocument: OptionalVersionedTextDocumentIdentifier, edits: [TextEdit]) {
        self.textDocument = textDocument
        self.edits = edits
    }
}
