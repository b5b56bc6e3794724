// Every rule written under Sources/PlistAnalysis/Rules is in `RuleRegistry.all`: a rule left out of
// the list would silently never run, and every other test iterates the list. The rule files are read
// as text: a type conforming to `Rule` (or `IdentifiedRule`), an id given as a literal (`id:
// "info-…"`, `let id = "…"`), and the id a rule file names on its first line must all be registered.
// The check is a function of the rule list, so that it is also run on a list with a rule left out.
import Foundation
import PlistAnalysis
import Testing
import PlistTestSupport

@Suite struct RuleRegistrationTests {
    /// A rule file: its path under `Rules/` and its text.
    struct RuleFile: Sendable {
        let path: String
        let text: String
    }

    static let rulesDirectory = SharedData.repositoryRoot.appendingPathComponent("Sources/PlistAnalysis/Rules")

    /// Every Swift file under `Rules/`, its subfolders included.
    static func ruleFiles() throws -> [RuleFile] {
        let root = rulesDirectory.path
        let paths = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".swift") }.sorted()
        return try paths.map { RuleFile(path: $0, text: try String(contentsOfFile: root + "/" + $0, encoding: .utf8)) }
    }

    /// What `files` declare that `rules` lack; empty when every declared rule is registered.
    static func unregistered(_ files: [RuleFile], in rules: [any Rule]) -> [String] {
        let typeNames = Set(rules.map { String(describing: type(of: $0)) })
        let ids = Set(rules.map(\.id))
        let conformance = /(?m)^(?:public |internal |package )?(?:final )?(?:struct|class|enum) (\w+)\s*:\s*([^{]*)\{/
        let literalID = /\bid(?::| =) "([a-z]+-[a-z0-9-]+)"/
        let headerID = /^\/\/ ([a-z]+-[a-z0-9-]+)[: (]/
        var missing: [String] = []
        for file in files {
            for match in file.text.matches(of: conformance) {
                let conformances = match.output.2.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                if conformances.contains(where: { $0 == "Rule" || $0 == "IdentifiedRule" }), !typeNames.contains(String(match.output.1)) {
                    missing.append("\(file.path): type \(match.output.1) conforms to Rule but no instance is in RuleRegistry.all")
                }
            }
            var declared = file.text.matches(of: literalID).map { String($0.output.1) }
            if let header = file.text.prefixMatch(of: headerID) { declared.append(String(header.output.1)) }
            for id in Set(declared).sorted() where !ids.contains(id) {
                missing.append("\(file.path): rule \(id) is not in RuleRegistry.all")
            }
        }
        return missing
    }

    @Test func everyRuleInTheRulesFolderIsRegistered() throws {
        let files = try Self.ruleFiles()
        #expect(files.count > 100, "read \(files.count) files under \(Self.rulesDirectory.path)")
        let missing = Self.unregistered(files, in: RuleRegistry.all)
        #expect(
            missing.isEmpty,
            "\(missing.joined(separator: "\n"))\nList each rule in RuleRegistry.all (Sources/PlistAnalysis/Rules/RuleRegistry.swift).")
    }

    /// The check finds a rule left out, whichever way the rule is written: a type of its own, an
    /// instance of a shared type, or a rule keyed by a parser problem.
    @Test(arguments: [
        "plist-duplicate-key", "project-key-newer-than-target", "info-bundle-version-format", "entitlement-wrong-type", "xml-no-root",
    ])
    func aRuleLeftOutIsFound(_ id: String) throws {
        let files = try Self.ruleFiles()
        let rules = RuleRegistry.all.filter { $0.id != id }
        #expect(rules.count == RuleRegistry.all.count - 1)
        let missing = Self.unregistered(files, in: rules)
        #expect(missing.contains { $0.contains(id) }, "leaving out \(id) went unnoticed: \(missing)")
    }
}
