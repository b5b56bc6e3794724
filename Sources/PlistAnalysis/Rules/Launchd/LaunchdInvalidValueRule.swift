// launchd-invalid-value: a value launchd does not know for ProcessType, a socket's type, family or
// protocol, or the other keys with named values.
import PlistSchema
import PlistSyntax

public struct LaunchdInvalidValueRule: Rule {
    public let id = "launchd-invalid-value"
    public let title = "A launchd key has a value launchd does not know"
    public let rationale = """
        Some launchd keys take one of a few named values. launchd compares them ignoring letter case \
        (`background` is `Background`) and drops anything else: an unknown `ProcessType` is logged \
        (`Unknown value for key ProcessType`) and the job runs without one; an unknown `SockType` \
        leaves the socket a stream socket. `ProcessType` accepts the four values launchd.plist(5) \
        documents, and also `App`, `SystemApp` and `TALApp`, which launchd's source reads and the page \
        does not document (they are accepted, never offered). For keys whose page lists only the \
        common values (`LimitLoadToSessionType`, socket families), a value is reported only when it \
        is one or two letters from a listed one. A value that is wholly a template placeholder \
        (`@TYPE@`, `{{ .type }}`) is left to the tool that fills it. The fix writes the value it \
        most likely means; it is offered, never applied by fix-all.
        """
    public let category = RuleCategory.launchd
    public var facts: RuleFacts { .launchdJobs }
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.launchdJob] }
    public let examples: [RuleExample] = [
        .triggering(
            LaunchdExample.valid("\t<key>ProcessType</key>\n\t↓<string>Backgrnd</string>\n"),
            fixed: LaunchdExample.valid("\t<key>ProcessType</key>\n\t<string>Background</string>\n"), path: LaunchdExample.daemonPath),
        .triggering(LaunchdExample.valid("\t<key>ProcessType</key>\n\t↓<string>Low</string>\n"), path: LaunchdExample.daemonPath),
        .triggering(
            LaunchdExample.valid(
                "\t<key>Sockets</key>\n\t<dict>\n\t\t<key>Listener</key>\n\t\t<dict>\n\t\t\t<key>SockType</key>\n\t\t\t↓<string>dgarm</string>\n\t\t</dict>\n\t</dict>\n"
            ),
            fixed: LaunchdExample.valid(
                "\t<key>Sockets</key>\n\t<dict>\n\t\t<key>Listener</key>\n\t\t<dict>\n\t\t\t<key>SockType</key>\n\t\t\t<string>dgram</string>\n\t\t</dict>\n\t</dict>\n"
            ),
            path: LaunchdExample.daemonPath),
        // launchd ignores letter case; undocumented values its source reads; a template.
        .nonTriggering(
            LaunchdExample.valid(
                "\t<key>ProcessType</key>\n\t<string>interactive</string>\n\t<key>Sockets</key>\n\t<dict>\n\t\t<key>Listener</key>\n\t\t<dict>\n\t\t\t<key>SockType</key>\n\t\t\t<string>Stream</string>\n\t\t</dict>\n\t</dict>\n"
            ),
            path: LaunchdExample.daemonPath),
        .nonTriggering(LaunchdExample.valid("\t<key>ProcessType</key>\n\t<string>App</string>\n"), path: LaunchdExample.daemonPath),
        .nonTriggering(
            LaunchdExample.valid("\t<key>ProcessType</key>\n\t<string>@PROCESS_TYPE@</string>\n"), path: LaunchdExample.daemonPath),
    ]

    /// Values launchd's source reads that launchd.plist(5) does not document (launchd 842, core.c
    /// `job_import_string`: ProcessType and POSIXSpawnType share one list).
    static let undocumented: [String: [String]] = [
        "ProcessType": ["App", "SystemApp", "TALApp"],
        "POSIXSpawnType": ["Standard", "SystemApp", "TALApp"],
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        for info in context.keys {
            guard let def = info.definition, !def.values.isEmpty, let value = info.value else { continue }
            for node in value.kind == .array ? value.items : [value] {
                guard node.kind == .string, !LaunchdJob.isTemplate(node) else { continue }
                let text = node.trimmedText
                let known = def.values.map(\.value)
                let accepted = known + (Self.undocumented[def.name] ?? [])
                if text.isEmpty || accepted.contains(where: { $0.lowercased() == text.lowercased() }) { continue }
                let nearest = InvalidValueRule.suggestion(for: text, among: known, closed: def.valuesAreClosed)
                if !def.valuesAreClosed {
                    guard let nearest, InvalidValueRule.isLikelyTypo(text, of: nearest) else { continue }
                }
                var message = "launchd does not know '\(text)' for \(info.key.text)"
                var fixes: [Fix] = []
                if let nearest {
                    message += ": did you mean '\(nearest)'?"
                    fixes = [
                        Fix(title: "Change to '\(nearest)'", edits: [edits.replacingContent(of: node, with: nearest)], isPreferred: true)
                    ]
                } else {
                    message += " (it takes \(known.joinedAsList(conjunction: "or")))"
                }
                out.append(diagnostic(message, node.element.range, fixes: fixes))
            }
        }
    }
}
