// The formatter against real files: Xcode-written corpus files format to themselves (each one
// that does not has a recorded, checked reason), and on every corpus file and thousands of mutated
// variants formatting keeps the values (our typed view; libxml2 as a second reader), the comments
// and preprocessor lines, and formats a second time to the same bytes.
import Foundation
import PlistAnalysis
import PlistSyntax
import Testing
import PlistTestSupport
import XMLReference

@Suite(
    .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
    .enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
struct FormatterCorpusTests {
    static let declaration = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8)
    static let doctype = PlistFormatter.doctype

    /// Why a file Xcode did not write (or wrote and someone edited) differs from Xcode's output:
    /// each reason is a fact about the original bytes, checked for every recorded exception.
    static let reasons: [String: @Sendable (String) -> Bool] = [
        "bom": { $0.unicodeScalars.first == "\u{FEFF}" },
        "crlf": { $0.utf8.contains(0x0D) },
        "declaration": { !stripped($0).hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n") },
        "doctype": { !$0.contains(doctype) },
        "space-indentation": { s in
            lines(s).contains { l in
                let lead = l.prefix { $0 == " " || $0 == "\t" }
                return lead.contains(" ") && l.dropFirst(lead.count).hasPrefix("<")
            }
        },
        "root-indented": { s in
            let l = lines(s); return zip(l, l.dropFirst()).contains { $0.hasPrefix("<plist") && ($1.hasPrefix(" ") || $1.hasPrefix("\t")) }
        },
        "trailing-blanks": { lines($0).contains { $0.hasSuffix(" ") || $0.hasSuffix("\t") } },
        "final-newline": { s in
            let t = stripped(s); return !t.hasSuffix("\n") || t.hasSuffix("\n\n")
        },
        "blank-lines": { s in
            lines(stripped(s).trimmingCharacters(in: .newlines)).contains { $0.trimmingCharacters(in: .whitespaces).isEmpty }
        },
        "quote-entities": { $0.contains("&apos;") || $0.contains("&quot;") },
        "boolean-spelling": { s in ["<true></true>", "<false></false>", "<true />", "<false />"].contains { s.contains($0) } },
        "open-empty-container": { s in
            s.contains("<dict />") || s.contains("<array />")
                || s.range(of: #"<(dict|array)>\s*</\1>"#, options: .regularExpression) != nil
        },
        "one-line": { s in
            lines(s).contains { l in
                l.components(separatedBy: "</").count > 2
                    || l.components(separatedBy: "<").dropFirst().filter { !$0.hasPrefix("/") && !$0.hasPrefix("!") && !$0.hasPrefix("?") }
                        .count > 1
            }
        },
    ]

    static func stripped(_ s: String) -> String {
        var t = s
        if t.unicodeScalars.first == "\u{FEFF}" { t.unicodeScalars.removeFirst() }
        return t.replacingOccurrences(of: "\r\n", with: "\n")
    }

    static func lines(_ s: String) -> [String] { stripped(s).components(separatedBy: "\n") }

    /// `Expectations/format-exceptions.tsv`: file name → reasons (or `refused:CODE`).
    static let exceptions: [String: [String]] = {
        let url = SharedData.repositoryRoot.appendingPathComponent("Tests/PlistAnalysisTests/Expectations/format-exceptions.tsv")
        var out: [String: [String]] = [:]
        for line in ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n") where !line.hasPrefix("#") {
            let cols = line.split(separator: "\t").map(String.init)
            if cols.count == 2 { out[cols[0]] = cols[1].split(separator: ",").map(String.init) }
        }
        return out
    }()

    /// How many of the untouched corpus files format to themselves byte for byte.
    static let selfFormattingCount = 146

    @Test func untouchedXcodeFilesFormatToThemselves() async throws {
        let files = try SharedData.requireCorpus().filter(\.isExactBytes)
        let outcome = try await onOwnThread { () -> (same: [String], differ: [String: String?]) in
            var same: [String] = []
            var differ: [String: String?] = [:]
            for file in files {
                switch PlistFormatter.format(PlistDocument(text: file.bytes)) {
                case .success(let formatted) where formatted.text == file.bytes: same.append(file.name)
                case .success: differ[file.name] = .some(nil)
                case .failure(let refusal): differ[file.name] = refusal.code
                }
            }
            return (same, differ)
        }
        #expect(files.count >= 180)
        #expect(
            outcome.same.count == Self.selfFormattingCount, "\(outcome.same.count) of \(files.count) untouched files format to themselves")
        #expect(
            Set(outcome.differ.keys) == Set(Self.exceptions.keys), "Expectations/format-exceptions.tsv lists exactly the files that differ")
        for file in files {
            guard let recorded = Self.exceptions[file.name], let outcomeCode = outcome.differ[file.name] else { continue }
            #expect(!recorded.isEmpty, "\(file.name) has no reason")
            let text = String(decoding: file.bytes, as: UTF8.self)
            for reason in recorded {
                if reason.hasPrefix("refused:") {
                    #expect(
                        outcomeCode == String(reason.dropFirst("refused:".count)),
                        "\(file.name): refused for \(String(describing: outcomeCode))")
                } else if let holds = Self.reasons[reason] {
                    #expect(holds(text), "\(file.name): '\(reason)' is not true of the file")
                } else {
                    Issue.record("\(file.name): unknown reason '\(reason)'")
                }
            }
        }
    }

    /// What a formatting must keep: decoded values, comments and directive lines; libxml2 must read
    /// the result as well-formed with the same elements; a second formatting changes nothing.
    static func check(_ name: String, _ text: [UInt8]) -> [String] {
        let before = PlistDocument(text: text)
        guard case .success(let formatted) = PlistFormatter.format(before) else { return [] }
        var problems: [String] = []
        let out = formatted.text
        let after = PlistDocument(text: out)
        if !PlistValue.same(before.value, after.value) { problems.append("\(name): values changed") }
        if Self.markup(before.tree) != Self.markup(after.tree) { problems.append("\(name): comments or directives changed") }
        switch PlistFormatter.format(after) {
        case .success(let again): if again.text != out { problems.append("\(name): formatting twice differs") }
        case .failure(let r): problems.append("\(name): the result is refused: \(r)")
        }
        var applied = text
        for edit in formatted.edits.reversed() { applied.replaceSubrange(edit.range, with: edit.replacement) }
        if applied != out { problems.append("\(name): the minimal edits do not give the formatted text") }
        if XMLReference.isAvailable && before.tree.isWellFormed {
            let (x, y) = (XMLReference.saxParse(text), XMLReference.saxParse(out))
            if !y.wellFormed || x.elements != y.elements || x.endElements != y.endElements || x.attributes < y.attributes {
                problems.append(
                    "\(name): libxml2 reads the result differently (\(x.elements)/\(y.elements) elements, well-formed \(y.wellFormed))")
            }
        }
        return problems
    }

    static func markup(_ tree: SyntaxTree) -> [String] {
        var out: [String] = []
        var pending = [tree.document]
        while let e = pending.popLast() {
            var inner: [SyntaxElement] = []
            e.forEachChild { c in
                if c.kind == .comment || c.kind == .directive || (c.kind == .element && c.hasChildNode) { inner.append(c) }
            }
            for c in inner.reversed() {
                if c.kind == .element { pending.append(c) } else { out.append(tree.string(c.range)) }
            }
        }
        return out
    }

    @Test func everyCorpusFileKeepsItsValuesAndFormatsOnce() async throws {
        let files = try SharedData.requireCorpus()
        let problems = try await onOwnThread { files.flatMap { Self.check($0.name, $0.bytes) } }
        #expect(problems.isEmpty, "\(problems.prefix(10))")
    }

    /// Random blank runs between elements (none, blanks, CRLF, blank lines), `<true></true>`
    /// spellings and random range formatting: each variant formats to the same bytes as its original,
    /// keeps its values, and any range's edits keep them too.
    @Test func mutatedVariantsFormatLikeTheirOriginal() async throws {
        let files = try SharedData.requireCorpus()
        let problems = try await onOwnThread { () -> [String] in
            var rng = SplitMix64(seed: 0x5EED_F0A7)
            var problems: [String] = []
            var variants = 0
            for file in files {
                guard case .success(let base) = PlistFormatter.format(PlistDocument(text: file.bytes)) else { continue }
                let tree = SyntaxTree.parse(file.bytes)
                let (gaps, booleans) = Self.elementGaps(tree)
                for round in 0..<8 {
                    var text = file.bytes
                    // Back to front, so that each range still holds what it held in the original.
                    let edits = (gaps.map { ($0, false) } + (round % 2 == 1 ? booleans.map { ($0, true) } : []))
                        .sorted { $0.0.lowerBound > $1.0.lowerBound }
                    for (range, isBoolean) in edits {
                        if isBoolean {
                            let value = text[range].starts(with: Array("<true".utf8)) ? "true" : "false"
                            text.replaceSubrange(range, with: Array((rng.next() % 2 == 0 ? "<\(value)></\(value)>" : "<\(value) />").utf8))
                        } else if rng.next() % 3 == 0 {
                            let choices = ["", " ", "\n", "\r\n", "\n\n   ", "\t\t", "\n  \t"]
                            text.replaceSubrange(range, with: Array(choices[Int(rng.next() % UInt64(choices.count))].utf8))
                        }
                    }
                    variants += 1
                    let name = "\(file.name) variant \(round)"
                    let document = PlistDocument(text: text)
                    switch PlistFormatter.format(document) {
                    case .success(let formatted):
                        if formatted.text != base.text { problems.append("\(name): formats differently from its original") }
                        let lo = Int(rng.next() % UInt64(text.count + 1))
                        let hi = min(text.count, lo + Int(rng.next() % 400))
                        var partial = text
                        for edit in formatted.edits(touching: lo..<hi).reversed() {
                            partial.replaceSubrange(edit.range, with: edit.replacement)
                        }
                        if let broken = PlistFormatter.verify(document, partial) {
                            problems.append("\(name): range \(lo)..<\(hi): \(broken)")
                        }
                        // Range formatting walks and verifies only the range (#29), with the same edits.
                        if (try? PlistFormatter.format(document, range: lo..<hi).get()) != formatted.edits(touching: lo..<hi) {
                            problems.append(
                                "\(name): range \(lo)..<\(hi): range formatting differs from the whole document's edits in the range")
                        }
                    case .failure(let refusal):
                        problems.append("\(name): refused: \(refusal)")
                    }
                    problems += Self.check(name, text)
                }
            }
            if variants < 1000 { problems.append("only \(variants) variants") }
            return problems
        }
        #expect(problems.isEmpty, "\(problems.prefix(10))")
    }

    /// The blank runs between two elements inside a container (where any white space reads the
    /// same), and the `<true/>` and `<false/>` elements.
    static func elementGaps(_ tree: SyntaxTree) -> (gaps: [Range<Int>], booleans: [Range<Int>]) {
        var out: [Range<Int>] = []
        var booleans: [Range<Int>] = []
        var pending = tree.rootElement.map { [$0] } ?? []
        while let e = pending.popLast() {
            guard e.tag.isContainer else { continue }
            let children = e.children
            for (i, c) in children.enumerated() {
                if c.kind == .element { pending.append(c) }
                if c.kind == .element && (c.tag == .true || c.tag == .false) { booleans.append(c.range) }
                guard c.kind == .text, c.flags.contains(.whitespaceOnly) else { continue }
                let prevOK = i == 0 || children[i - 1].kind == .element
                let nextOK = i + 1 == children.count || children[i + 1].kind == .element
                if prevOK && nextOK { out.append(c.range) }
            }
        }
        return (out, booleans)
    }
}
