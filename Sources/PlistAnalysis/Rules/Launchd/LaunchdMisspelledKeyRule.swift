// launchd-misspelled-key: an unknown key that is a near miss of a launchd key.
import PlistSchema
import PlistSyntax

public struct LaunchdMisspelledKeyRule: Rule {
    public let id = "launchd-misspelled-key"
    public let title = "A key that looks like a misspelled launchd key"
    public let rationale = """
        launchd ignores keys it does not read, silently: `EnvironmentalVariables` sets no variable, \
        `Runatload` never starts the job. A key is reported only when it is a known misspelling, differs \
        from a launchd key in letter case only, or is one or two letters away from a key that belongs \
        where it stands and is not already there. Other unknown keys are left alone: launchd gained many \
        keys after its manual page was last written, and names starting with `_` are Apple's private \
        ones. The rename is offered, never applied by fix-all. Keys inside `StartCalendarInterval` and \
        `KeepAlive` are checked by their own rules.
        """
    public let category = RuleCategory.launchd
    public var facts: RuleFacts { .launchdJobs }
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.launchdJob] }
    public let examples: [RuleExample] = [
        .triggering(
            LaunchdExample.valid(
                "\t<key>↓EnvironmentalVariables</key>\n\t<dict>\n\t\t<key>PATH</key>\n\t\t<string>/usr/local/bin:/usr/bin:/bin</string>\n\t</dict>\n"
            ),
            fixed: LaunchdExample.valid(
                "\t<key>EnvironmentVariables</key>\n\t<dict>\n\t\t<key>PATH</key>\n\t\t<string>/usr/local/bin:/usr/bin:/bin</string>\n\t</dict>\n"
            ),
            path: LaunchdExample.daemonPath),
        .triggering(
            LaunchdExample.valid("\t<key>↓RunAtload</key>\n\t<true/>\n"),
            fixed: LaunchdExample.valid("\t<key>RunAtLoad</key>\n\t<true/>\n"), path: LaunchdExample.daemonPath),
        .nonTriggering(
            LaunchdExample.valid("\t<key>_ExponentialThrottling</key>\n\t<true/>\n\t<key>ExampleFutureKey</key>\n\t<true/>\n"),
            path: LaunchdExample.daemonPath),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        for info in context.keys where info.definition == nil && !info.parentAllowsCustomKeys && info.keyWhitespace == nil {
            let name = info.key.text
            if name.hasPrefix("_") { continue }
            if let first = info.parent.first, case .key(let owner) = first, owner == "StartCalendarInterval" || owner == "KeepAlive" {
                continue
            }
            if info.parent.isEmpty && LaunchdInfoPlistKeyRule.isInfoPlistKey(name, in: context.schema) { continue }
            let correct: String
            if let match = info.match, match.kind != .exact {
                correct = match.definition.name
            } else if let near = info.nearMiss {
                correct = near
            } else {
                continue
            }
            let fix = Fix(title: "Rename to '\(correct)'", edits: [edits.renaming(info.key, to: correct)], isPreferred: true)
            out.append(
                diagnostic(
                    "'\(name)' is not a launchd key: did you mean '\(correct)'? launchd ignores keys it does not read", info.key.textRange,
                    fixes: [fix]))
        }
    }
}
