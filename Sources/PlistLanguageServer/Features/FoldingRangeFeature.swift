// `textDocument/foldingRange`: dictionaries, arrays and multi-line comments (`Navigation.foldingRegions`).
import LanguageServerProtocol
import PlistAnalysis

/// Folding by lines: a container folds up to the line before its end tag, so the end tag stays visible.
struct FoldingRangeFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        handlers.document(FoldingRangeRequest.self) { _, snapshot, context in
            let limit = context.clientCapabilities.textDocument?.foldingRange?.rangeLimit ?? Int.max
            var out: [FoldingRange] = []
            for region in Navigation.foldingRegions(in: snapshot.tree) {
                let start = snapshot.position(of: region.start).line
                let end = snapshot.position(of: region.lastLineOffset).line
                guard end > start else { continue }
                out.append(FoldingRange(startLine: start, endLine: end, kind: region.kind == .comment ? .comment : nil))
                if out.count >= limit { break }
            }
            return out
        }
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.foldingRangeProvider = .bool(true)
    }
}
