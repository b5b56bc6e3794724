// Regressions from issues #10 and #11 at the syntax layer: blank content, reparse reuse, hostile
// sizes (many attributes, deep nesting).
import Foundation
import Testing
import PlistTestSupport
@testable import PlistSyntax

@Suite struct SyntaxRobustnessTests {
    /// #10.4: blanks inside an empty container are not text (the tree does not store blank runs,
    /// so an inline element must say its content is blank).
    @Test func blankContentOfAnEmptyContainerIsNotText() {
        for blank in ["\n\t", " ", "\r\n  \t"] {
            let s =
                header
                + "<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<array>\(blank)</array>\n\t<key>B</key>\n\t<dict>\(blank)</dict>\n</dict>\n</plist>\n"
            #expect(codes(s) == [], "blank \(blank.debugDescription)")
            let dict = PlistDocument(parse(s)).root!
            #expect(dict.entries.map { $0.value?.kind } == [.array, .dictionary])
        }
        // Blank content is still content where Foundation wants none, and text is still text.
        #expect(codes("<plist><dict><key>a</key><true> </true></dict></plist>") == ["plist-boolean-content"])
        #expect(codes("<plist><dict>\n\tx\n</dict></plist>") == ["plist-stray-text"])
        #expect(PlistDocument(parse("<plist><string> \n</string></plist>")).value == .string(" \n"))
    }

    /// #10.7: `<plist version="1.>0">` is well-formed XML, but Foundation ends the tag at the '>'.
    @Test func greaterThanInAnAttributeValueIsReported() {
        let s = header + "<plist version=\"1.>0\">\n<dict>\n\t<key>A</key>\n\t<string a=\"x>y\">v</string>\n</dict>\n</plist>\n"
        let tree = parse(s)
        #expect(tree.isWellFormed)
        let problems = PlistDocument(tree).problems.filter { $0.code.rawValue == "plist-attribute-unreadable" }
        #expect(problems.map { tree.string($0.range) } == [">", ">"])
        #expect(codes(header + "<plist version=\"1.0\"><dict/></plist>") == [])
    }

    /// #11.9 / #10.7: a plist tag typed inside a scalar makes the scalar's nesting a look-ahead
    /// decision stored on the scalar's own entry, outside the reparsed region.
    @Test func incrementalReparseOfMarkupTypedIntoAScalar() {
        var tree = SyntaxTree.parse("<key><</key>")
        tree = tree.applying(SourceEdit(range: 5..<6, replacement: "<string></string>&"))
        #expect(sameTree(tree, SyntaxTree.parse(tree.text)))
        tree = tree.applying(SourceEdit(range: 23..<23, replacement: "<"))
        #expect(tree.text == Array("<key><string></string>&<</key>".utf8))
        #expect(sameTree(tree, SyntaxTree.parse(tree.text)))
        #expect(tree.syntaxErrors.map(\.code) == SyntaxTree.parse(tree.text).syntaxErrors.map(\.code))
        // The corpus case: a key holding a half-typed tag, then a key/string pair pasted into it.
        let before = "<!DOCTYPE p><key><dNSCam</key>\n<string>x</string>"
        let after = SyntaxTree.parse(before).applying(SourceEdit(range: 20..<21, replacement: "<key>N</key>\n\t<string>Scan</string>\n"))
        #expect(sameTree(after, SyntaxTree.parse(after.text)))
    }

    /// #11.4: the duplicate-attribute check is linear. Pairwise, 200,000 attributes take tens of
    /// seconds (the suite's time budget turns that into a hang); hashed, a fraction of one.
    @Test func manyAttributesParseInLinearTime() async throws {
        let verdicts = try await onOwnThread { () -> [Bool] in
            let count = 200_000
            var s = "<plist"
            for i in 0..<count { s += " a\(i)=\"\"" }
            let clean = parse(s + "><dict/></plist>")
            let duplicated = parse(s + " a\(count / 2)=\"x\"><dict/></plist>")
            return [clean.isWellFormed, !duplicated.isWellFormed, duplicated.syntaxErrors.count == 1]
        }
        #expect(verdicts == [true, true, true], "clean well formed, duplicate found, reported once")
        // Few attributes: the pairwise path still finds duplicates.
        #expect(!parse("<plist a=\"1\" b=\"2\" a=\"3\"><dict/></plist>").isWellFormed)
    }

    /// #11.2: 100,000 nested elements parse, report, build a typed view and are released
    /// without exhausting the stack.
    @Test func deepNestingNeitherOverflowsNorRecurses() async throws {
        let failures = try await onOwnThread { () -> [String] in
            var failures: [String] = []
            func check(_ ok: Bool, _ what: String) { if !ok { failures.append(what) } }
            let depth = 100_000
            for name in ["a", "array"] {
                let s =
                    "<plist>" + String(repeating: "<\(name)>", count: depth) + String(repeating: "</\(name)>", count: depth) + "</plist>"
                do {
                    let tree = parse(s)
                    check(tree.isWellFormed, "\(name): well formed")
                    check(tree.syntaxErrors.isEmpty, "\(name): no syntax error")
                    let doc = PlistDocument(tree)
                    let problems = doc.allProblems.map(\.code.rawValue)
                    check(problems == [name == "a" ? "plist-unknown-element" : "plist-too-deep"], "\(name): problems \(problems)")
                    _ = doc.value
                }
                // Unclosed, broken at the bottom, and through an incremental edit (compared in full).
                let open = "<plist>" + String(repeating: "<\(name)>", count: depth) + "<x"
                let broken = parse(open)
                check(!broken.isWellFormed && !broken.syntaxErrors.isEmpty, "\(name): unclosed is reported")
                let edited = broken.applying(SourceEdit(range: open.utf8.count - 1..<open.utf8.count, replacement: "y"))
                check(sameTree(edited, SyntaxTree.parse(edited.text)), "\(name): incremental equals full")
                _ = PlistDocument(edited).allProblems
            }
            // Markup nested in a scalar is read iteratively too.
            let inScalar =
                "<plist><string>" + String(repeating: "<a>", count: depth) + "x" + String(repeating: "</a>", count: depth)
                + "</string></plist>"
            check(PlistDocument(parse(inScalar)).value == .string("x"), "text nested in a scalar")
            return failures
        }
        #expect(failures == [])
    }

    /// #10.5: a missing `</dict>` is placed where the indentation says, only when the document is
    /// otherwise unbalanced, and incremental reparsing agrees with a full parse around it.
    @Test func aMissingEndTagIsPlacedByIndentation() {
        let intact =
            header
            + "<plist version=\"1.0\">\n<dict>\n\t<key>ATS</key>\n\t<dict>\n\t\t<key>Domains</key>\n\t\t<dict>\n\t\t\t<key>example.com</key>\n\t\t\t<dict>\n\t\t\t\t<key>Sub</key>\n\t\t\t\t<true/>\n\t\t\t</dict>\n\t\t</dict>\n\t</dict>\n\t<key>Name</key>\n\t<string>x</string>\n</dict>\n</plist>\n"
        let missing = intact.replacingOccurrences(of: "\t\t\t</dict>\n", with: "")
        let tree = parse(missing)
        #expect(tree.syntaxErrors.map(\.code.rawValue) == ["xml-unclosed-tag"])
        let domainStart = missing.components(separatedBy: "\t\t\t<dict>\n")[0].utf8.count + 3
        #expect(tree.syntaxErrors.first?.range.lowerBound == domainStart, "at the domain's <dict>")
        let doc = PlistDocument(tree)
        #expect(doc.root?.keys == ["ATS", "Name"])
        #expect(doc.value == PlistDocument(parse(intact)).value)
        #expect(tree.recoveredContainerRanges.count == 1)
        // Valid but badly indented: XML's reading, no error.
        let badlyIndented = intact.replacingOccurrences(of: "\t\t\t</dict>\n", with: "\t\t</dict>\n")
        #expect(parse(badlyIndented).isWellFormed)
        #expect(parse(badlyIndented).recoveredContainerRanges.isEmpty)
        // Deleting and retyping the line, and re-indenting it, incrementally.
        let at = intact.components(separatedBy: "\t\t\t</dict>\n")[0].utf8.count
        var t = parse(intact)
        for edit in [
            SourceEdit(range: at..<(at + 10), replacement: ""), SourceEdit(range: at..<at, replacement: "\t\t\t</dict>\n"),
            SourceEdit(range: at..<(at + 1), replacement: ""), SourceEdit(range: at..<at, replacement: "\t"),
            SourceEdit(range: at + 3..<(at + 4), replacement: "x"),
        ] {
            t = t.applying(edit)
            #expect(
                sameTree(t, SyntaxTree.parse(t.text)),
                "after \(edit.range) ← \(String(decoding: edit.replacement, as: UTF8.self).debugDescription)")
        }
        #expect(t.text.bytes != Array(intact.utf8))
    }

    /// #28: a new entry typed with tabs into a file indented with spaces (Emacs's nxml inserts tabs)
    /// stays where XML puts it. "\t\t" and two spaces have the same length but nothing says they line
    /// up, and reading them so moved the half-typed `<dict>` out of its array.
    @Test func tabsAgainstSpacesDecideNothing() {
        let text =
            header
            + "<plist version=\"1.0\">\n<dict>\n  <key>Types</key>\n  <array>\n    <dict>\n      <key>T</key>\n      <string>a</string>\n    </dict>\n"
            + "\t\t<dict>\n\t\t\t<key>T</key>\n\t\t\t<string>b</string>\n\t\t\t<key>Reasons</key>\n\t\t\t<array>\n\t\t\t\t<string>\n"
            + "  </array>\n  <key>Tracking</key>\n  <false/>\n</dict>\n</plist>\n"
        let doc = PlistDocument(parse(text))
        #expect(!doc.problems.contains { $0.code.rawValue == "plist-value-without-key" }, "\(doc.problems.map(\.message))")
        let types = doc.root?.entries.first { $0.key?.text == "Types" }?.value
        #expect(types?.kind == .array)
        #expect(types?.items.count == 2, "the typed <dict> is still the array's second item")
        // The same entry indented with spaces is read by its indentation, as before.
        let spaced = text.replacingOccurrences(of: "\t", with: "  ")
        #expect(PlistDocument(parse(spaced)).root?.entries.first { $0.key?.text == "Types" }?.value?.items.count == 2)
    }
}
