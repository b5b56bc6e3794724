// info-removed-key: a key the system no longer reads (removed, ignored or unsupported).
import PlistSchema
import PlistSyntax

public struct RemovedKeyRule: Rule {
    public let id = "info-removed-key"
    public let title = "A removed or unsupported key"
    public let rationale = """
        Removed keys are no longer read at all (Newsstand, Classic, the iOS 9 `NSThirdParty…` ATS \
        keys); unsupported keys are not read on the platforms where they are used. They mislead whoever reads the file. The \
        fix renames the key to its successor when there is one, else removes the entry.
        """
    public let category = RuleCategory.keys
    public let defaultSeverity = Finding.Severity.warning
    public let examples: [RuleExample] = [
        .triggering(ExampleText.dict("\t<key>NSAppTransportSecurity</key>\n\t<dict>\n\t\t<key>NSExceptionDomains</key>\n\t\t<dict>\n\t\t\t<key>example.com</key>\n\t\t\t<dict>\n\t\t\t\t<key>NSThirdPartyExceptionAllowsInsecureHTTPLoads</key>\n\t\t\t\t<true/>\n\t\t\t</dict>\n\t\t</dict>\n\t</dict>\n"), fixed: "<plist version=\"1.0\">\n<dict>\n\t<key>NSAppTransportSecurity</key>\n\t<dict>\n\t\t<key>NSExceptionDomains</key>\n\t\t<dict>\n\t\t\t<key>example.com</key>\n\t\t\t<dict>\n\t\t\t\t<key>NSExceptionAllowsInsecureHTTPLoads</key>\n\t\t\t\t<true/>\n\t\t\t</dict>\n\t\t</dict>\n\t</dict>\n</dict>\n</plist>\n"),
        .triggering(ExampleText.dict("\t<key>CFBundleName</key>\n\t<string>Demo</string>\n\t<key>UINewsstandApp</key>\n\t<true/>\n"),
                    fixed: ExampleText.dict("\t<key>CFBundleName</key>\n\t<string>Demo</string>\n")),
        .nonTriggering(ExampleText.validInfoPlist),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        let obsolete = ObsoleteContainers(context)
        for info in context.keys {
            guard let def = info.definition, !obsolete.contains(info) else { continue }
            let kind = def.status.kind
            guard kind == .removed || kind == .unsupported else { continue }
            let verb = kind == .removed ? "was removed" : "is not supported"
            var message = "'\(def.name)' \(verb)" + (def.status.since.map { " since \($0)" } ?? "") + " and has no effect"
            var fix: Fix
            if let successor = def.status.successor, !info.dictionary.keys.contains(successor) {
                message += ": use '\(successor)'"
                fix = Fix(title: "Rename to '\(successor)'", edits: [edits.renaming(info.key, to: successor)], isPreferred: true)
            } else {
                fix = Fix(title: "Remove '\(def.name)'", edits: [edits.removing(info.entry)], isPreferred: true)
            }
            out.append(diagnostic(message, info.key.textRange, tags: [.deprecated, .unnecessary], fixes: [fix]))
        }
    }
}
