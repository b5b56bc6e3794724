// Issue #39, point 5, for String Catalogs in the editor: a catalog too large for the project reader
// (16 MB) is named, with why, on the Info.plist it translates, and no locale is called
// untranslated; the large catalog itself, open, is checked against that Info.plist, and a
// keystroke in it gives the diagnostics of the edited text read afresh. (`check` says the same:
// CheckLargeTranslationTests.aCatalogTooLargeForTheProjectReaderIsNamedAndNoLocaleIsCalledUntranslated.)
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistWorkspace
import PlistTestSupport
import Testing

@Suite(.enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote)) struct LargeCatalogTests {
    @Test func aCatalogTooLargeToReadIsNamedOnTheInfoPlistAndStillCheckedWhenOpen() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-large-catalog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try LargeTranslationTests.infoPlist.write(to: app.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        var lines = [
            "{", "  \"sourceLanguage\" : \"en\",", "  \"strings\" : {",
            "    \"NSBogusUsageDescription\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"x\" } } } },",
        ]
        let comment = String(repeating: "y", count: 1000)
        var size = lines.reduce(0) { $0 + $1.utf8.count + 1 }
        var i = 0
        while size < 17 << 20 {
            lines.append("    \"Filler \(i)\" : { \"comment\" : \"\(comment)\" },")
            size += lines.last!.utf8.count + 1
            i += 1
        }
        lines.append(
            "    \"NSCameraUsageDescription\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Kamera\" } } } }"
        )
        lines += ["  },", "  \"version\" : \"1.0\"", "}", ""]
        let text = lines.joined(separator: "\n")
        let catalog = app.appendingPathComponent("InfoPlist.xcstrings")
        try text.write(to: catalog, atomically: true, encoding: .utf8)

        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: root.path))
        let plist = FileURI.uri(for: app.appendingPathComponent("Info.plist").path)
        try client.open(plist, LargeTranslationTests.infoPlist)
        let diagnostics = try await client.diagnostics(plist) { $0.contains { $0.code == .string("l10n-untranslated") } }
        let untranslated = diagnostics.filter { $0.code == .string("l10n-untranslated") }
        #expect(
            untranslated.map(\.message) == [
                "InfoPlist.xcstrings was not read (larger than the 16 MB a project file may be), so every locale's translations of this Info.plist are not checked: whether it translates each text is unknown; `plist-lsp check InfoPlist.xcstrings` checks the file itself"
            ], "\(untranslated.map(\.message))")
        #expect(untranslated.allSatisfy { $0.severity == .information })

        // The large catalog, open: checked against the Info.plist (its unknown key is found).
        let uri = FileURI.uri(for: catalog.path)
        try client.open(uri, text)
        let found = try await client.diagnostics(uri, version: 1)
        let unknown = "the Info.plist has no 'NSBogusUsageDescription': nothing reads this translation"
        #expect(found.contains { $0.message == unknown && $0.range.start == Position(line: 3, character: 4) }, "\(found.prefix(3))")
        // A keystroke in the last key's value: the diagnostics of the edited text read afresh.
        let last = lines.count - 5
        let at = Position(line: last, character: lines[last].utf16.count - 10)
        try client.change(uri, version: 2, range: LSPRange(start: at, end: at), "\"")
        let edited = try await client.diagnostics(uri, version: 2)
        var afreshLines = lines
        var characters = Array(lines[last].utf16)
        characters.insert(UInt16(UInt8(ascii: "\"")), at: at.character)
        afreshLines[last] = String(decoding: characters, as: UTF16.self)
        let other = try TestClient()
        try await other.initialize(richClient(), rootUri: FileURI.uri(for: root.path))
        try other.open(uri, afreshLines.joined(separator: "\n"))
        let afresh = try await other.diagnostics(uri, version: 1)
        #expect(edited == afresh)
        #expect(edited.contains { $0.code == .string("l10n-syntax") }, "\(edited.prefix(3))")
    }
}
