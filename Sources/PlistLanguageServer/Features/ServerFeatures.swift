// The list of features the server offers. Add a feature here.
import LanguageServerProtocol

public enum ServerFeatures {
    /// Every built-in feature, in registration order.
    public static let all: [any ServerFeature] = [
        PullDiagnosticsFeature(),
        CodeActionFeature(),
        CompletionFeature(),
        HoverFeature(),
        DocumentSymbolFeature(),
        FoldingRangeFeature(),
        SelectionRangeFeature(),
        InlayHintFeature(),
        SemanticTokensFeature(),
        DocumentLinkFeature(),
        FormattingFeature(),
        DefinitionFeature(),
        TagEditingFeature(),
        KeyRenameFeature(),
        // Hover, completion, code actions, document symbols…: add them here.
    ]

    /// A handler table with `features` registered.
    public static func handlers(for features: [any ServerFeature] = all) -> RequestHandlers {
        var handlers = RequestHandlers()
        for feature in features { feature.register(&handlers) }
        return handlers
    }
}
