// info-unexpected-key: an unknown key inside a dictionary the system reads as a fixed set of keys
// (App Transport Security and its exception domains, UILaunchScreen, the scene manifest, document
// and URL types, NSExtension, …): there a key the system does not know is a mistake, not a custom key.
import PlistSchema
import PlistSyntax

public struct UnexpectedKeyRule: Rule {
    public let id = "info-unexpected-key"
    public let title = "An unknown key where the system reads a fixed set"
    public let rationale = """
        Some dictionaries hold only the keys the system defines for them: App Transport Security and \
        each exception domain, `UILaunchScreen`, the scene manifest and its configurations, document \
        types, URL types, `NSExtension`. A key the system does not define there is silently ignored, \
        so it is almost always a typo or a key put one level too high or too low. The fix renames it \
        to the nearest key of that dictionary (offered, never applied by fix-all: it makes an ignored \
        value take effect). A key one or two letters off is reported as `info-misspelled-key` instead; \
        a known key of another place as `info-misplaced-key`.
        """
    public let category = RuleCategory.keys
    public let defaultSeverity = Finding.Severity.warning
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>UILaunchScreen</key>
            	<dict>
            		<key>↓UIBackgroundColor</key>
            		<string>LaunchBackground</string>
            	</dict>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>UILaunchScreen</key>
                	<dict>
                		<key>UIColorName</key>
                		<string>LaunchBackground</string>
                	</dict>
                </dict>
                </plist>

                """),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>CFBundleURLTypes</key>
            	<array>
            		<dict>
            			<key>CFBundleURLSchemes</key>
            			<array>
            				<string>demo</string>
            			</array>
            			<key>↓URLScheme</key>
            			<string>demo</string>
            		</dict>
            	</array>
            </dict>
            </plist>

            """),
        .nonTriggering(
            ExampleText.dict(
                "\t<key>UILaunchScreen</key>\n\t<dict>\n\t\t<key>UIColorName</key>\n\t\t<string>LaunchBackground</string>\n\t</dict>\n\t<key>MyCompanyAPIEndpoint</key>\n\t<string>https://example.com</string>\n"
            )),
        .nonTriggering(
            ExampleText.dict(
                "\t<key>NSExtension</key>\n\t<dict>\n\t\t<key>NSExtensionAttributes</key>\n\t\t<dict>\n\t\t\t<key>MyWidgetOption</key>\n\t\t\t<true/>\n\t\t</dict>\n\t</dict>\n"
            )),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        for info in context.keys where info.match == nil && info.parentHasFixedKeys && info.nearMiss == nil && info.keyWhitespace == nil {
            let base = KeySuffix.split(info.key.text).base
            // A known key of another place is info-misplaced-key's.
            if !context.schema.definitions(named: base).filter({ $0.domain == context.domain }).isEmpty { continue }
            var message = "'\(info.key.text)' is not a key of \(info.parent.displayName): the system reads only its own keys there"
            var fixes: [Fix] = []
            let present = ExactNames(info.dictionary.keys)
            if let nearest = context.schema.suggestions(for: base, at: info.parent, domain: context.domain, limit: 8)
                .first(where: { $0.definition.isPlaced(at: info.parent) && !present.contains($0.definition.name) })
            {
                let name = nearest.definition.name
                message += "; did you mean '\(name)'?"
                fixes.append(
                    Fix(
                        title: "Rename to '\(name)'", edits: [edits.renaming(info.key, to: name)],
                        isPreferred: !nearest.definition.securitySensitive, isSafe: false))
            }
            out.append(diagnostic(message, info.key.textRange, fixes: fixes))
        }
    }
}
