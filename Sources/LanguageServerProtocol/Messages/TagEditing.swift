// Editing tags: textDocument/documentHighlight, textDocument/linkedEditingRange,
// textDocument/onTypeFormatting, and plist-lsp's own plist/matchingTag.

public struct DocumentHighlightRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/documentHighlight"
    public typealias Response = [DocumentHighlight]?
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public init(textDocument: TextDocumentIdentifier, position: Position) {
        self.textDocument = textDocument
        self.position = position
    }
}

/// `{range, kind?}`; kind 1 text, 2 read, 3 write.
public struct DocumentHighlight: Codable, Hashable, Sendable {
    public var range: LSPRange
    public var kind: Int?
    public init(range: LSPRange, kind: Int? = nil) {
        self.range = range
        self.kind = kind
    }
}

public struct LinkedEditingRangeRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/linkedEditingRange"
    public typealias Response = LinkedEditingRanges?
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public init(textDocument: TextDocumentIdentifier, position: Position) {
        self.textDocument = textDocument
        self.position = position
    }
}

/// Ranges of equal text edited together, and what they may hold (a regular expression).
public struct LinkedEditingRanges: Codable, Hashable, Sendable {
    public var ranges: [LSPRange]
    public var wordPattern: String?
    public init(ranges: [LSPRange], wordPattern: String? = nil) {
        self.ranges = ranges
        self.wordPattern = wordPattern
    }
}

public struct DocumentOnTypeFormattingRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/onTypeFormatting"
    public typealias Response = [TextEdit]?
    public var textDocument: TextDocumentIdentifier
    /// Where the cursor is after the character was typed.
    public var position: Position
    /// The character typed.
    public var ch: String
    public var options: FormattingOptions
    public init(textDocument: TextDocumentIdentifier, position: Position, ch: String, options: FormattingOptions) {
        self.textDocument = textDocument
        self.position = position
        self.ch = ch
        self.options = options
    }
}

public struct DocumentOnTypeFormattingOptions: Codable, Hashable, Sendable {
    public var firstTriggerCharacter: String
    public var moreTriggerCharacter: [String]?
    public init(firstTriggerCharacter: String, moreTriggerCharacter: [String]? = nil) {
        self.firstTriggerCharacter = firstTriggerCharacter
        self.moreTriggerCharacter = moreTriggerCharacter
    }
}

/// `plist/matchingTag`: where the tag matching the one at `position` is (its name's start), for a
/// jump between a start tag and its end tag; null when the cursor is on no tag with a match.
public struct MatchingTagRequest: TextDocumentRequest, Hashable {
    public static let method = "plist/matchingTag"
    public typealias Response = Position?
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public init(textDocument: TextDocumentIdentifier, position: Position) {
        self.textDocument = textDocument
        self.position = position
    }
}
