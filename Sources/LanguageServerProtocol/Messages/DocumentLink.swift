// textDocument/documentLink.
import PlistSupport

public struct DocumentLinkOptions: Codable, Hashable, Sendable {
    public var resolveProvider: Bool?
    public init(resolveProvider: Bool? = nil) { self.resolveProvider = resolveProvider }
}

public struct DocumentLinkRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/documentLink"
    public typealias Response = [DocumentLink]?
    public var textDocument: TextDocumentIdentifier
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

/// A range of the document that opens `target` (a URI) when followed.
public struct DocumentLink: Codable, Hashable, Sendable {
    public var range: LSPRange
    public var target: String?
    public var tooltip: String?
    public var data: JSONValue?
    public init(range: LSPRange, target: String? = nil, tooltip: String? = nil, data: JSONValue? = nil) {
        self.range = range
        self.target = target
        self.tooltip = tooltip
        self.data = data
    }
}
