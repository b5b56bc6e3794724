// launchd-missing-label: a job without a Label, or with an empty one.
import PlistSyntax

public struct MissingLabelRule: Rule {
    public let id = "launchd-missing-label"
    public let title = "A launchd job has no Label"
    public let rationale = """
        `Label` names the job in launchd's namespace: `launchctl` refuses to load a job without one \
        (often with no more than `Load failed: 5: Input/output error`) or with an empty one. The label \
        is usually the reverse-DNS name the file is named after (`com.example.backup` in \
        `com.example.backup.plist`), though launchd does not require them to match.
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
            	<key>ProgramArguments</key>
            	<array>
            		<string>/usr/local/bin/backup</string>
            	</array>
            </dict>
            </plist>

            """, path: LaunchdExample.daemonPath),
        .triggering(
            LaunchdExample.job(
                "\t<key>Label</key>\n\t↓<string></string>\n\t<key>Program</key>\n\t<string>/usr/local/bin/backup</string>\n"),
            path: LaunchdExample.daemonPath),
        .nonTriggering(LaunchdExample.valid(), path: LaunchdExample.daemonPath),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = LaunchdJob.root(context) else { return }
        guard let label = LaunchdJob.entry("Label", in: root) else {
            out.append(diagnostic("This launchd job has no Label: launchctl refuses to load a job without one", root.element.startTagRange))
            return
        }
        if let value = label.value, value.kind == .string, value.trimmedText.isEmpty {
            out.append(diagnostic("The Label is empty: launchctl refuses to load a job without a name", value.element.range))
        }
    }
}
