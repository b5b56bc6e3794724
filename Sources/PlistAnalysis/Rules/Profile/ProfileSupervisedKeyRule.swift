// profile-supervised-key: a key (or payload) that takes effect only on a supervised device.
import PlistSchema
import PlistSyntax

public struct ProfileSupervisedKeyRule: Rule {
    public let id = "profile-supervised-key"
    public let title = "A key or payload takes effect only on supervised devices"
    public let rationale = """
        Apple's schemas mark, per platform, the keys and payloads a device honours only when it is \
        supervised (enrolled through Apple Business or School Manager, or prepared with Apple \
        Configurator): an unsupervised device installs the profile and ignores them, without a word. \
        Whether the devices that receive a profile are supervised is not written in the profile, so \
        this is information, not a warning: it names the platforms on which the key needs \
        supervision, among those the profile targets (its `TargetDeviceType`, or macOS when it has a \
        `PayloadScope`; otherwise every platform that reads the payload). A payload that needs \
        supervision is reported once, at its `PayloadType`, not key by key.
        """
    public let category = RuleCategory.profiles
    public let defaultSeverity = Finding.Severity.information
    public var fileKinds: Set<FileKind> { [.configurationProfile] }
    public var facts: RuleFacts { .profileSchemas }
    public let examples: [RuleExample] = [
        ProfileExample.triggering(
            ProfileExample.profile(
                payload: ProfileExample.payload(
                    "com.apple.applicationaccess", "\t\t\t<key>↓allowAppInstallation</key>\n\t\t\t<false/>\n"),
                top: "\t<key>TargetDeviceType</key>\n\t<integer>1</integer>\n")),
        ProfileExample.triggering(
            ProfileExample.profile(
                payload: ProfileExample.payload(
                    "↓com.apple.app.lock",
                    "\t\t\t<key>App</key>\n\t\t\t<dict>\n\t\t\t\t<key>Identifier</key>\n\t\t\t\t<string>com.example.kiosk</string>\n\t\t\t</dict>\n"
                ))),
        ProfileExample.nonTriggering(
            ProfileExample.profile(
                payload: ProfileExample.payload(
                    "com.apple.applicationaccess", "\t\t\t<key>allowCamera</key>\n\t\t\t<false/>\n"),
                top: "\t<key>TargetDeviceType</key>\n\t<integer>1</integer>\n")),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = context.rootDictionary else { return }
        let targeted = ProfileSchemaLookup.targetedPlatforms(root)
        let walk = context.profile
        var reportedPayloads: Set<Int> = []
        for payload in walk.payloads {
            guard let type = payload.type, let p = ProfileSchema.shared.payloads[type],
                let node = payload.node.value(forKey: "PayloadType"),
                let platforms = Self.supervisedOn(p.platforms, targeted: targeted)
            else { continue }
            out.append(
                diagnostic(
                    "The \(p.title) payload takes effect only on a supervised device on \(platforms); "
                        + "an unsupervised one installs the profile and ignores it", node.element.contentRange))
            reportedPayloads.insert(payload.node.element.start)
        }
        for v in walk.values {
            guard let key = v.key, v.definition.platforms.values.contains(where: { $0.supervised == true }) else { continue }
            if !reportedPayloads.isEmpty, v.path.count > 2, let container = context.document.node(at: Array(v.path.prefix(2))),
                reportedPayloads.contains(container.element.start)
            {
                continue
            }
            // The key's own mark (what its payload says is reported at the payload); where it is
            // available at all is what its parents say.
            var own: [Platform: ProfilePlatformFacts] = [:]
            for (platform, facts) in v.platforms {
                var mine = facts
                mine.supervised = v.definition.platforms[platform]?.supervised
                own[platform] = mine
            }
            guard let platforms = Self.supervisedOn(own, targeted: targeted) else { continue }
            out.append(
                diagnostic(
                    "\(key.text) takes effect only on a supervised device on \(platforms); "
                        + "an unsupervised one ignores it", key.textRange))
        }
    }

    /// The targeted platforms that read it and need supervision for it ("iOS and tvOS"), or nil.
    static func supervisedOn(_ platforms: [Platform: ProfilePlatformFacts], targeted: Set<Platform>?) -> String? {
        let needing = ProfileSchemaLookup.reading(platforms, targeted: targeted).filter {
            $0.value.removed == nil && $0.value.supervised == true
        }
        guard !needing.isEmpty else { return nil }
        return ProfileSchemaLookup.named(needing.keys)
    }
}
