// Issue #39, point 5: a keystroke in an open String Catalog reads and checks only what it changed
// (its keys in blocks shared between versions, the findings kept per block), as in a strings
// table. A property test with a fixed seed over real catalogs of ../shared/l10n, made large (their
// keys three times, so that keys repeat across blocks; unknown keys past the per-rule limit; a key
// whose source-language text is empty far from its other entries): after every burst of random
// edits sent to the server, its published diagnostics equal those of the from-scratch analysis of
// the same text (the rules run over the whole catalog, as `check` runs them).
import Foundation
import LanguageServerProtocol
import PlistAnalysis
import PlistLanguageServer
import PlistWorkspace
import PlistSyntax
import PlistTestSupport
import Testing

@Suite(
    .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
    .enabled(if: SharedData.runLocalizationTests, SharedData.localizationSkipNote))
struct IncrementalCatalogTests {
    /// Real catalogs with the Info.plist they translate (repository folder, Info.plist, catalog).
    static let catalogs = [
        ("losnoco__Cog", "Info.plist.template", "InfoPlist.xcstrings"),
        ("rime__squirrel", "resources/Info.plist", "resources/InfoPlist.xcstrings"),
        ("Kanunnikoff__GlagolitsaKeyboard-iOS", "GlagolitsaKeyboard/Info.plist", "InfoPlist.xcstrings"),
    ]

    /// A folder with `App/Info.plist` (the app's) and `App/InfoPlist.xcstrings`: the real catalog
    /// with its keys twice more, then 600 unknown keys (more than the 500 findings a rule shows)
    /// with the real keys' translations, then the first key again with an empty source-language
    /// text (which makes its empty translations elsewhere faithful) and an empty German one.
    static func folder(_ app: String, _ plist: String, _ catalog: String) throws -> (root: URL, catalog: URL, text: String) {
        let source = SharedData.localizationDirectory.appendingPathComponent("apps/\(app)")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-incremental-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source.appendingPathComponent(plist), to: root.appendingPathComponent("App/Info.plist"))
        let real = try Array(Data(contentsOf: source.appendingPathComponent(catalog)))
        let strings = try #require(JSONText(real).root?["strings"])
        let members = strings.members.map { String(decoding: real[$0.nameRange.lowerBound..<$0.value.range.upperBound], as: UTF8.self) }
        let values = strings.members.map { String(decoding: real[$0.value.range], as: UTF8.self) }
        let first = try #require(strings.members.first?.name)
        var more = members + members
        for i in 0..<600 { more.append("\"Unknown key \(i)\" : \(values[i % values.count])") }
        more.append(
            "\(JSONText.quoted(first)) : { \"localizations\" : { \"en\" : { \"stringUnit\" : { \"state\" : \"new\", \"value\" : \"\" } }, "
                + "\"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\" } } } }")
        // Before the `}` of `strings`, after its last key.
        let close = strings.range.upperBound - 1
        let text =
            String(decoding: real[..<close], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) + ",\n    "
            + more.joined(separator: ",\n    ") + "\n  " + String(decoding: real[close...], as: UTF8.self)
        let url = root.appendingPathComponent("App/InfoPlist.xcstrings")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return (root, url, text)
    }

    /// Random edits of the catalog's bytes that break and mend keys, values and the JSON between
    /// them (at most three not undone at a time), each as one LSP change.
    struct Editor {
        var bytes: [UInt8]
        var rng: SplitMix64
        /// The changes not undone yet: where, the bytes put there, the bytes they replaced.
        var undo: [(at: Int, put: Int, removed: [UInt8])] = []

        var text: String { String(decoding: bytes, as: UTF8.self) }

        mutating func random(_ n: Int) -> Int { n <= 0 ? 0 : Int(rng.next() % UInt64(n)) }

        /// The LSP position of a byte offset (UTF-16 characters).
        func position(_ offset: Int) -> Position {
            let lineStart = (bytes[..<offset].lastIndex(of: 0x0A) ?? -1) + 1
            let line = bytes[..<lineStart].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            return Position(line: line, character: String(decoding: bytes[lineStart..<offset], as: UTF8.self).utf16.count)
        }

        /// One change: its LSP form, applied to `bytes`.
        mutating func edit() -> TextDocumentContentChangeEvent {
            let pieces = [
                "\"", ",", ":", "{", "}", "[", "]", "K", "\n", "", "é", "\\", " ", "null",
                "\"Unknown key 7\" : { },\n", "\"CFBundleIdentifier\" : { },\n", "\"Privacy - Camera Usage Description\" : { },\n",
                "\"NSCameraUsageDescription\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\" } } } },\n",
                "\"state\" : \"needs_review\", ", "\"extractionState\" : \"stale\", ",
                "\"de\" : { \"stringUnit\" : { \"state\" : \"new\", \"value\" : \"x\" } },\n",
            ]
            var at: Int, length: Int, piece: [UInt8]
            if undo.count >= 3 || !undo.isEmpty && random(3) == 0 {
                let last = undo.removeLast()
                (at, length, piece) = (last.at, last.put, last.removed)
            } else {
                at = random(bytes.count + 1)
                while at < bytes.count && bytes[at] & 0xC0 == 0x80 { at += 1 }
                var end = min(bytes.count, at + random(random(4) == 0 ? 40 : 3))
                while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
                length = end - at
                piece = Array(pieces[random(pieces.count)].utf8)
                undo.append((at, piece.count, Array(bytes[at..<end])))
            }
            let range = LSPRange(start: position(at), end: position(at + length))
            bytes.replaceSubrange(at..<(at + length), with: piece)
            return TextDocumentContentChangeEvent(range: range, text: String(decoding: piece, as: UTF8.self))
        }
    }

    @Test(arguments: 0..<3)
    func afterRandomEditsTheDiagnosticsOfAnOpenCatalogEqualAFromScratchAnalysis(_ which: Int) async throws {
        let (app, plist, catalog) = Self.catalogs[which]
        let (root, url, text) = try Self.folder(app, plist, catalog)
        defer { try? FileManager.default.removeItem(at: root) }
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: root.path))
        let uri = FileURI.uri(for: url.path)
        try client.open(uri, text)
        let opened = try await client.diagnostics(uri, version: 1).map(IncrementalTranslationTests.summary)
        #expect(opened == IncrementalTranslationTests.fromScratch(text, path: url.path, uri: uri))
        // The catalog is large enough for what the test is about: several blocks, a rule past its
        // limit, repeated keys, no problem to begin with.
        #expect(StringCatalog(text: Array(text.utf8)).entries.count > 2 * 256)
        #expect(StringCatalog(text: Array(text.utf8)).problems.isEmpty)
        #expect(opened.contains { $0.contains("more 'l10n-unknown-key' problems in this file not shown") })
        #expect(opened.contains { $0.contains("l10n-duplicate-key") })
        var editor = Editor(bytes: Array(text.utf8), rng: SplitMix64(seed: 0x39_0005_0C + UInt64(which)))
        var version = 1
        for burst in 0..<30 {
            // A burst: one to three notifications, the last with one to three changes; only the
            // last version is waited for (the server may skip checking the others).
            for _ in 0...editor.random(3) {
                version += 1
                let changes = (0...editor.random(3)).map { _ in editor.edit() }
                try client.change(uri, version: version, changes)
            }
            let published = try await client.diagnostics(uri, version: version).map(IncrementalTranslationTests.summary)
            let expected = IncrementalTranslationTests.fromScratch(editor.text, path: url.path, uri: uri)
            #expect(
                published == expected,
                "burst \(burst), version \(version): \(Set(published).symmetricDifference(expected).sorted().prefix(6))")
            if published != expected { break }
        }
    }

    /// A keystroke inside one key of a catalog of 20,000 keys, read as the server reads the next
    /// version of an open document (the change known): the keys stay in the blocks the version
    /// before had (the same objects, which the analysis keeps its findings by), but the one edited,
    /// and equal those of the text read afresh; its findings equal the whole catalog's.
    @Test func aKeystrokeInALargeCatalogKeepsEveryOtherBlockOfKeys() async throws {
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        text +=
            "    \"NSBogusUsageDescription\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"new\", \"value\" : \"\" } } } }"
        for i in 0..<20_000 {
            text +=
                ",\n    \"Key \(i)\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Wert \(i)\" } } } }"
        }
        text += "\n  },\n  \"version\" : \"1.0\"\n}\n"
        let path = "/App/InfoPlist.xcstrings"
        let bytes = Array(text.utf8)
        let (before, after, edited) = try await onOwnThread {
            let before = TranslationFile.reading(bytes, path: path)
            // Inside the value of key 10000.
            let value = Array("\"Wert 10000\"".utf8)
            let at = bytes.indices.first { bytes[$0...].starts(with: value) }! + 5
            var edited = bytes
            edited.insert(UInt8(ascii: "x"), at: at)
            let after = TranslationFile.reading(edited, path: path, reusing: before, change: (at..<at, 1))
            return (before, after, edited)
        }
        guard case .catalog(let old) = before, case .catalog(let new) = after else {
            Issue.record("not read as catalogs")
            return
        }
        #expect(new.entries == StringCatalog(text: edited).entries)
        let kept = Set(old.entries.segments.map { ObjectIdentifier($0.block) })
        let blocks = new.entries.segments.map { ObjectIdentifier($0.block) }
        #expect(blocks.count == old.entries.segments.count)
        #expect(blocks.filter { !kept.contains($0) }.count == 1)
        // The findings of the edited version from those of the version before equal the whole catalog's.
        let (first, memo) = Analyzer.findings(forTranslation: before, at: path, infoPlist: nil, configuration: .default, memo: nil)
        let (next, _) = Analyzer.findings(forTranslation: after, at: path, infoPlist: nil, configuration: .default, memo: memo)
        let whole = Analyzer.findings(forTranslation: TranslationContext(path: path, file: after, infoPlist: nil))
        #expect(first.contains { $0.code == "l10n-empty-translation" } && first.contains { $0.code == "l10n-catalog-state" })
        #expect(next.map { "\($0.range) \($0.code) \($0.message)" } == whole.map { "\($0.range) \($0.code) \($0.message)" })
    }
}
