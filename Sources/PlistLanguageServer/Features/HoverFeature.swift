// `textDocument/hover`: key documentation, value notes, build settings and custom keys from
// `HoverProvider`, as Markdown or plain text as the client asks.
import LanguageServerProtocol
import PlistAnalysis
import PlistSchema
import PlistSyntax
import PlistWorkspace

/// Hover over keys and values.
struct HoverFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        handlers.document(HoverRequest.self) { request, snapshot, context in
            let format: DocumentationFormat = FeatureSettings.hoverMarkdown(context) ? .markdown : .plainText
            let offset = snapshot.offset(of: request.position)
            await context.readTranslations(for: snapshot)
            let translations = context.translations.cache
            // In an InfoPlist.strings or .xcstrings: the key's documentation and the Info.plist's text (issue #31).
            let kind = context.kind(of: snapshot)
            if kind.isTranslation {
                guard kind.translatesInfoPlist, let path = FileURI.path(of: snapshot.uri) else { return nil }
                let file = snapshot.translation
                guard
                    let result = LocalizationFeatures.hover(
                        in: file, at: offset, infoPlist: translations.infoPlist(forTranslationAt: path),
                        format: format)
                else { return nil }
                return Hover(
                    contents: result.format == .markdown ? .markdown(result.text) : .plaintext(result.text),
                    range: snapshot.range(of: result.range))
            }
            // On a `$(VAR)` of a plist a project uses: the value per configuration and where it is set.
            let setting = context.project(for: snapshot).input.flatMap {
                BuildSettingFeatures.hover(in: snapshot.document, at: offset, project: $0, format: format)
            }
            guard
                let result = setting
                    ?? HoverProvider.hover(
                        in: snapshot.document, at: offset,
                        fileKind: kind.featureRole, format: format)
            else { return nil }
            var text = result.text
            // On a translatable key of an Info.plist: its text in each shipped locale (issue #31).
            if kind.role == .infoPlist, let path = FileURI.path(of: snapshot.uri),
                let set = translations.set(forInfoPlistAt: path), !set.isEmpty || set.attribution != .folders,
                let section = LocalizationFeatures.translationsSection(
                    forKeyAt: offset, context: LocalizedPlistContext(document: snapshot.document, set: set), format: result.format)
            {
                text += section
            }
            let content: MarkupContent = result.format == .markdown ? .markdown(text) : .plaintext(text)
            return Hover(contents: content, range: snapshot.range(of: result.range))
        }
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.hoverProvider = .bool(true)
    }
}
