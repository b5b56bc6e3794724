// textDocument/selectionRange.

public struct SelectionRangeRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/selectionRange"
    public typealias Response = [SelectionRange]?
    public var textDocument: TextDocumentIdentifier
    public var positions: [Position]
    public init(textDocument: TextDocumentIdentifier, positions: [Position]) {
        self.textDocument = textDocument
        self.positions = positions
    }
}

/// `{range, parent?}`; `parent` must contain `range`.
public struct SelectionRange: Codable, Hashable, Sendable {
    public var range: LSPRange
    // A struct cannot contain itself directly; an array gives the needed indirection.
    private var parentStorage: [SelectionRange]

    public var parent: SelectionRange? {
        get { parentStorage.first }
        set { parentStorage = newValue.map { [$0] } ?? [] }
    }

    public init(range: LSPRange, parent: SelectionRange? = nil) {
        self.range = range
        self.parentStorage = parent.map { [$0] } ?? []
    }

    enum CodingKeys: String, CodingKey { case range, parent }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        range = try c.decode(LSPRange.self, forKey: .range)
        parentStorage = try c.decodeIfPresent(SelectionRange.self, forKey: .parent).map { [$0] } ?? []
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(range, forKey: .range)
        try c.encodeIfPresent(parent, forKey: .parent)
    }
}
