// project-entitlement-purpose-string: an entitlement whose purpose string the target's Info.plist lacks.
import PlistSchema
import PlistSyntax
import XcodeProject

public struct EntitlementPurposeStringRule: Rule {
    public let id = "project-entitlement-purpose-string"
    public let title = "An entitlement needs a purpose string the target's Info.plist lacks"
    public let rationale = """
        An app signed with the HealthKit entitlement must say why it reads health data \
        (`NSHealthShareUsageDescription`), and one signed for NFC tag reading why it scans tags \
        (`NFCReaderUsageDescription`): without the purpose string the system terminates the app \
        when it asks, and App Store Connect rejects the upload. The Info.plist read is the one the \
        target's INFOPLIST_FILE names, with the keys its build settings add. When that file or an \
        .xcconfig that may add the key cannot be read, whether the target has the purpose string \
        is unknown: `project-evidence-unknown` says so instead.
        """
    public let category = RuleCategory.project
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.entitlements] }
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓com.apple.developer.healthkit</key>
            	<true/>
            </dict>
            </plist>

            """, path: "App.entitlements", project: ExampleProject(companion: ["CFBundleName": ["App"]])),
        .nonTriggering(
            ExampleText.dict("\t<key>com.apple.developer.healthkit</key>\n\t<true/>\n"), path: "App.entitlements",
            project: ExampleProject(
                settings: "GENERATE_INFOPLIST_FILE = YES\nINFOPLIST_KEY_NSHealthShareUsageDescription = Show your steps\n", companion: [:])),
    ]
    /// Entitlement → the purpose strings (any of them) it needs.
    static let needs: [String: [String]] = [
        "com.apple.developer.healthkit": ["NSHealthShareUsageDescription", "NSHealthUpdateUsageDescription"],
        "com.apple.developer.nfc.readersession.formats": ["NFCReaderUsageDescription"],
    ]
    public init() {}

    /// An entitlement whose purpose string the target's Info.plist, as read, lacks.
    struct Gap {
        let range: Range<Int>
        /// `'com.apple.developer.healthkit' needs 'NSHealthShareUsageDescription' in the Info.plist of App`.
        let need: String
        /// Why the Info.plist's keys are not known, if they are not.
        let unknown: String?
    }

    static func gaps(_ context: RuleContext) -> [Gap] {
        guard let project = context.project, project.role == .entitlements, project.companion != nil || project.companionUnknown != nil,
            let root = context.rootDictionary
        else { return [] }
        let present = ExactNames((project.companion?.keys.keys.map { $0 } ?? []).map { KeySuffix.split($0).base })
        let settings = project.settings
        var out: [Gap] = []
        for entry in root.entries {
            guard let key = entry.key, let needed = needs[key.text], !needed.contains(where: present.contains) else { continue }
            if entry.value?.boolValue == false { continue }
            var unknown = project.companionUnknown
            // The key may be set by an INFOPLIST_KEY_ setting in an .xcconfig that cannot be read.
            if unknown == nil, !settings.unreadFiles.isEmpty,
                settings.isYes("GENERATE_INFOPLIST_FILE") || settings.mayBeSetByUnreadFiles("GENERATE_INFOPLIST_FILE")
            {
                unknown =
                    "INFOPLIST_KEY_\(needed[0]) may be set where the project cannot be read (\(ProjectInput.unreadable(settings.unreadFiles)))"
            }
            out.append(
                Gap(
                    range: key.textRange, need: "'\(key.text)' needs '\(needed[0])' in the Info.plist of \(project.targetNames)",
                    unknown: unknown))
        }
        return out
    }

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let project = context.project, let companion = project.companion else { return }
        // An Info.plist that cannot be read is project-evidence-unknown's: never said to be lacking.
        for gap in Self.gaps(context) where gap.unknown == nil {
            out.append(diagnostic("\(gap.need) ('\(ProjectPath.lastComponent(companion.path))'), which lacks it", gap.range))
        }
    }
}
