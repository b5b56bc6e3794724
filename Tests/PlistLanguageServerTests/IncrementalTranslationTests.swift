// Issue #39, point 5: a keystroke in an open strings table reads and checks only what it changed
// (the table's entries in blocks shared between versions, the findings kept per block). A property
// test with a fixed seed over real tables of ../shared/l10n, made large (repeated, so that keys
// repeat across blocks, and grown with unknown keys past the per-rule limit): after every burst of
// random edits sent to the server, its published diagnostics equal those of the from-scratch
// analysis of the same text (the rules run over the whole table, as `check` runs them).
import Foundation
import LanguageServerProtocol
import PlistAnalysis
import PlistLanguageServer
import PlistSyntax
import PlistTestSupport
import Testing
import XcodeProject
import PlistWorkspace

@Suite(
    .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
    .enabled(if: SharedData.runLocalizationTests, SharedData.localizationSkipNote))
struct IncrementalTranslationTests {
    /// Real tables with the Info.plist they translate (repository folder, Info.plist, table).
    static let tables = [
        ("64characters__Telephone", "Telephone/Info.plist", "Telephone/de.lproj/InfoPlist.strings"),
        ("home-assistant__iOS", "Sources/App/Resources/Info.plist", "Sources/App/Resources/fr.lproj/InfoPlist.strings"),
        ("deltachat__deltachat-ios", "deltachat-ios/Info.plist", "deltachat-ios/de.lproj/InfoPlist.strings"),
    ]

    /// A folder with `App/Info.plist` (the app's) and `App/<locale>.lproj/InfoPlist.strings`: the
    /// real table three times (its keys then repeat across blocks), then 600 entries of unknown
    /// keys (more than the 500 findings a rule shows) with the real table's values.
    static func folder(_ app: String, _ plist: String, _ table: String) throws -> (root: URL, table: URL, text: String) {
        let source = SharedData.localizationDirectory.appendingPathComponent("apps/\(app)")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-incremental-l10n-\(UUID().uuidString)")
        let lproj = root.appendingPathComponent("App/\(table.split(separator: "/").dropLast().last!)")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source.appendingPathComponent(plist), to: root.appendingPathComponent("App/Info.plist"))
        let real = try String(contentsOf: source.appendingPathComponent(table), encoding: .utf8)
        let values = StringsTable(text: Array(real.utf8)).entries.map(\.value)
        var text = real + "\n" + real + "\n" + real + "\n"
        for i in 0..<600 { text += "\"Unknown key \(i)\" = \(stringsQuoted(values.isEmpty ? "Text" : values[i % values.count]));\n" }
        let url = lproj.appendingPathComponent("InfoPlist.strings")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return (root, url, text)
    }

    /// What a diagnostic says, to compare (the link of its code left out).
    static func summary(_ d: Diagnostic) -> String {
        let related = (d.relatedInformation ?? []).map { "\($0.location.range) \($0.message)" }.joined(separator: "; ")
        return "\(d.range) \(d.severity.map { "\($0)" } ?? "-") \(d.code.map { "\($0)" } ?? "-") \(d.message) [\(related)]"
    }

    /// The diagnostics of `text`, the table at `path`, analysed from scratch: read whole, every rule
    /// over every entry, against the Info.plist beside it.
    static func fromScratch(_ text: String, path: String, uri: DocumentURI) -> [String] {
        let fileSystem = DiskProjectFileSystem()
        let infoPlist = LocalizationFiles.set(forTranslationAt: path, fileSystem: fileSystem).flatMap {
            LocalizationFiles.infoPlist(of: $0, fileSystem: fileSystem)
        }
        let findings = Analyzer.findings(
            forTranslation: TranslationContext(
                path: path, file: TranslationFile.reading(Array(text.utf8), path: path), infoPlist: infoPlist),
            configuration: .default)
        let snapshot = DocumentSnapshot(uri: uri, text: text)
        let provider = DiagnosticsProvider()
        return findings.map { summary(provider.convert($0, in: snapshot, configuration: ServerConfiguration())) }
    }

    /// Random edits of `text`'s lines that break and mend entries, and copy whole entries (keys
    /// repeat and stop repeating), each as one LSP change.
    struct Editor {
        var lines: [String]
        var rng: SplitMix64

        var text: String { lines.joined(separator: "\n") }

        mutating func random(_ n: Int) -> Int { n <= 0 ? 0 : Int(rng.next() % UInt64(n)) }

        /// One change: its LSP form, applied to `lines`.
        mutating func edit() -> TextDocumentContentChangeEvent {
            let pieces = [
                "\"", ";", "/*", "*/", "=", "K", "\n", "", "é", "\\", " ", "\"Unknown key 7\" = \"x\";\n",
                "CFBundleDisplayName = \"Name\";\n",
                "\"Privacy - Camera Usage Description\" = \"Kamera\";\n", "\"NSCameraUsageDescription\" = \"\";\n",
            ]
            let line = random(lines.count)
            let characters = Array(lines[line])
            let start = random(characters.count + 1)
            let kind = random(10)
            let piece: String
            var end = start
            if kind < 2 {
                // A whole line of the table, copied here.
                piece = lines[random(lines.count)] + "\n"
                end = start
            } else if kind < 4 {
                // A few characters deleted.
                piece = ""
                end = min(characters.count, start + 1 + random(12))
            } else {
                piece = pieces[random(pieces.count)]
                end = min(characters.count, start + random(2))
            }
            let before = String(characters[..<start]), removed = String(characters[start..<end]), after = String(characters[end...])
            let range = LSPRange(
                start: Position(line: line, character: before.utf16.count),
                end: Position(line: line, character: before.utf16.count + removed.utf16.count))
            lines.replaceSubrange(line...line, with: (before + piece + after).components(separatedBy: "\n"))
            return TextDocumentContentChangeEvent(range: range, text: piece)
        }
    }

    @Test(arguments: 0..<3)
    func afterRandomEditsTheDiagnosticsOfAnOpenTableEqualAFromScratchAnalysis(_ which: Int) async throws {
        let (app, plist, table) = Self.tables[which]
        let (root, url, text) = try Self.folder(app, plist, table)
        defer { try? FileManager.default.removeItem(at: root) }
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: root.path))
        let uri = FileURI.uri(for: url.path)
        try client.open(uri, text)
        let opened = try await client.diagnostics(uri, version: 1).map(Self.summary)
        #expect(opened == Self.fromScratch(text, path: url.path, uri: uri))
        // The table is large enough for what the test is about: several blocks, a rule past its limit, repeated keys.
        #expect(StringsTable(text: Array(text.utf8)).entries.count > 2 * 256)
        #expect(opened.contains { $0.contains("more 'l10n-unknown-key' problems in this file not shown") })
        #expect(opened.contains { $0.contains("l10n-duplicate-key") })
        var editor = Editor(lines: text.components(separatedBy: "\n"), rng: SplitMix64(seed: 0x39_0005 + UInt64(which)))
        var version = 1
        for burst in 0..<40 {
            // A burst: one to three notifications, the last with one to three changes; only the
            // last version is waited for (the server may skip checking the others).
            for _ in 0...editor.random(3) {
                version += 1
                let changes = (0...editor.random(3)).map { _ in editor.edit() }
                try client.change(uri, version: version, changes)
            }
            let published = try await client.diagnostics(uri, version: version).map(Self.summary)
            let expected = Self.fromScratch(editor.text, path: url.path, uri: uri)
            #expect(
                published == expected,
                "burst \(burst), version \(version): \(Set(published).symmetricDifference(expected).sorted().prefix(6))")
            if published != expected { break }
        }
    }

    /// A keystroke in a table of 20,000 entries reads a few: the entries stay in the blocks the
    /// version before had (the same objects, which the analysis keeps its findings by), but the one
    /// edited, and equal those of the text read afresh.
    @Test func aKeystrokeInALargeTableKeepsEveryOtherBlockOfEntries() throws {
        var text = "\"NSCameraUsageDescription\" = \"Kamera\";\n"
        for i in 0..<20_000 { text += "\"Key \(i)\" = \"Wert \(i)\";\n" }
        let before = StringsTable(text: Array(text.utf8))
        let at = text.utf8.count / 2
        var bytes = Array(text.utf8)
        bytes.insert(UInt8(ascii: "x"), at: at)
        let after = StringsTable(text: bytes, replacing: at..<at, count: 1, of: before)
        #expect(after.entries == StringsTable(text: bytes).entries)
        let old = Set(before.entries.segments.map { ObjectIdentifier($0.block) })
        let new = after.entries.segments.map { ObjectIdentifier($0.block) }
        #expect(new.count == before.entries.segments.count)
        #expect(new.filter { !old.contains($0) }.count == 1)
    }
}
