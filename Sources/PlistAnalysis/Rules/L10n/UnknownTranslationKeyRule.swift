// l10n-unknown-key: a translation of a key the Info.plist does not have.
import PlistSyntax

public struct UnknownTranslationKeyRule: Rule {
    public let id = "l10n-unknown-key"
    public let title = "A translation of a key the Info.plist does not have"
    public let rationale = """
        A translation is looked up by the key (or, for document type names and shortcut titles, by \
        the text) the Info.plist holds. An entry for a key the Info.plist no longer has, or never \
        had, is read by nothing: usually a key removed from the Info.plist or renamed, whose \
        translations were left behind. Keys the build adds (`INFOPLIST_KEY_*` settings of a \
        generated Info.plist) count as present, and so do the bundle's names and copyright, which the \
        system reads from the translation alone.
        """
    public var category: RuleCategory { .localization }
    public var fileKinds: Set<FileKind> { FileKind.translationKinds }
    public let defaultSeverity = Finding.Severity.information
    static let plist =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>NSCameraUsageDescription</key>\n\t<string>Scan codes with the camera.</string>\n</dict>\n</plist>\n"
    public var examples: [RuleExample] {
        [
            .triggering(
                """
                "NSCameraUsageDescription" = "Kamera für Codes";
                ↓"NSMicrophoneUsageDescription" = "Mikrofon für Notizen";

                """, path: "de.lproj/InfoPlist.strings", infoPlist: Self.plist),
            .nonTriggering(
                "\"NSCameraUsageDescription\" = \"Kamera für Codes\";\n", path: "de.lproj/InfoPlist.strings", infoPlist: Self.plist),
        ]
    }

    public init() {}

    /// The bundle's names and copyright: the build adds `CFBundleName` to every Info.plist, and the
    /// system reads these from the translation whether or not the Info.plist file holds them.
    static let bundleTexts: Set<String> = [
        "CFBundleName", "CFBundleDisplayName", "CFBundleSpokenName", "NSHumanReadableCopyright", "CFBundleGetInfoString",
    ]

    public func check(_ context: TranslationContext, into out: inout [Finding]) {
        guard let root = context.infoPlist?.root, root.kind == .dictionary else { return }
        // By exact scalars: `café` decomposed does not translate a key `café` precomposed.
        let present = Set(root.keys.map(ExactText.init)).union(context.plistKeys.keys).union(context.plistStrings).union(
            context.externalKeys.map(ExactText.init))
        for (key, range) in context.keys
        where !present.contains(ExactText(key)) && !Self.bundleTexts.contains(key) && DisplayNameKeyRule.rawKey(forDisplayName: key) == nil
        {
            out.append(diagnostic("the Info.plist has no '\(key)': nothing reads this translation", range, tags: [.unnecessary]))
        }
    }
}
