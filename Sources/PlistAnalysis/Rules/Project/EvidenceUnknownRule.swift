// project-evidence-unknown: a check across files that cannot be made, because a file it reads is
// missing from the checkout: said as unknown, with what would settle it, never as a fact.
import PlistSchema
import PlistSyntax
import XcodeProject

public struct EvidenceUnknownRule: Rule {
    public let id = "project-evidence-unknown"
    public let title = "A check across files cannot be made: a file it reads is missing"
    public let rationale = """
        Some findings are about another file of the project: the entitlement an Info.plist key \
        needs (`project-missing-entitlement`), the purpose string an entitlement needs \
        (`project-entitlement-purpose-string`), the build setting a `$(NAME)` reference reads \
        (`project-undefined-variable`). Checkouts often lack a file those read: an .xcconfig the \
        repository ignores (a developer's settings, Flutter's `Generated.xcconfig`), so that \
        `CODE_SIGN_ENTITLEMENTS = $(APP_ENTITLEMENTS)` names nothing known, or an entitlements \
        file CODE_SIGN_ENTITLEMENTS names that is not on disk. Then the answer is unknown: this \
        note says which target, setting and file it depends on, and those rules say nothing \
        rather than something that may be false. With the file in place, the check is made.
        """
    public let category = RuleCategory.project
    public let defaultSeverity = Finding.Severity.information
    public var fileKinds: Set<FileKind> { [.infoPlist, .entitlements] }
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓NSHealthShareUsageDescription</key>
            	<string>Shows your steps.</string>
            	<key>CFBundleIdentifier</key>
            	<string>$(↓BUNDLE_ID_PREFIX).app</string>
            </dict>
            </plist>

            """, project: ExampleProject(settings: "CODE_SIGN_ENTITLEMENTS = $(APP_ENTITLEMENTS)\n", unreadFiles: ["Secrets.xcconfig"])),
        .nonTriggering(
            ExampleText.dict("\t<key>NSHealthShareUsageDescription</key>\n\t<string>Shows your steps.</string>\n"),
            project: ExampleProject(
                settings: "CODE_SIGN_ENTITLEMENTS = App.entitlements\n", companion: ["com.apple.developer.healthkit": ["true"]])),
    ]
    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let project = context.project else { return }
        if let why = project.companionUnknown {
            for gap in MissingEntitlementRule.gaps(context) {
                out.append(diagnostic("\(gap.need); whether \(project.targetNames) has it is unknown: \(why)", gap.range))
            }
        }
        for gap in EntitlementPurposeStringRule.gaps(context) {
            guard let why = gap.unknown else { continue }
            out.append(diagnostic("\(gap.need); whether it has it is unknown: \(why)", gap.range))
        }
        let unread = project.unreadFiles
        guard !unread.isEmpty else { return }
        for (found, name) in UndefinedVariableRule.undefined(context) {
            out.append(
                diagnostic(
                    "No configuration of \(project.targetNames) that could be read defines '\(name)', but \(ProjectInput.unreadable(unread)) and may: whether Xcode replaces $(\(name)) with nothing is unknown",
                    found.nameRange, elsewhere: UndefinedVariableRule.missingFileNotes(name, project)))
        }
    }
}
