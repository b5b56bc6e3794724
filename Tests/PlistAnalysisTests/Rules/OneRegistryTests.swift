// One rule engine (issue #40 point 4): every diagnostic comes from a rule of `RuleRegistry.all`,
// which the configuration, the suppression comments and docs/diagnostics.md all read. A second
// catalogue beside it (as the localization rules once had: `LocalizationRule`,
// `LocalizationRules.all`, their own example type and documentation) fails here.
import Foundation
import PlistAnalysis
import Testing
import PlistTestSupport

@Suite struct OneRegistryTests {
    /// docs/diagnostics.md as generated (made once: it runs every rule's fixed example).
    static let documentation = RuleDocumentation.markdown()

    /// What in `files` (path, text) declares a rule protocol, a rule list or an example type other
    /// than the catalogue's own; empty when there is none.
    static func secondCatalogues(_ files: [(path: String, text: String)]) -> [String] {
        let ruleProtocol = /(?m)^\s*(?:public |package )?protocol (\w*Rule)\b/
        let ruleList = /(?m)^\s*(?:public |package )?static (?:let|var) \w+\s*:\s*\[any (\w+)\]/
        // An example type: a value that says whether it triggers (helpers that build `RuleExample`s are not).
        let exampleType = /(?m)^\s*(?:public |package )?(?:struct|final class) (\w+)\b[^{]*\{[^}]*?\b(?:var|let) triggers: Bool/
        var found: [String] = []
        for (path, text) in files {
            for m in text.matches(of: ruleProtocol) where !["Rule", "IdentifiedRule"].contains(String(m.output.1)) {
                found.append("\(path): protocol \(m.output.1)")
            }
            for m in text.matches(of: ruleList) where m.output.1.hasSuffix("Rule") && !path.hasSuffix("Rules/RuleRegistry.swift") {
                found.append("\(path): a list of \(m.output.1) outside RuleRegistry")
            }
            for m in text.matches(of: exampleType) where m.output.1 != "RuleExample" {
                found.append("\(path): example type \(m.output.1)")
            }
        }
        return found
    }

    static func sourceFiles() throws -> [(path: String, text: String)] {
        let root = SharedData.repositoryRoot.appendingPathComponent("Sources").path
        let paths = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".swift") }.sorted()
        return try paths.map { ($0, try String(contentsOfFile: root + "/" + $0, encoding: .utf8)) }
    }

    @Test func theSourcesHaveOneCatalogue() throws {
        let files = try Self.sourceFiles()
        #expect(files.count > 200, "read \(files.count) files")
        let found = Self.secondCatalogues(files)
        #expect(found.isEmpty, "a second rule catalogue: \(found.joined(separator: "\n")); make these rules of `Rule` in RuleRegistry.all")
    }

    /// The check sees the engine the localization rules had before they joined the catalogue.
    @Test func theCheckFindsASecondCatalogue() {
        let old = """
            public protocol LocalizationRule: Sendable {
                var id: String { get }
            }
            public enum LocalizationRules {
                public static let all: [any LocalizationRule] = []
            }
            public struct LocalizationExample: Sendable {
                public var text: String
                public var triggers: Bool
            }
            """
        #expect(Self.secondCatalogues([("PlistAnalysis/Localization/LocalizationAnalysis.swift", old)]).count == 3)
        #expect(Self.secondCatalogues([("PlistAnalysis/Rules/RuleRegistry.swift", "    public static let all: [any Rule] = {")]).isEmpty)
    }

    /// Every rule, the translation files' included, is documented in docs/diagnostics.md and can be
    /// given a severity or switched off in the settings, which then apply to its findings.
    @Test(arguments: RuleCatalogueTests.rules) func everyRuleIsDocumentedAndConfigurable(_ argument: RuleArgument) throws {
        let rule = argument.rule
        let documentation = Self.documentation
        #expect(documentation.contains("\n### \(rule.id)\n"), "\(rule.id) has no section in docs/diagnostics.md")
        #expect(documentation.contains("| [`\(rule.id)`](#\(rule.id)) |"), "\(rule.id) is not in the table of docs/diagnostics.md")
        let (raised, problems) = AnalysisConfiguration.parse(.object(["rules": .object([rule.id: .string("error")])]))
        #expect(problems.isEmpty, "\(rule.id): \(problems)")
        let (off, offProblems) = AnalysisConfiguration.parse(.object(["rules": .object([rule.id: .string("off")])]))
        #expect(offProblems.isEmpty, "\(rule.id): \(offProblems)")
        for example in rule.examples where example.triggers {
            let found = example.findings(configuration: raised).findings.filter { $0.code == rule.id }
            #expect(!found.isEmpty && found.allSatisfy { $0.severity == .error }, "\(rule.id): severity setting not applied")
            #expect(!example.findings(configuration: off).findings.contains { $0.code == rule.id }, "\(rule.id): not switched off")
        }
    }

    /// Whatever the analysis reports on the examples of every kind of file is a rule of the catalogue.
    @Test func everyFindingComesFromARuleOfTheCatalogue() {
        var unknown: Set<String> = []
        for rule in RuleRegistry.all {
            for example in rule.examples {
                for f in example.findings().findings where RuleRegistry.rule(f.code) == nil { unknown.insert(f.code) }
            }
        }
        #expect(unknown.isEmpty, "codes of no rule: \(unknown.sorted())")
    }
}
