// textDocument/diagnostic (client → server): diagnostics pulled, and the report.

public struct DocumentDiagnosticRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/diagnostic"
    public typealias Response = DocumentDiagnosticReport
    public var textDocument: TextDocumentIdentifier
    public var identifier: String?
    public var previousResultId: String?
    public var workDoneToken: ProgressToken?
    public var partialResultToken: ProgressToken?
    public init(textDocument: TextDocumentIdentifier, identifier: String? = nil, previousResultId: String? = nil) {
        self.textDocument = textDocument
        self.identifier = identifier
        self.previousResultId = previousResultId
    }
}

/// `{kind: "full", resultId?, items}` or `{kind: "unchanged", resultId}`.
public enum DocumentDiagnosticReport: Codable, Hashable, Sendable {
    case full(resultId: String?, items: [Diagnostic])
    case unchanged(resultId: String)

    enum CodingKeys: String, CodingKey { case kind, resultId, items }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .kind) {
        case "full":
            self = .full(
                resultId: try c.decodeIfPresent(String.self, forKey: .resultId),
                items: try c.decode([Diagnostic].self, forKey: .items))
        case "unchanged":
            self = .unchanged(resultId: try c.decode(String.self, forKey: .resultId))
        case let kind:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown report kind \(kind)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .full(let resultId, let items):
            try c.encode("full", forKey: .kind)
            try c.encodeIfPresent(resultId, forKey: .resultId)
            try c.encode(items, forKey: .items)
        case .unchanged(let resultId):
            try c.encode("unchanged", forKey: .kind)
            try c.encode(resultId, forKey: .resultId)
        }
    }
}
