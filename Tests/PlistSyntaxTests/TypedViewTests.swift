// The typed view keeps its keys and values in a compact form (12 bytes an entry, the name decoded
// when read): whatever the form keeps or drops, every key and value reads back as the syntax tree
// has it, and a lookup by name finds what the decoded names say, for odd tags and names as well.
import Testing
@testable import PlistSyntax
import PlistTestSupport

@Suite struct TypedViewTests {
    /// Key spellings whose names decode differently from their bytes, or whose tags do not fit the
    /// compact form: each with the name it decodes to.
    static let keys: [(xml: String, name: String)] = [
        ("<key>Plain</key>", "Plain"),
        ("<key>A&amp;B</key>", "A&B"),
        ("<key>A&#x42;C</key>", "ABC"),
        ("<key>\u{FEFF}Marked</key>", "Marked"),
        ("<key>\u{FEFF}\u{FEFF}Twice</key>", "\u{FEFF}Twice"),
        ("<key>Caf\u{E9}</key>", "Caf\u{E9}"),
        ("<key><![CDATA[In<Data>]]></key>", "In<Data>"),
        ("<key>Com<!-- c -->ment</key>", "Comment"),
        ("<key" + String(repeating: " ", count: 300) + ">WideStart</key>", "WideStart"),
        ("<key>WideEnd</key" + String(repeating: " ", count: 140) + ">", "WideEnd"),
        ("<key" + String(repeating: " ", count: 254) + ">AtTheEdge</key" + String(repeating: " ", count: 120) + ">", "AtTheEdge"),
        ("<key/>", ""),
        ("<key></key>", ""),
    ]

    /// Value spellings, among them tags too wide for the compact form.
    static let values: [String] = [
        "<string>v</string>",
        "<string a=\"" + String(repeating: "x", count: 400) + "\">wide start</string>",
        "<integer>7</integer" + String(repeating: "\n", count: 200) + ">",
        "<true/>",
        "<true" + String(repeating: " ", count: 300) + "/>",
        "<dict><key>In</key><string>side</string></dict>",
        "<dict" + String(repeating: " ", count: 300) + "><key>In</key><string>side</string></dict" + String(repeating: " ", count: 200)
            + ">",
        "<array><string>a</string><string b='" + String(repeating: "y", count: 300) + "'>b</string></array>",
        "<string>with <!-- a comment --> inside</string>",
    ]

    /// The dictionary's children as the syntax tree has them: (key, value) pairs in order.
    static func pairs(_ dict: SyntaxElement) -> [(key: SyntaxElement, value: SyntaxElement)] {
        var out: [(SyntaxElement, SyntaxElement)] = []
        var key: SyntaxElement? = nil
        for c in dict.children where c.kind == .element {
            if c.tag == .key { key = c } else if let k = key { out.append((k, c)); key = nil }
        }
        return out
    }

    static func parts(_ e: SyntaxElement) -> String {
        "\(e.range) \(e.startTagRange) \(e.contentRange) \(e.endTagRange.map { "\($0)" } ?? "-") \(e.tag) \(e.flags.rawValue) \(e.node != nil)"
    }

    /// Checks every entry of `dict` against the syntax tree: the key's and value's elements (ranges,
    /// tag widths, flags, node), the key's name, the values inside, and lookups by name. Returns
    /// what differs (empty when all agree), so that a caller on a thread of its own can assert it.
    static func mismatches(_ document: PlistDocument, names: [String]) -> [String] {
        guard let root = document.root, let rootElement = document.tree.rootElement,
            let dict = rootElement.children.first(where: { $0.kind == .element })
        else { return ["no root dictionary"] }
        var found: [String] = []
        func differ<T: Equatable>(_ what: String, _ got: T, _ expected: T) {
            if got != expected { found.append("\(what): \(got) instead of \(expected)") }
        }
        let expected = pairs(dict)
        differ("entry count", root.entries.count, expected.count)
        for (n, (entry, pair)) in zip(root.entries, expected).enumerated() {
            differ("entry \(n)'s key", entry.key.map { parts($0.element) }, parts(pair.key))
            differ("entry \(n)'s value", entry.value.map { parts($0.element) }, parts(pair.value))
            // A key's syntax node is the tree's own (its markup is read from it).
            if entry.key?.element.node !== pair.key.node { found.append("entry \(n)'s key node is not the tree's") }
            for (inner, innerPair) in zip(entry.value?.entries ?? [], pair.value.tag == .dict ? pairs(pair.value) : []) {
                differ("entry \(n)'s inner value", inner.value.map { parts($0.element) }, parts(innerPair.value))
            }
            for (item, itemElement) in zip(entry.value?.items ?? [], pair.value.children.filter { $0.kind == .element }) {
                differ("entry \(n)'s item", parts(item.element), parts(itemElement))
            }
        }
        differ("key texts", root.entries.map { $0.key?.text }, names)
        differ("keys", root.keys, names)
        // The last entry of a name wins; a name that decodes differently is not found by its bytes.
        for name in Set(names) {
            let last = expected.indices.last { names[$0] == name }!
            differ("value for \(name)", root.value(forKey: name).map { $0.element.range }, expected[last].value.range)
        }
        for absent in ["A&amp;B", "\u{FEFF}Marked", "Twice", "Cafe", "In<Data", "Com", "Plai", "Plainx", "\u{FFFD}"] {
            if root.value(forKey: absent) != nil { found.append("\(absent) is found") }
        }
        return found
    }

    /// `mismatches`, each recorded as an issue.
    static func check(_ document: PlistDocument, names: [String], _ sourceLocation: SourceLocation = #_sourceLocation) {
        for mismatch in mismatches(document, names: names) { Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation) }
    }

    @Test func oddKeysAndTagsReadBackAsTheTreeHasThem() {
        var body = ""
        var names: [String] = []
        for (i, key) in Self.keys.enumerated() {
            body += key.xml + Self.values[i % Self.values.count] + "\n"
            names.append(key.name)
        }
        // The same names again, with other values: the later entry is the one looked up.
        for (i, key) in Self.keys.enumerated().reversed() {
            body += key.xml + Self.values[(i + 3) % Self.values.count] + "\n"
            names.append(key.name)
        }
        Self.check(PlistDocument(SyntaxTree.parse("<plist><dict>\n" + body + "</dict></plist>")), names: names)
    }

    /// A large dictionary is stored in runs, and an edit reuses the runs it did not reach: keys
    /// and values read back the same after edits around the odd ones. Seconds of CPU in a debug
    /// build: on a thread of its own, so the cooperative pool stays free for the server tests.
    @Test func aLargeDictionaryInRunsReadsBackAfterEdits() async throws {
        let (storedInRuns, mismatches) = try await onOwnThread { () -> (Bool, [String]) in
            var rng = SplitMix64(seed: 25)
            var body = ""
            var names: [String] = []
            for i in 0..<600 {
                let odd = rng.next() % 4 == 0
                let key: (xml: String, name: String) =
                    odd ? Self.keys[Int(rng.next() % UInt64(Self.keys.count))] : ("<key>K\(i)</key>", "K\(i)")
                body += "\t" + key.xml + Self.values[Int(rng.next() % UInt64(Self.values.count))] + "\n"
                names.append(key.name)
            }
            var tree = SyntaxTree.parse("<plist><dict>\n" + body + "</dict></plist>")
            var document = PlistDocument(tree)
            let storedInRuns = document.root?.isStoredInRuns == true
            var mismatches = Self.mismatches(document, names: names).map { "before the edits: \($0)" }
            for edit in 0..<40 {
                // Type inside a plain value (`<string>v</string>`): the entries keep their names.
                let bytes = tree.text.bytes
                let needle = Array("<string>v".utf8)
                var places: [Int] = []
                var i = 0
                while i + needle.count <= bytes.count {
                    if bytes[i] == needle[0] && Array(bytes[i..<(i + needle.count)]) == needle { places.append(i + needle.count) }
                    i += 1
                }
                let at = places[Int(rng.next() % UInt64(places.count))]
                tree = tree.applying(SourceEdit(range: at..<at, replacement: Array("v".utf8)))
                document = PlistDocument(tree, reusing: document)
                mismatches += Self.mismatches(document, names: names).map { "after edit \(edit) at \(at): \($0)" }
            }
            return (storedInRuns, mismatches)
        }
        #expect(storedInRuns)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).joined(separator: "\n"))")
    }
}
