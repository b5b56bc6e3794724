// `textDocument/documentLink`: each known key links to its documentation page
// (`DocumentationLinks`); the editor opens it, the server never fetches it.
import LanguageServerProtocol
import PlistAnalysis

/// Links from keys to their documentation.
struct DocumentLinkFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        handlers.document(DocumentLinkRequest.self) { _, snapshot, context in
            DocumentationLinks.links(in: snapshot.document, fileKind: FeatureSettings.fileKind(snapshot, context)).map {
                DocumentLink(range: snapshot.range(of: $0.range), target: $0.url, tooltip: "Documentation of \($0.title)")
            }
        }
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.documentLinkProvider = DocumentLinkOptions(resolveProvider: false)
    }
}
