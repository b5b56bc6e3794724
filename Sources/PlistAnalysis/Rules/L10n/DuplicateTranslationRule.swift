// l10n-duplicate-key: the same key twice in one strings table.
import PlistSyntax

public struct DuplicateTranslationRule: LocalizationRule {
    public let id = "l10n-duplicate-key"
    public let title = "A key translated twice in one strings table"
    public let rationale = """
        A strings table is a dictionary: of two entries with the same key only one is read, so one \
        of the two translations is silently lost — usually an old one left behind when the text was \
        rewritten. Keep one.
        """
    public let defaultSeverity = Finding.Severity.warning
    public var examples: [LocalizationExample] {
        [
            .triggering("""
                "NSCameraUsageDescription" = "Kamera";
                ↓"NSCameraUsageDescription" = "Kamera für Codes";

                """, path: "de.lproj/InfoPlist.strings"),
            .nonTriggering("\"NSCameraUsageDescription\" = \"Kamera für Codes\";\n\"NSMicrophoneUsageDescription\" = \"Mikrofon für Notizen\";\n", path: "de.lproj/InfoPlist.strings"),
        ]
    }

    public init() {}

    public func check(_ context: TranslationContext, into out: inout [Finding]) {
        guard case .table(let table, _) = context.file else { return }  // JSON's duplicate names are the reader's problem
        var first: [String: StringsEntry] = [:]
        for entry in table.entries {
            if let earlier = first[entry.key] {
                out.append(diagnostic("'\(entry.key)' is translated twice in this table; only one of the two is read", entry.keyRange,
                                      related: [("the other translation of '\(entry.key)'", earlier.keyRange)]))
            } else {
                first[entry.key] = entry
            }
        }
    }
}
