// Issue #39, point 5: a translation file too large for the project reader (16 MB) is named, with
// why, on the Info.plist it translates, and its locale is not called untranslated; the large file
// itself, open in the editor, is checked against that Info.plist. Edits to an open table are read
// incrementally (only the entries an edit can change): the diagnostics after each edit equal those
// of the edited text opened afresh.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistTestSupport
import Testing
import PlistWorkspace

@Suite struct LargeTranslationTests {
    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDevelopmentRegion</key>
        \t<string>en</string>
        \t<key>NSCameraUsageDescription</key>
        \t<string>Scan codes with the camera.</string>
        </dict>
        </plist>

        """

    /// `App/Info.plist`, a `fr` table without the camera's purpose string, and a `de` table of
    /// `deSize` bytes or more (an unknown key first, then generated entries).
    static func folder(deSize: Int) throws -> (root: URL, de: URL, deText: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-large-l10n-\(UUID().uuidString)")
        let app = root.appendingPathComponent("App")
        for locale in ["de", "fr"] {
            try FileManager.default.createDirectory(at: app.appendingPathComponent("\(locale).lproj"), withIntermediateDirectories: true)
        }
        try infoPlist.write(to: app.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        try "\"CFBundleDisplayName\" = \"Appareil\";\n".write(
            to: app.appendingPathComponent("fr.lproj/InfoPlist.strings"), atomically: true, encoding: .utf8)
        var de = "\"NSCameraUsageDescription\" = \"Kamera für Codes\";\n\"NSBogusUsageDescription\" = \"Unbekannt\";\n"
        var i = 0
        while de.utf8.count < deSize {
            de += "\"CFBundleDisplayName\" = \"Eintrag \(i) eines großen Texts, der die Datei füllt\";\n"
            i += 1
        }
        let url = app.appendingPathComponent("de.lproj/InfoPlist.strings")
        try de.write(to: url, atomically: true, encoding: .utf8)
        return (root, url, de)
    }

    @Test func aTableTooLargeToReadIsNamedOnTheInfoPlistAndItsLocaleIsNotCalledUntranslated() async throws {
        let (root, de, deText) = try Self.folder(deSize: 17 << 20)
        defer { try? FileManager.default.removeItem(at: root) }
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: root.path))
        let plist = FileURI.uri(for: root.appendingPathComponent("App/Info.plist").path)
        try client.open(plist, Self.infoPlist)
        let diagnostics = try await client.diagnostics(plist) { $0.contains { $0.code == .string("l10n-untranslated") } }
        let untranslated = diagnostics.filter { $0.code == .string("l10n-untranslated") }
        let note = try #require(
            untranslated.first { $0.severity == .information || $0.severity == .hint }, "\(untranslated.map(\.message))")
        #expect(
            note.message.hasPrefix(
                "de.lproj/InfoPlist.strings was not read (larger than the 16 MB a project file may be), so the de translations of this Info.plist are not checked"
            ), "\(note.message)")
        // fr lacks the purpose string: said; de is unknown: not said.
        let warnings = untranslated.filter { $0.severity == .warning }.map(\.message)
        #expect(
            warnings == [
                "the purpose string NSCameraUsageDescription is not translated for fr: that locale shows the development-language text (translations: the .lproj folders near it (no Xcode project target found))"
            ], "\(warnings)")

        // The large table, open: checked against the Info.plist (its unknown key is found).
        let uri = FileURI.uri(for: de.path)
        try client.open(uri, deText)
        let found = try await client.diagnostics(uri) { $0.contains { $0.code == .string("l10n-unknown-key") } }
        #expect(
            found.contains {
                $0.message == "the Info.plist has no 'NSBogusUsageDescription': nothing reads this translation"
                    && $0.range.start == Position(line: 1, character: 0)
            })
        #expect(found.contains { $0.code == .string("l10n-duplicate-key") })
    }

    @Test(.tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote))
    func editsToAnOpenTableGiveTheDiagnosticsOfTheTextReadAfresh() async throws {
        let (root, de, deText) = try Self.folder(deSize: 40_000)
        defer { try? FileManager.default.removeItem(at: root) }
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: root.path))
        let uri = FileURI.uri(for: de.path)
        try client.open(uri, deText)
        _ = try await client.diagnostics(uri, version: 1)
        var lines = deText.components(separatedBy: "\n")
        var rng = SplitMix64(seed: 0x39_0005)
        // Edits that break and mend entries: a quote, a semicolon, a comment opener and closer, an
        // equals sign, a key character, a line break; each replaces one character of a random line.
        let pieces = ["\"", ";", "/*", "*/", "=", "K", "\n", ""]
        for version in 2...31 {
            let line = Int(rng.next() % UInt64(lines.count - 1))
            let width = lines[line].utf16.count
            let character = width == 0 ? 0 : Int(rng.next() % UInt64(width))
            let piece = pieces[Int(rng.next() % UInt64(pieces.count))]
            let end = Position(line: line, character: min(character + Int(rng.next() % 2), width))
            try client.change(uri, version: version, range: LSPRange(start: Position(line: line, character: character), end: end), piece)
            var text = Array(lines[line].utf16)
            text.replaceSubrange(character..<end.character, with: Array(piece.utf16))
            lines.replaceSubrange(line...line, with: String(decoding: text, as: UTF16.self).components(separatedBy: "\n"))
            let edited = try await client.diagnostics(uri, version: version)
            // The same text in a fresh document of its own.
            let other = try TestClient()
            try await other.initialize(richClient(), rootUri: FileURI.uri(for: root.path))
            try other.open(uri, lines.joined(separator: "\n"))
            let afresh = try await other.diagnostics(uri, version: 1)
            #expect(edited == afresh, "version \(version): line \(line), '\(piece)' at \(character)")
            if edited != afresh { break }
        }
    }
}
