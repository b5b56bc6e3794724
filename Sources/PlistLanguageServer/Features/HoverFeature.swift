// `textDocument/hover`: key documentation, value notes, build settings and custom keys from
// `HoverProvider`, as Markdown or plain text as the client asks.
import LanguageServerProtocol
import PlistAnalysis
import PlistSchema

/// Hover over keys and values.
struct HoverFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        handlers.document(HoverRequest.self) { request, snapshot, context in
            let format: DocumentationFormat = FeatureSettings.hoverMarkdown(context) ? .markdown : .plainText
            guard let result = HoverProvider.hover(
                in: snapshot.document, at: snapshot.offset(of: request.position),
                fileKind: FeatureSettings.fileKind(snapshot, context), format: format) else { return nil }
            let content: MarkupContent = result.format == .markdown ? .markdown(result.text) : .plaintext(result.text)
            return Hover(contents: content, range: snapshot.range(of: result.range))
        }
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.hoverProvider = .bool(true)
    }
}
