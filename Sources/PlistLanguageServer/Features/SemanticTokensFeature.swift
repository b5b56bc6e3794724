// `textDocument/semanticTokens/full` and `…/full/delta`: `SemanticHighlighting`'s byte ranges as
// LSP tokens in the negotiated position encoding, one token per line, with a legend of standard
// token types and modifiers (plus a few of our own that themes may style).
import LanguageServerProtocol
import PlistAnalysis
import PlistSupport

/// Semantic tokens, whole or as a delta against a result the client holds.
struct SemanticTokensFeature: ServerFeature {
    /// The token types, by legend index.
    static let tokenTypes = ["property", "string", "number", "keyword", "variable", "macro", "comment"]
    /// The modifiers, by bit: `deprecated` and `defaultLibrary` are LSP's; `thirdParty` (a key a
    /// third-party SDK reads), `custom` (a key the database does not know there), `date` and
    /// `data` (what a `number` or `string` value holds) are ours: a client ignores modifiers it
    /// does not know, and a theme may style them (`*.custom`, `property.thirdParty`).
    static let tokenModifiers = ["deprecated", "defaultLibrary", "thirdParty", "custom", "date", "data"]
    static let legend = SemanticTokensLegend(tokenTypes: tokenTypes, tokenModifiers: tokenModifiers)

    /// The last results sent (by result id), for deltas. Shared by the sessions of a socket
    /// daemon: result ids are unique across them.
    let results = ResultCache()

    func register(_ handlers: inout RequestHandlers) {
        handlers.document(SemanticTokensRequest.self) { [results] _, snapshot, context in
            let data = Self.encode(snapshot, fileKind: FeatureSettings.fileKind(snapshot, context))
            try Task.checkCancellation()
            return SemanticTokens(resultId: results.store(data), data: data)
        }
        handlers.document(SemanticTokensDeltaRequest.self) { [results] request, snapshot, context in
            let data = Self.encode(snapshot, fileKind: FeatureSettings.fileKind(snapshot, context))
            try Task.checkCancellation()
            let previous = results.data(for: request.previousResultId)
            let id = results.store(data)
            guard let previous else { return .full(SemanticTokens(resultId: id, data: data)) }
            return .delta(SemanticTokensDelta(resultId: id, edits: Self.edits(from: previous, to: data)))
        }
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.semanticTokensProvider = SemanticTokensOptions(
            legend: Self.legend, range: false, full: .value(SemanticTokensFullOptions(delta: true)))
    }

    /// The legend index of a token type, the bit of a modifier (the names are the legend's).
    private static func type(_ name: String) -> UInt32 { UInt32(tokenTypes.firstIndex(of: name)!) }
    private static func bit(_ name: String) -> UInt32 { 1 << UInt32(tokenModifiers.firstIndex(of: name)!) }
    private static let types = (
        property: type("property"), string: type("string"), number: type("number"), keyword: type("keyword"),
        variable: type("variable"), macro: type("macro"), comment: type("comment")
    )
    private static let keyBits = (
        known: bit("defaultLibrary"), deprecated: bit("deprecated"), thirdParty: bit("thirdParty"), custom: bit("custom")
    )
    private static let valueBits = (date: bit("date"), data: bit("data"))

    /// The (type index, modifier bits) of a token: a known key is `defaultLibrary` unless a
    /// third-party SDK reads it (`thirdParty`).
    static func classify(_ token: SemanticToken) -> (type: UInt32, modifiers: UInt32) {
        switch token.kind {
        case .key:
            var bits: UInt32 = 0
            if token.modifiers.contains(.known) && !token.modifiers.contains(.thirdParty) { bits |= keyBits.known }
            if token.modifiers.contains(.deprecated) { bits |= keyBits.deprecated }
            if token.modifiers.contains(.thirdParty) { bits |= keyBits.thirdParty }
            if token.modifiers.contains(.custom) { bits |= keyBits.custom }
            return (types.property, bits)
        case .string: return (types.string, 0)
        case .number: return (types.number, 0)
        case .boolean: return (types.keyword, 0)
        case .date: return (types.number, valueBits.date)
        case .data: return (types.string, valueBits.data)
        case .buildSetting: return (types.variable, 0)
        case .directive: return (types.macro, 0)
        case .comment: return (types.comment, 0)
        }
    }

    /// The document's tokens as LSP's relative integers. A token spanning lines becomes one token
    /// per line (every client takes those; `multilineTokenSupport` is not needed); line breaks
    /// and empty pieces are left out.
    static func encode(_ snapshot: DocumentSnapshot, fileKind: FileKind) -> [UInt32] {
        let index = snapshot.lineIndex
        var data: [UInt32] = []
        var previous = (line: 0, character: 0)
        for token in SemanticHighlighting.tokens(in: snapshot.document, fileKind: fileKind) {
            let (type, modifiers) = classify(token)
            var start = token.range.lowerBound
            var line = index.line(containing: start)
            while start < token.range.upperBound {
                let end = min(token.range.upperBound, index.lineContentEnd(line))
                if end > start {
                    let from = snapshot.position(of: start), to = snapshot.position(of: end)
                    if to.character > from.character {
                        let deltaLine = from.line - previous.line
                        let deltaStart = deltaLine == 0 ? from.character - previous.character : from.character
                        data += [UInt32(deltaLine), UInt32(deltaStart), UInt32(to.character - from.character), type, modifiers]
                        previous = (from.line, from.character)
                    }
                }
                line += 1
                guard line < index.lineCount else { break }
                start = index.lineStart(line)
            }
        }
        return data
    }

    /// One edit turning `old` into `new` (their common prefix and suffix kept), or none.
    static func edits(from old: [UInt32], to new: [UInt32]) -> [SemanticTokensEdit] {
        var prefix = 0
        while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
        if prefix == old.count && prefix == new.count { return [] }
        var suffix = 0
        while suffix < old.count - prefix && suffix < new.count - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let inserted = Array(new[prefix..<(new.count - suffix)])
        return [SemanticTokensEdit(start: prefix, deleteCount: old.count - suffix - prefix, data: inserted.isEmpty ? nil : inserted)]
    }

    /// The most recent results, by id; old ones are forgotten (a delta against a forgotten
    /// result is answered with the whole list).
    final class ResultCache: Sendable {
        static let capacity = 64
        private let state = Locked<(next: Int, entries: [(id: String, data: [UInt32])])>((1, []))

        /// Keeps `data` and returns its new id.
        func store(_ data: [UInt32]) -> String {
            state.withLock { state in
                let id = String(state.next)
                state.next += 1
                state.entries.append((id, data))
                if state.entries.count > Self.capacity { state.entries.removeFirst(state.entries.count - Self.capacity) }
                return id
            }
        }

        func data(for id: String) -> [UInt32]? {
            state.withLock { state in state.entries.last { $0.id == id }?.data }
        }
    }
}
