// The localization rules' examples are their tests, as for every rule: each triggering example
// raises the rule where it marks `↓`, each other does not, a fix gives the documented text.
import Foundation
import PlistAnalysis
import PlistSyntax
import Testing
import XcodeProject

@Suite struct LocalizationRuleTests {
    @Test func idsAreUniqueSortedAndApartFromThePlistRules() {
        let ids = LocalizationRules.all.map(\.id)
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids).isDisjoint(with: RuleRegistry.all.map(\.id)))
        #expect(ids.allSatisfy { $0.hasPrefix("l10n-") })
    }

    @Test(arguments: LocalizationRules.all.map { $0.id })
    func examples(_ id: String) throws {
        let rule = try #require(LocalizationRules.all.first { $0.id == id })
        #expect(rule.examples.contains { $0.triggers } && rule.examples.contains { !$0.triggers }, "\(id) needs both kinds of example")
        for example in rule.examples {
            let mine = example.findings().filter { $0.code == id }
            #expect(mine.isEmpty != example.triggers, "\(id) on \(example.path): \(example.text)\n\(mine.map(\.message))")
            // Every triggering example says where (issue #34), as the other rules' do: `↓` at each
            // finding's start in the file it reports in (the Info.plist for l10n-untranslated).
            if example.triggers {
                let starts = Set(mine.map(\.range.lowerBound))
                #expect(example.markers.map(Set.init) == starts,
                        "\(id) on \(example.path): its findings start at \(starts.sorted()), the example marks \(example.markers ?? []):\n\(example.markedText)")
            } else {
                #expect(example.markers == nil, "\(id) on \(example.path): a non-triggering example marks a place")
            }
            guard let fixed = example.fixedText else { continue }
            let fix = try #require(mine.lazy.compactMap { $0.fixes.first(where: \.isPreferred) }.first, "\(id): no preferred fix")
            if let other = fix.otherFiles.first {
                #expect(fix.edits.isEmpty)
                let result = try FixApplication.applying(other.edits, to: other.text)
                #expect(String(decoding: result, as: UTF8.self) == fixed, "\(id): fix '\(fix.title)'")
            } else {
                let result = try FixApplication.applying(fix.edits, to: Array(example.text.utf8))
                #expect(String(decoding: result, as: UTF8.self) == fixed, "\(id): fix '\(fix.title)'")
            }
        }
    }

    @Test func untranslatedNamesTheLocalesAndSitsOnTheInfoPlistKey() throws {
        let example = try #require(UntranslatedRule().examples.first)
        let found = example.findings().filter { $0.code == "l10n-untranslated" }
        #expect(found.count == 1)
        let f = try #require(found.first)
        #expect(f.message.contains("NSMicrophoneUsageDescription") && f.message.contains("de") && !f.message.contains("fr"))
        #expect(String(decoding: Array(example.text.utf8)[f.range], as: UTF8.self) == "NSMicrophoneUsageDescription")
        // knownRegions' locales without a file count, Base and the development region do not.
        let second = UntranslatedRule().examples[1].findings().filter { $0.code == "l10n-untranslated" }
        #expect(second.map(\.message) == ["the purpose string NSCameraUsageDescription is not translated for ja: that locale shows the development-language text (translations: the .lproj folders near it (no Xcode project target found))"])
    }

    @Test func displayNamesOfEveryPurposeStringAreKnown() {
        #expect(DisplayNameKeyRule.rawKey(forDisplayName: "Privacy - Microphone Usage Description") == "NSMicrophoneUsageDescription")
        #expect(DisplayNameKeyRule.rawKey(forDisplayName: "Privacy._.Location.When.In.Use.Usage.Description") == "NSLocationWhenInUseUsageDescription")
        #expect(DisplayNameKeyRule.rawKey(forDisplayName: "Bundle display name") == "CFBundleDisplayName")
        #expect(DisplayNameKeyRule.rawKey(forDisplayName: "NSCameraUsageDescription") == nil)
        #expect(DisplayNameKeyRule.rawKey(forDisplayName: "JPEG Image") == nil)
    }
}
