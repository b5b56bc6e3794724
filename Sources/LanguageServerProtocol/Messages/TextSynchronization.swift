// textDocument/didOpen, didChange, didClose, didSave.

public struct DidOpenTextDocumentNotification: LSPNotification, Hashable {
    public static let method = "textDocument/didOpen"
    public var textDocument: TextDocumentItem
    public init(textDocument: TextDocumentItem) { self.textDocument = textDocument }
}

/// `{range, rangeLength?, text}` (incremental) or `{text}` (whole document).
public struct TextDocumentContentChangeEvent: Codable, Hashable, Sendable {
    /// `nil` means `text` replaces the whole document.
    public var range: LSPRange?
    /// Deprecated in the spec; informational only.
    public var rangeLength: Int?
    public var text: String

    public init(range: LSPRange? = nil, rangeLength: Int? = nil, text: String) {
        self.range = range
        self.rangeLength = rangeLength
        self.text = text
    }
}

public struct DidChangeTextDocumentNotification: LSPNotification, Hashable {
    public static let method = "textDocument/didChange"
    public var textDocument: VersionedTextDocumentIdentifier
    public var contentChanges: [TextDocumentContentChangeEvent]
    public init(textDocument: VersionedTextDocumentIdentifier, contentChanges: [TextDocumentContentChangeEvent]) {
        self.textDocument = textDocument
        self.contentChanges = contentChanges
    }
}

public struct DidCloseTextDocumentNotification: LSPNotification, Hashable {
    public static let method = "textDocument/didClose"
    public var textDocument: TextDocumentIdentifier
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

public struct DidSaveTextDocumentNotification: LSPNotification, Hashable {
    public static let method = "textDocument/didSave"
    public var textDocument: TextDocumentIdentifier
    public var text: String?
    public init(textDocument: TextDocumentIdentifier, text: String? = nil) {
        self.textDocument = textDocument
        self.text = text
    }
}
