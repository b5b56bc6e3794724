// info-unknown-key: a key the reference does not know, in a dictionary it describes. Custom keys
// are legal (apps read their own keys from Info.plist), so this is only a hint.
import PlistSchema
import PlistSyntax

public struct UnknownKeyRule: Rule {
    public let id = "info-unknown-key"
    public let title = "A key plist-lsp does not know"
    public let rationale = """
        Apps and frameworks may put their own keys in Info.plist, so an unknown key is not a problem; \
        the hint only tells you the system will not read it. Not reported when a more specific rule \
        (misspelling, wrong place) applies, nor in dictionaries whose keys you choose.
        """
    public let category = RuleCategory.keys
    public let defaultSeverity = Finding.Severity.hint
    public let examples: [RuleExample] = [
        .triggering(ExampleText.dict("\t<key>MyCompanyAPIEndpoint</key>\n\t<string>https://example.com</string>\n")),
        .nonTriggering(ExampleText.validInfoPlist),
        .nonTriggering(ExampleText.dict("\t<key>LSEnvironment</key>\n\t<dict>\n\t\t<key>MY_VARIABLE</key>\n\t\t<string>1</string>\n\t</dict>\n")),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        for info in context.keys where info.match == nil && !info.parentAllowsCustomKeys {
            let base = KeySuffix.split(info.key.text).base
            if !context.schema.definitions(named: base).filter({ $0.domain == .infoPlist }).isEmpty { continue }  // misplaced
            if info.nearMiss != nil { continue }
            out.append(diagnostic("'\(info.key.text)' is not a key the system reads here (custom keys are fine)", info.key.textRange))
        }
    }
}
