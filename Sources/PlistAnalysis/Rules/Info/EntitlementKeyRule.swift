// info-entitlement-key: an entitlement written into Info.plist. Entitlements are signed into the
// code signature from the .entitlements file; the same key in Info.plist grants nothing.
import PlistSchema
import PlistSyntax

public struct EntitlementKeyRule: Rule {
    public let id = "info-entitlement-key"
    public let title = "An entitlement in Info.plist"
    public let rationale = """
        Entitlements (`com.apple.security.app-sandbox`, `com.apple.developer.associated-domains`, …) \
        take effect only when code signing puts them into the signature, from the target's \
        `.entitlements` file (Code Signing Entitlements build setting). Written into Info.plist they \
        grant nothing, and the capability silently stays off. Move the key into the entitlements file. \
        Keys that are both (the NFC reader's select identifiers) are Info.plist keys and not reported.
        """
    public let category = RuleCategory.keys
    public let defaultSeverity = Finding.Severity.warning
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓com.apple.security.app-sandbox</key>
            	<true/>
            </dict>
            </plist>

            """),
        .nonTriggering(
            ExampleText.dict(
                "\t<key>com.apple.developer.nfc.readersession.iso7816.select-identifiers</key>\n\t<array>\n\t\t<string>A0000002471001</string>\n\t</array>\n"
            )),
        .nonTriggering(ExampleText.dict("\t<key>com.apple.security.app-sandbox</key>\n\t<true/>\n"), path: "App.entitlements"),
    ]

    public init() {}

    /// Whether the unknown top-level key of an Info.plist is a known entitlement.
    static func isEntitlement(_ info: KeyInfo, in context: RuleContext) -> Bool {
        guard info.match == nil, info.parent.isEmpty, context.domain == .infoPlist else { return false }
        return context.schema.definitions(named: info.key.text).contains { $0.domain == .entitlements }
    }

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        for info in context.keys where Self.isEntitlement(info, in: context) && info.nearMiss == nil {
            out.append(
                diagnostic(
                    "'\(info.key.text)' is an entitlement: in Info.plist it grants nothing; it belongs in the target's .entitlements file",
                    info.key.textRange))
        }
    }
}
