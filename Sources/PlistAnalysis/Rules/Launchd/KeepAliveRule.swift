// launchd-keep-alive: KeepAlive that is neither a Boolean nor a dictionary of its known conditions.
import PlistSchema
import PlistSyntax

public struct KeepAliveRule: Rule {
    public let id = "launchd-keep-alive"
    public let title = "KeepAlive is not a Boolean or a dictionary of its conditions"
    public let rationale = """
        `KeepAlive` is `<true/>` (restart the job whenever it exits), `<false/>` (the default: run on \
        demand only) or a dictionary of conditions: `SuccessfulExit`, `Crashed` and `NetworkState` \
        (Booleans), `PathState`, `OtherJobEnabled` and `AfterInitialDemand` (dictionaries whose values \
        are Booleans). launchd ignores anything else, so the job is not kept alive as meant. \
        `<string>true</string>` gets a fix to `<true/>` and a condition one or two letters off (`SuccesfulExit`) a \
        rename; both are offered, never applied by fix-all.
        """
    public let category = RuleCategory.launchd
    public var facts: RuleFacts { .launchdJobs }
    public let defaultSeverity = Finding.Severity.error
    public var fileKinds: Set<FileKind> { [.launchdJob] }
    public let examples: [RuleExample] = [
        .triggering(
            LaunchdExample.valid("\t<key>KeepAlive</key>\n\t↓<string>true</string>\n"),
            fixed: LaunchdExample.valid("\t<key>KeepAlive</key>\n\t<true/>\n"), path: LaunchdExample.daemonPath),
        .triggering(
            LaunchdExample.valid(
                """
                	<key>KeepAlive</key>
                	<dict>
                		<key>↓successfulExit</key>
                		<false/>
                	</dict>

                """),
            fixed: LaunchdExample.valid(
                """
                	<key>KeepAlive</key>
                	<dict>
                		<key>SuccessfulExit</key>
                		<false/>
                	</dict>

                """), path: LaunchdExample.daemonPath),
        .triggering(
            LaunchdExample.valid(
                """
                	<key>KeepAlive</key>
                	<dict>
                		<key>PathState</key>
                		<dict>
                			<key>/Volumes/Backup</key>
                			↓<string>yes</string>
                		</dict>
                	</dict>

                """),
            fixed: LaunchdExample.valid(
                """
                	<key>KeepAlive</key>
                	<dict>
                		<key>PathState</key>
                		<dict>
                			<key>/Volumes/Backup</key>
                			<true/>
                		</dict>
                	</dict>

                """), path: LaunchdExample.daemonPath),
        .nonTriggering(
            LaunchdExample.valid(
                "\t<key>KeepAlive</key>\n\t<dict>\n\t\t<key>SuccessfulExit</key>\n\t\t<false/>\n\t\t<key>PathState</key>\n\t\t<dict>\n\t\t\t<key>/Volumes/Backup</key>\n\t\t\t<true/>\n\t\t</dict>\n\t</dict>\n"
            ), path: LaunchdExample.daemonPath),
    ]

    static let booleanConditions = ["SuccessfulExit", "Crashed", "NetworkState"]
    static let dictionaryConditions = ["PathState", "OtherJobEnabled", "AfterInitialDemand"]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = LaunchdJob.root(context), let value = LaunchdJob.entry("KeepAlive", in: root)?.value,
            value.valueType != nil, !LaunchdJob.isTemplate(value)
        else { return }
        let edits = EditBuilder(context.text)
        switch value.kind {
        case .boolean:
            return
        case .dictionary:
            let known = Self.booleanConditions + Self.dictionaryConditions
            let present = Set(value.keys)
            for entry in value.entries {
                guard let key = entry.key else { continue }
                let name = key.text
                if Self.dictionaryConditions.contains(name) {
                    guard let inner = entry.value, inner.kind == .dictionary else { continue }  // its type: launchd-wrong-type
                    for item in inner.entries {
                        guard let itemValue = item.value, itemValue.valueType != nil, itemValue.kind != .boolean,
                            !LaunchdJob.isTemplate(itemValue)
                        else { continue }
                        out.append(
                            diagnostic(
                                "The values in \(name) are Booleans, not \(LaunchdJob.described(itemValue))", itemValue.element.range,
                                fixes: WrongTypeRule.conversions(itemValue, to: .boolean, edits: edits)))
                    }
                } else if !known.contains(name), !name.hasPrefix("_") {
                    if let right = Nearest.match(name, in: known, maximum: 2), !present.contains(right) {
                        let fix = Fix(title: "Rename to '\(right)'", edits: [edits.renaming(key, to: right)], isPreferred: true)
                        out.append(
                            diagnostic(
                                "'\(name)' is not a KeepAlive condition: did you mean '\(right)'? launchd ignores it", key.textRange,
                                fixes: [fix]))
                    } else {
                        out.append(
                            diagnostic(
                                "'\(name)' is not a KeepAlive condition (\(known.joined(separator: ", "))): launchd ignores it",
                                key.textRange))
                    }
                }
            }
        default:
            out.append(
                diagnostic(
                    "KeepAlive is a Boolean or a dictionary of conditions, not \(LaunchdJob.described(value))", value.element.range,
                    fixes: WrongTypeRule.conversions(value, to: .boolean, edits: edits)))
        }
    }
}
