// entitlement-conflict: entitlements that contradict each other.
import PlistSchema
import PlistSyntax

public struct EntitlementConflictRule: Rule {
    public let id = "entitlement-conflict"
    public let title = "Entitlements that contradict each other"
    public let rationale = """
        Some entitlements only make sense together, or not at all: a sandbox folder access both \
        `….read-only` and `….read-write` (Xcode offers one or the other; read-write already reads); \
        `aps-environment` and `com.apple.developer.aps-environment` naming different environments; \
        CloudKit in `com.apple.developer.icloud-services` with no container in \
        `com.apple.developer.icloud-container-identifiers` (there is nothing to connect to); a helper \
        with `com.apple.security.inherit`, which may hold no entitlement but `app-sandbox` and \
        `inherit`. The fix for the first removes the read-only entitlement, which keeps every access; \
        it is offered, never applied by fix-all. The others need the developer's choice.
        """
    public let category = RuleCategory.entitlements
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.entitlements] }
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>com.apple.security.app-sandbox</key>
            	<true/>
            	<key>↓com.apple.security.files.user-selected.read-only</key>
            	<true/>
            	<key>com.apple.security.files.user-selected.read-write</key>
            	<true/>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>com.apple.security.app-sandbox</key>
                	<true/>
                	<key>com.apple.security.files.user-selected.read-write</key>
                	<true/>
                </dict>
                </plist>

                """, path: EntitlementExample.path),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓com.apple.developer.icloud-services</key>
            	<array>
            		<string>CloudKit</string>
            	</array>
            </dict>
            </plist>

            """, path: EntitlementExample.path),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>com.apple.security.app-sandbox</key>
            	<true/>
            	<key>com.apple.security.inherit</key>
            	<true/>
            	<key>↓com.apple.security.network.client</key>
            	<true/>
            </dict>
            </plist>

            """, path: EntitlementExample.path),
        EntitlementExample.nonTriggering(
            "\t<key>com.apple.developer.icloud-services</key>\n\t<array>\n\t\t<string>CloudKit</string>\n\t</array>\n\t<key>com.apple.developer.icloud-container-identifiers</key>\n\t<array>\n\t\t<string>iCloud.com.example.app</string>\n\t</array>\n"
        ),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = context.rootDictionary else { return }
        let edits = EditBuilder(context.text)
        func entry(_ key: String) -> PlistEntry? { root.entries.last { $0.key.map { ExactText.equal($0.text, key) } == true } }
        func isTrue(_ key: String) -> Bool { entry(key)?.value?.boolValue == true }

        for e in root.entries {
            guard let key = e.key, key.text.hasSuffix(".read-only"), e.value?.boolValue == true else { continue }
            let readWrite = String(key.text.dropLast(".read-only".count)) + ".read-write"
            guard isTrue(readWrite), let other = entry(readWrite)?.key else { continue }
            let fix = Fix(title: "Remove '\(key.text)'", edits: [edits.removing(e)], isPreferred: true)
            out.append(
                diagnostic(
                    "'\(key.text)' and '\(readWrite)' are both set: read-write already allows reading, keep one",
                    key.textRange, related: [(message: "read-write access", range: other.textRange)], fixes: [fix]))
        }

        if let ios = entry("aps-environment"), let mac = entry("com.apple.developer.aps-environment"),
            let a = ios.value?.text?.trimmedForRules, let b = mac.value?.text?.trimmedForRules, a != b,
            !BuildSettingReference.occurs(in: a), !BuildSettingReference.occurs(in: b), let key = mac.key, let first = ios.key
        {
            out.append(
                diagnostic(
                    "com.apple.developer.aps-environment is '\(b)' but aps-environment is '\(a)': the app registers with one push environment",
                    key.textRange, related: [(message: "aps-environment", range: first.textRange)]))
        }

        if let services = entry("com.apple.developer.icloud-services"), let list = services.value, list.kind == .array,
            list.items.contains(where: { $0.trimmedText == "CloudKit" }), let key = services.key
        {
            let containers = entry("com.apple.developer.icloud-container-identifiers")?.value
            if containers == nil || containers?.kind == .array && containers?.items.isEmpty == true {
                out.append(
                    diagnostic(
                        "CloudKit is on but com.apple.developer.icloud-container-identifiers lists no container: add the container the app uses (iCloud.…)",
                        key.textRange))
            }
        }

        if isTrue("com.apple.security.inherit") {
            let allowed: Set<String> = ["com.apple.security.app-sandbox", "com.apple.security.inherit"]
            for e in root.entries {
                guard let key = e.key, !allowed.contains(key.text) else { continue }
                out.append(
                    diagnostic(
                        "'\(key.text)' beside com.apple.security.inherit: a helper that inherits its parent's sandbox may hold only app-sandbox and inherit",
                        key.textRange))
            }
        }
    }
}
