// Issue #39, point 5: a strings table read as an edit of the version before
// (`StringsTable(text:reusing:)`, what the server does per keystroke) equals the table read whole,
// over thousands of seeded edits that open and close strings and comments, drop and add `;` and
// `=`, and type at the start, in the middle and at the end.
import PlistSyntax
import PlistTestSupport
import Testing

@Suite struct StringsTableIncrementalTests {
    static let start = """
        /* Localized versions of Info.plist keys */

        "CFBundleDisplayName" = "Kamera";
        // a line comment
        "NSCameraUsageDescription" = "Kamera für \\"Codes\\"";
        NSMicrophoneUsageDescription = "Mikrofon";
        "NSPhotoLibraryUsageDescription" = "Fotos"
        "NSContactsUsageDescription";
        "NSLocationWhenInUseUsageDescription" = "Ort /* kein Kommentar */";
        "CFBundleName" = 'Kamera';

        """

    @Test func readingAnEditReusingThePreviousTableEqualsReadingItWhole() {
        var rng = SplitMix64(seed: 0x39_0005)
        let pieces: [String] = ["\"", ";", "/*", "*/", "//", "=", "K", "\n", "\\", "'", " ", "\"x\" = \"y\";\n", "é", ""]
        var checked = 0
        for run in 0..<40 {
            var text = Array((run % 2 == 0 ? Self.start : "\u{FEFF}" + Self.start).utf8)
            var table = StringsTable(text: text)
            for _ in 0..<100 {
                let at = Int(rng.next() % UInt64(text.count + 1))
                let length = min(Int(rng.next() % 3), text.count - at)
                let piece = Array(pieces[Int(rng.next() % UInt64(pieces.count))].utf8)
                text.replaceSubrange(at..<(at + length), with: piece)
                let incremental = StringsTable(text: text, reusing: table)
                let whole = StringsTable(text: text)
                #expect(incremental.text == whole.text)
                #expect(incremental.entries == whole.entries, "run \(run): \(String(decoding: text, as: UTF8.self))")
                #expect(incremental.problems == whole.problems, "run \(run): \(String(decoding: text, as: UTF8.self))")
                if incremental.entries != whole.entries || incremental.problems != whole.problems { return }
                checked += 1
                table = incremental
            }
        }
        #expect(checked == 4_000)
    }

    /// A large table: an edit in the middle, read reusing the table before it, keeps the entries
    /// on either side as they were (moved by the edit's length after it).
    @Test func anEditInTheMiddleOfALargeTableMovesTheEntriesAfterIt() {
        var source = ""
        for i in 0..<5_000 { source += "\"Key \(i)\" = \"Value \(i)\";\n" }
        let text = Array(source.utf8)
        let table = StringsTable(text: text)
        let line = "\"Key 2500\" = \"Value 2500\";\n"
        var edited = text
        let lineStart = text.indices.first { (text[$0...].starts(with: Array(line.utf8))) }!
        edited.insert(contentsOf: Array("more ".utf8), at: lineStart + 14)
        let incremental = StringsTable(text: edited, reusing: table)
        #expect(incremental.entries == StringsTable(text: edited).entries)
        #expect(incremental.entries[2500].value == "more Value 2500")
        #expect(incremental.entries[2501].range == table.entries[2501].range.lowerBound + 5..<table.entries[2501].range.upperBound + 5)
    }
}
