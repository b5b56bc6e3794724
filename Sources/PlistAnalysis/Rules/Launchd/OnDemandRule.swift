// launchd-on-demand: the obsolete OnDemand key, replaced by KeepAlive with the opposite meaning.
import PlistSyntax

public struct OnDemandRule: Rule {
    public let id = "launchd-on-demand"
    public let title = "OnDemand is obsolete: use KeepAlive"
    public let rationale = """
        `OnDemand` is the Mac OS X 10.4 way to say whether a job is kept running; since 10.5, \
        `KeepAlive` says it, with the opposite meaning: launchd.plist(5) gives `OnDemand` a default of \
        true (start on demand only), which is `KeepAlive` false, its default. So `OnDemand` `<false/>` is \
        `KeepAlive` `<true/>`, and `OnDemand` `<true/>` is `KeepAlive` `<false/>`. The fix writes the \
        `KeepAlive` entry with the inverted value in place of `OnDemand`, or, when the job already has \
        `KeepAlive`, which then decides, removes `OnDemand`. It is offered, never applied by fix-all.
        """
    public let category = RuleCategory.launchd
    public var facts: RuleFacts { .launchdJobs }
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.launchdJob] }
    public let examples: [RuleExample] = [
        .triggering(
            LaunchdExample.valid("\t<key>↓OnDemand</key>\n\t<false/>\n"),
            fixed: LaunchdExample.valid("\t<key>KeepAlive</key>\n\t<true/>\n"), path: LaunchdExample.daemonPath),
        .triggering(
            LaunchdExample.valid("\t<key>↓OnDemand</key>\n\t<true/>\n"),
            fixed: LaunchdExample.valid("\t<key>KeepAlive</key>\n\t<false/>\n"), path: LaunchdExample.daemonPath),
        .triggering(
            LaunchdExample.valid("\t<key>KeepAlive</key>\n\t<true/>\n\t<key>↓OnDemand</key>\n\t<false/>\n"),
            fixed: LaunchdExample.valid("\t<key>KeepAlive</key>\n\t<true/>\n"), path: LaunchdExample.daemonPath),
        .nonTriggering(LaunchdExample.valid("\t<key>KeepAlive</key>\n\t<true/>\n"), path: LaunchdExample.daemonPath),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = LaunchdJob.root(context), let entry = LaunchdJob.entry("OnDemand", in: root), let key = entry.key else { return }
        let edits = EditBuilder(context.text)
        var fixes: [Fix] = []
        if LaunchdJob.entry("KeepAlive", in: root) != nil {
            fixes = [Fix(title: "Remove OnDemand (KeepAlive decides)", edits: [edits.removing(entry)], isPreferred: true)]
            out.append(
                diagnostic(
                    "OnDemand is obsolete since Mac OS X 10.5 and this job already has KeepAlive, which decides: remove OnDemand",
                    key.textRange, fixes: fixes))
            return
        }
        if let value = entry.value, let flag = value.boolValue {
            let inverted = flag ? "<false/>" : "<true/>"
            fixes = [
                Fix(
                    title: "Replace with KeepAlive \(inverted)",
                    edits: [edits.renaming(key, to: "KeepAlive"), edits.replacing(value, with: inverted)], isPreferred: true)
            ]
            out.append(
                diagnostic(
                    "OnDemand is obsolete since Mac OS X 10.5: use KeepAlive \(inverted) (OnDemand \(flag ? "true" : "false") means KeepAlive \(flag ? "false" : "true"))",
                    key.textRange, fixes: fixes))
        } else {
            out.append(
                diagnostic(
                    "OnDemand is obsolete since Mac OS X 10.5: use KeepAlive, whose meaning is the opposite (OnDemand true is KeepAlive false)",
                    key.textRange))
        }
    }
}
