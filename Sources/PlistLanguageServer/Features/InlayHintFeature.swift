// `textDocument/inlayHint`: Xcode's display name after each known key; the `inlayHints` setting
// (`false` or `{"enabled": false}`) turns them off.
import LanguageServerProtocol
import PlistAnalysis

/// Xcode names as inlay hints.
struct InlayHintFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        handlers.document(InlayHintRequest.self) { request, snapshot, context in
            guard FeatureSettings.inlayHints(context) else { return [] }
            let range = snapshot.byteRange(of: request.range)
            var items = InlayHints.hints(in: snapshot.document, fileKind: FeatureSettings.fileKind(snapshot, context), range: range)
            // The resolved value after each `$(VAR)` of a plist a project uses (`inlayHints.buildSettings`).
            if context.configuration.analysis.buildSettingHints, let project = context.project(for: snapshot).input {
                items += BuildSettingFeatures.inlayHints(in: snapshot.document, range: range, project: project)
                items.sort { $0.offset < $1.offset }
            }
            return items.map {
                InlayHint(
                    position: snapshot.position(of: $0.offset), label: .string($0.label),
                    tooltip: $0.tooltip.map { .string($0) }, paddingLeft: true)
            }
        }
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.inlayHintProvider = .bool(true)
    }
}
