/// A document URI (`DocumentURI` / `URI` in the spec), kept as the client sent it.
public typealias DocumentURI = String

public struct TextDocumentIdentifier: Codable, Hashable, Sendable {
    public var uri: DocumentURI
    public init(uri: DocumentURI) { self.uri = uri }
}

public struct VersionedTextDocumentIdentifier: Codable, Hashable, Sendable {
    public var uri: DocumentURI
    public var version: Int
    public init(uri: DocumentURI, version: Int) {
        self.uri = uri
        self.version = version
    }
}

/// `{uri, version: integer | null}`: `version` is always encoded, as `null` when unknown.
public struct OptionalVersionedTextDocumentIdentifier: Codable, Hashable, Sendable {
    public var uri: DocumentURI
    public var version: Int?
    public init(uri: DocumentURI, version: Int?) {
        self.uri = uri
        self.version = version
    }
    enum CodingKeys: String, CodingKey { case uri, version }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(uri, forKey: .uri)
        try c.encode(version, forKey: .version)  // Optional → null, as the spec requires
    }
}
