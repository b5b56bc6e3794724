// What the formatter writes, case by case, against what Core Foundation's writer writes (the
// expected texts follow CFPropertyList.c's `_CFAppendXML0`); and what it keeps and refuses.
import PlistAnalysis
import PlistSyntax
import Testing

@Suite struct FormatterTests {
    static let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + PlistFormatter.doctype + "\n<plist version=\"1.0\">\n"

    func format(_ text: String, _ options: FormatterOptions = .xcode) -> Result<String, FormattingRefusal> {
        PlistFormatter.format(PlistDocument(text: Array(text.utf8)), options: options).map { String(decoding: $0.text, as: UTF8.self) }
    }

    func formatted(_ body: String, _ options: FormatterOptions = .xcode) throws -> String {
        try format("<plist version=\"1.0\">\(body)</plist>", options).get()
    }

    @Test func scalarsAsCoreFoundationWritesThem() throws {
        let out = try formatted(
            "<dict><key>a&apos;&quot;&#x26;</key><string/><key>b</key><true></true><key>c</key><integer>0x10</integer><key>d</key><dict> </dict><key>e</key><array/><key>f</key><string><![CDATA[<x> & y]]></string></dict>"
        )
        #expect(
            out == Self.head
                + "<dict>\n\t<key>a'\"&amp;</key>\n\t<string></string>\n\t<key>b</key>\n\t<true/>\n\t<key>c</key>\n\t<integer>0x10</integer>\n\t<key>d</key>\n\t<dict/>\n\t<key>e</key>\n\t<array/>\n\t<key>f</key>\n\t<string>&lt;x&gt; &amp; y</string>\n</dict>\n</plist>\n"
        )
    }

    @Test func dataLinesCountTheirIndentationAndStopAtEightLevels() throws {
        let payload = [UInt8](repeating: 0xA5, count: 30)
        let base64 = String(decoding: payload, as: UTF8.self).isEmpty ? "" : "paWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWl"
        var body = "<data>\(base64)</data>"
        for _ in 0..<10 { body = "<array>\(body)</array>" }
        let out = try formatted(body)
        // Ten levels deep: the lines are indented 8 tabs (Core Foundation's cap) and hold 76 − 64 = 12 characters.
        let tabs = String(repeating: "\t", count: 8)
        let expected = stride(from: 0, to: base64.count, by: 12).map { i in tabs + base64.dropFirst(i).prefix(12) }.joined(separator: "\n")
        #expect(
            out.contains(String(repeating: "\t", count: 10) + "<data>\n" + expected + "\n" + String(repeating: "\t", count: 10) + "</data>")
        )
        #expect(try formatted("<data></data>") == Self.head + "<data>\n</data>\n</plist>\n")
    }

    @Test func commentsDirectivesAndAttributesStayWhereTheyAre() throws {
        let text =
            "<plist version=\"1.0\">\n<dict>\n    <key>A</key> <!-- same line -->\n  <string x=\"1\">v</string>\n<!-- own line -->\n  #if DEBUG\n    <key>B</key>\n    <string>$(VAR)</string>\n  #endif\n</dict>\n</plist>"
        let out = try format(text).get()
        #expect(
            out == Self.head.replacingOccurrences(of: "<plist version=\"1.0\">\n", with: "")
                + "<plist version=\"1.0\">\n<dict>\n\t<key>A</key> <!-- same line -->\n\t<string x=\"1\">v</string>\n\t<!-- own line -->\n  #if DEBUG\n\t<key>B</key>\n\t<string>$(VAR)</string>\n  #endif\n</dict>\n</plist>\n"
        )
        #expect(try format(out).get() == out)
    }

    @Test func refusesWhatItCannotRewriteFaithfully() {
        let cases: [(String, String)] = [
            ("<plist><dict><key>a</key><string>x</strng></dict></plist>", "xml-mismatched-tag"),
            ("<plist><dict>text<key>a</key><true/></dict></plist>", "plist-stray-text"),
            ("<plist><dict><key>a</key><string>x<!-- c --></string></dict></plist>", "plist-markup-in-value"),
            ("<plist><dict><key>a</key><foo/></dict></plist>", "plist-unknown-element"),
        ]
        for (text, code) in cases {
            guard case .failure(let refusal) = format(text) else { Issue.record("formatted: \(text)"); continue }
            #expect(refusal.code == code, "\(text)")
        }
        let subset = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ENTITY e \"x\">]>\n<plist><dict/></plist>"
        guard case .failure(let refusal) = format(subset) else { Issue.record("formatted an internal subset"); return }
        #expect(refusal.code == "plist-doctype-unreadable")  // an internal subset is never rewritten
    }

    @Test func spacesIndentation() throws {
        let out = try formatted("<dict><key>a</key><array><true/></array></dict>", FormatterOptions(indentation: .spaces(2)))
        #expect(out == Self.head + "<dict>\n  <key>a</key>\n  <array>\n    <true/>\n  </array>\n</dict>\n</plist>\n")
    }

    @Test func minimalEditsAndRanges() throws {
        let text = Self.head + "<dict>\n    <key>a</key>\n\t<true></true>\n</dict>\n</plist>\n"
        let formatted = try PlistFormatter.format(PlistDocument(text: Array(text.utf8))).get()
        #expect(
            formatted.edits.map { "\($0.range):\($0.replacementText.debugDescription)" } == [
                "\(Self.head.utf8.count + 7)..<\(Self.head.utf8.count + 11):\"\\t\"",
                "\(Self.head.utf8.count + 30)..<\(Self.head.utf8.count + 37):\"/\"",
            ])
        #expect(formatted.edits(touching: 0..<(Self.head.utf8.count + 20)).count == 1)
    }

    /// Range formatting (#29) walks only to the range and verifies only what it rewrites: its
    /// edits are exactly the whole document's edits that touch the range, for every range of a
    /// messy document (nested containers, comments, directive lines, data, booleans, blank
    /// lines), and it refuses what formatting the whole refuses.
    @Test func rangeFormattingGivesTheWholeDocumentsEditsInTheRange() throws {
        var body = "<dict>\n  <key>Top</key>   <string>a &amp; b</string>\n<!-- note -->\n"
        for i in 0..<30 {
            body +=
                "    <key>K\(i)</key>\n<dict><key>Flag</key><true></true>\n\n  <key>List</key>\n <array>  <string>x\(i)</string><integer>\(i)</integer>\n</array>"
            body += i % 7 == 0 ? "<key>D</key><data>AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEy</data>" : ""
            body += "</dict>\n"
            if i == 12 { body += "#if DEBUG\n\t<key>Debug</key>\n\t<dict/>\n#endif\n" }
        }
        body += "  <key>Empty</key><array> </array></dict>"
        let text = Array(("<?xml version='1.0'?>\n<plist version=\"1.0\">\n" + body + "\n</plist>").utf8)
        let document = PlistDocument(text: text)
        let whole = try PlistFormatter.format(document).get()
        var rng = SystemRandomNumberGenerator()
        var ranges: [Range<Int>] = [0..<0, 0..<text.count, text.count..<text.count, 0..<40, (text.count - 30)..<text.count]
        let lineStarts = [0] + text.indices.filter { text[$0] == 0x0A }.map { $0 + 1 }
        for _ in 0..<400 {
            if Bool.random(using: &rng) {
                let lo = Int.random(in: 0...text.count, using: &rng)
                ranges.append(lo..<min(text.count, lo + Int.random(in: 0...300, using: &rng)))
            } else {  // whole lines, as an editor asks
                let first = Int.random(in: 0..<lineStarts.count, using: &rng)
                let last = min(lineStarts.count - 1, first + Int.random(in: 1...4, using: &rng))
                ranges.append(lineStarts[first]..<lineStarts[last])
            }
        }
        for range in ranges {
            let ranged = try PlistFormatter.format(document, range: range).get()
            #expect(ranged == whole.edits(touching: range), "range \(range)")
        }
        let broken = PlistDocument(
            text: Array("<plist><dict><key>a</key><string>x</strng>\n<key>b</key>\n<true></true></dict></plist>".utf8))
        guard case .failure(let refusal) = PlistFormatter.format(broken, range: 50..<60) else {
            Issue.record("formatted a range of a broken file"); return
        }
        #expect(refusal.code == "xml-mismatched-tag")
    }

    /// Range formatting's read-back looks at the rewritten entries alone, and still catches a
    /// piece that changes a value: a value rewritten without its key in the range is compared
    /// under its key, and a change in a nested container or at the document level is caught too.
    @Test func rangeReadBackCatchesAChangedValue() {
        let text =
            "<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<string>a</string>\n\t<key>B</key>\n\t<array>\n\t\t<integer>1</integer>\n\t</array>\n</dict>\n</plist>\n"
        let bytes = Array(text.utf8)
        let document = PlistDocument(text: bytes)
        func piece(_ old: String, _ new: String) -> SourceEdit {
            let o = Array(old.utf8)
            let at = bytes.indices.first { bytes[$0...].starts(with: o) }!
            return SourceEdit(range: at..<(at + o.count), replacement: new)
        }
        let source = SourceText(bytes)
        #expect(PlistFormatter.verify(document, pieces: [piece("\t<string>a</string>", "\t<string>a</string>")], in: source) == nil)
        #expect(PlistFormatter.verify(document, pieces: [piece("\n\t<string>a</string>", "\n\t<string>a</string>")], in: source) == nil)
        #expect(PlistFormatter.verify(document, pieces: [piece("<string>a</string>", "<string>b</string>")], in: source) != nil)
        #expect(PlistFormatter.verify(document, pieces: [piece("<key>A</key>", "<key>C</key>")], in: source) != nil)
        #expect(PlistFormatter.verify(document, pieces: [piece("<integer>1</integer>", "<integer>2</integer>")], in: source) != nil)
        #expect(
            PlistFormatter.verify(document, pieces: [piece("\t<string>a</string>", "\t<string>a</string><key>X</key><true/>")], in: source)
                != nil)
        #expect(PlistFormatter.verify(document, pieces: [piece("</dict>\n</plist>", "</dict>\n</plist><!-- x -->")], in: source) != nil)
    }
}
