// launchd-interval-conflict: StartInterval beside StartCalendarInterval.
import PlistSyntax

public struct IntervalConflictRule: Rule {
    public let id = "launchd-interval-conflict"
    public let title = "StartInterval beside StartCalendarInterval"
    public let rationale = """
        `StartInterval` starts a job every N seconds and `StartCalendarInterval` at calendar times; with \
        both, launchd keeps both timers and the job also runs at times the other key was meant to rule \
        out. It is usually one schedule written twice, or a leftover of an edit: keep the one you mean.
        """
    public let category = RuleCategory.launchd
    public var facts: RuleFacts { .launchdJobs }
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.launchdJob] }
    public let examples: [RuleExample] = [
        .triggering(
            LaunchdExample.valid(
                """
                	<key>StartInterval</key>
                	<integer>3600</integer>
                	<key>↓StartCalendarInterval</key>
                	<dict>
                		<key>Hour</key>
                		<integer>3</integer>
                	</dict>

                """), path: LaunchdExample.daemonPath),
        .nonTriggering(LaunchdExample.valid("\t<key>StartInterval</key>\n\t<integer>3600</integer>\n"), path: LaunchdExample.daemonPath),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = LaunchdJob.root(context), let interval = LaunchdJob.entry("StartInterval", in: root),
            let calendar = LaunchdJob.entry("StartCalendarInterval", in: root)
        else { return }
        let later = interval.range.lowerBound > calendar.range.lowerBound ? interval : calendar
        guard let key = later.key else { return }
        out.append(
            diagnostic(
                "Both StartInterval and StartCalendarInterval: launchd starts the job on both schedules; keep the one you mean",
                key.textRange))
    }
}
