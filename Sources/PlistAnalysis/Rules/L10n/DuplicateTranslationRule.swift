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
    /// scalars, as Foundation's dictionaries compare them.
    func checkCatalog(_ catalog: StringCatalog, into out: inout [Finding]) {
        guard let strings = catalog.root?["strings"], strings.kind == .object else { return }
        func duplicates(_ members: [JSONNode.Member], _ message: (String) -> String, _ other: (String) -> String) {
            var first: [[UInt32]: Range<Int>] = [:]
            for member in members {
                let name = member.name.unicodeScalars.map(\.value)
                if let earlier = first[name] {
                    out.append(diagnostic(message(member.name), member.nameRange, related: [(other(member.name), earlier)]))
                } else {
                    first[name] = member.nameRange
                }
            }
        }
        duplicates(
            strings.members, { "'\($0)' appears twice in this catalog's \"strings\"; only one of the two is read" },
            { "the other entry of '\($0)'" })
        for member in strings.members {
            guard let localizations = member.value["localizations"], localizations.kind == .object else { continue }
            duplicates(
                localizations.members, { "'\(member.name)' is translated to '\($0)' twice; only one of the two is read" },
                { "the other '\($0)' translation" })
        }
    }
}
