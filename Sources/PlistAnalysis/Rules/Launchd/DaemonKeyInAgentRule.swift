// launchd-daemon-key-in-agent: UserName, GroupName or InitGroups in a LaunchAgents job.
import PlistSyntax

public struct DaemonKeyInAgentRule: Rule {
    public let id = "launchd-daemon-key-in-agent"
    public let title = "A key only daemons honour, in an agent"
    public let rationale = """
        `UserName`, `GroupName` and `InitGroups` switch the user or groups a job runs as, which only \
        launchd running as root can do: launchd.plist(5) says they apply only then, that is to daemons \
        (`/Library/LaunchDaemons`). An agent (`~/Library/LaunchAgents`, `/Library/LaunchAgents`) always \
        runs as the logged-in user, so these keys do nothing there; a job meant to run as another user \
        belongs in LaunchDaemons. A job is an agent when its path has a `LaunchAgents` folder; when the \
        path names neither folder, nothing is said. The fix removes the entry; it is offered, never \
        applied by fix-all.
        """
    public let category = RuleCategory.launchd
    public var facts: RuleFacts { .launchdJobs }
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.launchdJob] }
    public let examples: [RuleExample] = [
        .triggering(
            LaunchdExample.valid("\t<key>↓UserName</key>\n\t<string>root</string>\n"), fixed: LaunchdExample.valid(),
            path: LaunchdExample.agentPath),
        .nonTriggering(LaunchdExample.valid("\t<key>UserName</key>\n\t<string>_backup</string>\n"), path: LaunchdExample.daemonPath),
        .nonTriggering(LaunchdExample.valid("\t<key>UserName</key>\n\t<string>_backup</string>\n"), path: "com.example.backup.plist"),
    ]

    static let daemonOnly = ["UserName", "GroupName", "InitGroups"]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard LaunchdJob.placement(context) == .agent, let root = LaunchdJob.root(context) else { return }
        let edits = EditBuilder(context.text)
        for entry in root.entries {
            guard let key = entry.key, Self.daemonOnly.contains(key.text) else { continue }
            let fix = Fix(title: "Remove '\(key.text)'", edits: [edits.removing(entry)], isPreferred: true)
            out.append(
                diagnostic(
                    "\(key.text) applies only to daemons: an agent (in LaunchAgents) runs as the logged-in user, so launchd ignores it here",
                    key.textRange, fixes: [fix]))
        }
    }
}
