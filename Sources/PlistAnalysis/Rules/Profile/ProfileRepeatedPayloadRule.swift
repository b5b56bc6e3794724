// profile-repeated-payload: a payload type a device takes once appears twice in the profile.
import PlistSchema
import PlistSyntax

public struct ProfileRepeatedPayloadRule: Rule {
    public let id = "profile-repeated-payload"
    public let title = "A payload a device takes only once appears twice in the profile"
    public let rationale = """
        Apple's schemas say, per platform, whether a device may have more than one payload of a type \
        installed (`multiple`). Passcode, Dock, Single App Mode, the global HTTP proxy and many \
        others are single: two of them in one profile contradict each other, and which one a device \
        keeps is not something to leave to chance. Each later payload of the type is reported, with \
        the first one named; the platforms are those the profile targets (its `TargetDeviceType`, \
        or macOS when it has a `PayloadScope`; otherwise every platform that reads the payload), and \
        a payload is reported only when every one of them takes it once. Merge the two payloads' \
        keys into one.
        """
    public let category = RuleCategory.profiles
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.configurationProfile] }
    public var facts: RuleFacts { .profileSchemas }
    public let examples: [RuleExample] = [
        ProfileExample.triggering(
            ProfileExample.profile(
                payload: ProfileExample.payload(
                    "com.apple.dock", "\t\t\t<key>autohide</key>\n\t\t\t<true/>\n", identifier: "com.example.profile.dock")
                    + "\t\t</dict>\n\t\t<dict>\n"
                    + ProfileExample.payload(
                        "↓com.apple.dock", "\t\t\t<key>magnification</key>\n\t\t\t<true/>\n",
                        uuid: "1A2B3C4D-5E6F-4A1B-8C2D-3E4F5A6B7C8D", identifier: "com.example.profile.dock2"))),
        // Several Wi-Fi networks in one profile are fine.
        ProfileExample.nonTriggering(
            ProfileExample.profile(
                payload: ProfileExample.payload(
                    "com.apple.wifi.managed", "\t\t\t<key>SSID_STR</key>\n\t\t\t<string>Office</string>\n",
                    identifier: "com.example.profile.wifi")
                    + "\t\t</dict>\n\t\t<dict>\n"
                    + ProfileExample.payload(
                        "com.apple.wifi.managed", "\t\t\t<key>SSID_STR</key>\n\t\t\t<string>Guest</string>\n",
                        uuid: "1A2B3C4D-5E6F-4A1B-8C2D-3E4F5A6B7C8D", identifier: "com.example.profile.wifi2"))),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = context.rootDictionary else { return }
        let targeted = ProfileSchemaLookup.targetedPlatforms(root)
        var first: [String: PlistNode] = [:]
        for payload in context.profile.payloads {
            guard let type = payload.type, let p = ProfileSchema.shared.payloads[type], let node = payload.node.value(forKey: "PayloadType")
            else { continue }
            guard let earlier = first[type] else {
                first[type] = node
                continue
            }
            guard let platforms = Self.singleOn(p.platforms, targeted: targeted) else { continue }
            out.append(
                diagnostic(
                    "A second \(ProfileWords.payloadName(p)) payload: a device takes only one on \(platforms) "
                        + "(Apple's schema); merge its keys into the first", node.element.contentRange,
                    related: [(message: "the first \(p.type) payload", range: earlier.element.contentRange)]))
        }
    }

    /// The targeted platforms that read the payload, when every one of them takes it once ("iOS and macOS"); else nil.
    static func singleOn(_ platforms: [Platform: ProfilePlatformFacts], targeted: Set<Platform>?) -> String? {
        let relevant = ProfileSchemaLookup.reading(platforms, targeted: targeted)
        guard !relevant.isEmpty, relevant.values.allSatisfy({ $0.multiple == false }) else { return nil }
        return ProfileSchemaLookup.named(relevant.keys)
    }
}
