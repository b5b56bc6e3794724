// workspace/diagnostic (client → server): the diagnostics of every file of the workspace, with
// `$/progress` for partial results.

/// `workspace/diagnostic`: a report for every file the server knows of in the workspace. A
/// client names the result ids it already has (`previousResultIds`) so that unchanged files
/// answer `unchanged`; with a `partialResultToken` the reports come as `$/progress` notifications
/// and the response's `items` is empty.
public struct WorkspaceDiagnosticRequest: LSPRequest, Hashable {
    public static let method = "workspace/diagnostic"
    public typealias Response = WorkspaceDiagnosticReport

    /// A result id the client holds for one document.
    public struct PreviousResultId: Codable, Hashable, Sendable {
        public var uri: DocumentURI
        public var value: String
        public init(uri: DocumentURI, value: String) {
            self.uri = uri
            self.value = value
        }
    }

    public var identifier: String?
    public var previousResultIds: [PreviousResultId]
    public var workDoneToken: ProgressToken?
    public var partialResultToken: ProgressToken?

    public init(identifier: String? = nil, previousResultIds: [PreviousResultId] = [], partialResultToken: ProgressToken? = nil) {
        self.identifier = identifier
        self.previousResultIds = previousResultIds
        self.partialResultToken = partialResultToken
    }

    enum CodingKeys: String, CodingKey { case identifier, previousResultIds, workDoneToken, partialResultToken }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try c.decodeIfPresent(String.self, forKey: .identifier)
        // Required by the specification; a client that leaves it out has none.
        previousResultIds = try c.decodeIfPresent([PreviousResultId].self, forKey: .previousResultIds) ?? []
        workDoneToken = try c.decodeIfPresent(ProgressToken.self, forKey: .workDoneToken)
        partialResultToken = try c.decodeIfPresent(ProgressToken.self, forKey: .partialResultToken)
    }
}

/// `{items: WorkspaceDocumentDiagnosticReport[]}`: the response, and each partial result.
public struct WorkspaceDiagnosticReport: Codable, Hashable, Sendable {
    public var items: [WorkspaceDocumentDiagnosticReport]
    public init(items: [WorkspaceDocumentDiagnosticReport]) {
        self.items = items
    }
}

/// One document's report in a workspace answer: `full` (with its diagnostics) or `unchanged`,
/// with the document's uri and its version when it is open (`null` for a file read from disk).
public enum WorkspaceDocumentDiagnosticReport: Codable, Hashable, Sendable {
    case full(uri: DocumentURI, version: Int?, resultId: String?, items: [Diagnostic])
    case unchanged(uri: DocumentURI, version: Int?, resultId: String)

    enum CodingKeys: String, CodingKey { case kind, uri, version, resultId, items }

    public var uri: DocumentURI {
        switch self {
        case .full(let uri, _, _, _), .unchanged(let uri, _, _): return uri
        }
    }

    public var resultId: String? {
        switch self {
        case .full(_, _, let id, _): return id
        case .unchanged(_, _, let id): return id
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let uri = try c.decode(DocumentURI.self, forKey: .uri)
        let version = try c.decodeIfPresent(Int.self, forKey: .version)
        switch try c.decode(String.self, forKey: .kind) {
        case "full":
            self = .full(
                uri: uri, version: version, resultId: try c.decodeIfPresent(String.self, forKey: .resultId),
                items: try c.decode([Diagnostic].self, forKey: .items))
        case "unchanged":
            self = .unchanged(uri: uri, version: version, resultId: try c.decode(String.self, forKey: .resultId))
        case let kind:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown report kind \(kind)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .full(let uri, let version, let resultId, let items):
            try c.encode("full", forKey: .kind)
            try c.encode(uri, forKey: .uri)
            // `version: integer | null` is required: null for a document that is not open.
            try c.encode(version, forKey: .version)
            try c.encodeIfPresent(resultId, forKey: .resultId)
            try c.encode(items, forKey: .items)
        case .unchanged(let uri, let version, let resultId):
            try c.encode("unchanged", forKey: .kind)
            try c.encode(uri, forKey: .uri)
            try c.encode(version, forKey: .version)
            try c.encode(resultId, forKey: .resultId)
        }
    }
}

/// `$/progress` (either way): `value` reports progress on the work or partial results of the
/// request that named `token`.
public struct ProgressNotification: LSPNotification, Hashable {
    public static let method = "$/progress"
    public var token: ProgressToken
    public var value: LSPAny
    public init(token: ProgressToken, value: LSPAny) {
        self.token = token
        self.value = value
    }
}
