// `textDocument/documentSymbol`: the hierarchical outline of keys and values (`Navigation.symbols`).
import LanguageServerProtocol
import PlistAnalysis
import PlistSupport

/// The outline: key names, value type and Xcode name as detail, nested dictionaries and arrays,
/// array items named by their content.
struct DocumentSymbolFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        handlers.document(
            DocumentSymbolRequest.self,
            answering: { _, snapshot, context in
                let fileKind = FeatureSettings.fileKind(snapshot, context), style = Self.style(context)
                // The same outline of the same version, asked again (an editor refreshing its
                // breadcrumbs, a client flooding the daemon): the answer encoded once is sent again,
                // so repeated requests cost the daemon little and leave the processor to the others.
                if let kept = Self.kept.answer(snapshot, fileKind, style) { return kept }
                let symbols: DocumentSymbolRequest.Response = Navigation.symbols(in: snapshot.document, fileKind: fileKind, style: style)
                    .map { Self.convert($0, snapshot) }
                try Task.checkCancellation()
                // An outline the encoder cannot write (too deep) goes the usual way, which answers
                // InternalError and logs why.
                guard let answer = try? EncodedResult(encoding: symbols) else { return symbols }
                Self.kept.keep(answer, snapshot, fileKind, style)
                return answer
            })
    }

    /// The last outlines answered, by snapshot (an object: a new version, or another session's
    /// document, is another snapshot), file kind and style.
    static let kept = KeptAnswers<OutlineKey>()

    struct OutlineKey: Hashable, Sendable {
        let fileKind: FileKind
        let style: OutlineStyle
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.documentSymbolProvider = .bool(true)
    }

    /// Xcode names lead the detail where the client shows no inlay hints (it declares no
    /// `textDocument.inlayHint`: Neovim before 0.10, Eglot 1.9) or the user turned them off.
    static func style(_ context: RequestContext) -> OutlineStyle {
        OutlineStyle(xcodeNameFirst: context.clientCapabilities.textDocument?.inlayHint == nil || !FeatureSettings.inlayHints(context))
    }

    static func convert(_ symbol: PlistSymbol, _ snapshot: DocumentSnapshot) -> DocumentSymbol {
        let kind: SymbolKind
        switch symbol.kind {
        case .dictionary: kind = .object
        case .array: kind = .array
        case .string: kind = .string
        case .integer, .real: kind = .number
        case .boolean: kind = .boolean
        case .date, .data: kind = .constant
        case .missing: kind = .key
        }
        return DocumentSymbol(
            name: symbol.name.isEmpty ? "(empty key)" : symbol.name, detail: symbol.detail, kind: kind,
            tags: symbol.deprecated ? [.deprecated] : nil,
            range: snapshot.range(of: symbol.range), selectionRange: snapshot.range(of: symbol.selectionRange),
            children: symbol.children.isEmpty ? nil : symbol.children.map { convert($0, snapshot) })
    }
}

extension KeptAnswers where Key == DocumentSymbolFeature.OutlineKey {
    func answer(_ snapshot: DocumentSnapshot, _ fileKind: FileKind, _ style: OutlineStyle) -> EncodedResult? {
        answer(for: snapshot, DocumentSymbolFeature.OutlineKey(fileKind: fileKind, style: style))
    }
    func keep(_ answer: EncodedResult, _ snapshot: DocumentSnapshot, _ fileKind: FileKind, _ style: OutlineStyle) {
        keep(answer, for: snapshot, DocumentSymbolFeature.OutlineKey(fileKind: fileKind, style: style))
    }
}

/// A few answers kept by the snapshot they were computed from (held weakly: a snapshot gone is
/// never matched, and an answer keeps no document alive) and what else they depend on; the
/// oldest goes first.
final class KeptAnswers<Key: Hashable & Sendable>: Sendable {
    private final class Kept: @unchecked Sendable {
        // Immutable but for the weak reference, which only the runtime clears.
        weak var snapshot: DocumentSnapshot?
        let key: Key
        let answer: EncodedResult
        init(snapshot: DocumentSnapshot, key: Key, answer: EncodedResult) {
            self.snapshot = snapshot
            self.key = key
            self.answer = answer
        }
    }
    private let kept = Locked<[Kept]>([])
    private let capacity: Int

    init(capacity: Int = 8) { self.capacity = capacity }

    func answer(for snapshot: DocumentSnapshot, _ key: Key) -> EncodedResult? {
        kept.withLock { list in list.last { $0.snapshot === snapshot && $0.key == key }?.answer }
    }

    func keep(_ answer: EncodedResult, for snapshot: DocumentSnapshot, _ key: Key) {
        kept.withLock { list in
            list.removeAll { $0.snapshot == nil || ($0.snapshot === snapshot && $0.key == key) }
            list.append(Kept(snapshot: snapshot, key: key, answer: answer))
            if list.count > capacity { list.removeFirst(list.count - capacity) }
        }
    }
}
