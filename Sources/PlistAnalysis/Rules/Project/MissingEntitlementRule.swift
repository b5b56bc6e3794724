// project-missing-entitlement: the Info.plist asks for a capability its target's entitlements lack.
import PlistSchema
import PlistSyntax
import XcodeProject

public struct MissingEntitlementRule: Rule {
    public let id = "project-missing-entitlement"
    public let title = "The Info.plist uses a capability the target's entitlements do not grant"
    public let rationale = """
        Some Info.plist keys only work with an entitlement beside them in the same target: the \
        `remote-notification` background mode needs `aps-environment` (push notifications), \
        `NFCReaderUsageDescription` needs `com.apple.developer.nfc.readersession.formats`, and the \
        HealthKit usage descriptions need `com.apple.developer.healthkit`. Without the entitlement \
        the system never delivers the push, starts the NFC session or opens HealthKit. The project \
        says which entitlements file the target signs with (CODE_SIGN_ENTITLEMENTS). When that \
        file or the setting cannot be read (an .xcconfig missing from the checkout, a file not on \
        disk), whether the target has the entitlement is unknown: `project-evidence-unknown` says \
        so instead.
        """
    public let category = RuleCategory.project
    public let defaultSeverity = Finding.Severity.warning
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>UIBackgroundModes</key>
            	<array>
            		↓<string>remote-notification</string>
            	</array>
            </dict>
            </plist>

            """, project: ExampleProject(companion: [:])),
        .nonTriggering(
            ExampleText.dict("\t<key>UIBackgroundModes</key>\n\t<array>\n\t\t<string>remote-notification</string>\n\t</array>\n"),
            project: ExampleProject(companion: ["aps-environment": ["development"]])),
    ]
    /// Info.plist key → the entitlements (any of them) it needs.
    static let needs: [String: [String]] = [
        "NFCReaderUsageDescription": ["com.apple.developer.nfc.readersession.formats"],
        "NSHealthShareUsageDescription": ["com.apple.developer.healthkit"],
        "NSHealthUpdateUsageDescription": ["com.apple.developer.healthkit"],
    ]
    static let push = ["aps-environment", "com.apple.developer.aps-environment"]
    public init() {}

    /// A key of the Info.plist that needs an entitlement the target's entitlements, as read, lack.
    struct Gap {
        let range: Range<Int>
        /// `'NFCReaderUsageDescription' needs the 'com.apple.developer.nfc.readersession.formats' entitlement`.
        let need: String
    }

    /// The keys of the Info.plist `context` checks that need an entitlement its target's entitlements
    /// (as read: none when they cannot be) do not hold.
    static func gaps(_ context: RuleContext) -> [Gap] {
        guard let project = context.project, project.role == .infoPlist,
            project.productType.isApplication || project.productType.isAppExtension,
            let root = context.rootDictionary
        else { return [] }
        let granted = Set(project.companion?.keys.keys.map { $0 } ?? [])
        var out: [Gap] = []
        for entry in root.entries {
            guard let key = entry.key, let value = entry.value else { continue }
            let base = KeySuffix.split(key.text).base
            if base == "UIBackgroundModes", value.kind == .array,
                let item = value.items.first(where: { $0.kind == .string && $0.trimmedText == "remote-notification" }),
                !push.contains(where: granted.contains)
            {
                out.append(
                    Gap(
                        range: item.element.range, need: "The background mode 'remote-notification' needs the 'aps-environment' entitlement"
                    ))
            }
            if let needed = needs[base], !needed.contains(where: granted.contains) {
                out.append(Gap(range: key.textRange, need: "'\(base)' needs the '\(needed[0])' entitlement"))
            }
        }
        return out
    }

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        // Entitlements that cannot be read are project-evidence-unknown's: never said to be lacking.
        guard let project = context.project, project.companionUnknown == nil else { return }
        let file =
            project.companion.map { "'\(ProjectPath.lastComponent($0.path))'" }
            ?? "no entitlements file (CODE_SIGN_ENTITLEMENTS is not set)"
        for gap in Self.gaps(context) {
            out.append(diagnostic("\(gap.need), which \(project.targetNames) does not have (\(file))", gap.range))
        }
    }
}
