// profile-duplicate-identifier: a PayloadIdentifier used twice within one profile.
import PlistSchema
import PlistSyntax

public struct ProfileDuplicateIdentifierRule: Rule {
    public let id = "profile-duplicate-identifier"
    public let title = "A PayloadIdentifier is used twice in the profile"
    public let rationale = """
        A payload's `PayloadIdentifier` must be unique within the profile: the system updates a \
        payload in place when a new version of the profile has one with the same identifier and \
        UUID, and two payloads with one identifier make that ambiguous. A payload whose identifier is \
        the profile's own is common in published profiles and installs; it is reported as \
        information, since the two name different things. The usual way to write one is \
        the profile's identifier with a suffix (`com.example.profile.dock`).
        """
    public let category = RuleCategory.profiles
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.configurationProfile] }
    public var facts: RuleFacts { .profileSchemas }
    public let examples: [RuleExample] = [
        ProfileExample.triggering(
            ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.dock", identifier: "com.example.profile.dock") + "\t\t</dict>\n\t\t<dict>\n"
                    + ProfileExample.payload(
                        "com.apple.finder", uuid: "1A2B3C4D-5E6F-4A1B-8C2D-3E4F5A6B7C8D", identifier: "↓com.example.profile.dock"))),
        ProfileExample.nonTriggering(
            ProfileExample.profile(payload: ProfileExample.payload("com.apple.dock", identifier: "com.example.profile.dock"))),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = context.rootDictionary else { return }
        let walk = context.profile
        var seen: [String: (node: PlistNode, isProfile: Bool)] = [:]
        if let top = root.value(forKey: "PayloadIdentifier"), top.kind == .string, !top.trimmedText.isEmpty {
            seen[top.trimmedText] = (top, true)
        }
        for payload in walk.payloads {
            guard let identifier = payload.node.value(forKey: "PayloadIdentifier"), identifier.kind == .string else { continue }
            let text = identifier.trimmedText
            if text.isEmpty || ProfileValueText.isSubstituted(text) { continue }
            if let first = seen[text] {
                let message =
                    first.isProfile
                    ? "This payload's PayloadIdentifier '\(text)' is the profile's own: give the payload its own (such as '\(text).\(Self.suffix(payload.type))')"
                    : "PayloadIdentifier '\(text)' is used by another payload of this profile: each payload needs its own"
                var finding = diagnostic(
                    message, identifier.element.contentRange,
                    related: [
                        (message: first.isProfile ? "the profile's identifier" : "first used here", range: first.node.element.contentRange)
                    ])
                // Common in published profiles, and the system installs them: a note, not a warning.
                if first.isProfile { finding.severity = .information }
                out.append(finding)
            } else {
                seen[text] = (identifier, false)
            }
        }
    }

    static func suffix(_ type: String?) -> String {
        guard let type, let last = type.split(separator: ".").last(where: { !["managed", "apple", "com"].contains($0) }) else {
            return "payload"
        }
        return String(last)
    }
}
