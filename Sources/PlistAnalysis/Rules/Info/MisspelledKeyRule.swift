// info-misspelled-key: a known key in the wrong letter case, a recorded misspelling, or one or two
// letters away from a key that belongs here. Entitlements have the same check (Entitlement/).
import PlistSchema
import PlistSyntax

public struct MisspelledKeyRule: IdentifiedRule {
    public let identity: RuleIdentity
    public let defaultSeverity = Finding.Severity.warning

    /// The Info.plist rule.
    public init() {
        self.init(
            RuleIdentity(
                id: "info-misspelled-key", title: "A misspelled known key",
                rationale: """
                    Keys are case-sensitive and the system ignores a key it does not know, so \
                    `NSCameraUsageDescriptions` or `nsappTransportSecurity` silently does nothing. Reported for a \
                    different letter case, for misspellings seen in Apple's texts and in the wild, and for unknown \
                    keys one or two edits away from a key that belongs in the same dictionary. The rename is offered, \
                    never applied by fix-all: it makes an ignored value take effect, which changes what the system \
                    reads (docs/safe-fixes.md); onto a security setting (`NSAllowsArbitraryLoads`, …) it is not even \
                    the preferred fix.
                    """, category: .keys, fileKinds: [.infoPlist],
                examples: [
                    .triggering(
                        """
                        <plist version="1.0">
                        <dict>
                        	<key>↓NSCameraUsageDescriptions</key>
                        	<string>Scan receipts.</string>
                        </dict>
                        </plist>

                        """,
                        fixed: """
                            <plist version="1.0">
                            <dict>
                            	<key>NSCameraUsageDescription</key>
                            	<string>Scan receipts.</string>
                            </dict>
                            </plist>

                            """),
                    .triggering(
                        """
                        <plist version="1.0">
                        <dict>
                        	<key>↓LSRequiresiPhoneOS</key>
                        	<true/>
                        </dict>
                        </plist>

                        """,
                        fixed: """
                            <plist version="1.0">
                            <dict>
                            	<key>LSRequiresIPhoneOS</key>
                            	<true/>
                            </dict>
                            </plist>

                            """),
                    .triggering(
                        """
                        <plist version="1.0">
                        <dict>
                        	<key>↓UISupportedInterfaceOrientation</key>
                        	<array/>
                        </dict>
                        </plist>

                        """,
                        fixed: """
                            <plist version="1.0">
                            <dict>
                            	<key>UISupportedInterfaceOrientations</key>
                            	<array/>
                            </dict>
                            </plist>

                            """),
                    .nonTriggering(ExampleText.dict("\t<key>MyCompanyAPIEndpoint</key>\n\t<string>https://example.com</string>\n")),
                    .nonTriggering(ExampleText.dict("\t<key>UISupportedInterfaceOrientations~ipad</key>\n\t<array/>\n")),
                ]))
    }

    /// The same check under another identity, for the keys of other kinds of file.
    init(_ identity: RuleIdentity) {
        self.identity = identity
    }

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        for info in context.keys {
            let name = info.key.text
            if let match = info.match, match.kind != .exact {
                let correct = match.definition.name + (match.suffix?.description ?? "")
                guard !ExactText.equal(correct, name) else { continue }
                // Canonically equal but other scalars (a KELVIN SIGN for `K`, a decomposed `é`):
                // the system compares keys by their exact characters.
                let why =
                    correct == name
                    ? "it has other Unicode characters that look the same; keys are compared character by character"
                    : match.kind == .caseInsensitive ? "keys are case-sensitive" : "a known misspelling"
                // Renaming onto a security setting makes its value take effect (a misspelled
                // NSAllowsArbitraryLoads is ignored today): offered, never applied by fix-all.
                let security = match.definition.securitySensitive
                let fix = Fix(title: "Rename to '\(correct)'", edits: [edits.renaming(info.key, to: correct)], isPreferred: !security)
                out.append(diagnostic("'\(name)' should be '\(correct)' (\(why))", info.key.textRange, fixes: [fix]))
                continue
            }
            guard info.match == nil, !info.parentAllowsCustomKeys, let near = info.nearMiss else { continue }
            let security = context.schema.lookup(near, at: info.parent, domain: context.domain)?.definition.securitySensitive ?? false
            let fix = Fix(title: "Rename to '\(near)'", edits: [edits.renaming(info.key, to: near)], isPreferred: !security, isSafe: false)
            out.append(diagnostic("Unknown key '\(name)': did you mean '\(near)'?", info.key.textRange, fixes: [fix]))
        }
    }
}
