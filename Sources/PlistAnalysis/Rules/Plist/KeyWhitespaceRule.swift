// plist-key-whitespace: `<key>NSCameraUsageDescription\n\t</key>`, a key with blanks at its edges.
import PlistSchema
import PlistSyntax

public struct KeyWhitespaceRule: Rule {
    public let id = "plist-key-whitespace"
    public let title = "A key that starts or ends with white space"
    public let rationale = """
        Foundation keeps every character between `<key>` and `</key>`, blanks included: with a line \
        break between `NSCameraUsageDescription` and `</key>` the key is \
        `"NSCameraUsageDescription\\n"`, which nothing reads, so the app has no camera purpose string \
        although the file seems to hold one. The message names the blanks, which cannot be seen. The rules that check known keys do not take such a key \
        for the one it looks like. Trimming the key is offered, never applied by fix-all: it changes \
        what the system reads (docs/safe-fixes.md). Not offered when the dictionary already holds \
        the trimmed key. Reported in the dictionaries whose keys plist-lsp knows (Info.plist, \
        entitlements, privacy manifests), not in those whose keys you choose.
        """
    public let category = RuleCategory.structure
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.infoPlist, .entitlements, .privacyManifest, .launchdJob] }
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓NSCameraUsageDescription
            	</key>
            	<string>Scans receipts.</string>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>NSCameraUsageDescription</key>
                	<string>Scans receipts.</string>
                </dict>
                </plist>

                """),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓ com.apple.security.app-sandbox</key>
            	<true/>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>com.apple.security.app-sandbox</key>
                	<true/>
                </dict>
                </plist>

                """, path: "App.entitlements"),
        .nonTriggering(ExampleText.validInfoPlist),
        .nonTriggering(
            ExampleText.dict("\t<key>LSEnvironment</key>\n\t<dict>\n\t\t<key>MY VARIABLE </key>\n\t\t<string>1</string>\n\t</dict>\n")),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        for info in context.keys where !info.parentAllowsCustomKeys {
            guard let blanks = info.keyWhitespace else { continue }
            let trimmed = blanks.trimmed
            let known = context.schema.definition(for: trimmed, at: info.parent, domain: context.domain) != nil
            let reads = "the system reads the key with \(blanks.leading.count + blanks.trailing.count == 1 ? "it" : "them")"
            var message = "Key '\(trimmed)' \(blanks.description): \(reads)"
            message += known ? ", so '\(trimmed)' is not set" : ", not '\(trimmed)'"
            let present = info.dictionary.keys.contains(trimmed)
            if present { message += " (the dictionary also holds '\(trimmed)')" }
            let fixes =
                present
                ? [] : [Fix(title: "Trim the key to '\(trimmed)'", edits: [edits.renaming(info.key, to: trimmed)], isPreferred: true)]
            out.append(diagnostic(message, info.key.textRange, fixes: fixes))
        }
    }
}
