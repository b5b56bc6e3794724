// privacy-invalid-reason: a required-reason code that is not one of its API category's reasons.
import PlistSchema
import PlistSyntax

public struct InvalidReasonRule: Rule {
    public let id = "privacy-invalid-reason"
    public let title = "A reason code that does not belong to its API category"
    public let rationale = """
        Each reason code Apple approves belongs to one API category: `CA92.1` is a reason for \
        `NSPrivacyAccessedAPICategoryUserDefaults`, `35F9.1` one for `…SystemBootTime`. App Store \
        Connect refuses a manifest whose entry names a reason of another category, or something that is \
        not a reason code at all (an API name, a category), as an invalid manifest (ITMS-91056). A code \
        one letter away from one of the category's codes, or in the wrong letter case, gets a fix to \
        that code (offered, never applied by fix-all). A well-formed code plist-lsp does not know \
        (four hexadecimal digits, a dot, a number) is only a hint: Apple adds codes from time to time.
        """
    public let category = RuleCategory.privacyManifest
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.privacyManifest] }
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>NSPrivacyAccessedAPITypes</key>
            	<array>
            		<dict>
            			<key>NSPrivacyAccessedAPIType</key>
            			<string>NSPrivacyAccessedAPICategoryUserDefaults</string>
            			<key>NSPrivacyAccessedAPITypeReasons</key>
            			<array>
            				↓<string>35F9.1</string>
            			</array>
            		</dict>
            	</array>
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
            			<key>NSPrivacyAccessedAPIType</key>
            			<string>NSPrivacyAccessedAPICategoryUserDefaults</string>
            			<key>NSPrivacyAccessedAPITypeReasons</key>
            			<array>
            				↓<string>ca92.1</string>
            			</array>
            		</dict>
            	</array>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>NSPrivacyAccessedAPITypes</key>
                	<array>
                		<dict>
                			<key>NSPrivacyAccessedAPIType</key>
                			<string>NSPrivacyAccessedAPICategoryUserDefaults</string>
                			<key>NSPrivacyAccessedAPITypeReasons</key>
                			<array>
                				<string>CA92.1</string>
                			</array>
                		</dict>
                	</array>
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
            			<key>NSPrivacyAccessedAPIType</key>
            			<string>NSPrivacyAccessedAPICategoryFileTimestamp</string>
            			<key>NSPrivacyAccessedAPITypeReasons</key>
            			<array>
            				↓<string>creationDate</string>
            			</array>
            		</dict>
            	</array>
            </dict>
            </plist>

            """, path: PrivacyExample.path),
        .nonTriggering(
            PrivacyExample.api("NSPrivacyAccessedAPICategoryUserDefaults", reasons: ["CA92.1", "1C8F.1"]), path: PrivacyExample.path),
    ]

    public init() {}

    /// Apple's shape of a reason code: four hexadecimal digits, a dot, a number (`CA92.1`).
    static func isWellFormed(_ code: String) -> Bool {
        let parts = code.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].count == 4 && parts[0].allSatisfy(\.isHexDigit) && !parts[1].isEmpty
            && parts[1].allSatisfy(\.isASCIIDigit) && parts[0] == parts[0].uppercased()
    }

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        guard
            let reasons = context.schema.definition(
                for: PrivacyManifest.accessedAPIReasons, at: [.key(PrivacyManifest.accessedAPITypes), .index(0)],
                domain: .privacyManifest),
            let categories = context.schema.definition(
                for: PrivacyManifest.accessedAPIType, at: [.key(PrivacyManifest.accessedAPITypes), .index(0)],
                domain: .privacyManifest)
        else { return }
        for (_, entry) in PrivacyManifest.entries(of: PrivacyManifest.accessedAPITypes, in: context) {
            guard let category = PrivacyManifest.string(PrivacyManifest.accessedAPIType, in: entry),
                categories.values.contains(where: { $0.value == category }),
                let list = entry.value(forKey: PrivacyManifest.accessedAPIReasons), list.kind == .array
            else { continue }
            let own = reasons.values.filter { $0.onlyWith?.value == category }.map(\.value)
            for item in list.items where item.kind == .string {
                let code = item.trimmedText
                if code.isEmpty || BuildSettingReference.occurs(in: code) || own.contains(code) { continue }
                if let known = reasons.value(code), known.value == code, let home = known.onlyWith?.value {
                    out.append(
                        diagnostic(
                            "'\(code)' is a reason for \(home), not for \(category) (its reasons: \(own.joined(separator: ", ")))",
                            item.element.range))
                    continue
                }
                if let near = InvalidValueRule.suggestion(for: code, among: own, closed: false),
                    code.lowercased() == near.lowercased() || EditDistance.between(code, near) <= 1
                {
                    let fix = Fix(title: "Change to '\(near)'", edits: [edits.replacingContent(of: item, with: near)], isPreferred: true)
                    out.append(
                        diagnostic(
                            "'\(code)' is not a reason code of \(category): did you mean '\(near)'?", item.element.range, fixes: [fix]))
                } else if Self.isWellFormed(code) {
                    var note = diagnostic(
                        "'\(code)' is not a reason code plist-lsp knows for \(category) (known: \(own.joined(separator: ", "))); check Apple's current list",
                        item.element.range)
                    note.severity = .hint
                    out.append(note)
                } else {
                    out.append(
                        diagnostic(
                            "'\(code)' is not a reason code: declare Apple's codes for \(category) (\(own.joined(separator: ", ")))",
                            item.element.range))
                }
            }
        }
    }
}
