// Finding every key of a name (rename and references, issue #42): the byte search that spares a
// large file the walk of its typed view must find exactly the keys the walk finds — in every real
// plist of ../shared/corpus for every key name it holds, and in the spellings a search could miss
// (a character reference, CDATA, `#if` branches) or mistake (a value, a comment, a longer key).
import Foundation
import PlistAnalysis
import PlistSyntax
import Testing
import PlistTestSupport

@Suite struct KeyLookupTests {
    /// Every key of `document` by name, by a walk of its dictionaries (the reference).
    static func keysByWalk(_ document: PlistDocument) -> [String: [Range<Int>]] {
        var out: [String: [Range<Int>]] = [:]
        var stack: [PlistNode] = document.root.map { [$0] } ?? []
        while let node = stack.popLast() {
            for entry in node.kind == .dictionary ? node.entries : [] {
                if let key = entry.key { out[key.text, default: []].append(key.textRange) }
                if let value = entry.value, value.kind == .dictionary || value.kind == .array { stack.append(value) }
            }
            if node.kind == .array { stack.append(contentsOf: node.items.filter { $0.kind == .dictionary || $0.kind == .array }) }
        }
        return out.mapValues { $0.sorted { $0.lowerBound < $1.lowerBound } }
    }

    @Test(
        .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
        .enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func everyKeyOfEveryRealPlistIsFoundWhereTheWalkFindsIt() async throws {
        // Seconds of work: on a thread of its own, not one of the pool's the in-process servers need.
        let (names, differing) = try await onOwnThread { try Self.lookUpEveryKey() }
        #expect(differing.isEmpty, "\(differing.prefix(20))")
        #expect(names > 5_000, "\(names) names looked up")
    }

    /// Every key name of every corpus file looked up: how many, and the lookups that differ from the walk.
    static func lookUpEveryKey() throws -> (Int, [String]) {
        var names = 0
        var differing: [String] = []
        for file in try SharedData.requireCorpus() {
            guard case .success(let text) = SourceDecoding.decode(file.bytes) else { continue }
            let document = PlistDocument(text: text)
            for (name, ranges) in keysByWalk(document) {
                names += 1
                if KeyRenaming.keyRanges(named: name, in: document) != ranges { differing.append("\(file.name): \(name)") }
            }
            if !KeyRenaming.keyRanges(named: "NoSuchKeyAnywhere", in: document).isEmpty {
                differing.append("\(file.name): a key that is not there")
            }
        }
        return (names, differing)
    }

    static func plist(_ body: String) -> PlistDocument {
        PlistDocument(
            text: Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)</dict>\n</plist>\n".utf8))
    }

    @Test(arguments: [
        // A value, a comment, a longer key and a key in a nested dictionary: only the keys.
        (
            "\t<key>AppGreeting</key>\n\t<string>AppGreeting</string>\n\t<!-- <key>AppGreeting</key> -->\n\t<key>XAppGreeting</key>\n\t<string>x</string>\n"
                + "\t<key>Nested</key>\n\t<dict>\n\t\t<key>AppGreeting</key>\n\t\t<true/>\n\t</dict>\n", 2
        ),
        // Spelt with a character reference, or in CDATA: the walk reads them; so must the lookup.
        ("\t<key>&#65;ppGreeting</key>\n\t<string>a</string>\n", 1),
        ("\t<key><![CDATA[AppGreeting]]></key>\n\t<string>a</string>\n", 1),
        // Blanks around the name make another key.
        ("\t<key> AppGreeting</key>\n\t<string>a</string>\n", 0),
    ])
    func spellingsASearchCouldMissOrMistake(_ body: String, _ count: Int) {
        let document = Self.plist(body)
        let found = KeyRenaming.keyRanges(named: "AppGreeting", in: document)
        #expect(found == (Self.keysByWalk(document)["AppGreeting"] ?? []))
        #expect(found.count == count)
    }

    @Test func keysInEveryBranchOfAnIfAreFoundAsTheWalkFindsThem() {
        let document = Self.plist(
            "#if DEBUG\n\t<key>AppGreeting</key>\n\t<string>a</string>\n#else\n\t<key>AppGreeting</key>\n\t<string>b</string>\n#endif\n")
        #expect(KeyRenaming.keyRanges(named: "AppGreeting", in: document) == (Self.keysByWalk(document)["AppGreeting"] ?? []))
    }

    @Test func theFirstKeyOfANameComesWithItsPlace() throws {
        let document = Self.plist(
            "\t<key>Nested</key>\n\t<dict>\n\t\t<key>AppGreeting</key>\n\t\t<true/>\n\t</dict>\n\t<key>AppGreeting</key>\n\t<string>b</string>\n"
        )
        let first = try #require(KeyRenaming.firstKey(named: "AppGreeting", in: document))
        #expect(first.parent == [.key("Nested")])
        #expect(first.range == Self.keysByWalk(document)["AppGreeting"]?.first)
    }
}
