// plist-root-not-dictionary: Info.plist, entitlements and privacy manifests are dictionaries.
import PlistSyntax

public struct RootNotDictionaryRule: Rule {
    public let id = "plist-root-not-dictionary"
    public let title = "The root value is not a dictionary"
    public let rationale =
        "An Info.plist, an entitlements file and a privacy manifest are each one dictionary of keys; a file with an array or a string at its root is not read at all."
    public let category = RuleCategory.structure
    public let defaultSeverity = Finding.Severity.error
    public var fileKinds: Set<FileKind> { [.infoPlist, .entitlements, .privacyManifest, .launchdJob] }
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            ↓<array>
            	<string>x</string>
            </array>
            </plist>

            """),
        .nonTriggering("<plist version=\"1.0\">\n<array>\n\t<string>x</string>\n</array>\n</plist>\n", path: "Settings.plist"),
        .nonTriggering(ExampleText.validInfoPlist),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = context.document.root, root.kind != .dictionary else { return }
        let what: String
        switch context.fileKind {
        case .entitlements: what = "An entitlements file"
        case .privacyManifest: what = "A privacy manifest"
        case .launchdJob: what = "A launchd job"
        case .configurationProfile: what = "A configuration profile"
        default: what = "An Info.plist"
        }
        out.append(
            diagnostic(
                "\(what) must hold a <dict> at its root, not <\(context.string(root.element.nameRange(in: context.text)))>",
                root.element.startTagRange))
    }
}
