// A fix marked safe (applied by `check --fix` and `source.fixAll` without a look) keeps the file's
// data: decoding the text before the fix (the tolerant typed view) and after it gives the same value
// at every key path, except in the entry the fix is about. Checked on every corpus file, every rule
// example and thousands of mutated variants; for variants made by deleting one end tag of a valid
// file, fix-all must give back the original data or leave the file alone.
import PlistAnalysis
import PlistSyntax
import PlistTestSupport
import Testing

/// A document's data as leaf values by key path, read as Foundation reads it (the last occurrence of
/// a duplicate key wins).
func flattenedData(_ value: PlistValue?) -> [String: String] {
    var out: [String: String] = [:]
    var stack: [(String, PlistValue)] = value.map { [("", $0)] } ?? []
    while let (path, v) = stack.popLast() {
        switch v {
        case .dictionary(let entries):
            var last: [String: PlistValue] = [:]
            for e in entries { last[e.key] = e.value }
            if last.isEmpty { out[path] = "{}" }
            for (k, child) in last { stack.append((path + "/" + k, child)) }
        case .array(let items):
            if items.isEmpty { out[path] = "[]" }
            for (i, child) in items.enumerated() { stack.append((path + "/[\(i)]", child)) }
        default:
            out[path] = "\(v)"
        }
    }
    return out
}

/// What a fix is about: the innermost dictionary entry or array item that holds all of the fix's
/// edits in its key or its scalar value (`entry`; every value under it may change), and the path of
/// the dictionary or array that holds the edits (`container`; new entries may appear directly or
/// deeper in it — an added key, a renamed one). Edits in the gaps or tags of a container (a missing
/// close tag, an inserted key) are about no existing entry: every decoded value must stay. An entry
/// shadowed by a later duplicate key holds nothing Foundation reads, so the same holds for it.
struct FixSubjectPath {
    var entry: String?
    var container: String

    init(document: PlistDocument, edits: [SourceEdit]) {
        let lo = edits.map(\.range.lowerBound).min() ?? 0
        let hi = edits.map(\.range.upperBound).max() ?? 0
        func holds(_ r: Range<Int>) -> Bool { r.lowerBound <= lo && hi <= r.upperBound }
        entry = nil
        container = ""
        var node = document.root
        var path = ""
        while let current = node {
            var next: (path: String, node: PlistNode)?
            switch current.kind {
            case .dictionary:
                guard let i = current.entries.firstIndex(where: { holds($0.range) }) else { break }
                let e = current.entries[i]
                guard let key = e.key?.text, !current.entries[(i + 1)...].contains(where: { $0.key?.text == key }) else {
                    entry = nil; container = path; return
                }
                guard let value = e.value, holds(value.element.range) else {
                    entry = path + "/" + key; container = path; return  // the key itself (a rename)
                }
                next = (path + "/" + key, value)
            case .array:
                guard let item = current.items.enumerated().first(where: { holds($0.element.element.range) }) else { break }
                next = (path + "/[\(item.offset)]", item.element)
            default:
                return  // inside a scalar: `entry` is its entry
            }
            guard let next else {
                entry = nil; container = path; return  // a gap or a tag of this container
            }
            container = path
            entry = next.path
            path = next.path
            node = next.node
        }
    }

    /// Whether a difference at `path` is one the fix may make.
    func allows(_ path: String, isNew: Bool) -> Bool {
        if let entry, path == entry || path.hasPrefix(entry + "/") { return true }
        return isNew && path.hasPrefix(container + "/")
    }
}

/// Mutations that make a valid plist broken or questionable in ways a safe fix may repair.
enum SafeFixMutation: CaseIterable {
    case deleteEndTag, misspellEndTag, bareAmpersand, duplicateEntry, stringForBoolean, upperCaseValue

    /// The mutated texts of `text` (several per kind, at seeded places).
    static func variants(of text: [UInt8], seed: UInt64) -> [(SafeFixMutation, [UInt8])] {
        let tree = SyntaxTree.parse(text)
        guard let root = tree.rootElement else { return [] }
        var elements: [SyntaxElement] = []
        var stack = [root]
        while let e = stack.popLast() {
            elements.append(e)
            stack += e.childElements
        }
        var rng = seed
        func next(_ n: Int) -> Int {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            return Int((rng >> 33) % UInt64(max(n, 1)))
        }
        func pick(_ candidates: [SyntaxElement], _ k: Int) -> [SyntaxElement] {
            guard !candidates.isEmpty else { return [] }
            return (0..<k).map { _ in candidates[next(candidates.count)] }
        }
        func replacing(_ r: Range<Int>, with s: String) -> [UInt8] {
            var t = text
            t.replaceSubrange(r, with: Array(s.utf8))
            return t
        }
        var out: [(SafeFixMutation, [UInt8])] = []
        let closed = elements.filter { $0.endTagRange != nil && $0.tag != .plist }
        for e in pick(closed.filter { $0.tag.isContainer }, 3) + pick(closed.filter { !$0.tag.isContainer }, 2) {
            // The whole line of the end tag when it stands alone, as a person deletes it.
            var r = e.endTagRange!
            var lineStart = r.lowerBound
            while lineStart > 0 && (text[lineStart - 1] == 0x20 || text[lineStart - 1] == 0x09) { lineStart -= 1 }
            if (lineStart == 0 || text[lineStart - 1] == 0x0A) && r.upperBound < text.count && text[r.upperBound] == 0x0A {
                r = lineStart..<(r.upperBound + 1)
            }
            out.append((.deleteEndTag, replacing(r, with: "")))
        }
        for e in pick(closed.filter { $0.tag == .string || $0.tag == .key }, 2) {
            out.append((.misspellEndTag, replacing(e.endTagRange!, with: e.tag == .key ? "</kye>" : "</strng>")))
        }
        let amps = text.indices.filter { text[$0] == 0x26 && text[$0...].starts(with: Array("&amp;".utf8)) }
        for _ in 0..<min(2, amps.count) {
            let a = amps[next(amps.count)]
            out.append((.bareAmpersand, replacing(a..<(a + 5), with: "&")))
        }
        // Copy one whole `<key>…</key><value>` entry of a dictionary in front of itself.
        let document = PlistDocument(tree)
        var dictionaries: [PlistNode] = []
        var nodes = document.root.map { [$0] } ?? []
        while let n = nodes.popLast() {
            if n.kind == .dictionary { dictionaries.append(n) }
            nodes += n.entries.compactMap(\.value) + n.items
        }
        for _ in 0..<2 where !dictionaries.isEmpty {
            let d = dictionaries[next(dictionaries.count)]
            guard !d.entries.isEmpty else { continue }
            let entry = d.entries[next(d.entries.count)]
            guard entry.key != nil, entry.value != nil else { continue }
            let r = entry.range
            var t = text
            t.insert(contentsOf: Array(text[r]) + Array("\n".utf8), at: r.lowerBound)
            out.append((.duplicateEntry, t))
        }
        for e in pick(elements.filter { $0.tag == .true || $0.tag == .false }, 2) {
            out.append((.stringForBoolean, replacing(e.range, with: e.tag == .true ? "<string>YES</string>" : "<string>NO</string>")))
        }
        for e in pick(closed.filter { $0.tag == .string && !$0.contentRange.isEmpty }, 2) {
            let upper = String(decoding: text[e.contentRange], as: UTF8.self).uppercased()
            out.append((.upperCaseValue, replacing(e.contentRange, with: upper)))
        }
        return out
    }
}

@Suite(.tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote)) struct SafeFixPropertyTests {
    /// Every safe fix of `text`, applied alone, changes no decoded value outside its subject.
    /// Returns the number of fixes checked and what went wrong.
    static func checkEachSafeFix(_ text: [UInt8], path: String, name: String) throws -> (checked: Int, failures: [String]) {
        let before = PlistDocument(text: text)
        let beforeData = flattenedData(before.value)
        var checked = 0
        var failures: [String] = []
        for d in Analyzer.findings(for: before, path: path) {
            for fix in d.fixes where fix.isSafe {
                let after = PlistDocument(text: try FixApplication.applying(fix.edits, to: text))
                let afterData = flattenedData(after.value)
                let subject = FixSubjectPath(document: before, edits: fix.edits)
                checked += 1
                var changed: [String] = []
                for (p, v) in beforeData where afterData[p] != v && !subject.allows(p, isNew: false) { changed.append(p) }
                for (p, _) in afterData where beforeData[p] == nil && !subject.allows(p, isNew: true) { changed.append(p) }
                if !changed.isEmpty {
                    failures.append(
                        "\(name): safe fix '\(fix.title)' [\(d.code)] changes data outside \(subject.entry ?? "its place"): \(changed.sorted().prefix(5))"
                    )
                }
            }
        }
        return (checked, failures)
    }

    @Test func safeFixesOfTheRuleExamplesKeepTheData() throws {
        var checked = 0
        var failures: [String] = []
        for rule in RuleRegistry.all {
            for (i, e) in rule.examples.enumerated() where e.format.isPropertyList {
                let r = try Self.checkEachSafeFix(Array(e.text.utf8), path: e.path, name: "\(rule.id) example \(i + 1)")
                checked += r.checked
                failures += r.failures
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // The XML repairs: close a tag, correct an end tag, escape '&', a key used as an array item.
        #expect(checked >= 4)
    }

    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func safeFixesOfTheCorpusKeepTheData() async throws {
        let files = try SharedData.requireCorpus()
        let failures = try await onOwnThread { () -> [String] in
            var failures: [String] = []
            for file in files {
                guard case .success(let text) = SourceDecoding.decode(file.bytes) else { continue }
                failures += try Self.checkEachSafeFix(text, path: file.name, name: file.name).failures
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func safeFixesOfMutatedVariantsKeepTheData() async throws {
        let files = try SharedData.requireCorpus()
        let (variants, checked, failures) = try await onOwnThread { () -> (Int, Int, [String]) in
            var variants = 0, checked = 0
            var failures: [String] = []
            for (n, file) in files.enumerated() where file.plistlibParses {
                guard case .success(let text) = SourceDecoding.decode(file.bytes) else { continue }
                // What fix-all makes of the original: the other safe fixes apply to both.
                let original = flattenedData(PlistDocument(text: (try? FixApplication.fixAll(text, path: file.name).text) ?? text).value)
                for (m, (mutation, variant)) in SafeFixMutation.variants(of: text, seed: UInt64(n) &* 0x9E37_79B9 &+ 17).enumerated() {
                    variants += 1
                    let name = "\(file.name) variant \(m) (\(mutation))"
                    let r = try Self.checkEachSafeFix(variant, path: file.name, name: name)
                    checked += r.checked
                    failures += r.failures
                    guard mutation == .deleteEndTag else { continue }
                    // Fix-all repairs a deleted end tag only where the original had it, or not at all.
                    guard let result = try? FixApplication.fixAll(variant, path: file.name), result.text != variant else { continue }
                    let fixed = PlistDocument(text: result.text)
                    guard fixed.allProblems.isEmpty else { continue }
                    let data = flattenedData(fixed.value)
                    let differing = Set(data.keys).symmetricDifference(original.keys).union(
                        original.keys.filter { data[$0] != nil && data[$0] != original[$0] })
                    if !differing.isEmpty {
                        failures.append(
                            "\(name): fix-all repaired the deleted end tag elsewhere; data differs at \(differing.sorted().prefix(5))")
                    }
                }
            }
            return (variants, checked, failures)
        }
        print(
            "SafeFixPropertyTests: \(variants) mutated variants, \(checked) safe fixes applied one at a time, \(failures.count) changed data they should keep"
        )
        #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
        #expect(variants >= 2_000, "only \(variants) variants")
        #expect(checked > 100, "only \(checked) safe fixes checked")
    }

    /// Issue #39, point 6: a `</string>` deleted from a real file (the tag alone, or its whole line
    /// when it stands alone, as a person deletes it; three per file at SplitMix64-seeded places).
    /// Fix-all must give back exactly the original data (every value, to the last blank and CR) or
    /// leave the string unclosed: a fix that cannot prove the value is offered, not applied.
    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func fixAllAfterADeletedStringEndTagGivesBackTheOriginalValueOrNothing() async throws {
        let files = try SharedData.requireCorpus()
        let (variants, applied, failures) = try await onOwnThread { () -> (Int, Int, [String]) in
            var rng = SplitMix64(seed: 0x39_0006)
            var variants = 0, applied = 0
            var failures: [String] = []
            for file in files where file.plistlibParses {
                guard case .success(let text) = SourceDecoding.decode(file.bytes) else { continue }
                let tree = SyntaxTree.parse(text)
                guard tree.isWellFormed, let root = tree.rootElement else { continue }
                let original = flattenedData(PlistDocument(text: (try? FixApplication.fixAll(text, path: file.name).text) ?? text).value)
                var strings: [SyntaxElement] = []
                var stack = [root]
                while let e = stack.popLast() {
                    if e.tag == .string, e.endTagRange != nil { strings.append(e) }
                    stack += e.childElements
                }
                guard !strings.isEmpty else { continue }
                for _ in 0..<min(3, strings.count) {
                    let e = strings[Int(rng.next() % UInt64(strings.count))]
                    var r = e.endTagRange!
                    var lineStart = r.lowerBound
                    while lineStart > 0 && (text[lineStart - 1] == 0x20 || text[lineStart - 1] == 0x09) { lineStart -= 1 }
                    if (lineStart == 0 || text[lineStart - 1] == 0x0A) && r.upperBound < text.count && text[r.upperBound] == 0x0A {
                        r = lineStart..<(r.upperBound + 1)
                    }
                    var variant = text
                    variant.removeSubrange(r)
                    variants += 1
                    let name = "\(file.name) (</string> at \(e.endTagRange!.lowerBound) deleted)"
                    let result = try FixApplication.fixAll(variant, path: file.name)
                    let fixed = PlistDocument(text: result.text)
                    let closed = fixed.tree.isWellFormed
                    if result.fixed.contains(where: { $0.code == "xml-unclosed-tag" }) || closed {
                        applied += 1
                        let data = flattenedData(fixed.value)
                        let differing = Set(data.keys).symmetricDifference(original.keys).union(
                            original.keys.filter { data[$0] != nil && data[$0] != original[$0] })
                        if !closed {
                            failures.append("\(name): fix-all reports fixing the unclosed tag, but the file is still broken")
                        } else if !differing.isEmpty {
                            let at = differing.sorted()[0]
                            failures.append(
                                "\(name): fix-all changed the data at \(differing.sorted().prefix(3)): \(original[at] ?? "nothing") became \(data[at] ?? "nothing")"
                            )
                        }
                    }
                }
            }
            return (variants, applied, failures)
        }
        print(
            "SafeFixPropertyTests: \(variants) deleted </string> tags, \(applied) repaired by fix-all (the rest offered), \(failures.count) changed data"
        )
        #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
        #expect(variants >= 700, "only \(variants) variants")
    }
}
