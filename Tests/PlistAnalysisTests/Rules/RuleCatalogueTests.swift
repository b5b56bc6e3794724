// The catalogue's own guarantees: unique ids, documented rules, examples that behave as stated,
// fixes whose result is the documented text, and generated docs that are current.
import Foundation
import PlistAnalysis
import PlistSchema
import PlistSyntax
import Testing
import PlistTestSupport

struct RuleArgument: CustomTestStringConvertible, Sendable {
    let rule: any Rule
    var testDescription: String { rule.id }
}

@Suite struct RuleCatalogueTests {
    static let rules = RuleRegistry.all.map(RuleArgument.init)

    @Test func idsAreUniqueAndWellFormed() {
        let ids = RuleRegistry.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(id)")
            #expect(
                ["file-", "xml-", "plist-", "info-", "privacy-", "ats-", "entitlement-", "launchd-", "profile-", "project-", "l10n-"]
                    .contains { id.hasPrefix($0) }, "\(id)")
        }
    }

    @Test(arguments: rules) func examplesBehaveAsDocumented(_ argument: RuleArgument) throws {
        let rule = argument.rule
        #expect(!rule.title.isEmpty && !rule.rationale.isEmpty)
        #expect(rule.examples.contains { !$0.triggers }, "\(rule.id) needs a non-triggering example")
        let untestable: Set<String> = ["xml-invalid-utf8", "file-invalid-encoding"]
        if !untestable.contains(rule.id) {
            #expect(rule.examples.contains { $0.triggers }, "\(rule.id) needs a triggering example")
        }
        // A rule that is off by default is documented as it behaves when turned on.
        var configuration = AnalysisConfiguration.default
        if !rule.enabledByDefault { configuration.severities[rule.id] = rule.defaultSeverity }
        for example in rule.examples {
            // A plist, a translation file against its Info.plist, or an Info.plist with its translations.
            let (text, diagnostics) = example.findings(configuration: configuration)
            let mine = diagnostics.filter { $0.code == rule.id }
            if example.triggers {
                #expect(!mine.isEmpty, "\(rule.id) must trigger on:\n\(example.text)\ngot: \(diagnostics.map(\.code))")
                // Every triggering example says where (issue #34): `↓` at each diagnostic's start.
                #expect(example.markers != nil, "\(rule.id): mark where each diagnostic starts with ↓ in:\n\(example.text)")
                if let markers = example.markers {
                    let starts = Set(mine.map(\.range.lowerBound))
                    #expect(
                        starts == Set(markers),
                        "\(rule.id): its diagnostics start at \(starts.sorted()), the example marks \(markers):\n\(example.markedText)")
                }
            } else {
                #expect(example.markers == nil, "\(rule.id): a non-triggering example marks a place")
                #expect(mine.isEmpty, "\(rule.id) must not trigger on:\n\(example.text)\ngot: \(mine.map(\.message))")
            }
            for d in mine {
                #expect(d.severity == rule.defaultSeverity || rule.id.hasPrefix("plist-missing"), "\(rule.id)")
                #expect(d.fixes.filter(\.isPreferred).count <= 1, "\(rule.id): at most one preferred fix")
            }
            guard let fixed = example.fixedText else {
                if example.triggers {
                    #expect(
                        mine.allSatisfy { !$0.fixes.contains(where: \.isPreferred) },
                        "\(rule.id): its preferred fix is undocumented: give the example its fixed text")
                }
                continue
            }
            let fix = try #require(mine.lazy.compactMap { $0.fixes.first(where: \.isPreferred) }.first, "\(rule.id): no preferred fix")
            // A fix that edits another file (an Info.plist's missing translation): its text is documented.
            if let other = fix.otherFiles.first {
                #expect(fix.edits.isEmpty, "\(rule.id): fix '\(fix.title)' edits two files")
                let result = try FixApplication.applying(other.edits, to: other.text)
                #expect(String(decoding: result, as: UTF8.self) == fixed, "\(rule.id): fix '\(fix.title)'")
            } else {
                let result = try FixApplication.applying(fix.edits, to: text)
                #expect(String(decoding: result, as: UTF8.self) == fixed, "\(rule.id): fix '\(fix.title)'")
            }
        }
    }

    /// Every rule that judges keys by facts cites where those facts come from: keys whose entries
    /// (each naming its Apple page) exist, or pages of Apple's; and its documentation shows them.
    @Test(arguments: rules) func factBasedRulesCiteTheirSources(_ argument: RuleArgument) throws {
        let rule = argument.rule
        let facts = rule.facts
        guard RuleFacts.factChapters.contains(rule.category) else {
            #expect(facts.isEmpty, "\(rule.id) checks syntax yet declares facts")
            return
        }
        #expect(
            !facts.isEmpty, "\(rule.id) rests on facts about keys but cites no source: declare its keys or pages in RuleFacts.catalogue")
        for key in facts.keys {
            let definition = KeyDatabase.shared.definitions(named: key.name).first { $0.domain == key.domain }
            #expect(definition != nil, "\(rule.id) cites \(key.name), which the database does not know")
            if let definition {
                #expect(definition.docURL.hasPrefix("https://"), "\(rule.id): \(key.name) has no page to cite")
                #expect(!definition.sources.isEmpty || definition.fromSeeds, "\(rule.id): \(key.name) names no source")
            }
        }
        // Apple's pages: its developer documentation, or its open-source releases (launchd.plist(5)).
        for page in facts.pages {
            #expect(
                page.hasPrefix("https://developer.apple.com/") || page.hasPrefix("https://opensource.apple.com/"), "\(rule.id): \(page)")
        }
        let section = RuleDocumentation.markdown(rules: [rule])
        #expect(section.contains("\n**Sources.** "), "\(rule.id): docs/diagnostics.md does not cite the sources")
    }

    @Test func factCatalogueNamesOnlyRulesOfTheCatalogue() {
        for id in RuleFacts.catalogue.keys { #expect(RuleRegistry.rule(id) != nil, "RuleFacts.catalogue names \(id), which is no rule") }
    }

    /// Issue #38 point 14: an example with CRLF line ends (or another control character) is shown
    /// as a reader can read it, never with Swift's `\u{d}` escapes.
    @Test func documentationShowsControlCharactersReadably() {
        let markdown = RuleDocumentation.markdown()
        #expect(!markdown.contains("\\u{"), "docs/diagnostics.md shows a Swift escape")
        #expect(markdown.contains("Its lines end in CRLF"))
        #expect(markdown.contains("bplist00\u{2401}\u{2402}"))
    }

    /// Issue #38 point 12: the short-version rule cites where its format comes from instead of an
    /// unsourced claim about App Store Connect.
    @Test func shortVersionFormatCitesItsSources() throws {
        let rule = try #require(RuleRegistry.rule("info-short-version-format"))
        #expect(rule.facts.pages.contains("https://developer.apple.com/help/glossary/version-number"))
        #expect(!rule.rationale.contains("App Store Connect rejects other text"))
        #expect(RuleDocumentation.markdown(rules: [rule]).contains("<https://developer.apple.com/help/glossary/version-number>"))
    }

    @Test func documentationIsCurrent() throws {
        let url = SharedData.repositoryRoot.appendingPathComponent("docs/diagnostics.md")
        let generated = RuleDocumentation.markdown()
        if ProcessInfo.processInfo.environment["PLIST_LSP_UPDATE_DOCS"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
        }
        let current = try String(contentsOf: url, encoding: .utf8)
        #expect(
            current == generated, "docs/diagnostics.md is stale: run PLIST_LSP_UPDATE_DOCS=1 swift test --filter documentationIsCurrent")
    }
}
