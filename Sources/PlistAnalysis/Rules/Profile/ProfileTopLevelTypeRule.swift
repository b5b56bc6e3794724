// profile-top-level-type: a profile's top-level PayloadType must be Configuration.
import PlistSchema
import PlistSyntax

public struct ProfileTopLevelTypeRule: Rule {
    public let id = "profile-top-level-type"
    public let title = "The profile's top-level PayloadType is not Configuration"
    public let rationale = """
        The outer dictionary of a configuration profile is the profile itself, and its `PayloadType` \
        has one allowed value: `Configuration`. A payload's type written there (`com.apple.wifi.managed`) \
        or a misspelling makes macOS and iOS refuse to install the file. The fix writes `Configuration`; \
        it is offered, not applied by fix-all, since the file may have been meant as something else.
        """
    public let category = RuleCategory.profiles
    public let defaultSeverity = Finding.Severity.error
    public var fileKinds: Set<FileKind> { [.configurationProfile] }
    public var facts: RuleFacts { .profileSchemas }
    public let examples: [RuleExample] = [
        ProfileExample.triggering(
            ProfileExample.profile(payload: ProfileExample.payload("com.apple.dock")).swapping(
                "<string>Configuration</string>", "↓<string>com.apple.dock</string>"),
            fixed: ProfileExample.profile(payload: ProfileExample.payload("com.apple.dock"))),
        ProfileExample.nonTriggering(ProfileExample.profile(payload: ProfileExample.payload("com.apple.dock"))),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = context.rootDictionary, let type = root.value(forKey: "PayloadType"), type.trimmedText != "Configuration" else {
            return
        }
        guard type.kind == .string else {
            out.append(diagnostic("A profile's PayloadType is the string Configuration, not \(type.kind.rawValue)", type.element.range))
            return
        }
        let fix = Fix(
            title: "Write Configuration", edits: [EditBuilder(context.text).replacing(type, with: "<string>Configuration</string>")],
            isPreferred: true)
        out.append(
            diagnostic(
                "A profile's top-level PayloadType must be Configuration, not '\(type.trimmedText)': the system refuses to install it",
                type.element.range, fixes: [fix]))
    }
}
