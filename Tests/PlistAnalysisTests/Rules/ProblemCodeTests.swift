// The parser's problem codes and the file-format rejections against the catalogue: every code is
// reported by exactly one registered rule keyed by it, no other rule claims a code's id, and ids
// are unique. The check is a function of the rule list, so that it is also run on broken lists.
import PlistAnalysis
import PlistSyntax
import Testing

@Suite struct ProblemCodeTests {
    /// How `rules` fail to match the typed codes one to one; empty when they match.
    static func mismatches(_ rules: [any Rule]) -> [String] {
        var found: [String] = []
        var seen: [String: Int] = [:]
        for rule in rules { seen[rule.id, default: 0] += 1 }
        for (id, count) in seen.sorted(by: { $0.key < $1.key }) where count > 1 { found.append("\(id): registered \(count) times") }

        let parserRules = rules.compactMap { $0 as? ParserProblemRule }
        for code in SyntaxProblem.Code.allCases {
            let count = parserRules.filter { $0.code == code }.count
            if count != 1 { found.append("\(code): reported by \(count) rules") }
        }
        let fileRules = rules.compactMap { $0 as? FileFormatRule }
        for error in SourceDecodingError.allCases {
            let count = fileRules.filter { $0.error == error }.count
            if count != 1 { found.append("\(error.code): reported by \(count) rules") }
        }
        // An xml- or file- rule, or any rule with a code's id, must be the rule keyed by that code.
        let codeIDs = Set(SyntaxProblem.Code.allCases.map(\.rawValue) + SourceDecodingError.allCases.map(\.code))
        for rule in rules where !(rule is ParserProblemRule || rule is FileFormatRule) {
            if codeIDs.contains(rule.id) || rule.id.hasPrefix("xml-") || rule.id.hasPrefix("file-") {
                found.append("\(rule.id): not keyed by a code")
            }
        }
        return found
    }

    @Test func everyCodeHasExactlyOneRegisteredRule() {
        #expect(Self.mismatches(RuleRegistry.all) == [])
        #expect(RuleRegistry.all.filter { $0 is ParserProblemRule }.count == SyntaxProblem.Code.allCases.count)
        #expect(RuleRegistry.all.filter { $0 is FileFormatRule }.count == SourceDecodingError.allCases.count)
    }

    @Test func theCheckFailsOnAMissingADuplicatedOrAnUnkeyedRule() throws {
        let all = RuleRegistry.all
        #expect(Self.mismatches(all.filter { $0.id != "xml-unclosed-tag" }) == ["xml-unclosed-tag: reported by 0 rules"])
        #expect(Self.mismatches(all.filter { $0.id != "file-empty" }) == ["file-empty: reported by 0 rules"])
        let tooDeep = try #require(RuleRegistry.rule("plist-too-deep"))
        #expect(Self.mismatches(all + [tooDeep]) == ["plist-too-deep: registered 2 times", "plist-too-deep: reported by 2 rules"])
        #expect(
            Self.mismatches(all.filter { $0.id != "xml-no-root" } + [Unkeyed(id: "xml-no-root")])
                == ["xml-no-root: reported by 0 rules", "xml-no-root: not keyed by a code"])
        #expect(Self.mismatches(all + [Unkeyed(id: "xml-something-new")]) == ["xml-something-new: not keyed by a code"])
    }
}

/// A rule that reports nothing and is keyed by no code.
private struct Unkeyed: Rule {
    let id: String
    var title: String { "Unkeyed" }
    var rationale: String { "A test double." }
    var category: RuleCategory { .xml }
    var defaultSeverity: Finding.Severity { .error }
    var examples: [RuleExample] { [] }
    func check(_ context: RuleContext, into out: inout [Finding]) {}
}
