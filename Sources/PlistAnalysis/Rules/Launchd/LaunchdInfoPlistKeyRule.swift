// launchd-info-plist-key: an Info.plist key (LSUIElement, CFBundle…) in a launchd job.
import PlistSchema
import PlistSyntax

public struct LaunchdInfoPlistKeyRule: Rule {
    public let id = "launchd-info-plist-key"
    public let title = "An Info.plist key in a launchd job"
    public let rationale = """
        A launchd job is not an app's Info.plist: launchd does not read `LSUIElement`, `CFBundleIdentifier` \
        or the other keys of an app bundle, so a job that carries one does not get what it says (a job \
        has no Dock icon to hide; its name is its `Label`). Such keys are often copied from an app's \
        Info.plist into its helper's job. The fix removes the entry; it is offered, never applied by \
        fix-all.
        """
    public let category = RuleCategory.launchd
    public var facts: RuleFacts { .launchdJobs }
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.launchdJob] }
    public let examples: [RuleExample] = [
        .triggering(
            LaunchdExample.valid("\t<key>↓LSUIElement</key>\n\t<true/>\n"), fixed: LaunchdExample.valid(), path: LaunchdExample.agentPath),
        .nonTriggering(
            LaunchdExample.valid("\t<key>AssociatedBundleIdentifiers</key>\n\t<string>com.example.app</string>\n"),
            path: LaunchdExample.agentPath),
    ]

    /// Whether `name` is a top-level Info.plist key of the database and not a launchd key.
    static func isInfoPlistKey(_ name: String, in schema: KeyDatabase) -> Bool {
        schema.definition(for: name, at: [], domain: .launchd) == nil && schema.definition(for: name, at: [], domain: .infoPlist) != nil
    }

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = LaunchdJob.root(context) else { return }
        let edits = EditBuilder(context.text)
        for entry in root.entries {
            guard let key = entry.key, Self.isInfoPlistKey(key.text, in: context.schema) else { continue }
            let fix = Fix(title: "Remove '\(key.text)'", edits: [edits.removing(entry)], isPreferred: true)
            out.append(diagnostic("'\(key.text)' is an Info.plist key: launchd does not read it in a job", key.textRange, fixes: [fix]))
        }
    }
}
