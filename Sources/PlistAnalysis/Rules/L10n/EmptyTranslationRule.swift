// l10n-empty-translation: a translation whose text is empty.
import PlistSyntax

public struct EmptyTranslationRule: LocalizationRule {
    public let id = "l10n-empty-translation"
    public let title = "An empty translation"
    public let rationale = """
        An empty translation replaces the development-language text with nothing: a permission \
        prompt without its reason (App Review rejects it), or an app without a name under its icon. \
        Write the translation, or remove the entry to fall back to the Info.plist's text.
        """
    public let defaultSeverity = Finding.Severity.warning
    public var examples: [LocalizationExample] {
        [
            .triggering("\"NSCameraUsageDescription\" = \"\";\n", path: "de.lproj/InfoPlist.strings"),
            .triggering("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"NSCameraUsageDescription\" : {\n      \"localizations\" : {\n        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \" \" } }\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}\n", path: "InfoPlist.xcstrings"),
            .nonTriggering("\"NSCameraUsageDescription\" = \"Kamera für Codes\";\n", path: "de.lproj/InfoPlist.strings"),
        ]
    }

    public init() {}

    public func check(_ context: TranslationContext, into out: inout [Finding]) {
        for entry in context.file.entries {
            guard let value = entry.value, value.trimmedForRules.isEmpty, let range = entry.valueRange else { continue }
            let locale = entry.locale.isEmpty ? "" : " (\(entry.locale))"
            out.append(diagnostic("the translation of '\(entry.key)'\(locale) is empty: users see no text at all where the Info.plist has one", range))
        }
    }
}
