// AnalysisConfiguration.parse: the one reader of settings for the editor and `check`.
import Testing
import PlistAnalysis

@Suite struct ConfigurationParsingTests {
    @Test func absentNullAndForeignMembersLeaveTheDefaults() {
        for settings: ConfigurationValue in [
            nil, [:], "plist", [1, 2], ["fileKind": nil, "rules": nil, "diagnostics": ["enabled": true]],
        ] {
            let (configuration, problems) = AnalysisConfiguration.parse(settings)
            #expect(configuration == .default, "\(settings)")
            #expect(problems.isEmpty, "\(settings)")
        }
    }

    @Test func definitionsInBothForms() {
        #expect(
            AnalysisConfiguration.parse(["preprocessorDefinitions": ["A", "B=2", "C="]]).configuration.preprocessorDefinitions
                == ["A": "1", "B": "2", "C": ""])
        #expect(
            AnalysisConfiguration.parse(["preprocessorDefinitions": ["A": true, "B": 2, "C": "x", "D": false]]).configuration
                .preprocessorDefinitions
                == ["A": "1", "B": "2", "C": "x"])
        #expect(AnalysisConfiguration.parse(["preprocessorDefinitions": false]).configuration.preprocessorDefinitions == nil)
        #expect(AnalysisConfiguration.parse(["preprocessorDefinitions": []]).configuration.preprocessorDefinitions == [:])
        let (configuration, problems) = AnalysisConfiguration.parse(["preprocessorDefinitions": ["OK", "NOT OK", "=1", 3]])
        #expect(configuration.preprocessorDefinitions == ["OK": "1"])
        #expect(problems.map(\.setting) == [.preprocessorDefinitions, .preprocessorDefinitions, .preprocessorDefinitions])
    }

    @Test func unknownRuleIDsAreSkippedAndNameTheNearestIDs() {
        let (configuration, problems) = AnalysisConfiguration.parse([
            "rules": ["plist-duplicate-keys": "error", "info-wrong-type": "hint"], "disabledRules": ["info-unknown-keys"],
        ])
        #expect(configuration.severities == ["info-wrong-type": .hint])
        #expect(configuration.disabledRules.isEmpty)
        #expect(
            problems.map(\.description) == [
                "rules: unknown rule 'plist-duplicate-keys'; did you mean plist-duplicate-key? (the rules are listed in docs/diagnostics.md)",
                "disabledRules: unknown rule 'info-unknown-keys'; did you mean info-unknown-key? (the rules are listed in docs/diagnostics.md)",
            ])
        #expect(AnalysisConfiguration.ruleIDs(near: "xyzzy-quux-frobnicate").isEmpty)
        #expect(AnalysisConfiguration.ruleIDs(near: "plist-duplicate-key").first == "plist-duplicate-key")
    }

    @Test func macroNames() {
        #expect(AnalysisConfiguration.isMacroName("_DEBUG2"))
        #expect(!AnalysisConfiguration.isMacroName("2X"))
        #expect(!AnalysisConfiguration.isMacroName(""))
        #expect(!AnalysisConfiguration.isMacroName("A-B"))
    }
}
