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
            let offset = snapshot.offset(of: request.position)
            // On a `$(VAR)` of a plist a project uses: the value per configuration and where it is set.
            let setting = context.project(for: snapshot).input.flatMap {
                BuildSettingFeatures.hover(in: snapshot.document, at: offset, project: $0, format: format)
            }
            guard let result = setting ?? HoverProvider.hover(
                in: snapshot.document, at: offset,
                fileKind: FeatureSettings.fileKind(snapshot, context), format: format) else { return nil }
            let content: MarkupContent = result.format == .markdown ? .markdown(result.text) : .plaintext(result.text)
            return Hover(contents: content, range: snapshot.range(of: result.range))
        }
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.hoverProvider = .bool(true)
    }
}
