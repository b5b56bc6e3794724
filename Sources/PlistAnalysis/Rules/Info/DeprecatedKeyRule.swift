// info-deprecated-key: a key the system still reads but that has a successor or is on its way out.
import PlistSchema
import PlistSyntax

public struct DeprecatedKeyRule: Rule {
    public let id = "info-deprecated-key"
    public let title = "A deprecated or ignored key"
    public let rationale = """
        Deprecated keys still work on some systems but are on their way out; ignored keys (such as \
        `UIPrerenderedIcon` since iOS 7) are harmless but read by no current system. When the successor is \
        already in the same dictionary the old key is kept for older systems and not reported. The fix \
        renames the key to its successor (not applied by fix-all: it drops support for older systems). \
        A deprecated dictionary or array is reported once: the keys inside it are not reported again.
        """
    public let category = RuleCategory.keys
    public let defaultSeverity = Finding.Severity.information
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓NSLocationAlwaysUsageDescription</key>
            	<string>Track your runs.</string>
            	<key>NSLocationWhenInUseUsageDescription</key>
            	<string>Track your runs.</string>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>NSLocationAlwaysAndWhenInUseUsageDescription</key>
                	<string>Track your runs.</string>
                	<key>NSLocationWhenInUseUsageDescription</key>
                	<string>Track your runs.</string>
                </dict>
                </plist>

                """),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓CFBundleGetInfoString</key>
            	<string>Demo 1.0</string>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>NSHumanReadableCopyright</key>
                	<string>Demo 1.0</string>
                </dict>
                </plist>

                """),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓UIStatusBarTintParameters</key>
            	<dict>
            		<key>UINavigationBar</key>
            		<dict>
            			<key>Style</key>
            			<string>UIBarStyleDefault</string>
            			<key>Translucent</key>
            			<false/>
            		</dict>
            	</dict>
            </dict>
            </plist>

            """),
        .nonTriggering(
            ExampleText.dict(
                "\t<key>NSLocationAlwaysUsageDescription</key>\n\t<string>Track your runs.</string>\n\t<key>NSLocationAlwaysAndWhenInUseUsageDescription</key>\n\t<string>Track your runs.</string>\n\t<key>NSLocationWhenInUseUsageDescription</key>\n\t<string>Track your runs.</string>\n"
            )),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        let obsolete = ObsoleteContainers(context)
        for info in context.keys {
            guard let def = info.definition, def.status.kind == .deprecated || def.status.kind == .ignored, !obsolete.contains(info) else {
                continue
            }
            let keys = info.dictionary.keys
            var message =
                "'\(def.name)' is \(def.status.kind == .ignored ? "ignored" : "deprecated")"
                + (def.status.since.map { " since \($0)" } ?? "")
            var fixes: [Fix] = []
            if let successor = def.status.successor {
                if keys.contains(successor) { continue }
                message += ": use '\(successor)'"
                fixes.append(Fix(title: "Rename to '\(successor)'", edits: [edits.renaming(info.key, to: successor)], isPreferred: true))
            }
            out.append(diagnostic(message, info.key.textRange, tags: [.deprecated], fixes: fixes))
        }
    }
}
