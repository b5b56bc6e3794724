// What every writer of plist text (the formatter, range formatting, the quick fixes' EditBuilder,
// `check --fix`'s fix-all)
// writes must read back as the same data in two readers that disagree about line ends: Foundation
// (Core Foundation's own parser keeps a raw CR) and libxml2 (XML's end-of-line handling reads a raw
// CR or CRLF as LF). Only `&#13;` is a CR to both, and only unchanged bytes read the same in both.
// Generated plists holding every value type and awkward texts, and the whole corpus, are decoded
// by both before and after.
import Foundation
import PlistAnalysis
import PlistSyntax
import PlistTestSupport
import Testing
import XMLReference

/// A plist's data as Foundation decodes it, written out canonically (dictionaries sorted by key,
/// strings with every scalar visible); nil when Foundation refuses the bytes.
func foundationData(_ bytes: [UInt8]) -> String? {
    guard let value = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) else { return nil }
    return canonical(value)
}

private func canonical(_ value: Any) -> String {
    switch value {
    case let s as String: return "s" + s.unicodeScalars.map { "\($0.value)" }.joined(separator: ",")
    case let d as Data: return "d" + d.base64EncodedString()
    case let d as Date: return "t\(d.timeIntervalSinceReferenceDate)"
    case let b as Bool: return b ? "true" : "false"
    case let a as [Any]: return "[" + a.map(canonical).joined(separator: ";") + "]"
    case let d as [String: Any]:
        return "{" + d.keys.sorted().map { "k" + canonical($0) + "=" + canonical(d[$0]!) }.joined(separator: ";") + "}"
    case let n as NSNumber: return "n\(n)"
    default: return "?\(type(of: value))"  // a keyed archiver's UID prints its address
    }
}

/// A plist's data as libxml2 reads it (`XMLReference.contentEvents`), written out as
/// `foundationData` writes it for what matters here: every string and key with each scalar
/// visible, the other scalars by their trimmed text. Nil when libxml2 refuses the bytes (or the
/// build has no libxml2).
func libxml2Data(_ bytes: [UInt8]) -> String? {
    guard let events = XMLReference.contentEvents(bytes) else { return nil }
    // The tree: each element's name, its text and its child elements.
    final class Node { let name: String; var text: [UInt8] = []; var children: [Node] = []; init(_ n: String) { name = n } }
    let document = Node("")
    var stack = [document]
    for event in events {
        switch event {
        case .start(let name): let node = Node(name); stack.last!.children.append(node); stack.append(node)
        case .end: stack.removeLast()
        case .text(let t): stack.last!.text += t
        }
    }
    guard let root = document.children.first?.children.first else { return nil }
    func text(_ n: Node) -> String {
        "s" + String(decoding: n.text, as: UTF8.self).unicodeScalars.map { "\($0.value)" }.joined(separator: ",")
    }
    func walk(_ n: Node) -> String {
        switch n.name {
        case "dict":
            var pairs: [String: String] = [:]
            var i = 0
            while i + 1 < n.children.count { pairs[text(n.children[i])] = walk(n.children[i + 1]); i += 2 }
            return "{" + pairs.keys.sorted().map { "k" + $0 + "=" + pairs[$0]! }.joined(separator: ";") + "}"
        case "array": return "[" + n.children.map(walk).joined(separator: ";") + "]"
        case "string": return text(n)
        case "data": return "d" + String(decoding: n.text, as: UTF8.self).filter { !$0.isWhitespace }
        default: return n.name + ":" + String(decoding: n.text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
    return walk(root)
}

struct FormatterDataPropertyTests {
    /// Text contents as written in a file, each awkward for a writer in its own way.
    static let awkwardTexts: [String] = [
        "x&#13;y&#xD;z", "&#13;", "&#xD;&#xA;", "a\r\nb", "a\rb", "\r\n", "tab\there", "&#9;", "&#10;", "\n",
        "  leading", "trailing  ", " ", "]]&gt;", "a]]&gt;b", "<![CDATA[a]]]]><![CDATA[>b]]>", "<![CDATA[<&>]]>",
        "<![CDATA[x\r\ny\rz]]>", "a<!-- a comment -->b", "&#x1F600;", "😀𝄞", "中文", "&amp;", "&lt;tag&gt;", "&#38;#13;",
        "&#1;", "&#x1F;", "&#127;", "\u{7F}", "\u{85}\u{2028}", "&#x10FFFF;", "", "plain", "$(PRODUCT_NAME)",
    ]

    /// A generated plist: every value type, nested, with awkward texts in keys and strings.
    static func generated(_ rng: inout SplitMix64, crlf: Bool) -> [UInt8] {
        func text() -> String { awkwardTexts[Int(rng.next() % UInt64(awkwardTexts.count))] }
        var lines: [String] = []
        func value(_ depth: Int, _ indent: String) {
            switch rng.next() % (depth > 2 ? 7 : 9) {
            case 0: lines.append(indent + "<string>\(text())\(text())</string>")
            case 1: lines.append(indent + "<integer>\(Int(truncatingIfNeeded: rng.next() % 100_000) - 50_000)</integer>")
            case 2: lines.append(indent + "<real>\(Double(rng.next() % 1000) / 8)</real>")
            case 3: lines.append(indent + "<date>2024-0\(1 + rng.next() % 9)-1\(rng.next() % 9)T12:34:56Z</date>")
            case 4:
                lines.append(
                    indent
                        + ["<data>AAECAwQ=</data>", "<data>\n\(indent)SGVsbG8s\n\(indent)IHdvcmxk\n\(indent)</data>", "<data></data>"][
                            Int(rng.next() % 3)])
            case 5: lines.append(indent + (rng.next() % 2 == 0 ? "<true/>" : "<false/>"))
            case 6: lines.append(indent + "<string>\(text())</string>")
            case 7:
                lines.append(indent + "<array>")
                for _ in 0..<(rng.next() % 4) { value(depth + 1, indent + "\t") }
                lines.append(indent + "</array>")
            default:
                lines.append(indent + "<dict>")
                var keys = Set<String>()
                for i in 0..<(rng.next() % 5) {
                    var key = text() + "\(i)"
                    while !keys.insert(key).inserted { key += "_" }
                    lines.append(indent + "\t<key>\(key)</key>")
                    value(depth + 1, indent + "\t")
                }
                lines.append(indent + "</dict>")
            }
        }
        lines.append("<dict>")
        for i in 0..<(2 + rng.next() % 6) {
            lines.append("\t<key>\(text())k\(i)</key>")
            value(1, "\t")
        }
        lines.append("</dict>")
        let body = PlistText.dictionary(lines.dropFirst().dropLast().joined(separator: "\n"))
        return Array((crlf ? body.replacingOccurrences(of: "\n", with: "\r\n") : body).utf8)
    }

    /// How the data Foundation and libxml2 read from `before` and from `after` differ (nil: they
    /// do not). A reader that refuses `before` is not asked about `after`.
    static func difference(_ before: [UInt8], _ after: [UInt8]) -> String? {
        for (reader, read) in [("Foundation", foundationData), ("libxml2", libxml2Data)] {
            guard let x = read(before) else { continue }
            guard let y = read(after) else { return "\(reader) refuses the result" }
            if x != y { return "\(reader) reads \(y.prefix(300)) instead of \(x.prefix(300))" }
        }
        return nil
    }

    @Test func theIssueExampleKeepsItsCarriageReturns() throws {
        let text = Array(PlistText.dictionary("\t<key>a</key>\n\t<string>x&#13;y&#xD;z</string>").utf8)
        guard case .success(let formatted) = PlistFormatter.format(PlistDocument(text: text)) else {
            Issue.record("refused")
            return
        }
        #expect(Self.difference(text, formatted.text) == nil)
        #expect(String(decoding: formatted.text, as: UTF8.self).contains("x&#13;y&#13;z"))
    }

    @Test func generatedPlistsKeepTheirDataThroughFormatAndRangeFormatting() async throws {
        let problems = try await onOwnThread { () -> [String] in
            var rng = SplitMix64(seed: 0xF0_4A7D_A7A)
            var problems: [String] = []
            var formattedCount = 0
            for round in 0..<500 {
                let text = Self.generated(&rng, crlf: round % 3 == 0)
                guard foundationData(text) != nil else { continue }  // e.g. `&#1;`, which no XML reader takes
                let document = PlistDocument(text: text)
                guard case .success(let formatted) = PlistFormatter.format(document) else { continue }
                formattedCount += 1
                if let d = Self.difference(text, formatted.text) {
                    problems.append("round \(round): format: \(d)\n\(String(decoding: text, as: UTF8.self))")
                }
                let lo = Int(rng.next() % UInt64(text.count + 1))
                let hi = min(text.count, lo + Int(rng.next() % 300))
                let partial = try FixApplication.applying(formatted.edits(touching: lo..<hi), to: text)
                if let d = Self.difference(text, partial) { problems.append("round \(round): range \(lo)..<\(hi): \(d)") }
            }
            if formattedCount < 200 { problems.append("only \(formattedCount) generated plists were formatted") }
            return problems
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
    }

    /// `check --fix` (`FixApplication.fixAll`) on generated plists broken the ways its safe fixes
    /// repair (a bare `&`, a deleted `</string>`): the repaired file reads as the valid original did.
    @Test func fixAllGivesBackTheDataOfGeneratedPlists() async throws {
        let problems = try await onOwnThread { () -> [String] in
            var rng = SplitMix64(seed: 0xF1_CA11)
            var problems: [String] = []
            var repaired = 0
            for round in 0..<300 {
                let text = Self.generated(&rng, crlf: round % 3 == 0)
                guard foundationData(text) != nil else { continue }
                let source = String(decoding: text, as: UTF8.self)
                let (broken, replacement) = round % 2 == 0 ? ("&amp;", "&") : ("</string>", "")
                // A string ending in blanks or line breaks whose end tag is gone is ambiguous (the
                // repair ends it at the line end, as the editor shows it): not this test's subject.
                let hits = source.ranges(of: broken).filter { r in
                    broken == "&amp;"
                        || !(source[..<r.lowerBound].unicodeScalars.last.map { " \t\r\n".unicodeScalars.contains($0) } ?? true)
                }
                guard !hits.isEmpty else { continue }
                var variant = source
                variant.replaceSubrange(hits[Int(rng.next() % UInt64(hits.count))], with: replacement)
                guard let result = try? FixApplication.fixAll(Array(variant.utf8), path: "Settings.plist"),
                    result.text != Array(variant.utf8), foundationData(result.text) != nil
                else { continue }
                if broken == "&amp;" { repaired += 1 }
                if let d = Self.difference(text, result.text) { problems.append("round \(round): fix-all: \(d)") }
            }
            // A deleted `</string>` is closed by fix-all only where the text runs straight into the
            // next tag (issue #39, point 6): most generated variants have a line break there and
            // are left for the user. Every bare `&` is repaired.
            if repaired < 20 { problems.append("only \(repaired) variants with a bare '&' were repaired") }
            return problems
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
    }

    @Test(
        .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
        .enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func everyCorpusFileKeepsItsFoundationData() async throws {
        let files = try SharedData.requireCorpus()
        let problems = try await onOwnThread { () -> [String] in
            var problems: [String] = []
            for file in files {
                guard case .success(let formatted) = PlistFormatter.format(PlistDocument(text: file.bytes)) else { continue }
                if let d = Self.difference(file.bytes, formatted.text) { problems.append("\(file.name): \(d)") }
            }
            return problems
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
    }

    /// The quick fixes write values through `EditBuilder.escape`: what it writes reads back as the text.
    @Test(arguments: ["x\ry", "\r\n", "a\tb\n", " lead", "]]>", "<&>", "😀", "\r"])
    func editBuilderEscapingReadsBackAsTheText(_ value: String) throws {
        let text = Array(
            PlistText.dictionary("\t<key>\(EditBuilder.escape(value))</key>\n\t<string>\(EditBuilder.escape(value))</string>").utf8)
        let read = try #require(try PropertyListSerialization.propertyList(from: Data(text), format: nil) as? [String: String])
        #expect(read == [value: value])
        let reference = Array(
            PlistText.dictionary("\t<key>k</key>\n\t<string>\(value.unicodeScalars.map { "&#\($0.value);" }.joined())</string>").utf8)
        #expect(
            libxml2Data(text)?.replacingOccurrences(
                of: "ks" + value.unicodeScalars.map { "\($0.value)" }.joined(separator: ","), with: "ks107") == libxml2Data(reference))
    }

    /// A quick fix that rewrites a value holding a CR (the application group's missing prefix).
    @Test func aValueRewritingFixKeepsACarriageReturn() throws {
        let text = Array(
            PlistText.dictionary(
                """
                \t<key>com.apple.security.application-groups</key>
                \t<array>
                \t\t<string>com.example.a&#13;b</string>
                \t</array>
                """
            ).utf8)
        let fixes = Analyzer.findings(for: PlistDocument(text: text), path: "App.entitlements").flatMap(\.fixes)
        let fix = try #require(fixes.first { $0.title.hasPrefix("Change to 'group.") })
        let fixed = try FixApplication.applying(fix.edits, to: text)
        let read = try #require(try PropertyListSerialization.propertyList(from: Data(fixed), format: nil) as? [String: [String]])
        #expect(read["com.apple.security.application-groups"] == ["group.com.example.a\rb"])
        let expected = Array(
            PlistText.dictionary(
                """
                \t<key>com.apple.security.application-groups</key>
                \t<array>
                \t\t<string>group.com.example.a&#13;b</string>
                \t</array>
                """
            ).utf8)
        #expect(libxml2Data(fixed) == libxml2Data(expected))
    }
}
