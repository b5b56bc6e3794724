// l10n-duplicate-key: the same key twice in one strings table or String Catalog.
import PlistSyntax

public struct DuplicateTranslationRule: Rule {
    public let id = "l10n-duplicate-key"
    public let title = "A key translated twice in one strings table or String Catalog"
    public let rationale = """
        A strings table is a dictionary: of two entries with the same key only one is read, so one \
        of the two translations is silently lost — usually an old one left behind when the text was \
        rewritten. Keep one. A String Catalog is JSON, and a name twice in its `strings` (or a \
        locale twice in one key's `localizations`) loses one translation the same way.
        """
    public var category: RuleCategory { .localization }
    public var fileKinds: Set<FileKind> { FileKind.translationKinds }
    public let defaultSeverity = Finding.Severity.warning
    public var examples: [RuleExample] {
        [
            .triggering(
                """
                "NSCameraUsageDescription" = "Kamera";
                ↓"NSCameraUsageDescription" = "Kamera für Codes";

                """, path: "de.lproj/InfoPlist.strings"),
            .nonTriggering(
                "\"NSCameraUsageDescription\" = \"Kamera für Codes\";\n\"NSMicrophoneUsageDescription\" = \"Mikrofon für Notizen\";\n",
                path: "de.lproj/InfoPlist.strings"),
            .triggering(
                """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "NSCameraUsageDescription" : {
                      "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Kamera" } } }
                    },
                    ↓"NSCameraUsageDescription" : {
                      "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Kamera für Codes" } } }
                    }
                  },
                  "version" : "1.0"
                }

                """, path: "InfoPlist.xcstrings"),
        ]
    }

    public init() {}

    public func check(_ context: TranslationContext, into out: inout [Finding]) {
        guard case .table(let table, _) = context.file else {
            if case .catalog(let catalog) = context.file { checkCatalog(catalog, into: &out) }
            return
        }
        // By exact scalars, as Foundation reads a table: `café` precomposed and decomposed are two keys.
        var first: [ExactText: StringsEntry] = [:]
        for entry in table.entries {
            if let earlier = first[ExactText(entry.key)] {
                out.append(
                    diagnostic(
                        "'\(entry.key)' is translated twice in this table; only one of the two is read", entry.keyRange,
                        related: [("the other translation of '\(entry.key)'", earlier.keyRange)]))
            } else {
                first[ExactText(entry.key)] = entry
            }
        }
    }

    /// A String Catalog is JSON: a name twice in `strings` (or a locale twice in one key's
    /// `localizations`) is two translations of which Xcode reads one. Names compare by their exact
    /// scalars, as Foundation's dictionaries compare them. The catalog's entries are the members of
    /// `strings`, each with the members of its `localizations` object.
    func checkCatalog(_ catalog: StringCatalog, into out: inout [Finding]) {
        var first: [[UInt32]: Range<Int>] = [:]
        for entry in catalog.entries {
            let name = entry.key.unicodeScalars.map(\.value)
            if let earlier = first[name] {
                out.append(
                    diagnostic(
                        "'\(entry.key)' appears twice in this catalog's \"strings\"; only one of the two is read", entry.keyRange,
                        related: [("the other entry of '\(entry.key)'", earlier)]))
            } else {
                first[name] = entry.keyRange
            }
        }
        for entry in catalog.entries where entry.repeatsALocale {
            var locales: [[UInt32]: Range<Int>] = [:]
            for l in entry.localizations {
                let name = l.locale.unicodeScalars.map(\.value)
                if let earlier = locales[name] {
                    out.append(
                        diagnostic(
                            "'\(entry.key)' is translated to '\(l.locale)' twice; only one of the two is read", l.localeRange,
                            related: [("the other '\(l.locale)' translation", earlier)]))
                } else {
                    locales[name] = l.localeRange
                }
            }
        }
    }
}

extension StringCatalog.Entry {
    /// Whether a locale is named twice in the key's `localizations` (by its exact scalars).
    var repeatsALocale: Bool {
        guard localizations.count > 1 else { return false }
        var seen: Set<[UInt32]> = []
        return localizations.contains { !seen.insert($0.locale.unicodeScalars.map(\.value)).inserted }
    }
}
