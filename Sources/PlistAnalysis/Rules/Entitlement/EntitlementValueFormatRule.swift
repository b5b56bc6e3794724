// entitlement-value-format: identifiers written in a form the entitlement does not take: an
// associated domain with a scheme, path or port; an app group without `group.`; an iCloud container
// without `iCloud.`; a merchant identifier without `merchant.`.
import PlistSchema
import PlistSyntax

public struct EntitlementValueFormatRule: Rule {
    public let id = "entitlement-value-format"
    public let title = "An identifier in the wrong form for its entitlement"
    public let rationale = """
        Several entitlements list identifiers with a fixed form, and one in another form matches \
        nothing: an associated domain is `service:host` (`applinks:example.com`, never \
        `applinks:https://example.com/path` or a port), with `*.` for subdomains and `?mode=…` for an \
        alternate mode; an app group is `group.<name>` (macOS also takes `<team ID>.<name>`); an iCloud \
        container is `iCloud.<name>`; an Apple Pay merchant identifier is `merchant.<name>`. Values that \
        begin with a build-setting reference (`$(TeamIdentifierPrefix)…`) are left alone. The fix \
        rewrites the value in the right form (strips the scheme, path or port; adds or corrects the \
        prefix); it is offered, never applied by fix-all, since the identifier must also be registered \
        under that name.
        """
    public let category = RuleCategory.entitlements
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.entitlements] }
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>com.apple.developer.associated-domains</key>
            	<array>
            		↓<string>applinks:https://example.com/</string>
            	</array>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>com.apple.developer.associated-domains</key>
                	<array>
                		<string>applinks:example.com</string>
                	</array>
                </dict>
                </plist>

                """, path: EntitlementExample.path),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>com.apple.security.application-groups</key>
            	<array>
            		↓<string>com.example.shared</string>
            	</array>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>com.apple.security.application-groups</key>
                	<array>
                		<string>group.com.example.shared</string>
                	</array>
                </dict>
                </plist>

                """, path: EntitlementExample.path),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>com.apple.developer.icloud-container-identifiers</key>
            	<array>
            		↓<string>icloud.com.example.app</string>
            	</array>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>com.apple.developer.icloud-container-identifiers</key>
                	<array>
                		<string>iCloud.com.example.app</string>
                	</array>
                </dict>
                </plist>

                """, path: EntitlementExample.path),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>com.apple.developer.associated-domains</key>
            	<array>
            		↓<string>applink:example.com</string>
            	</array>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>com.apple.developer.associated-domains</key>
                	<array>
                		<string>applinks:example.com</string>
                	</array>
                </dict>
                </plist>

                """, path: EntitlementExample.path),
        EntitlementExample.nonTriggering(Self.entry("com.apple.developer.associated-domains", "applinks:*.example.com?mode=developer")),
        EntitlementExample.nonTriggering(Self.entry("com.apple.security.application-groups", "ABCDE12345.com.example.shared")),
        EntitlementExample.nonTriggering(Self.entry("com.apple.security.application-groups", "$(TeamIdentifierPrefix)com.example.shared")),
    ]

    /// The entry `key` holding an array of the one string `item`.
    static func entry(_ key: String, _ item: String) -> String {
        "\t<key>\(key)</key>\n\t<array>\n\t\t<string>\(item)</string>\n\t</array>\n"
    }

    /// The services of associated domains.
    static let services = ["applinks", "webcredentials", "activitycontinuation", "appclips"]
    /// The alternate modes an associated domain may name.
    static let modes: Set<String> = ["developer", "managed", "developer+managed"]
    /// Identifier prefixes: the entitlement, the prefix, and whether a team ID prefix is accepted too.
    static let prefixes: [String: (prefix: String, teamID: Bool, what: String)] = [
        "com.apple.security.application-groups": ("group.", true, "An app group"),
        "com.apple.developer.icloud-container-identifiers": ("iCloud.", false, "An iCloud container"),
        "com.apple.developer.ubiquity-container-identifiers": ("iCloud.", true, "An iCloud container"),
        "com.apple.developer.in-app-payments": ("merchant.", false, "A merchant identifier"),
    ]

    public init() {}

    /// Whether `s` starts with a ten-character team ID and a dot (`ABCDE12345.`).
    static func hasTeamIDPrefix(_ s: String) -> Bool {
        let head = s.prefix(11)
        return head.count == 11 && head.last == "." && head.dropLast().allSatisfy { ($0.isASCII && $0.isUppercase) || $0.isASCIIDigit }
    }

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        for info in context.keys where info.parent.isEmpty {
            guard let name = info.definition?.name, let value = info.value, value.kind == .array else { continue }
            for item in value.items where item.kind == .string {
                let text = item.trimmedText
                // A value that begins with a reference gets its form from the build settings.
                if text.isEmpty || BuildSettingReference.replacing(in: text, with: "$").hasPrefix("$") { continue }
                if name == "com.apple.developer.associated-domains" {
                    checkDomain(text, item, edits, &out)
                } else if let rule = Self.prefixes[name] {
                    if text.hasPrefix(rule.prefix) || rule.teamID && Self.hasTeamIDPrefix(text) { continue }
                    let fixed =
                        text.lowercased().hasPrefix(rule.prefix.lowercased())
                        ? rule.prefix + text.dropFirst(rule.prefix.count) : rule.prefix + text
                    let also = rule.teamID && name == "com.apple.security.application-groups" ? " (on macOS, or your team ID)" : ""
                    let fix = Fix(title: "Change to '\(fixed)'", edits: [edits.replacingContent(of: item, with: fixed)], isPreferred: true)
                    out.append(
                        diagnostic(
                            "\(rule.what) identifier begins with '\(rule.prefix)'\(also): '\(text)' matches none", item.element.range,
                            fixes: [fix]))
                }
            }
        }
    }

    private func checkDomain(_ text: String, _ item: PlistNode, _ edits: EditBuilder, _ out: inout [Finding]) {
        guard let colon = text.firstIndex(of: ":") else {
            out.append(
                diagnostic(
                    "Associated domain '\(text)' has no service: write applinks:\(text), webcredentials:\(text), activitycontinuation:\(text) or appclips:\(text)",
                    item.element.range))
            return
        }
        var service = String(text[..<colon])
        var rest = String(text[text.index(after: colon)...])
        var problems: [String] = []
        if !Self.services.contains(service), rest.hasPrefix("//") {
            out.append(
                diagnostic(
                    "Associated domain '\(text)' begins with a scheme, not a service: write service:host, such as applinks:example.com",
                    item.element.range))
            return
        }
        if !Self.services.contains(service) {
            guard let near = Nearest.match(service, in: Self.services, maximum: 2) else { return }  // a service plist-lsp does not know
            problems.append("the service '\(service)' (for '\(near)')")
            service = near
        }
        var mode = ""
        if let q = rest.firstIndex(of: "?"), rest[q...].hasPrefix("?mode="),
            Self.modes.contains(String(rest[rest.index(q, offsetBy: 6)...]))
        {
            mode = String(rest[q...])
            rest = String(rest[..<q])
        }
        let bare = BareHost(rest, lowercase: false)
        problems += bare.problems
        guard !problems.isEmpty else { return }
        var fixes: [Fix] = []
        if !bare.host.isEmpty {
            let fixed = "\(service):\(bare.host)\(mode)"
            fixes.append(Fix(title: "Change to '\(fixed)'", edits: [edits.replacingContent(of: item, with: fixed)], isPreferred: true))
        }
        out.append(
            diagnostic(
                "Associated domain '\(text)' has \(problems.joinedAsList): write service:host, such as applinks:example.com",
                item.element.range, fixes: fixes))
    }
}
