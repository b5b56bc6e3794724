// launchd-missing-program: a job with neither Program nor ProgramArguments.
import PlistSyntax

public struct MissingProgramRule: Rule {
    public let id = "launchd-missing-program"
    public let title = "A launchd job has nothing to run"
    public let rationale = """
        A job says what to run with `Program` (the executable's path), `ProgramArguments` (the command \
        line as a list), or both. With neither, launchctl refuses the job. A job registered by an app \
        through SMAppService may give `BundleProgram` (a path inside the app) instead, which counts.
        """
    public let category = RuleCategory.launchd
    public var facts: RuleFacts { .launchdJobs }
    public let defaultSeverity = Finding.Severity.error
    public var fileKinds: Set<FileKind> { [.launchdJob] }
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            ↓<dict>
            	<key>Label</key>
            	<string>com.example.backup</string>
            	<key>RunAtLoad</key>
            	<true/>
            </dict>
            </plist>

            """, path: LaunchdExample.daemonPath),
        .nonTriggering(LaunchdExample.valid(), path: LaunchdExample.daemonPath),
        .nonTriggering(
            LaunchdExample.job(
                "\t<key>Label</key>\n\t<string>com.example.helper</string>\n\t<key>BundleProgram</key>\n\t<string>Contents/MacOS/helper</string>\n"
            ), path: LaunchdExample.daemonPath),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = LaunchdJob.root(context) else { return }
        let keys = Set(root.keys)
        guard keys.isDisjoint(with: ["Program", "ProgramArguments", "BundleProgram"]) else { return }
        out.append(
            diagnostic(
                "This launchd job has neither Program nor ProgramArguments: launchctl refuses a job with nothing to run",
                root.element.startTagRange))
    }
}
