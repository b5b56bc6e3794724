// Issue #39, point 5: a String Catalog read as an edit of the version before
// (`StringCatalog(text:reusing:)`, what the server does per keystroke) equals the catalog read
// whole, over a thousand seeded edits that open and close strings, objects and arrays, drop and
// add commas and colons, and type in keys, values, between keys and outside `strings`; at most
// three are not undone at a time, so that the catalog is read as an edit both while it is broken
// and while it is whole again.
import PlistSyntax
import PlistTestSupport
import Testing

@Suite struct StringCatalogIncrementalTests {
    /// A catalog of `count` keys (256 to a block), with a key whose locale repeats.
    static func catalog(_ count: Int) -> String {
        var members: [String] = []
        for i in 0..<count {
            let state = ["translated", "new", "needs_review", "stale"][i % 4]
            members.append(
                """
                    "Key \(i)" : {
                      "extractionState" : "\(i % 7 == 0 ? "stale" : "manual")",
                      "localizations" : {
                        "de" : { "stringUnit" : { "state" : "\(state)", "value" : "Wert \(i)\(i % 5 == 0 ? "\\n\\u00e9" : "")" } },
                        "en" : { "stringUnit" : { "state" : "new", "value" : "\(i % 9 == 0 ? "" : "Value \(i)")" } }\(i == 3 ? ",\n        \"de\" : {}" : "")
                      }
                    }
                """)
        }
        return "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + members.joined(separator: ",\n")
            + "\n  },\n  \"version\" : \"1.0\"\n}\n"
    }

    @Test func readingAnEditReusingThePreviousCatalogEqualsReadingItWhole() async throws {
        let start = Array(Self.catalog(300).utf8)
        #expect(StringCatalog(text: start).entries.count == 300 && StringCatalog(text: start).problems.isEmpty)
        let (checked, reused, failure, restored) = try await onOwnThread { Self.edits(of: start, count: 1_200) }
        #expect(failure == nil, "\(failure ?? "")")
        #expect(checked == 1_200)
        // Many edits were read as edits, not whole (an unclosed `strings`, a change outside it, reads whole).
        #expect(reused > checked / 3, "\(reused) of \(checked)")
        // Every edit undone: the text is the start's again.
        #expect(restored)
    }

    /// `count` seeded edits of `start`, each read as an edit of the reading before and whole: how
    /// many were compared, how many kept a block of the reading before, the first difference.
    static func edits(of start: [UInt8], count: Int) -> (checked: Int, reused: Int, failure: String?, restored: Bool) {
        var rng = SplitMix64(seed: 0x39_0005_0C)
        let pieces: [String] = [
            "\"", ",", ":", "{", "}", "[", "]", "K", "\n", "\\", " ", "é", "", "\\u00", "1", "-", "null",
            "\"Key 7\" : { },\n", "\"x\" : \"y\",", "{ \"de\" : { \"stringUnit\" : { \"state\" : \"new\" } } }",
        ]
        var text = start
        var catalog = StringCatalog(text: text)
        // The changes made and not undone yet: where, the bytes put there, the bytes they replaced.
        var undo: [(at: Int, put: Int, removed: [UInt8])] = []
        var checked = 0, reused = 0
        for step in 0..<count {
            var at: Int, length: Int, piece: [UInt8]
            if undo.count >= 3 || !undo.isEmpty && rng.next() % 3 == 0 {
                let last = undo.removeLast()
                (at, length, piece) = (last.at, last.put, last.removed)
            } else {
                at = Int(rng.next() % UInt64(text.count + 1))
                while at < text.count && text[at] & 0xC0 == 0x80 { at += 1 }
                var end = min(text.count, at + Int(rng.next() % 4))
                while end < text.count && text[end] & 0xC0 == 0x80 { end += 1 }
                length = end - at
                piece = Array(pieces[Int(rng.next() % UInt64(pieces.count))].utf8)
                undo.append((at, piece.count, Array(text[at..<end])))
            }
            text.replaceSubrange(at..<(at + length), with: piece)
            let incremental = StringCatalog(text: text, reusing: catalog)
            let whole = StringCatalog(text: text)
            guard
                incremental.entries == whole.entries && incremental.problems == whole.problems
                    && incremental.sourceLanguage == whole.sourceLanguage
            else {
                let differing = zip(incremental.entries, whole.entries).first { $0 != $1 }
                return (
                    checked, reused,
                    "step \(step), at \(at): \(differing.map { "\($0)" } ?? "") problems \(incremental.problems) vs \(whole.problems)",
                    false
                )
            }
            // The blocks the edit left alone are the previous reading's (it was read as an edit).
            let before = Set(catalog.entries.segments.map { ObjectIdentifier($0.block) })
            if incremental.entries.segments.contains(where: { before.contains(ObjectIdentifier($0.block)) }) { reused += 1 }
            checked += 1
            catalog = incremental
        }
        while let last = undo.popLast() { text.replaceSubrange(last.at..<(last.at + last.put), with: last.removed) }
        return (checked, reused, nil, text == start)
    }

    /// An edit in the middle of a large catalog keeps the keys on either side as they were (moved
    /// by the edit's length after it), and reads one block of keys again.
    @Test func anEditInsideOneKeyKeepsTheOtherKeys() {
        let text = Array(Self.catalog(20_000).utf8)
        let catalog = StringCatalog(text: text)
        let value = Array("\"Wert 10001\"".utf8)
        let at = text.indices.first { text[$0...].starts(with: value) }! + 6
        var edited = text
        edited.insert(contentsOf: Array("mehr ".utf8), at: at)
        let incremental = StringCatalog(text: edited, replacing: at..<at, count: 5, of: catalog)
        #expect(incremental.entries == StringCatalog(text: edited).entries)
        #expect(incremental.entries[10001].localizations.first?.value == "Wert mehr 10001")
        #expect(
            incremental.entries[10002].keyRange == catalog.entries[10002].keyRange.lowerBound + 5..<catalog.entries[10002].keyRange
                .upperBound + 5)
        let old = Set(catalog.entries.segments.map { ObjectIdentifier($0.block) })
        let new = incremental.entries.segments.map { ObjectIdentifier($0.block) }
        #expect(new.count == catalog.entries.segments.count)
        #expect(new.filter { !old.contains($0) }.count == 1)
    }
}
