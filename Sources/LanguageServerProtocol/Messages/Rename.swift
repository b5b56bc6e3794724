// textDocument/prepareRename, textDocument/rename and textDocument/references.

public struct PrepareRenameRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/prepareRename"
    /// What would be renamed, with the text the editor proposes (null: nothing to rename there).
    public typealias Response = PrepareRenameResult?
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public init(textDocument: TextDocumentIdentifier, position: Position) {
        self.textDocument = textDocument
        self.position = position
    }
}

/// `{range, placeholder}`: the range renamed and the name shown to edit.
public struct PrepareRenameResult: Codable, Hashable, Sendable {
    public var range: LSPRange
    public var placeholder: String
    public init(range: LSPRange, placeholder: String) {
        self.range = range
        self.placeholder = placeholder
    }
}

public struct RenameRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/rename"
    public typealias Response = WorkspaceEdit?
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var newName: String
    public init(textDocument: TextDocumentIdentifier, position: Position, newName: String) {
        self.textDocument = textDocument
        self.position = position
        self.newName = newName
    }
}

public struct ReferenceContext: Codable, Hashable, Sendable {
    public var includeDeclaration: Bool
    public init(includeDeclaration: Bool) { self.includeDeclaration = includeDeclaration }
}

public struct ReferencesRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/references"
    public typealias Response = [Location]?
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var context: ReferenceContext
    public init(
        textDocument: TextDocumentIdentifier, position: Position, context: ReferenceContext = ReferenceContext(includeDeclaration: true)
    ) {
        self.textDocument = textDocument
        self.position = position
        self.context = context
    }
}

/// `renameProvider: {prepareProvider}` (the object form only for a client with `prepareSupport`).
public struct RenameOptions: Codable, Hashable, Sendable {
    public var prepareProvider: Bool?
    public init(prepareProvider: Bool? = nil) { self.prepareProvider = prepareProvider }
}
