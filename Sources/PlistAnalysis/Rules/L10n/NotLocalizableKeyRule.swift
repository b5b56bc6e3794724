// l10n-not-localizable: a translation of an Info.plist key the system does not localize.
import PlistSchema
import PlistSyntax

public struct NotLocalizableKeyRule: Rule {
    public let id = "l10n-not-localizable"
    public let title = "A translation of a key that is not localizable"
    public let rationale = """
        Only user-facing keys are read through `InfoPlist.strings`: purpose strings, the bundle's \
        display and spoken names, copyright, document type and shortcut titles. A translation of \
        `CFBundleIdentifier` or `UIRequiredDeviceCapabilities` changes nothing (and should not: \
        those values are identifiers, not text).
        """
    public var category: RuleCategory { .localization }
    public var fileKinds: Set<FileKind> { FileKind.translationKinds }
    public let defaultSeverity = Finding.Severity.information
    static let plist =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleIdentifier</key>\n\t<string>com.example.loop</string>\n\t<key>CFBundleDisplayName</key>\n\t<string>Loop</string>\n</dict>\n</plist>\n"
    public var examples: [RuleExample] {
        [
            .triggering(
                """
                ↓"CFBundleIdentifier" = "de.example.schleife";

                """, path: "de.lproj/InfoPlist.strings", infoPlist: Self.plist),
            .nonTriggering("\"CFBundleDisplayName\" = \"Schleife\";\n", path: "de.lproj/InfoPlist.strings", infoPlist: Self.plist),
        ]
    }

    public init() {}

    public func check(_ context: TranslationContext, into out: inout [Finding]) {
        guard let root = context.infoPlist?.root, root.kind == .dictionary else { return }
        let keys = Set(root.keys.map(ExactText.init))
        let texts = Set(context.texts.map { ExactText($0.stringsKey) })
        for (key, range) in context.keys where keys.contains(ExactText(key)) && !texts.contains(ExactText(key)) {
            // Only keys the database knows and says are not localizable: a custom key may be read localized by the app.
            guard let definition = context.schema.definition(for: key, at: []), !definition.localizable,
                !LocalizableTexts.isPurposeString(key)
            else { continue }
            out.append(
                diagnostic(
                    "\(key) is not a localizable key: the system reads it from the Info.plist, never from a translation", range,
                    tags: [.unnecessary]))
        }
    }
}
