// textDocument/semanticTokens/full and textDocument/semanticTokens/full/delta.
import PlistSupport

/// The token types and modifiers a server uses, by index: a token's type is an index into
/// `tokenTypes`, its modifiers a bit set over `tokenModifiers`.
public struct SemanticTokensLegend: Codable, Hashable, Sendable {
    public var tokenTypes: [String]
    public var tokenModifiers: [String]
    public init(tokenTypes: [String], tokenModifiers: [String]) {
        self.tokenTypes = tokenTypes
        self.tokenModifiers = tokenModifiers
    }
}

/// `full: true | {delta: true}`.
public struct SemanticTokensFullOptions: Codable, Hashable, Sendable {
    public var delta: Bool?
    public init(delta: Bool? = nil) { self.delta = delta }
}

public struct SemanticTokensOptions: Codable, Hashable, Sendable {
    public var legend: SemanticTokensLegend
    public var range: Bool?
    public var full: ValueOrBool<SemanticTokensFullOptions>?
    public init(legend: SemanticTokensLegend, range: Bool? = nil, full: ValueOrBool<SemanticTokensFullOptions>? = nil) {
        self.legend = legend
        self.range = range
        self.full = full
    }
}

public struct SemanticTokensRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/semanticTokens/full"
    public typealias Response = SemanticTokens?
    public var textDocument: TextDocumentIdentifier
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

public struct SemanticTokensDeltaRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/semanticTokens/full/delta"
    public typealias Response = SemanticTokensDeltaResult?
    public var textDocument: TextDocumentIdentifier
    /// The `resultId` of the tokens the client holds.
    public var previousResultId: String
    public init(textDocument: TextDocumentIdentifier, previousResultId: String) {
        self.textDocument = textDocument
        self.previousResultId = previousResultId
    }
}

/// Tokens as five integers each: line delta, start character delta (relative to the previous
/// token on the same line), length, type index, modifier bits.
public struct SemanticTokens: Codable, Hashable, Sendable {
    public var resultId: String?
    public var data: [UInt32]
    public init(resultId: String? = nil, data: [UInt32]) {
        self.resultId = resultId
        self.data = data
    }
}

/// Replaces `deleteCount` integers at `start` of the previous `data` with `data`.
public struct SemanticTokensEdit: Codable, Hashable, Sendable {
    public var start: Int
    public var deleteCount: Int
    public var data: [UInt32]?
    public init(start: Int, deleteCount: Int, data: [UInt32]? = nil) {
        self.start = start
        self.deleteCount = deleteCount
        self.data = data
    }
}

public struct SemanticTokensDelta: Codable, Hashable, Sendable {
    public var resultId: String?
    public var edits: [SemanticTokensEdit]
    public init(resultId: String? = nil, edits: [SemanticTokensEdit]) {
        self.resultId = resultId
        self.edits = edits
    }
}

/// `SemanticTokens | SemanticTokensDelta`: the whole list when the previous result is unknown; a
/// delta when it reads as one (it has `edits`).
public enum SemanticTokensDeltaResult: Codable, Hashable, Sendable {
    case full(SemanticTokens)
    case delta(SemanticTokensDelta)

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let delta = try? c.decode(SemanticTokensDelta.self) {
            self = .delta(delta)
        } else {
            self = .full(try c.decode(SemanticTokens.self))
        }
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .full(let tokens): try c.encode(tokens)
        case .delta(let delta): try c.encode(delta)
        }
    }
}
