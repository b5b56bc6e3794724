// profile-payload-uuid: every PayloadUUID a valid UUID, and no two the same within the profile.
import PlistSchema
import PlistSyntax

public struct ProfilePayloadUUIDRule: Rule {
    public let id = "profile-payload-uuid"
    public let title = "A PayloadUUID is not a UUID, or is used twice in the profile"
    public let rationale = """
        Each payload and the profile itself carry a `PayloadUUID`. macOS refuses a profile whose \
        payloads share one ("The PayloadUUID … is used more than once"), which happens when a payload is \
        copied and pasted. A value that is not a UUID (8-4-4-4-12 hexadecimal digits) is refused by \
        device-management servers. A placeholder (`REPLACE-WITH-UUID`) is reported by \
        `profile-placeholder`, an MDM variable (`$UUID`) is left alone. The fix writes a fresh random \
        UUID; it is offered, never applied by fix-all, since a profile already installed is matched by \
        its UUIDs.
        """
    public let category = RuleCategory.profiles
    public let defaultSeverity = Finding.Severity.error
    public var fileKinds: Set<FileKind> { [.configurationProfile] }
    public var facts: RuleFacts { .profileSchemas }
    public let examples: [RuleExample] = [
        ProfileExample.triggering(
            ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.dock", uuid: "↓5C6A2E5B-3C21-4E7B-9B6F-2D8E1A4C7F10"))),
        ProfileExample.triggering(
            ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.dock", uuid: "↓5C6A2E5B-3C21-4E7B-9B6F"))),
        ProfileExample.nonTriggering(ProfileExample.profile(payload: ProfileExample.payload("com.apple.dock", uuid: "$PROFILE_UUID"))),
        ProfileExample.nonTriggering(
            ProfileExample.profile(payload: ProfileExample.payload("com.apple.dock", uuid: "5c6a2e5b-3c21-4e7b-9b6f-2d8e1a4c7f11"))),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = context.rootDictionary else { return }
        let walk = context.profile
        let edits = EditBuilder(context.text)
        var seen: [String: PlistNode] = [:]
        for dictionary in [root] + walk.payloads.map(\.node) {
            guard let uuid = dictionary.value(forKey: "PayloadUUID"), uuid.kind == .string else { continue }
            let text = uuid.trimmedText
            if ProfileValueText.isSubstituted(text) || ProfileValueText.placeholder(text) != nil { continue }
            let fix = Fix(title: "Write a fresh UUID", edits: [edits.replacingContent(of: uuid, with: ProfileValueText.freshUUID())])
            let range = uuid.element.contentRange
            guard ProfileValueText.isUUID(text) else {
                out.append(diagnostic("'\(text)' is not a UUID (8-4-4-4-12 hexadecimal digits)", range, fixes: [fix]))
                continue
            }
            let folded = text.uppercased()
            if let first = seen[folded] {
                out.append(
                    diagnostic(
                        "PayloadUUID \(text) is used twice in this profile: the system refuses to install it", range,
                        related: [(message: "first used here", range: first.element.contentRange)], fixes: [fix]))
            } else {
                seen[folded] = uuid
            }
        }
    }
}
