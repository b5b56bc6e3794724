// privacy-unknown-key: a key a privacy manifest may not hold.
import PlistSchema
import PlistSyntax

public struct UnknownManifestKeyRule: Rule {
    public let id = "privacy-unknown-key"
    public let title = "A key privacy manifests do not have"
    public let rationale = """
        A privacy manifest holds only Apple's keys: `NSPrivacyTracking`, `NSPrivacyTrackingDomains`, \
        `NSPrivacyCollectedDataTypes` and `NSPrivacyAccessedAPITypes` at the top, and the documented \
        keys inside their entries. App Store Connect refuses a manifest with any other key \
        (ITMS-91056), and a misspelled key leaves its declaration unread. A key in the wrong letter \
        case or one or two letters from a key that belongs there gets a rename fix; a value written as \
        a key (`<key>NSPrivacyAccessedAPICategoryUserDefaults</key>`) is named as such. Fixes are \
        offered, never applied by fix-all.
        """
    public let category = RuleCategory.privacyManifest
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.privacyManifest] }
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓NSPrivacyTrackingDomain</key>
            	<array/>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>NSPrivacyTrackingDomains</key>
                	<array/>
                </dict>
                </plist>

                """, path: PrivacyExample.path),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>NSPrivacyAccessedAPITypes</key>
            	<array>
            		<dict>
            			<key>↓NSPrivacyAccessedAPICategoryUserDefaults</key>
            			<string>CA92.1</string>
            		</dict>
            	</array>
            </dict>
            </plist>

            """, path: PrivacyExample.path),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓NSPrivacyCollectedDataTypeLinked</key>
            	<false/>
            </dict>
            </plist>

            """, path: PrivacyExample.path),
        .nonTriggering(PrivacyExample.api("NSPrivacyAccessedAPICategoryUserDefaults", reasons: ["CA92.1"]), path: PrivacyExample.path),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        let why = "App Store Connect refuses privacy manifests with keys it does not expect"
        for info in context.keys where info.definition == nil && !info.parentAllowsCustomKeys && info.keyWhitespace == nil {
            let name = info.key.text
            let placed = context.schema.keys(at: info.parent, domain: .privacyManifest)
            if let match = info.match {
                let correct = match.definition.name
                let fix = Fix(title: "Rename to '\(correct)'", edits: [edits.renaming(info.key, to: correct)], isPreferred: true)
                out.append(diagnostic("'\(name)' should be '\(correct)' (keys are case-sensitive)", info.key.textRange, fixes: [fix]))
            } else if let near = info.nearMiss {
                let fix = Fix(title: "Rename to '\(near)'", edits: [edits.renaming(info.key, to: near)], isPreferred: true)
                out.append(diagnostic("Unknown key '\(name)': did you mean '\(near)'?", info.key.textRange, fixes: [fix]))
            } else if let owner = placed.first(where: { $0.values.contains { $0.value == name } }) {
                out.append(
                    diagnostic(
                        "'\(name)' is a value of \(owner.name), not a key: write <key>\(owner.name)</key> and this as its <string>; \(why)",
                        info.key.textRange))
            } else if let home = context.schema.definitions(named: name).first(where: { $0.domain == .privacyManifest }) {
                out.append(diagnostic("'\(name)' belongs \(KeyPathPattern.places(home.placements)), not here; \(why)", info.key.textRange))
            } else {
                out.append(diagnostic("'\(name)' is not a privacy-manifest key: \(why)", info.key.textRange))
            }
        }
    }
}
