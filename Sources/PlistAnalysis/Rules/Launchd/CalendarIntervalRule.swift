// launchd-calendar-interval: StartCalendarInterval of the wrong shape, a wrong key, or a value out of range.
import PlistSchema
import PlistSyntax

public struct CalendarIntervalRule: Rule {
    public let id = "launchd-calendar-interval"
    public let title = "StartCalendarInterval has a wrong shape, key or value"
    public let rationale = """
        `StartCalendarInterval` is a dictionary, or an array of dictionaries, of integers: `Minute` \
        (0–59), `Hour` (0–23), `Day` (1–31), `Weekday` (0–7, both 0 and 7 being Sunday) and `Month` \
        (1–12); a missing one matches every value, as `*` does in cron. launchd ignores what it cannot \
        read instead of refusing the job, so a mistake runs the job at other times than meant: a \
        `Weekday` of `<string>6-7</string>` (launchd has no ranges or lists; give one dictionary per \
        day) leaves every day, a misspelled `Minutes` leaves every minute. A string of digits gets a \
        fix to `<integer>`, a key one or two letters off (`Minutes`, `hour`) a rename; both are offered, never applied by \
        fix-all. A value that is wholly a template placeholder (`{{ .hour }}`, `@HOUR@`) is left to the \
        tool that fills it.
        """
    public let category = RuleCategory.launchd
    public var facts: RuleFacts { .launchdJobs }
    public let defaultSeverity = Finding.Severity.error
    public var fileKinds: Set<FileKind> { [.launchdJob] }
    public let examples: [RuleExample] = [
        .triggering(
            LaunchdExample.valid(
                """
                	<key>StartCalendarInterval</key>
                	<dict>
                		<key>Hour</key>
                		<integer>3</integer>
                		<key>Minute</key>
                		↓<integer>60</integer>
                	</dict>

                """), path: LaunchdExample.daemonPath),
        .triggering(
            LaunchdExample.valid(
                """
                	<key>StartCalendarInterval</key>
                	<dict>
                		<key>Weekday</key>
                		↓<string>6-7</string>
                	</dict>

                """), path: LaunchdExample.daemonPath),
        .triggering(
            LaunchdExample.valid(
                """
                	<key>StartCalendarInterval</key>
                	<array>
                		<dict>
                			<key>Hour</key>
                			↓<string>9</string>
                		</dict>
                	</array>

                """),
            fixed: LaunchdExample.valid(
                """
                	<key>StartCalendarInterval</key>
                	<array>
                		<dict>
                			<key>Hour</key>
                			<integer>9</integer>
                		</dict>
                	</array>

                """), path: LaunchdExample.daemonPath),
        .triggering(
            LaunchdExample.valid(
                """
                	<key>StartCalendarInterval</key>
                	<dict>
                		<key>↓Minutes</key>
                		<integer>30</integer>
                	</dict>

                """),
            fixed: LaunchdExample.valid(
                """
                	<key>StartCalendarInterval</key>
                	<dict>
                		<key>Minute</key>
                		<integer>30</integer>
                	</dict>

                """), path: LaunchdExample.daemonPath),
        .triggering(
            LaunchdExample.valid(
                """
                	<key>StartCalendarInterval</key>
                	↓<integer>3600</integer>

                """), path: LaunchdExample.daemonPath),
        .nonTriggering(
            LaunchdExample.valid(
                """
                	<key>StartCalendarInterval</key>
                	<array>
                		<dict>
                			<key>Weekday</key>
                			<integer>6</integer>
                		</dict>
                		<dict>
                			<key>Weekday</key>
                			<integer>7</integer>
                		</dict>
                	</array>

                """), path: LaunchdExample.daemonPath),
        .nonTriggering(
            LaunchdExample.valid(
                "\t<key>StartCalendarInterval</key>\n\t<dict>\n\t\t<key>Hour</key>\n\t\t<string>{{ .backup.hour }}</string>\n\t</dict>\n"),
            path: LaunchdExample.daemonPath),
    ]

    /// The keys of a calendar dictionary and their ranges.
    static let ranges: [(key: String, range: ClosedRange<Int>, what: String)] = [
        ("Minute", 0...59, "0–59"), ("Hour", 0...23, "0–23"), ("Day", 1...31, "1–31"),
        ("Weekday", 0...7, "0–7, 0 and 7 being Sunday"), ("Month", 1...12, "1–12"),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = LaunchdJob.root(context), let value = LaunchdJob.entry("StartCalendarInterval", in: root)?.value else { return }
        switch value.kind {
        case .dictionary:
            check(value, context, &out)
        case .array:
            if value.items.isEmpty {
                out.append(
                    diagnostic("StartCalendarInterval is an empty array: the job is never started by the calendar", value.element.range))
            }
            for item in value.items {
                if item.kind == .dictionary {
                    check(item, context, &out)
                } else if item.valueType != nil && !LaunchdJob.isTemplate(item) {
                    out.append(
                        diagnostic(
                            "Items of StartCalendarInterval are dictionaries of Minute, Hour, Day, Weekday and Month, not \(LaunchdJob.described(item))",
                            item.element.range))
                }
            }
        default:
            guard value.valueType != nil, !LaunchdJob.isTemplate(value) else { return }
            var message =
                "StartCalendarInterval is a dictionary (or an array of them) of Minute, Hour, Day, Weekday and Month, not \(LaunchdJob.described(value))"
            if value.kind == .integer { message += "; to start the job every N seconds, use StartInterval" }
            out.append(diagnostic(message, value.element.range))
        }
    }

    private func check(_ dictionary: PlistNode, _ context: RuleContext, _ out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        let present = Set(dictionary.keys)
        for entry in dictionary.entries {
            guard let key = entry.key else { continue }
            guard let known = Self.ranges.first(where: { $0.key == key.text }) else {
                let name = key.text
                if let right = Nearest.match(name, in: Self.ranges.map(\.key), maximum: 2), !present.contains(right) {
                    let fix = Fix(title: "Rename to '\(right)'", edits: [edits.renaming(key, to: right)], isPreferred: true)
                    out.append(
                        diagnostic(
                            "'\(name)' is not a calendar key: did you mean '\(right)'? launchd ignores it, so it matches every value",
                            key.textRange, fixes: [fix]))
                } else {
                    out.append(
                        diagnostic("'\(name)' is not a calendar key (Minute, Hour, Day, Weekday, Month): launchd ignores it", key.textRange)
                    )
                }
                continue
            }
            guard let value = entry.value, value.valueType != nil, !LaunchdJob.isTemplate(value) else { continue }
            switch value.kind {
            case .integer:
                guard let number = Int(value.trimmedText) else { continue }  // not a number: the parser's finding
                if !known.range.contains(number) {
                    out.append(
                        diagnostic("\(known.key) \(number) is out of range (\(known.what)): launchd never matches it", value.element.range))
                }
            case .string:
                let text = value.trimmedText
                if let number = Int(text) {
                    let fixes = known.range.contains(number) ? WrongTypeRule.conversions(value, to: .integer, edits: edits) : []
                    out.append(
                        diagnostic(
                            "\(known.key) is an integer, not a string: launchd ignores '\(text)' and matches every value",
                            value.element.range, fixes: fixes))
                } else {
                    out.append(
                        diagnostic(
                            "\(known.key) is one integer (\(known.what)), not the string '\(text)': launchd has no ranges or lists and ignores it, matching every value; give one dictionary per value in an array",
                            value.element.range))
                }
            default:
                out.append(
                    diagnostic("\(known.key) is an integer (\(known.what)), not \(LaunchdJob.described(value))", value.element.range))
            }
        }
    }
}
