// info-removed-key: a key the system no longer reads (removed, ignored or unsupported).
import PlistSchema
import PlistSyntax

public struct RemovedKeyRule: Rule {
    public let id = "info-removed-key"
    public let title = "A removed or unsupported key"
    public let rationale = """
        Removed keys are no longer read at all (Newsstand, Classic, the iOS 9 `NSThirdParty…` ATS \
        keys); unsupported keys are not read on the platforms where they are used. They mislead whoever reads the file. The \
        fix renames the key to its successor when there is one, else removes the entry.
        """
    public let category = RuleCategory.keys
    public let defaultSeverity = Finding.Severity.warning
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>NSAppTransportSecurity</key>
            	<dict>
            		<key>NSExceptionDomains</key>
            		<dict>
            			<key>example.com</key>
            			<dict>
            				<key>↓NSThirdPartyExceptionAllowsInsecureHTTPLoads</key>
            				<true/>
            			</dict>
            		</dict>
            	</dict>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>NSAppTransportSecurity</key>
                	<dict>
                		<key>NSExceptionDomains</key>
                		<dict>
                			<key>example.com</key>
                			<dict>
                				<key>NSExceptionAllowsInsecureHTTPLoads</key>
                				<true/>
                			</dict>
                		</dict>
                	</dict>
                </dict>
                </plist>

                """),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>CFBundleName</key>
            	<string>Demo</string>
            	<key>↓UINewsstandApp</key>
            	<true/>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>CFBundleName</key>
                	<string>Demo</string>
                </dict>
                </plist>

                """),
        .nonTriggering(ExampleText.validInfoPlist),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        let obsolete = ObsoleteContainers(context)
        for info in context.keys {
            guard let def = info.definition, !obsolete.contains(info) else { continue }
            let kind = def.status.kind
            guard kind == .removed || kind == .unsupported else { continue }
            let verb = kind == .removed ? "was removed" : "is not supported"
            var message = "'\(def.name)' \(verb)" + (def.status.since.map { " since \($0)" } ?? "") + " and has no effect"
            var fix: Fix
            if let successor = def.status.successor, !info.dictionary.keys.contains(successor) {
                message += ": use '\(successor)'"
                fix = Fix(title: "Rename to '\(successor)'", edits: [edits.renaming(info.key, to: successor)], isPreferred: true)
            } else {
                fix = Fix(title: "Remove '\(def.name)'", edits: [edits.removing(info.entry)], isPreferred: true)
            }
            out.append(diagnostic(message, info.key.textRange, tags: [.deprecated, .unnecessary], fixes: [fix]))
        }
    }
}
