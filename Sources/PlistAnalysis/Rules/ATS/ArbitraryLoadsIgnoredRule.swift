// ats-arbitrary-loads-ignored: NSAllowsArbitraryLoads is ignored on iOS 10+ / macOS 10.12+ when a
// newer global exception key is present.
import PlistSyntax

public struct ArbitraryLoadsIgnoredRule: Rule {
    public let id = "ats-arbitrary-loads-ignored"
    public let title = "NSAllowsArbitraryLoads is ignored beside the newer global exceptions"
    public let rationale = """
        When `NSAllowsArbitraryLoadsForMedia`, `NSAllowsArbitraryLoadsInWebContent` or \
        `NSAllowsLocalNetworking` is present, iOS 10+ and macOS 10.12+ ignore `NSAllowsArbitraryLoads` \
        and obey the newer keys; only iOS 9 / macOS 10.11 read it. That is a deliberate pattern for apps \
        supporting those old systems, so this is information: make sure you do not count on \
        `NSAllowsArbitraryLoads` on current systems.
        """
    public let category = RuleCategory.appTransportSecurity
    public let defaultSeverity = Finding.Severity.information
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>NSAppTransportSecurity</key>
            	<dict>
            		<key>↓NSAllowsArbitraryLoads</key>
            		<true/>
            		<key>NSAllowsArbitraryLoadsInWebContent</key>
            		<true/>
            	</dict>
            </dict>
            </plist>

            """),
        .nonTriggering(ATS.wrap("\t\t<key>NSAllowsArbitraryLoadsInWebContent</key>\n\t\t<true/>\n")),
        .nonTriggering(ATS.wrap("\t\t<key>NSAllowsArbitraryLoads</key>\n\t\t<true/>\n")),
    ]

    static let newer = ["NSAllowsArbitraryLoadsForMedia", "NSAllowsArbitraryLoadsInWebContent", "NSAllowsLocalNetworking"]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let ats = ATS.dictionary(context),
            let entry = ats.entries.last(where: { $0.key.map { ExactText.equal($0.text, "NSAllowsArbitraryLoads") } == true }),
            let key = entry.key
        else { return }
        let keys = ExactNames(ats.keys)
        let present = Self.newer.filter { keys.contains($0) }
        guard !present.isEmpty else { return }
        out.append(
            diagnostic(
                "NSAllowsArbitraryLoads is ignored on iOS 10+ and macOS 10.12+ because \(present.joined(separator: " and ")) \(present.count == 1 ? "is" : "are") present",
                key.textRange))
    }
}
