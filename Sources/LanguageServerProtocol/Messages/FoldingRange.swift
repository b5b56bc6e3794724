// textDocument/foldingRange.

public struct FoldingRangeKind: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let comment = FoldingRangeKind(rawValue: "comment")
    public static let imports = FoldingRangeKind(rawValue: "imports")
    public static let region = FoldingRangeKind(rawValue: "region")
}

public struct FoldingRangeRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/foldingRange"
    public typealias Response = [FoldingRange]?
    public var textDocument: TextDocumentIdentifier
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

public struct FoldingRange: Codable, Hashable, Sendable {
    public var startLine: Int
    public var startCharacter: Int?
    public var endLine: Int
    public var endCharacter: Int?
    public var kind: FoldingRangeKind?
    public var collapsedText: String?
    public init(
        startLine: Int, startCharacter: Int? = nil, endLine: Int, endCharacter: Int? = nil,
        kind: FoldingRangeKind? = nil, collapsedText: String? = nil
    ) {
        self.startLine = startLine
        self.startCharacter = startCharacter
        self.endLine = endLine
        self.endCharacter = endCharacter
        self.kind = kind
        self.collapsedText = collapsedText
    }
}
