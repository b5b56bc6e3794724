// launchd-wrong-type: a launchd key whose value (or array item) has the wrong type.
import PlistSchema
import PlistSyntax

public struct LaunchdWrongTypeRule: Rule {
    public let id = "launchd-wrong-type"
    public let title = "A launchd key has a value of the wrong type"
    public let rationale = """
        launchd reads each key as one type and ignores a value of another, or refuses the whole job \
        (`Load failed: 5: Input/output error`): `<string>true</string>` for `RunAtLoad` does not start \
        the job, `<string>3600</string>` for `StartInterval` sets no interval. Booleans and integers are \
        not interchangeable for launchd. The values of `EnvironmentVariables` must be strings. A value \
        that is wholly a template placeholder (`@PREFIX@`, `{{ .home }}`, `__HOME__`) is left to the \
        tool that fills it. `ProgramArguments`, `StartCalendarInterval` and `KeepAlive` have rules of \
        their own. The fix converts the value; it is offered, never applied by fix-all.
        """
    public let category = RuleCategory.launchd
    public var facts: RuleFacts { .launchdJobs }
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.launchdJob] }
    public let examples: [RuleExample] = [
        .triggering(
            LaunchdExample.valid("\t<key>RunAtLoad</key>\n\t↓<string>true</string>\n"),
            fixed: LaunchdExample.valid("\t<key>RunAtLoad</key>\n\t<true/>\n"), path: LaunchdExample.daemonPath),
        .triggering(
            LaunchdExample.valid("\t<key>StartInterval</key>\n\t↓<string>3600</string>\n"),
            fixed: LaunchdExample.valid("\t<key>StartInterval</key>\n\t<integer>3600</integer>\n"), path: LaunchdExample.daemonPath),
        .triggering(
            LaunchdExample.valid(
                "\t<key>EnvironmentVariables</key>\n\t<dict>\n\t\t<key>RETRIES</key>\n\t\t↓<integer>3</integer>\n\t</dict>\n"),
            fixed: LaunchdExample.valid(
                "\t<key>EnvironmentVariables</key>\n\t<dict>\n\t\t<key>RETRIES</key>\n\t\t<string>3</string>\n\t</dict>\n"),
            path: LaunchdExample.daemonPath),
        .nonTriggering(
            LaunchdExample.valid("\t<key>RunAtLoad</key>\n\t<true/>\n\t<key>StartInterval</key>\n\t<string>@INTERVAL@</string>\n"),
            path: LaunchdExample.daemonPath),
    ]

    /// Keys whose shape another rule checks.
    static let ownRules: Set<String> = ["ProgramArguments", "StartCalendarInterval", "KeepAlive"]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        for info in context.keys {
            guard let def = info.definition, let value = info.value, let type = value.valueType else { continue }
            if info.parent.isEmpty && Self.ownRules.contains(def.name) { continue }
            if let first = info.parent.first, case .key("StartCalendarInterval") = first { continue }
            if def.valueTypes.contains(type) {
                if type == .array, let element = def.arrayElementType {
                    for item in value.items {
                        guard let itemType = item.valueType, itemType != element, !LaunchdJob.isTemplate(item) else { continue }
                        out.append(
                            diagnostic(
                                "Items of '\(info.key.text)' are \(WrongTypeRule.name(element))s, not \(WrongTypeRule.withArticle(itemType))",
                                item.element.range,
                                fixes: WrongTypeRule.conversions(item, to: element, edits: edits)))
                    }
                }
                if type == .dictionary, info.parent.isEmpty, def.name == "EnvironmentVariables" {
                    for entry in value.entries {
                        guard let item = entry.value, let itemType = item.valueType, itemType != .string, !LaunchdJob.isTemplate(item)
                        else { continue }
                        out.append(
                            diagnostic(
                                "Values of EnvironmentVariables are strings, not \(WrongTypeRule.withArticle(itemType))",
                                item.element.range,
                                fixes: WrongTypeRule.conversions(item, to: .string, edits: edits)))
                    }
                }
                continue
            }
            if LaunchdJob.isTemplate(value) { continue }
            let expected = def.valueTypes.map { t -> String in
                t == .array && def.arrayElementType != nil
                    ? "an array of \(WrongTypeRule.name(def.arrayElementType!))s" : WrongTypeRule.withArticle(t)
            }.joined(separator: " or ")
            var fixes: [Fix] = []
            for t in def.valueTypes {
                fixes += WrongTypeRule.conversions(value, to: t, element: def.arrayElementType, edits: edits)
                if !fixes.isEmpty { break }
            }
            out.append(
                diagnostic(
                    "'\(info.key.text)' expects \(expected), not \(WrongTypeRule.withArticle(type))", value.element.range, fixes: fixes))
        }
    }
}
