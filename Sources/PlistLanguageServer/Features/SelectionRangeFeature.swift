// `textDocument/selectionRange`: text → element → key+value entry → enclosing container → … → file.
import LanguageServerProtocol
import PlistAnalysis

/// Expand-selection steps at each requested position.
struct SelectionRangeFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        handlers.document(SelectionRangeRequest.self) { request, snapshot, _ in
            request.positions.map { position in
                let ranges = Navigation.selectionRanges(in: snapshot.document, at: snapshot.offset(of: position))
                var selection: SelectionRange?
                for range in ranges.reversed() {
                    let lsp = snapshot.range(of: range)
                    if let parent = selection, parent.range == lsp { continue }
                    selection = SelectionRange(range: lsp, parent: selection)
                }
                return selection ?? SelectionRange(range: LSPRange(start: position, end: position))
            }
        }
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.selectionRangeProvider = .bool(true)
    }
}
