// Settings through the protocol: read by the analysis's one configuration parser (the one
// `plist-lsp check` reads its flags with), every accepted spelling has its effect, and what
// cannot be used (unknown rule ids, wrong values) is a warning to the client, the rest applying.
import Testing
import LanguageServerProtocol
import PlistAnalysis
import PlistLanguageServer
import PlistSupport

@Suite struct ConfigurationTests {
    static let duplicates = "<plist><dict><key>A</key><string>1</string><key>A</key><string>2</string></dict></plist>"

    /// The severities of the duplicate-key diagnostics published under `settings` (nil: none published).
    static func duplicateSeverities(_ settings: JSONValue) async throws -> [DiagnosticSeverity?] {
        let client = try TestClient()
        try await client.initialize(options: ["settings": settings])
        try client.open(uri, duplicates)
        return only("plist-duplicate-key", try await client.diagnostics(uri, version: 1)).map(\.severity)
    }

    @Test(
        arguments: [
            ("error", DiagnosticSeverity.error), ("Error", .error), ("warning", .warning), ("information", .information),
            ("info", .information), ("INFO", .information), ("hint", .hint),
        ] as [(String, DiagnosticSeverity)])
    func everySpellingOfALevel(_ level: String, _ severity: DiagnosticSeverity) async throws {
        let severities = try await Self.duplicateSeverities(["plist": ["rules": ["plist-duplicate-key": .string(level)]]])
        #expect(severities == [severity, severity])
    }

    @Test(
        arguments: [
            ["rules": ["plist-duplicate-key": "off"]], ["rules": ["plist-duplicate-key": "None"]],
            ["rules": ["plist-duplicate-key": "disabled"]], ["rules": ["plist-duplicate-key": false]],
            ["disabledRules": ["plist-duplicate-key"]],
        ] as [JSONValue])
    func everySpellingOfOff(_ settings: JSONValue) async throws {
        #expect(try await Self.duplicateSeverities(settings).isEmpty)
    }

    @Test func trueKeepsTheDefaultSeverity() async throws {
        #expect(try await Self.duplicateSeverities(["rules": ["plist-duplicate-key": true]]) == [.warning, .warning])
    }

    /// The server's analysis configuration is exactly what the shared parser makes of the settings.
    @Test func theServerReadsSettingsWithTheSharedParser() {
        let settings: JSONValue = [
            "rules": ["info-unknown-key": "Warning", "plist-duplicate-key": false], "disabledRules": ["info-wrong-type"],
            "fileKind": "infoplist", "infoPlistRules": true, "inlayHints": ["enabled": false],
            "preprocessorDefinitions": ["DEBUG", "LEVEL=2"],
        ]
        let plain: ConfigurationValue = [
            "rules": ["info-unknown-key": "Warning", "plist-duplicate-key": false], "disabledRules": ["info-wrong-type"],
            "fileKind": "infoplist", "infoPlistRules": true, "inlayHints": ["enabled": false],
            "preprocessorDefinitions": ["DEBUG", "LEVEL=2"],
        ]
        let configuration = ServerConfiguration(settings: ["plist": settings])
        let (expected, problems) = AnalysisConfiguration.parse(plain)
        #expect(problems.isEmpty)
        #expect(configuration.analysis == expected)
        #expect(configuration.problems.isEmpty)
        #expect(
            expected
                == AnalysisConfiguration(
                    severities: ["info-unknown-key": .warning], disabledRules: ["plist-duplicate-key", "info-wrong-type"],
                    fileKindOverride: .infoPlist, infoPlistRules: true, inlayHints: false,
                    preprocessorDefinitions: ["DEBUG": "1", "LEVEL": "2"]))
    }

    @Test func anUnknownRuleIDAtInitializeIsAWarningAndTheRestApplies() async throws {
        let client = try TestClient()
        try await client.initialize(options: [
            "settings": [
                "plist": [
                    "rules": ["plist-duplicate-keys": "off", "plist-duplicate-key": "error"]
                ]
            ]
        ])
        let warning = try await client.notification(LogMessageNotification.self) { $0.message.contains("unknown rule") }
        #expect(warning.type == .warning)
        #expect(
            warning.message
                == "settings: rules: unknown rule 'plist-duplicate-keys'; did you mean plist-duplicate-key? (the rules are listed in docs/diagnostics.md)"
        )
        try client.open(uri, Self.duplicates)
        #expect(only("plist-duplicate-key", try await client.diagnostics(uri, version: 1)).map(\.severity) == [.error, .error])
    }

    @Test func unusableSettingsInAChangeAreWarningsAndTheRestApplies() async throws {
        let client = try TestClient()
        try await client.initialize()
        try client.open(uri, Self.duplicates)
        _ = try await client.diagnostics(uri, version: 1)
        try client.send(
            DidChangeConfigurationNotification(settings: [
                "plist": [
                    "disabledRules": ["plist-duplicate-key", "no-such-rule", 7],
                    "rules": ["plist-duplicate-key": "loud"],
                    "fileKind": "plist", "infoPlistRules": "no",
                    "preprocessorDefinitions": ["1X"],
                ]
            ]))
        #expect(only("plist-duplicate-key", try await client.diagnostics(uri, version: 1)).isEmpty)
        let expected = [
            "settings: rules: unknown level \"loud\" for plist-duplicate-key (error, warning, information, hint, off)",
            "settings: disabledRules: unknown rule 'no-such-rule' (the rules are listed in docs/diagnostics.md)",
            "settings: disabledRules: expected a rule id, not 7",
            "settings: infoPlistRules: expected true or false, not \"no\"",
            "settings: fileKind: unknown file kind \"plist\" (infoPlist, entitlements, privacyManifest, launchdJob, configurationProfile, other)",
            "settings: preprocessorDefinitions: \"1X\" is not NAME or NAME=VALUE with NAME an identifier",
        ]
        for message in expected {
            let warning = try await client.notification(LogMessageNotification.self) { $0.message == message }
            #expect(warning.type == .warning)
        }
    }
}
