// privacy-tracking-domains: NSPrivacyTracking and NSPrivacyTrackingDomains that contradict each other.
import PlistSchema
import PlistSyntax

public struct TrackingDomainsRule: Rule {
    public let id = "privacy-tracking-domains"
    public let title = "Tracking declared without tracking domains, or domains without tracking"
    public let rationale = """
        `NSPrivacyTracking` set to true says the code tracks, and then `NSPrivacyTrackingDomains` must \
        name at least one domain it tracks through: the system blocks those domains until the user \
        allows tracking. Domains listed while `NSPrivacyTracking` is false or absent contradict the \
        manifest the other way. App Store Connect refuses both as invalid manifests (ITMS-91056). There \
        is no fix to offer: only the developer knows which of the two is true.
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
            	↓<true/>
            	<key>NSPrivacyTrackingDomains</key>
            	<array/>
            </dict>
            </plist>

            """, path: PrivacyExample.path),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>NSPrivacyTracking</key>
            	<false/>
            	↓<key>NSPrivacyTrackingDomains</key>
            	<array>
            		<string>ads.example.com</string>
            	</array>
            </dict>
            </plist>

            """, path: PrivacyExample.path),
        .nonTriggering(
            PrivacyExample.manifest(
                "\t<key>NSPrivacyTracking</key>\n\t<true/>\n\t<key>NSPrivacyTrackingDomains</key>\n\t<array>\n\t\t<string>ads.example.com</string>\n\t</array>\n"
            ),
            path: PrivacyExample.path),
        .nonTriggering(
            PrivacyExample.manifest("\t<key>NSPrivacyTracking</key>\n\t<false/>\n\t<key>NSPrivacyTrackingDomains</key>\n\t<array/>\n"),
            path: PrivacyExample.path),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = context.rootDictionary else { return }
        let tracking = root.value(forKey: PrivacyManifest.tracking)
        let domains = root.value(forKey: PrivacyManifest.trackingDomains)
        let listed = domains.map { $0.kind == .array ? $0.items.filter { !($0.text ?? "").trimmedForRules.isEmpty } : [$0] } ?? []
        if let tracking, tracking.kind == .boolean, tracking.boolValue == true, listed.isEmpty {
            out.append(
                diagnostic(
                    "NSPrivacyTracking is true but NSPrivacyTrackingDomains lists no domain: name the domains the code tracks through, or set NSPrivacyTracking to false",
                    tracking.element.range))
        }
        if let domains, !listed.isEmpty, tracking?.kind != .boolean || tracking?.boolValue != true,
            let key = root.entries.last(where: { $0.key.map { ExactText.equal($0.text, PrivacyManifest.trackingDomains) } == true })?.key
        {
            let state = tracking == nil ? "absent" : "not true"
            out.append(
                diagnostic(
                    "NSPrivacyTrackingDomains lists domains but NSPrivacyTracking is \(state): set it to true if the code tracks through them, else remove them",
                    key.element.range, related: [(message: "the domains", range: domains.element.range)]))
        }
    }
}
