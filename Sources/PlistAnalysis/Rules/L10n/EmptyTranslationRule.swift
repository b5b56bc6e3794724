// l10n-empty-translation: a translation whose text is empty.
import PlistSyntax

public struct EmptyTranslationRule: Rule {
    public let id = "l10n-empty-translation"
    public let title = "An empty translation"
    public let rationale = """
        An empty translation replaces the development-language text with nothing: a permission \
        prompt without its reason (App Review rejects it), or an app without a name under its icon. \
        Write the translation, or remove the entry to fall back to the Info.plist's text.
        """
    public var category: RuleCategory { .localization }
    public var fileKinds: Set<FileKind> { FileKind.translationKinds }
    public let defaultSeverity = Finding.Severity.warning
    public var examples: [RuleExample] {
        [
            .triggering(
                """
                "NSCameraUsageDescription" = ↓"";

                """, path: "de.lproj/InfoPlist.strings"),
            .triggering(
                """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "NSCameraUsageDescription" : {
                      "localizations" : {
                        "de" : { "stringUnit" : { "state" : "translated", "value" : ↓" " } }
                      }
                    }
                  },
                  "version" : "1.0"
                }

                """, path: "InfoPlist.xcstrings"),
            .nonTriggering("\"NSCameraUsageDescription\" = \"Kamera für Codes\";\n", path: "de.lproj/InfoPlist.strings"),
            .nonTriggering(
                "\"AMDNote\" = \"\";\n", path: "de.lproj/InfoPlist.strings",
                infoPlist:
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>AMDNote</key>\n\t<string></string>\n</dict>\n</plist>\n"
            ),
        ]
    }

    public init() {}

    public func check(_ context: TranslationContext, into out: inout [Finding]) {
        // An empty text in the development language too (the Info.plist's, or the catalog's source
        // language) is translated faithfully by an empty one.
        var emptyInSource: Set<ExactText> = []
        if case .catalog(let c) = context.file, let source = c.sourceLanguage {
            for e in c.entries
            where e.localizations.contains(where: { $0.locale == source && ($0.value ?? "").trimmedForRules.isEmpty && !$0.hasVariations })
            { emptyInSource.insert(ExactText(e.key)) }
        }
        for entry in context.entries {
            guard let value = entry.value, value.trimmedForRules.isEmpty, let range = entry.valueRange else { continue }
            if emptyInSource.contains(ExactText(entry.key))
                || context.plistKeys[ExactText(entry.key)].map({ $0.trimmedForRules.isEmpty }) == true
            {
                continue
            }
            let locale = entry.locale.isEmpty ? "" : " (\(entry.locale))"
            out.append(
                diagnostic(
                    "the translation of '\(entry.key)'\(locale) is empty: users see no text at all where the Info.plist has one", range))
        }
    }
}
