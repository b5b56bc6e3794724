// l10n-syntax: what the strings-table or catalog reader could not read, at its place.
import PlistSyntax

public struct TranslationSyntaxRule: Rule {
    public let id = "l10n-syntax"
    public let title = "A strings table or String Catalog that does not read"
    public let rationale = """
        The system reads `InfoPlist.strings` with the OpenStep parser and drops the whole table at \
        the first error: a missing `;` or an unterminated string leaves every locale of that file \
        showing the development language. Xcode's build may stop too. The error is reported where \
        reading stopped; the entries before and after it are still checked.
        """
    public var category: RuleCategory { .localization }
    public var fileKinds: Set<FileKind> { FileKind.translationKinds }
    public let defaultSeverity = Finding.Severity.error
    public var examples: [RuleExample] {
        [
            .triggering(
                """
                "CFBundleDisplayName" = "Schleife"↓
                "NSCameraUsageDescription" = "Kamera für Codes";

                """, path: "de.lproj/InfoPlist.strings"),
            .triggering(
                """
                "NSCameraUsageDescription" = ↓"Kamera für Codes;

                """, path: "de.lproj/InfoPlist.strings"),
            .triggering(
                """
                { "sourceLanguage" : "en", "strings" : ↓[], "version" : "1.0" }

                """, path: "InfoPlist.xcstrings"),
            .nonTriggering("/* Kamera */\n\"NSCameraUsageDescription\" = \"Kamera für Codes\";\n", path: "de.lproj/InfoPlist.strings"),
        ]
    }

    public init() {}

    public func check(_ context: TranslationContext, into out: inout [Finding]) {
        switch context.file {
        case .table(let t, _): for p in t.problems { out.append(diagnostic(p.message, p.range)) }
        case .catalog(let c): for p in c.problems { out.append(diagnostic(p.message, p.range)) }
        }
    }
}
