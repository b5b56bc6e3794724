// privacy-tracking-domain-format: a tracking domain that is not a bare host name.
import PlistSchema
import PlistSyntax

public struct TrackingDomainFormatRule: Rule {
    public let id = "privacy-tracking-domain-format"
    public let title = "A tracking domain that is not a bare host name"
    public let rationale = """
        The system blocks the hosts in `NSPrivacyTrackingDomains` by name until the user allows \
        tracking, so each entry is a host name such as `ads.example.com`: a scheme (`https://`), a path \
        or query, a port or a trailing dot makes it match nothing, and App Store Connect refuses such a \
        manifest (ITMS-91056). The fix strips what does not belong; it is offered, never applied by \
        fix-all, since it starts blocking the host.
        """
    public let category = RuleCategory.privacyManifest
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.privacyManifest] }
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>NSPrivacyTracking</key>
            	<true/>
            	<key>NSPrivacyTrackingDomains</key>
            	<array>
            		↓<string>https://ads.example.com:443/track</string>
            	</array>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>NSPrivacyTracking</key>
                	<true/>
                	<key>NSPrivacyTrackingDomains</key>
                	<array>
                		<string>ads.example.com</string>
                	</array>
                </dict>
                </plist>

                """, path: PrivacyExample.path),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>NSPrivacyTracking</key>
            	<true/>
            	<key>NSPrivacyTrackingDomains</key>
            	<array>
            		↓<string>ads.example.com/</string>
            	</array>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>NSPrivacyTracking</key>
                	<true/>
                	<key>NSPrivacyTrackingDomains</key>
                	<array>
                		<string>ads.example.com</string>
                	</array>
                </dict>
                </plist>

                """, path: PrivacyExample.path),
        .nonTriggering(Self.manifest("ads.example.com"), path: PrivacyExample.path),
        .nonTriggering(Self.manifest("$(TRACKING_HOST)"), path: PrivacyExample.path),
    ]

    static func manifest(_ domain: String) -> String {
        PrivacyExample.manifest(
            "\t<key>NSPrivacyTracking</key>\n\t<true/>\n\t<key>NSPrivacyTrackingDomains</key>\n\t<array>\n\t\t<string>\(domain)</string>\n\t</array>\n"
        )
    }

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let domains = context.rootDictionary?.value(forKey: PrivacyManifest.trackingDomains), domains.kind == .array else { return }
        let edits = EditBuilder(context.text)
        for item in domains.items where item.kind == .string {
            let name = item.trimmedText
            if BuildSettingReference.occurs(in: name) { continue }
            if name.isEmpty {
                let fix = Fix(title: "Remove the empty domain", edits: [edits.removing(item: item)], isPreferred: true)
                out.append(
                    diagnostic("An empty tracking domain: write a host name such as ads.example.com", item.element.range, fixes: [fix]))
                continue
            }
            let bare = BareHost(name, lowercase: false)
            guard !bare.problems.isEmpty else { continue }
            var fixes: [Fix] = []
            if !bare.host.isEmpty {
                fixes.append(
                    Fix(title: "Change to '\(bare.host)'", edits: [edits.replacingContent(of: item, with: bare.host)], isPreferred: true))
            }
            out.append(
                diagnostic(
                    "Tracking domain '\(name)' has \(bare.problemList): list bare host names such as '\(bare.host.isEmpty ? "ads.example.com" : bare.host)'",
                    item.element.range, fixes: fixes))
        }
    }
}
