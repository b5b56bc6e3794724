// textDocument/formatting and textDocument/rangeFormatting.

/// What the editor says about its indentation (`FormattingOptions`); other members are ignored.
public struct FormattingOptions: Codable, Hashable, Sendable {
    public var tabSize: Int
    public var insertSpaces: Bool
    public var trimTrailingWhitespace: Bool?
    public var insertFinalNewline: Bool?
    public var trimFinalNewlines: Bool?
    public init(
        tabSize: Int, insertSpaces: Bool, trimTrailingWhitespace: Bool? = nil, insertFinalNewline: Bool? = nil,
        trimFinalNewlines: Bool? = nil
    ) {
        self.tabSize = tabSize
        self.insertSpaces = insertSpaces
        self.trimTrailingWhitespace = trimTrailingWhitespace
        self.insertFinalNewline = insertFinalNewline
        self.trimFinalNewlines = trimFinalNewlines
    }
}

public struct DocumentFormattingRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/formatting"
    public typealias Response = [TextEdit]?
    public var textDocument: TextDocumentIdentifier
    public var options: FormattingOptions
    public init(textDocument: TextDocumentIdentifier, options: FormattingOptions) {
        self.textDocument = textDocument
        self.options = options
    }
}

public struct DocumentRangeFormattingRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/rangeFormatting"
    public typealias Response = [TextEdit]?
    public var textDocument: TextDocumentIdentifier
    public var range: LSPRange
    public var options: FormattingOptions
    public init(textDocument: TextDocumentIdentifier, range: LSPRange, options: FormattingOptions) {
        self.textDocument = textDocument
        self.range = range
        self.options = options
    }
}
