public struct Location: Codable, Hashable, Sendable {
    public var uri: DocumentURI
    public var range: LSPRange
    public init(uri: DocumentURI, range: LSPRange) {
        self.uri = uri
        self.range = range
    }
}
