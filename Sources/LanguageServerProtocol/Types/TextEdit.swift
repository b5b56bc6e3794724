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
