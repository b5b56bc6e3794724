// Preprocessor directive lines in the tree, the `#if` structure and condition evaluation, and the
// typed view of a preprocessed Info.plist (docs/preprocessed-plists.md).
import Testing
@testable import PlistSyntax

@Suite struct DirectiveTests {
    func directives(_ tree: SyntaxTree) -> [String] {
        var out: [String] = []
        func walk(_ e: SyntaxElement) {
            e.forEachChild { c in
                if c.kind == .directive { out.append(tree.string(c.range)) }
                if c.hasChildNode { walk(c) }
            }
        }
        walk(tree.document)
        return out
    }

    @Test func directiveLinesAreEntriesOfTheirOwn() {
        let s =
            header
            + "<plist version=\"1.0\">\n<dict>\n  #if defined(A) && !B // why\n\t<key>K</key>\n\t<string>#if not me</string>\n\t#else  \r\n\t<array>\n\t\t# ifdef X\n\t\t<true/>\n\t\t#endif\n\t</array>\n  #endif\n</dict>\n</plist>\n"
        let tree = parse(s)
        #expect(directives(tree) == ["#if defined(A) && !B // why", "#else  ", "# ifdef X", "#endif", "#endif"])
        #expect(tree.isWellFormed)
        #expect(tree.syntaxErrors.isEmpty)
        #expect(checkTiling(tree.document, tree.text.bytes) == nil)
        let doc = PlistDocument(tree)
        #expect(doc.problems.isEmpty, "\(doc.problems)")
        #expect(doc.conditionals.directives.map(\.kind) == [.if, .else, .ifdef, .endif, .endif])
        #expect(doc.conditionals.directives[0].argument == "defined(A) && !B")
        #expect(doc.conditionals.problems.isEmpty)
    }

    @Test func aDirectiveRunsToTheEndOfItsLinePastMarkup() {
        let s =
            header
            + "<plist version=\"1.0\">\n<dict>\n#include <Config/Info.h>\n\t<key>A</key>\n#define TAG <string>x</string>\n\t<true/>\n</dict>\n</plist>\n"
        let tree = parse(s)
        #expect(directives(tree) == ["#include <Config/Info.h>", "#define TAG <string>x</string>"])
        #expect(tree.syntaxErrors.isEmpty)
        #expect(checkTiling(tree.document, tree.text.bytes) == nil)
        #expect(PlistDocument(tree).problems.isEmpty)
        // Editing inside such a line reparses to the same tree as a full parse.
        let at = Array(s.utf8).firstRange(of: Array("Info.h".utf8))!.lowerBound
        for replacement in ["x", "\n", ">", "<", ""] {
            let edited = tree.applying(SourceEdit(range: at..<(at + 1), replacement: replacement))
            #expect(sameTree(edited, SyntaxTree.parse(edited.text)), "\(replacement.debugDescription)")
        }
    }

    @Test func onlyWholeLinesOutsideScalarsAreDirectives() {
        for body in [
            "<dict>#if A\n</dict>",  // not at a line start
            "<dict>\n\tx #if A\n</dict>",  // text before it on the line
            "<dict>\n#iff A\n</dict>",  // not a directive word
            "<dict>\n#IF A\n</dict>",
            "<dict>\n#if_A\n</dict>",
            "<dict>\n#\n</dict>",
        ] {
            let tree = parse(header + "<plist>\n" + body + "\n</plist>")
            #expect(directives(tree).isEmpty, "\(body)")
            #expect(codes(header + "<plist>\n" + body + "\n</plist>") == ["plist-stray-text"], "\(body)")
        }
        // Inside a scalar a `#` line is the value's text.
        let tree = parse(header + "<plist>\n<dict>\n<key>K</key>\n<string>\n#if A\n</string>\n</dict>\n</plist>")
        #expect(directives(tree).isEmpty)
        #expect(PlistDocument(tree).root?.entries.first?.value?.text == "\n#if A\n")
    }

    @Test func directivesAtDocumentLevelAreNotTextOutsideTheRoot() {
        let tree = parse("#include \"Config.h\"\n" + header + "<plist>\n<dict/>\n</plist>\n#define X 1\n")
        #expect(directives(tree) == ["#include \"Config.h\"", "#define X 1"])
        #expect(tree.syntaxErrors.map(\.code.rawValue) == ["xml-declaration-misplaced"])
        let late = parse(header + "<plist>\n<dict/>\n</plist>\n#define X 1\n")
        #expect(late.syntaxErrors.isEmpty)
        #expect(late.isWellFormed)
    }

    @Test func groupsBranchesAndPaths() {
        let s =
            "<plist>\n<dict>\n#if A\n<key>a</key>\n#ifdef B\n<key>b</key>\n#endif\n#elif C\n<key>c</key>\n#else\n<key>d</key>\n#endif\n<key>e</key>\n</dict>\n</plist>"
        let doc = PlistDocument(parse(s))
        let c = doc.conditionals
        func at(_ needle: String) -> Int { Array(s.utf8).firstRange(of: Array(needle.utf8))!.lowerBound }
        #expect(c.groups.count == 2)
        #expect(c.path(at: at("<key>a")) == [BranchID(group: 0, branch: 0)])
        #expect(c.path(at: at("<key>b")) == [BranchID(group: 0, branch: 0), BranchID(group: 1, branch: 0)])
        #expect(c.path(at: at("<key>c")) == [BranchID(group: 0, branch: 1)])
        #expect(c.path(at: at("<key>e")) == [])
        #expect(c.areExclusive(at("<key>b"), at("<key>d")))
        #expect(!c.areExclusive(at("<key>a"), at("<key>b")))
        #expect(!c.areExclusive(at("<key>a"), at("<key>e")))
        func active(_ defs: [String: String]) -> [String] {
            let selected = c.selectedBranches(defs)
            return ["a", "b", "c", "d", "e"].filter { c.isActive(at("<key>\($0)"), selected: selected) }
        }
        #expect(active([:]) == ["d", "e"])
        #expect(active(["A": "1"]) == ["a", "e"])
        #expect(active(["A": "1", "B": ""]) == ["a", "b", "e"])
        #expect(active(["A": "0", "C": "1"]) == ["c", "e"])
        #expect(active(["C": "A"]) == ["d", "e"])  // C expands to A, which is undefined: 0
    }

    @Test func conditionsEvaluateAsTheCPreprocessorDoes() {
        let defs = ["ONE": "1", "TWO": "2", "EMPTY": "", "ALIAS": "TWO", "ZERO": "0"]
        let cases: [(String, Int64)] = [
            ("1", 1), ("0", 0), ("ONE", 1), ("UNDEFINED", 0), ("defined(ZERO)", 1), ("defined ZERO", 1), ("!defined(NOPE)", 1),
            ("ONE && ZERO", 0), ("ONE || ZERO", 1), ("!(ONE && TWO) || ZERO", 0), ("TWO == 2", 1), ("TWO > 1 && TWO <= 2", 1),
            ("ALIAS * 3 + 1", 7), ("0x10 == 16", 1), ("010 == 8", 1), ("1 ? 5 : 6", 5), ("-ONE < 0", 1), ("(TWO << 2) | 1", 9),
            ("1 / 0", 0), ("ONE &&", 0), ("(ONE", 0), ("EMPTY", 0), ("2UL == 2", 1),
        ]
        let deep = String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
        let shallow = String(repeating: "(", count: 50) + "1" + String(repeating: ")", count: 50)
        let cases2: [(String, Int64)] = [
            (deep, 0), (String(repeating: "!", count: 100_001) + "0", 0), (shallow, 1),
            (String(repeating: "1 ? 1 : ", count: 50_000) + "0", 0),
        ]
        for (condition, expected) in cases + cases2 {
            #expect(ConditionExpression.evaluate(condition, defs) == expected, "\(condition)")
        }
    }

    @Test func unbalancedGroupsAreProblems() {
        let c = PlistDocument(parse("<plist>\n<dict>\n#endif\n#if A\n#else\n#else\n#elif B\n</dict>\n</plist>")).conditionals
        #expect(
            c.problems.map(\.message) == [
                "#endif without a matching #if", "#else after #else: the group already has its last branch",
                "#elif after #else: the group already has its last branch", "#if is never closed: add #endif",
            ])
    }

    @Test func typedViewReadsBranchesAsAlternatives() {
        let s =
            "<plist>\n<dict>\n<key>Name</key>\n#if ALPHA\n<string>a</string>\n#endif\n#if BETA\n<string>b</string>\n#endif\n"
            + "#if X\n<key>K1</key>\n#else\n<key>K2</key>\n#endif\n<integer>1</integer>\n"
            + "#ifdef D\n<key>Dup</key>\n<true/>\n#else\n<key>Dup</key>\n<false/>\n#endif\n</dict>\n</plist>"
        let all = PlistDocument(parse(s))
        #expect(all.problems.isEmpty, "\(all.problems)")
        let entries = all.root?.entries ?? []
        #expect(entries.map { $0.key?.text ?? "-" } == ["Name", "Name", "K1", "K2", "Dup", "Dup"])
        #expect(entries[0].key?.element.start == entries[1].key?.element.start)
        #expect(entries[1].value?.text == "b")
        #expect(entries[2].value?.element.start == entries[3].value?.element.start)
        #expect(all.readsAllBranches)
        #expect(!all.mayCoexist(entries[4].key!.element.start, entries[5].key!.element.start))

        let beta = PlistDocument(parse(s), definitions: ["BETA": "1", "X": "1", "D": "1"])
        #expect(beta.problems.isEmpty, "\(beta.problems)")
        #expect(
            beta.value
                == .dictionary([
                    .init(key: "Name", value: .string("b")),
                    .init(key: "K1", value: .integer(PlistInteger(isNegative: false, magnitude: 1))),
                    .init(key: "Dup", value: .bool(true)),
                ]))
        #expect(beta.mayCoexist(0, s.utf8.count - 1))
        // Both ALPHA and BETA: what Xcode reads has a value without a key.
        let both = PlistDocument(parse(s), definitions: ["ALPHA": "1", "BETA": "1"])
        #expect(both.problems.map(\.code.rawValue) == ["plist-value-without-key"])
        // Two values in one branch are still a value without a key when every branch is read.
        #expect(
            codes("<plist>\n<dict>\n<key>A</key>\n#if X\n<string>a</string>\n<string>b</string>\n#endif\n</dict>\n</plist>") == [
                "plist-value-without-key"
            ])
        // One root value per branch.
        #expect(codes("<plist>\n#ifdef A\n<dict/>\n#else\n<array/>\n#endif\n</plist>").isEmpty)
        #expect(codes("<plist>\n#ifdef A\n<dict/>\n<array/>\n#endif\n</plist>") == ["plist-extra-root-value"])
        // An unconditional value after a branch's value is one too.
        #expect(
            codes("<plist>\n<dict>\n<key>A</key>\n#if X\n<string>a</string>\n#endif\n<string>b</string>\n</dict>\n</plist>") == [
                "plist-value-without-key"
            ])
    }
}
