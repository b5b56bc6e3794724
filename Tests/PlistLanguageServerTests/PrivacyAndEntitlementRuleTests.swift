// Every privacy-manifest and entitlement rule through the server, as the editor sees it: the
// diagnostic where the problem is, and its preferred quick fix applied to the document.
import LanguageServerProtocol
import Testing

/// A privacy manifest whose root dictionary holds `body`.
func manifest(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)</dict>\n</plist>\n"
}

/// A manifest with one required-reason entry.
func apiManifest(_ category: String, _ reasons: String...) -> String {
    manifest(
        "\t<key>NSPrivacyAccessedAPITypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>NSPrivacyAccessedAPIType</key>\n\t\t\t<string>\(category)</string>\n"
            + "\t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>\n\t\t\t<array>\n"
            + reasons.map { "\t\t\t\t<string>\($0)</string>\n" }.joined()
            + "\t\t\t</array>\n\t\t</dict>\n\t</array>\n")
}

/// One entry of a root dictionary: `key` and its value's XML.
private func entry(_ key: String, _ value: String) -> String { "\t<key>\(key)</key>\n\t\(value)\n" }

/// An array of strings, as the value of a root dictionary's entry.
private func strings(_ items: String...) -> String { "<array>\n" + items.map { "\t\t<string>\($0)</string>\n" }.joined() + "\t</array>" }

struct RuleCase: CustomTestStringConvertible, Sendable {
    /// The rule whose diagnostic the marker 1️⃣ lies in.
    let rule: String
    let uri: DocumentURI
    let marked: String
    /// The document after the diagnostic's preferred fix; nil when the rule offers none.
    let fixed: String?
    var severity: DiagnosticSeverity = .warning
    var testDescription: String { rule }
}

let manifestURI = "file:///Projects/App/App/PrivacyInfo.xcprivacy"
let appManifestURI = "file:///Projects/App/ios/Runner/PrivacyInfo.xcprivacy"
let entitlementsURI = "file:///Projects/App/App/App.entitlements"

@Suite struct PrivacyAndEntitlementRuleTests {
    static let privacyCases: [RuleCase] = [
        RuleCase(
            rule: "privacy-invalid-reason", uri: manifestURI,
            marked: apiManifest("NSPrivacyAccessedAPICategoryUserDefaults", "CA92.1", "1️⃣35F9.1"), fixed: nil),
        RuleCase(
            rule: "privacy-invalid-reason", uri: manifestURI,
            marked: apiManifest("NSPrivacyAccessedAPICategoryUserDefaults", "1️⃣ca92.1"),
            fixed: apiManifest("NSPrivacyAccessedAPICategoryUserDefaults", "CA92.1")),
        RuleCase(
            rule: "privacy-invalid-value", uri: manifestURI,
            marked: apiManifest("NSPrivacyAccessedAPICategoryUser1️⃣Default", "CA92.1"),
            fixed: apiManifest("NSPrivacyAccessedAPICategoryUserDefaults", "CA92.1")),
        RuleCase(
            rule: "privacy-sdk-only-reason", uri: appManifestURI,
            marked: apiManifest("NSPrivacyAccessedAPICategoryFileTimestamp", "C617.1", "1️⃣0A2A.1"),
            fixed: apiManifest("NSPrivacyAccessedAPICategoryFileTimestamp", "C617.1")),
        RuleCase(
            rule: "privacy-sdk-only-reason", uri: manifestURI,
            marked: apiManifest("NSPrivacyAccessedAPICategoryUserDefaults", "1️⃣C56D.1", "CA92.1"),
            fixed: apiManifest("NSPrivacyAccessedAPICategoryUserDefaults", "CA92.1"), severity: .information),
        RuleCase(
            rule: "privacy-tracking-domains", uri: manifestURI,
            marked: manifest(entry("NSPrivacyTracking", "<tr1️⃣ue/>")), fixed: nil),
        RuleCase(
            rule: "privacy-tracking-domain-format", uri: manifestURI,
            marked: manifest(
                entry("NSPrivacyTracking", "<true/>") + entry("NSPrivacyTrackingDomains", strings("1️⃣https://ads.example.com:8443/t?id=1"))),
            fixed: manifest(entry("NSPrivacyTracking", "<true/>") + entry("NSPrivacyTrackingDomains", strings("ads.example.com")))),
        RuleCase(
            rule: "privacy-duplicate-entry", uri: manifestURI,
            marked: manifest(
                "\t<key>NSPrivacyAccessedAPITypes</key>\n\t<array>\n"
                    + "\t\t<dict>\n\t\t\t<key>NSPrivacyAccessedAPIType</key>\n\t\t\t<string>NSPrivacyAccessedAPICategoryDiskSpace</string>\n\t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>\n\t\t\t<array>\n\t\t\t\t<string>E174.1</string>\n\t\t\t</array>\n\t\t</dict>\n"
                    + "\t\t<dict>\n\t\t\t<key>NSPrivacyAccessedAPIType</key>\n\t\t\t<string>1️⃣NSPrivacyAccessedAPICategoryDiskSpace</string>\n\t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>\n\t\t\t<array>\n\t\t\t\t<string>85F4.1</string>\n\t\t\t</array>\n\t\t</dict>\n"
                    + "\t</array>\n"),
            fixed: apiManifest("NSPrivacyAccessedAPICategoryDiskSpace", "E174.1", "85F4.1")),
        RuleCase(
            rule: "privacy-missing-key", uri: manifestURI,
            marked: manifest(
                "\t<key>NSPrivacyCollectedDataTypes</key>\n\t<array>\n\t\t<di1️⃣ct>\n\t\t\t<key>NSPrivacyCollectedDataType</key>\n\t\t\t<string>NSPrivacyCollectedDataTypeEmailAddress</string>\n\t\t</dict>\n\t</array>\n"
            ),
            fixed: nil),
        RuleCase(
            rule: "privacy-unknown-key", uri: manifestURI,
            marked: manifest(entry("NSPrivacyTracking1️⃣Domain", "<array/>")),
            fixed: manifest(entry("NSPrivacyTrackingDomains", "<array/>"))),
        RuleCase(
            rule: "privacy-wrong-type", uri: manifestURI,
            marked: manifest(entry("NSPrivacyTracking", "<string>1️⃣NO</string>")),
            fixed: manifest(entry("NSPrivacyTracking", "<false/>"))),
    ]

    /// An entitlements file holding `key`, with the marker in the key or in `marked`, its value;
    /// `fixed`: the value the preferred fix writes (nil: the rule offers no fix).
    static func entitlement(
        _ rule: String, _ key: String, _ marked: String, fixed: String?,
        severity: DiagnosticSeverity = .warning
    ) -> RuleCase {
        RuleCase(
            rule: rule, uri: entitlementsURI, marked: manifest(entry(key, marked)),
            fixed: fixed.map { manifest(entry(key, $0)) }, severity: severity)
    }

    static let entitlementCases: [RuleCase] = [
        entitlement("entitlement-wrong-type", "com.apple.security.app-sandbox", "<string>1️⃣YES</string>", fixed: "<true/>"),
        entitlement("entitlement-invalid-value", "aps-environment", "<string>1️⃣prod</string>", fixed: "<string>production</string>"),
        RuleCase(
            rule: "entitlement-misspelled-key", uri: entitlementsURI,
            marked: manifest(entry("com.apple.security.app-sandbox", "<true/>") + entry("com.apple.security.network.cli1️⃣en", "<true/>")),
            fixed: manifest(entry("com.apple.security.app-sandbox", "<true/>") + entry("com.apple.security.network.client", "<true/>"))),
        entitlement(
            "entitlement-value-format", "com.apple.developer.associated-domains",
            strings("1️⃣applinks:https://example.com/path"), fixed: strings("applinks:example.com")),
        entitlement(
            "entitlement-value-format", "com.apple.security.application-groups",
            strings("1️⃣com.example.shared"), fixed: strings("group.com.example.shared")),
        entitlement(
            "entitlement-value-format", "com.apple.developer.icloud-container-identifiers",
            strings("1️⃣com.example.app"), fixed: strings("iCloud.com.example.app")),
        RuleCase(
            rule: "entitlement-conflict", uri: entitlementsURI,
            marked: manifest(
                entry("com.apple.security.app-sandbox", "<true/>") + entry("com.apple.security.assets.music.read-1️⃣only", "<true/>")
                    + entry("com.apple.security.assets.music.read-write", "<true/>")),
            fixed: manifest(
                entry("com.apple.security.app-sandbox", "<true/>") + entry("com.apple.security.assets.music.read-write", "<true/>"))),
        entitlement("entitlement-sandbox-off", "com.apple.security.network.ser1️⃣ver", "<true/>", fixed: nil, severity: .information),
    ]

    @Test(arguments: privacyCases + entitlementCases)
    func diagnosticAndPreferredFix(_ c: RuleCase) async throws {
        let (text, at) = lspMarked(c.marked)
        let client = try await openedClient(text, uri: c.uri)
        let diagnostics = try await client.diagnostics(c.uri, version: 1)
        let mine = try #require(
            diagnostics.first { $0.code == .string(c.rule) && $0.range.start <= at[0] && at[0] <= $0.range.end },
            "\(c.rule) not reported at the marker; got \(diagnostics.map { "\($0.code.map { "\($0)" } ?? "") \($0.range)" })")
        #expect(mine.severity == c.severity)
        #expect(mine.codeDescription?.href.hasSuffix("docs/diagnostics.md#\(c.rule)") == true)
        let actions = try await codeActions(client, LSPRange(at[0]), uri: c.uri, only: [.quickFix])
            .filter { $0.diagnostics?.contains { $0.code == .string(c.rule) } == true }
        guard let fixed = c.fixed else {
            #expect(actions.isEmpty, "\(c.rule) offers \(actions.map(\.title))")
            return
        }
        let fix = try #require(actions.first { $0.isPreferred == true }, "\(c.rule): no preferred fix among \(actions.map(\.title))")
        #expect(apply(fix.edit, to: text, uri: c.uri) == fixed)
        // Offered, never applied for the user: every fix here changes what is declared or granted.
        let all = try await codeActions(client, LSPRange(position(0, 0)), uri: c.uri, only: [.sourceFixAll])
        #expect(all.allSatisfy { apply($0.edit, to: text, uri: c.uri) == text })
    }

    @Test func anSDKsManifestMayDeclareSDKOnlyReasons() async throws {
        let uri = "file:///Projects/Kit/Sources/Kit/Resources/PrivacyInfo.xcprivacy"
        let client = try await openedClient(apiManifest("NSPrivacyAccessedAPICategoryUserDefaults", "C56D.1"), uri: uri)
        #expect(try await client.diagnostics(uri, version: 1).isEmpty)
    }

    @Test func validFilesRaiseNothing() async throws {
        let client = try TestClient()
        try await client.initialize(richClient())
        let privacy = manifest(
            "\t<key>NSPrivacyTracking</key>\n\t<true/>\n\t<key>NSPrivacyTrackingDomains</key>\n\t<array>\n\t\t<string>ads.example.com</string>\n\t</array>\n"
                + "\t<key>NSPrivacyCollectedDataTypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>NSPrivacyCollectedDataType</key>\n\t\t\t<string>NSPrivacyCollectedDataTypeDeviceID</string>\n"
                + "\t\t\t<key>NSPrivacyCollectedDataTypeLinked</key>\n\t\t\t<false/>\n\t\t\t<key>NSPrivacyCollectedDataTypeTracking</key>\n\t\t\t<true/>\n"
                + "\t\t\t<key>NSPrivacyCollectedDataTypePurposes</key>\n\t\t\t<array>\n\t\t\t\t<string>NSPrivacyCollectedDataTypePurposeThirdPartyAdvertising</string>\n\t\t\t</array>\n\t\t</dict>\n\t</array>\n"
        )
        let entitlements = manifest(
            "\t<key>aps-environment</key>\n\t<string>development</string>\n\t<key>com.apple.developer.associated-domains</key>\n\t<array>\n\t\t<string>applinks:*.example.com?mode=developer</string>\n\t\t<string>webcredentials:example.com</string>\n\t</array>\n"
                + "\t<key>com.apple.security.application-groups</key>\n\t<array>\n\t\t<string>group.com.example.shared</string>\n\t\t<string>$(TeamIdentifierPrefix)com.example.mac</string>\n\t</array>\n"
                + "\t<key>com.apple.developer.icloud-services</key>\n\t<array>\n\t\t<string>CloudKit</string>\n\t</array>\n"
                + "\t<key>com.apple.developer.icloud-container-identifiers</key>\n\t<array>\n\t\t<string>iCloud.$(CFBundleIdentifier)</string>\n\t</array>\n"
        )
        try client.open(manifestURI, privacy)
        try client.open(entitlementsURI, entitlements)
        #expect(try await client.diagnostics(manifestURI, version: 1).isEmpty)
        #expect(try await client.diagnostics(entitlementsURI, version: 1).isEmpty)
    }
}
