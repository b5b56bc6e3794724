// profile-deprecated-key: a key (or payload) deprecated or removed on every platform the profile can target.
import PlistSchema
import PlistSyntax

public struct ProfileDeprecatedKeyRule: Rule {
    public let id = "profile-deprecated-key"
    public let title = "A key or payload is deprecated or removed on the platforms the profile targets"
    public let rationale = """
        Apple's schemas record, per platform, the version that deprecated a key or payload type and \
        the one that stopped reading it. The platforms a profile targets are those its \
        `TargetDeviceType` names, or macOS when it has a `PayloadScope`; otherwise every platform that \
        reads the payload. A key is reported when every one of those platforms has deprecated it \
        (it still works, for now) or removed it (it does nothing there); a key still current on one \
        of them is not, since the profile may be meant for that one.
        """
    public let category = RuleCategory.profiles
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.configurationProfile] }
    public var facts: RuleFacts { .profileSchemas }
    public let examples: [RuleExample] = [
        ProfileExample.triggering(
            ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.applicationaccess", "\t\t\t<key>↓allowPhotoStream</key>\n\t\t\t<false/>\n"),
                top: "\t<key>TargetDeviceType</key>\n\t<integer>1</integer>\n")),
        ProfileExample.nonTriggering(
            ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.applicationaccess", "\t\t\t<key>allowCamera</key>\n\t\t\t<false/>\n"))),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = context.rootDictionary else { return }
        let targeted = ProfileSchemaLookup.targetedPlatforms(root)
        let walk = context.profile
        // Payload types first: a removed payload's keys are not reported one by one.
        var reportedPayloads: [Int] = []
        for payload in walk.payloads {
            guard let type = payload.type, let p = ProfileSchema.shared.payloads[type], let node = payload.node.value(forKey: "PayloadType")
            else { continue }
            if let message = Self.verdict(p.platforms, targeted: targeted, what: "The \(p.title) payload") {
                out.append(diagnostic(message, node.element.contentRange))
                reportedPayloads.append(payload.node.element.start)
            }
        }
        for v in walk.values {
            guard let key = v.key, !v.definition.platforms.isEmpty else { continue }
            if !reportedPayloads.isEmpty, v.path.count > 2, let container = context.document.node(at: Array(v.path.prefix(2))),
                reportedPayloads.contains(container.element.start)
            {
                continue
            }
            if let message = Self.verdict(v.platforms, targeted: targeted, what: key.text) {
                out.append(diagnostic(message, key.textRange))
            }
        }
    }

    /// The message when every targeted platform that reads it deprecated or removed it.
    static func verdict(_ platforms: [Platform: ProfilePlatformFacts], targeted: Set<Platform>?, what: String) -> String? {
        let relevant = ProfileSchemaLookup.reading(platforms, targeted: targeted)
        guard !relevant.isEmpty else { return nil }
        let order = relevant.keys.sorted { $0.rawValue < $1.rawValue }
        if relevant.values.allSatisfy({ $0.removed != nil }) {
            let list = order.map { "\($0.displayName) \(relevant[$0]!.removed!)" }.joinedAsList
            return "\(what) was removed in \(list): the system no longer reads it"
        }
        if relevant.values.allSatisfy({ $0.deprecated != nil || $0.removed != nil }) {
            let list = order.map { "\($0.displayName) \(relevant[$0]!.deprecated ?? relevant[$0]!.removed!)" }.joinedAsList
            return "\(what) is deprecated since \(list)"
        }
        return nil
    }
}
