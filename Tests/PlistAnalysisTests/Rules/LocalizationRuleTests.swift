// The localization rules are rules of the one catalogue (issue #40 point 4): their examples are
// checked by RuleCatalogueTests.examplesBehaveAsDocumented like every rule's; here, what is
// particular to them: where l10n-untranslated reports, that the Info.plist's suppression comments
// and the configuration reach them as they reach the other rules, and the display-name table.
import Foundation
import PlistAnalysis
import PlistSyntax
import Testing
import XcodeProject

@Suite struct LocalizationRuleTests {
    static var localizationRules: [any Rule] { RuleRegistry.all.filter { $0.category == .localization } }

    @Test func translationRulesAreRulesOfTheCatalogue() {
        let ids = Self.localizationRules.map(\.id)
        #expect(ids.count == 8, "\(ids)")
        #expect(ids.allSatisfy { $0.hasPrefix("l10n-") })
        #expect(RuleRegistry.all.filter { $0.id.hasPrefix("l10n-") }.allSatisfy { $0.category == .localization })
        for rule in Self.localizationRules {
            // A translation file's rule reads it; l10n-untranslated reads the Info.plist with its translations.
            if rule.fileKinds.isSubset(of: FileKind.translationKinds) {
                #expect(rule.reads(TranslationContext.self), "\(rule.id)")
            } else {
                #expect(rule.fileKinds == [.infoPlist] && rule.reads(LocalizedPlistContext.self), "\(rule.id)")
            }
            #expect(!rule.reads(RuleContext.self), "\(rule.id)")
        }
        // No property-list rule runs on a translation file.
        #expect(
            RuleRegistry.all.filter { $0.reads(RuleContext.self) }.allSatisfy { $0.fileKinds.isDisjoint(with: FileKind.translationKinds) })
    }

    @Test func untranslatedNamesTheLocalesAndSitsOnTheInfoPlistKey() throws {
        let example = try #require(UntranslatedRule().examples.first)
        let found = example.findings().findings.filter { $0.code == "l10n-untranslated" }
        #expect(found.count == 1)
        let f = try #require(found.first)
        #expect(f.message.contains("NSMicrophoneUsageDescription") && f.message.contains("de") && !f.message.contains("fr"))
        #expect(String(decoding: Array(example.text.utf8)[f.range], as: UTF8.self) == "NSMicrophoneUsageDescription")
        // knownRegions' locales without a file count, Base and the development region do not.
        let second = UntranslatedRule().examples[1].findings().findings.filter { $0.code == "l10n-untranslated" }
        #expect(
            second.map(\.message) == [
                "the purpose string NSCameraUsageDescription is not translated for ja: that locale shows the development-language text (translations: the .lproj folders near it (no Xcode project target found))"
            ])
    }

    /// The one run loop applies an Info.plist's suppression comments to l10n-untranslated too (they
    /// were ignored while the localization rules had a loop of their own).
    @Test(arguments: ["<!-- plist-lsp-disable l10n-untranslated -->\n", "<!-- plist-lsp-disable -->\n"])
    func infoPlistSuppressionCommentsSilenceUntranslated(_ comment: String) throws {
        let example = try #require(UntranslatedRule().examples.first)
        #expect(example.findings().findings.contains { $0.code == "l10n-untranslated" })
        var suppressed = example
        suppressed.text = example.text.replacingOccurrences(of: "<dict>\n", with: "<dict>\n" + comment)
        #expect(!suppressed.findings().findings.contains { $0.code == "l10n-untranslated" })
        var nextEntry = example
        nextEntry.text = example.text.replacingOccurrences(
            of: "\t<key>NSMicrophoneUsageDescription",
            with: "\t<!-- plist-lsp-disable-next-entry l10n-untranslated -->\n\t<key>NSMicrophoneUsageDescription")
        #expect(!nextEntry.findings().findings.contains { $0.code == "l10n-untranslated" })
        // Another rule's suppression leaves it alone.
        var other = example
        other.text = example.text.replacingOccurrences(of: "<dict>\n", with: "<dict>\n<!-- plist-lsp-disable info-unknown-key -->\n")
        #expect(other.findings().findings.contains { $0.code == "l10n-untranslated" })
    }

    /// The settings reach a translation rule as any rule: its severity changed, or switched off.
    @Test func settingsChangeAndSwitchOffTranslationRules() throws {
        let example = try #require(UnknownTranslationKeyRule().examples.first { $0.triggers })
        let (raised, problems) = AnalysisConfiguration.parse(.object(["rules": .object(["l10n-unknown-key": .string("error")])]))
        #expect(problems.isEmpty, "\(problems)")
        let found = example.findings(configuration: raised).findings.filter { $0.code == "l10n-unknown-key" }
        #expect(!found.isEmpty && found.allSatisfy { $0.severity == .error })
        let (off, offProblems) = AnalysisConfiguration.parse(.object(["disabledRules": .array([.string("l10n-unknown-key")])]))
        #expect(offProblems.isEmpty, "\(offProblems)")
        #expect(!example.findings(configuration: off).findings.contains { $0.code == "l10n-unknown-key" })
    }

    @Test func displayNamesOfEveryPurposeStringAreKnown() {
        #expect(DisplayNameKeyRule.rawKey(forDisplayName: "Privacy - Microphone Usage Description") == "NSMicrophoneUsageDescription")
        #expect(
            DisplayNameKeyRule.rawKey(forDisplayName: "Privacy._.Location.When.In.Use.Usage.Description")
                == "NSLocationWhenInUseUsageDescription")
        #expect(DisplayNameKeyRule.rawKey(forDisplayName: "Bundle display name") == "CFBundleDisplayName")
        #expect(DisplayNameKeyRule.rawKey(forDisplayName: "NSCameraUsageDescription") == nil)
        #expect(DisplayNameKeyRule.rawKey(forDisplayName: "JPEG Image") == nil)
    }
}
