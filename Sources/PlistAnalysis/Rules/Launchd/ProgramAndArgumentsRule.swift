// launchd-program-and-arguments: both Program and ProgramArguments, where the first argument is lost.
import PlistSyntax

public struct ProgramAndArgumentsRule: Rule {
    public let id = "launchd-program-and-arguments"
    public let title = "A launchd job has both Program and ProgramArguments"
    public let rationale = """
        With both keys, launchd runs the file `Program` names and hands it `ProgramArguments` as its whole \
        argument vector, first item included: that first item is only the name the program sees \
        (`argv[0]`), never an argument. Jobs that give `Program` and then list only the arguments lose \
        the first one. The note names the first item when it is not the program's path or name (nor empty), where an \
        argument is most likely lost; otherwise it is a hint that one of the two keys is enough.
        """
    public let category = RuleCategory.launchd
    public var facts: RuleFacts { .launchdJobs }
    public let defaultSeverity = Finding.Severity.information
    public var fileKinds: Set<FileKind> { [.launchdJob] }
    public let examples: [RuleExample] = [
        .triggering(
            LaunchdExample.job(
                """
                	<key>Label</key>
                	<string>com.example.backup</string>
                	<key>Program</key>
                	<string>/usr/local/bin/backup</string>
                	<key>ProgramArguments</key>
                	<array>
                		↓<string>--quiet</string>
                	</array>

                """), path: LaunchdExample.daemonPath),
        .triggering(
            LaunchdExample.job(
                """
                	<key>Label</key>
                	<string>com.example.backup</string>
                	<key>Program</key>
                	<string>/usr/local/bin/backup</string>
                	<key>↓ProgramArguments</key>
                	<array>
                		<string>backup</string>
                		<string>--quiet</string>
                	</array>

                """), path: LaunchdExample.daemonPath),
        .nonTriggering(LaunchdExample.valid(), path: LaunchdExample.daemonPath),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = LaunchdJob.root(context), let program = LaunchdJob.entry("Program", in: root),
            let arguments = LaunchdJob.entry("ProgramArguments", in: root), let key = arguments.key
        else { return }
        let path = program.value?.kind == .string ? program.value!.trimmedText : nil
        if let path, let list = arguments.value, list.kind == .array, let first = list.items.first, first.kind == .string {
            let name = first.trimmedText
            let programName = path.split(separator: "/").last.map(String.init) ?? path
            if !name.isEmpty, name != path, name != programName, !LaunchdJob.isTemplate(name), !LaunchdJob.isTemplate(path) {
                out.append(
                    diagnostic(
                        "With Program set, the first item of ProgramArguments ('\(name)') is only the name the program sees (argv[0]), not an argument: repeat the program as the first item, or drop Program",
                        first.element.range))
                return
            }
        }
        out.append(
            diagnostic(
                "Both Program and ProgramArguments: launchd runs Program with ProgramArguments as its whole argument list; one of the two is enough",
                key.textRange))
    }
}
