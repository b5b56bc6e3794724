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
        target's INFOPLIST_FILE names, with the keys its build settings add.
        """
    public let category = RuleCategory.project
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.entitlements] }
    public let examples: [RuleExample] = [
        .triggering("""
            <plist version="1.0">
            <dict>
            	<key>↓com.apple.developer.healthkit</key>
            	<true/>
            </dict>
            </plist>

            """, path: "App.entitlements", project: ExampleProject(companion: ["CFBundleName": ["App"]])),
        .nonTriggering(ExampleText.dict("\t<key>com.apple.developer.healthkit</key>\n\t<true/>\n"), path: "App.entitlements",
                       project: ExampleProject(settings: "GENERATE_INFOPLIST_FILE = YES\nINFOPLIST_KEY_NSHealthShareUsageDescription = Show your steps\n", companion: [:])),
    ]
    /// Entitlement → the purpose strings (any of them) it needs.
    static let needs: [String: [String]] = [
        "com.apple.developer.healthkit": ["NSHealthShareUsageDescription", "NSHealthUpdateUsageDescription"],
        "com.apple.developer.nfc.readersession.formats": ["NFCReaderUsageDescription"],
    ]
    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let project = context.project, project.role == .entitlements, let companion = project.companion,
              let root = context.rootDictionary else { return }
        let present = Set(companion.keys.keys.map { KeySuffix.split($0).base })
        for entry in root.entries {
            guard let key = entry.key, let needed = Self.needs[key.text], !needed.contains(where: present.contains) else { continue }
            if entry.value?.boolValue == false { continue }
            out.append(diagnostic("'\(key.text)' needs '\(needed[0])' in the Info.plist of \(project.targetNames) ('\(ProjectPath.lastComponent(companion.path))'), which lacks it",
                                  key.textRange))
        }
    }
}
