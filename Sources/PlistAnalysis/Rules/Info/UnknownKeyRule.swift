// info-unknown-key: a key the reference does not know, in a dictionary it describes. Custom keys
// are legal (apps read their own keys from Info.plist), so this is only a hint, and off by default:
// one hint per custom key is noise in most projects.
import PlistSchema
import PlistSyntax

public struct UnknownKeyRule: Rule {
    public let id = "info-unknown-key"
    public let title = "A key plist-lsp does not know"
    public let rationale = """
        Apps and frameworks may put their own keys in Info.plist, so an unknown key is not a problem; \
        the hint only tells you the system will not read it. Off by default (turn it on with a \
        severity, or `check --hints`). Not reported when a more specific rule applies (misspelling, \
        wrong place, an entitlement in Info.plist, an unknown key in a dictionary the system reads as a \
        fixed set), for keys the database knows as a third party's (Sparkle, Firebase, …), nor in \
        dictionaries whose keys you choose.
        """
    public let category = RuleCategory.keys
    public let defaultSeverity = Finding.Severity.hint
    public let enabledByDefault = false
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓MyCompanyAPIEndpoint</key>
            	<string>https://example.com</string>
            </dict>
            </plist>

            """),
        .nonTriggering(ExampleText.validInfoPlist),
        .nonTriggering(
            ExampleText.dict("\t<key>LSEnvironment</key>\n\t<dict>\n\t\t<key>MY_VARIABLE</key>\n\t\t<string>1</string>\n\t</dict>\n")),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        for info in context.keys
        where info.match == nil && !info.parentAllowsCustomKeys && !info.parentHasFixedKeys && info.keyWhitespace == nil {
            let base = KeySuffix.split(info.key.text).base
            if !context.schema.definitions(named: base).filter({ $0.domain == .infoPlist }).isEmpty { continue }  // misplaced
            if EntitlementKeyRule.isEntitlement(info, in: context) { continue }
            if info.nearMiss != nil { continue }
            out.append(diagnostic("'\(info.key.text)' is not a key the system reads here (custom keys are fine)", info.key.textRange))
        }
    }
}
