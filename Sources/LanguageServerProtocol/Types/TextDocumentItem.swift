public struct TextDocumentItem: Codable, Hashable, Sendable {
    public var uri: DocumentURI
    public var languageId: String
    public var version: Int
    public var text: String
    public init(uri: DocumentURI, languageId: String, version: Int, text: String) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.text = text
    }
}
