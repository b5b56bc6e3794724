// launchd-program-arguments: ProgramArguments that is not a non-empty array of strings.
import PlistSyntax

public struct ProgramArgumentsRule: Rule {
    public let id = "launchd-program-arguments"
    public let title = "ProgramArguments is not a non-empty array of strings"
    public let rationale = """
        `ProgramArguments` is the command line as a list of strings: the program, then one item per \
        argument. launchd runs no shell, so a single `<string>` holding a whole command line is not split \
        at its spaces, and an empty list runs nothing; launchctl refuses the job or it fails at each start. \
        A number must be written as a `<string>`. The fixes (a lone string without spaces wrapped in an \
        `<array>`, a number turned into a string) are offered, never applied by fix-all. A value that is \
        wholly a template placeholder (`@ARGS@`, `{{ .args }}`) is left to the tool that fills it.
        """
    public let category = RuleCategory.launchd
    public var facts: RuleFacts { .launchdJobs }
    public let defaultSeverity = Finding.Severity.error
    public var fileKinds: Set<FileKind> { [.launchdJob] }
    public let examples: [RuleExample] = [
        .triggering(
            LaunchdExample.job(
                """
                	<key>Label</key>
                	<string>com.example.backup</string>
                	<key>ProgramArguments</key>
                	↓<string>/usr/local/bin/backup</string>

                """),
            fixed: LaunchdExample.job(
                """
                	<key>Label</key>
                	<string>com.example.backup</string>
                	<key>ProgramArguments</key>
                	<array>
                		<string>/usr/local/bin/backup</string>
                	</array>

                """), path: LaunchdExample.daemonPath),
        .triggering(
            LaunchdExample.job(
                """
                	<key>Label</key>
                	<string>com.example.backup</string>
                	<key>ProgramArguments</key>
                	↓<array/>

                """), path: LaunchdExample.daemonPath),
        .triggering(
            LaunchdExample.job(
                """
                	<key>Label</key>
                	<string>com.example.backup</string>
                	<key>ProgramArguments</key>
                	<array>
                		<string>/usr/local/bin/backup</string>
                		<string>--keep</string>
                		↓<integer>7</integer>
                	</array>

                """),
            fixed: LaunchdExample.job(
                """
                	<key>Label</key>
                	<string>com.example.backup</string>
                	<key>ProgramArguments</key>
                	<array>
                		<string>/usr/local/bin/backup</string>
                		<string>--keep</string>
                		<string>7</string>
                	</array>

                """), path: LaunchdExample.daemonPath),
        .nonTriggering(LaunchdExample.valid(), path: LaunchdExample.daemonPath),
        .nonTriggering(
            LaunchdExample.job(
                "\t<key>Label</key>\n\t<string>com.example.backup</string>\n\t<key>ProgramArguments</key>\n\t<string>@BACKUP_ARGS@</string>\n"
            ), path: LaunchdExample.daemonPath),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = LaunchdJob.root(context), let entry = LaunchdJob.entry("ProgramArguments", in: root), let value = entry.value
        else { return }
        let edits = EditBuilder(context.text)
        switch value.kind {
        case .array:
            if value.items.isEmpty {
                out.append(diagnostic("ProgramArguments is empty: it must list at least the program to run", value.element.range))
            }
            for item in value.items where item.kind != .string && !(item.valueType == nil) {
                let fixes = item.kind == .integer || item.kind == .real ? WrongTypeRule.conversions(item, to: .string, edits: edits) : []
                out.append(
                    diagnostic("Items of ProgramArguments are strings, not \(LaunchdJob.described(item))", item.element.range, fixes: fixes)
                )
            }
        case .string where LaunchdJob.isTemplate(value):
            return
        case .string:
            let text = value.trimmedText
            if text.contains(" ") {
                out.append(
                    diagnostic(
                        "ProgramArguments is an array of strings, one per argument: launchd runs no shell and does not split '\(text)' at its spaces",
                        value.element.range))
            } else {
                out.append(
                    diagnostic(
                        "ProgramArguments is an array of strings, not a single string", value.element.range,
                        fixes: WrongTypeRule.conversions(value, to: .array, element: .string, edits: edits)))
            }
        default:
            guard value.valueType != nil else { return }
            out.append(diagnostic("ProgramArguments is an array of strings, not \(LaunchdJob.described(value))", value.element.range))
        }
    }
}
