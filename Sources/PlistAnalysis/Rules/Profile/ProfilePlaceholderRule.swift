// profile-placeholder: a placeholder left in a value (REPLACE-WITH-UUID, @@@@…@@@@, XXXXXXXX-…).
import PlistSchema
import PlistSyntax

public struct ProfilePlaceholderRule: Rule {
    public let id = "profile-placeholder"
    public let title = "A placeholder was left in a value"
    public let rationale = """
        Profiles copied from a guide or a template carry markers meant to be replaced: \
        `REPLACE-WITH-UUID`, `@@@@RANDOM-UUID-CODE-HERE@@@@`, `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`, \
        `YOUR-ORGANIZATION-HERE`. Installed as they are, every copy of the profile shares the same \
        "UUID", or the setting is the marker's text. An MDM variable (`$USERNAME`, \
        `%SerialNumber%`) is not a placeholder: the server replaces it when it sends the profile. For a \
        `PayloadUUID` the fix writes a fresh UUID; it is offered, never applied by fix-all.
        """
    public let category = RuleCategory.profiles
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.configurationProfile] }
    public var facts: RuleFacts { .profileSchemas }
    public let examples: [RuleExample] = [
        ProfileExample.triggering(ProfileExample.profile(payload: ProfileExample.payload("com.apple.dock", uuid: "↓REPLACE-WITH-UUID"))),
        ProfileExample.triggering(
            ProfileExample.profile(payload: ProfileExample.payload("com.apple.dock", uuid: "↓@@@@RANDOM-UUID-CODE-HERE@@@@"))),
        ProfileExample.nonTriggering(
            ProfileExample.profile(payload: ProfileExample.payload("com.apple.dock", identifier: "com.example.$USERNAME"))),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = context.rootDictionary else { return }
        let edits = EditBuilder(context.text)
        func visit(_ node: PlistNode, key: String?) {
            switch node.kind {
            case .dictionary:
                for entry in node.entries { if let v = entry.value { visit(v, key: entry.key?.text) } }
            case .array:
                for item in node.items { visit(item, key: key) }
            case .string:
                let text = node.trimmedText
                guard let what = ProfileValueText.placeholder(text) else { return }
                var fixes: [Fix] = []
                if key == "PayloadUUID" {
                    fixes.append(
                        Fix(title: "Write a fresh UUID", edits: [edits.replacingContent(of: node, with: ProfileValueText.freshUUID())]))
                }
                out.append(
                    diagnostic(
                        "'\(text)' is \(what), left in\(key.map { " \($0)" } ?? ""): replace it before the profile is installed",
                        node.element.contentRange, fixes: fixes))
            default:
                return
            }
        }
        visit(root, key: nil)
    }
}
