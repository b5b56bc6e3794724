// Thousands of random incremental edits over the protocol: the server's text must equal the
// client's, and its diagnostics those of a fresh open of the same text.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import Testing
import PlistTestSupport

/// The editor's own model of the text, in the code units of the negotiated encoding — what an
/// editor's buffer holds: UTF-16 units (VS Code), bytes (UTF-8), or scalars (UTF-32). Positions are
/// computed here, independently of the server's `LineIndex` (lines end at `\n`; the generator
/// never inserts `\r`). An edit may start or end at any unit, so inside a character: half a
/// surrogate pair, or the middle of a UTF-8 sequence. After each edit the model holds what the
/// editor would send in a fresh `didOpen`: the units decoded, a lone surrogate or a partial
/// sequence being U+FFFD (one unit, like the surrogate it stands for).
struct ClientText {
    var units: [UInt32]
    let encoding: String

    init(_ string: String, encoding: String) {
        self.encoding = encoding
        units = Self.encode(string, encoding)
    }

    static func encode(_ string: String, _ encoding: String) -> [UInt32] {
        switch encoding {
        case "utf-8": return string.utf8.map(UInt32.init)
        case "utf-32": return string.unicodeScalars.map(\.value)
        default: return string.utf16.map(UInt32.init)
        }
    }

    var string: String {
        switch encoding {
        case "utf-8": return String(decoding: units.map { UInt8($0) }, as: UTF8.self)
        case "utf-32": return String(decoding: units, as: UTF32.self)
        default: return String(decoding: units.map { UInt16($0) }, as: UTF16.self)
        }
    }

    /// The LSP position before unit `index`.
    func position(_ index: Int) -> Position {
        var line = 0, character = 0
        for unit in units[0..<index] {
            if unit == 0x0A { line += 1; character = 0 } else { character += 1 }
        }
        return Position(line: line, character: character)
    }

    /// Replaces units `range` (which may split characters) with `text`, as the editor does.
    mutating func replace(_ range: Range<Int>, with text: String) {
        units.replaceSubrange(range, with: Self.encode(text, encoding))
        units = Self.encode(string, encoding)
    }
}

@Suite(.tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote)) struct RandomEditTests {
    static let start = PlistText.dictionary(
        """
        \t<key>CFBundleDisplayName</key>
        \t<string>Café 😀 日本</string>
        \t<key>CFBundleVersion</key>
        \t<string>1.0</string>
        \t<key>LSRequiresIPhoneOS</key>
        \t<true/>
        \t<key>UISupportedInterfaceOrientations</key>
        \t<array>
        \t\t<string>UIInterfaceOrientationPortrait</string>
        \t\t<string>𝄞 &amp; &#x1F600;</string>
        \t</array>
        \t<key>Count</key>
        \t<integer>42</integer>
        """, doctype: true)

    static let pieces: [String] = [
        "", "<", ">", "/", "</", "<key>", "</key>", "<string>", "</string>", "<dict>", "</dict>", "<array>",
        "</array>", "<true/>", "<integer>", "</integer>", "é", "日本", "😀", "𝄞", "\u{FFFD}", "\n", "\t", "  ", "\n\t", "\n\t\t",
        "&amp;", "&#x1F600;", "&bogus;", "<!--", "-->", "<![CDATA[", "]]>", "x", "CFBundleName", "1.5", "<?pi?>",
    ]

    @Test(arguments: [("utf-16", UInt64(1)), ("utf-8", UInt64(2)), ("utf-32", UInt64(3))])
    func randomEditsKeepTextAndDiagnosticsInStep(encoding: String, seed: UInt64) async throws {
        let client = try TestClient()
        try await client.initialize(
            ClientCapabilities(
                general: GeneralClientCapabilities(
                    positionEncodings: [PositionEncodingKind(rawValue: encoding)])))
        var rng = SplitMix64(seed: seed)
        var text = ClientText(Self.start, encoding: encoding)
        let docURI = "file:///random-\(encoding).plist"
        try client.open(docURI, text.string)
        var version = 1
        let edits = 2_000
        var sent = 0
        var published: [Diagnostic] = []
        while sent < edits {
            version += 1
            var changes: [TextDocumentContentChangeEvent] = []
            for _ in 0..<Int.random(in: 1...3, using: &rng) where sent < edits {
                sent += 1
                if Int.random(in: 0..<300, using: &rng) == 0 {
                    // Occasionally the whole text (as some clients do).
                    text = ClientText(Self.start + Self.pieces.randomElement(using: &rng)!, encoding: encoding)
                    changes.append(TextDocumentContentChangeEvent(text: text.string))
                    continue
                }
                // Any unit boundary, so sometimes inside a character (the split must match the editor's).
                let count = text.units.count
                let lower = Int.random(in: 0...count, using: &rng)
                // Mostly small deletions; text stays roughly the same size.
                let upper = min(count, lower + Int.random(in: 0...(count > 1_500 ? 12 : 4), using: &rng))
                var replacement = ""
                for _ in 0..<Int.random(in: 0...2, using: &rng) { replacement += Self.pieces.randomElement(using: &rng)! }
                let range = LSPRange(start: text.position(lower), end: text.position(upper))
                text.replace(lower..<upper, with: replacement)
                changes.append(TextDocumentContentChangeEvent(range: range, text: replacement))
            }
            try client.change(docURI, version: version, changes)
            if version % 100 == 0 {
                published = try await client.diagnostics(docURI, version: version)
                let server = try #require(client.server.snapshot(of: docURI))
                #expect(server.version == version)
                try #require(server.string == text.string, "texts diverged at version \(version) (seed \(seed))")
            }
        }
        // (Published already if the last version was checked in the loop.)
        if version % 100 != 0 { published = try await client.diagnostics(docURI, version: version) }
        #expect(client.server.snapshot(of: docURI)?.string == text.string)

        // A fresh open of the same text gets the same diagnostics.
        try client.open("file:///fresh-\(encoding).plist", text.string, version: 1)
        let fresh = try await client.diagnostics("file:///fresh-\(encoding).plist", version: 1)
        #expect(published == fresh)
        #expect(!client.logs.all.contains { $0.contains("clamped") })
    }
    /// Typing all over a document large enough that the server keeps its text in pieces shared
    /// between versions (`SourceText`): after each batch the server's text is the client's, it
    /// is still in pieces (no edit copied it whole), and the diagnostics are a fresh open's.
    @Test func typingInALargeDocumentKeepsItsTextInPiecesAndInStep() async throws {
        let client = try TestClient()
        try await client.initialize()
        let entries = (0..<600).map { "\t<key>Item\($0)</key>\n\t<string>value \($0)</string>\n" }.joined()
        var text = ClientText(PlistText.dictionary(entries), encoding: "utf-16")
        let docURI = "file:///large.plist"
        try client.open(docURI, text.string)
        let marker = ClientText(">value ", encoding: "utf-16").units
        var rng = SplitMix64(seed: 0x1A46E)
        var version = 1
        var published: [Diagnostic] = []
        for batch in 0..<20 {
            for _ in 0..<10 {
                version += 1
                // Typing or deleting inside a string value, as a person editing values does.
                let starts = text.units.indices.filter { text.units[$0...].starts(with: marker) }
                // Only what the value holds is deleted, never the `<` of its end tag (a broken end
                // tag makes the parser read ahead, and the next edit reparse in full).
                let lower = starts.randomElement(using: &rng)! + marker.count
                let upper = text.units[lower] == 0x3C ? lower : lower + Int.random(in: 0...1, using: &rng)
                let replacement = ["", "x", "é", "😀", "CFBundleName"].randomElement(using: &rng)!
                let range = LSPRange(start: text.position(lower), end: text.position(upper))
                text.replace(lower..<upper, with: replacement)
                try client.change(docURI, version: version, range: range, replacement)
            }
            published = try await client.diagnostics(docURI, version: version)
            let server = try #require(client.server.snapshot(of: docURI))
            try #require(server.string == text.string, "texts diverged at batch \(batch)")
            #expect(!server.text.isContiguous, "batch \(batch): the text was copied into one piece")
        }
        try client.open("file:///large-fresh.plist", text.string, version: 1)
        let fresh = try await client.diagnostics("file:///large-fresh.plist", version: 1)
        #expect(published == fresh)
    }

    /// Enter and indentation typed all over a large document (#29: they used to reparse it in
    /// full, which also made its text one piece): the text stays in pieces, in step with the
    /// client's, and the diagnostics are a fresh open's.
    @Test func enterAndIndentationInALargeDocumentKeepItsTextInPiecesAndInStep() async throws {
        let client = try TestClient()
        try await client.initialize()
        let entries = (0..<600).map {
            "\t<key>Item\($0)</key>\n\t<dict>\n\t\t<key>Value</key>\n\t\t<string>value \($0)</string>\n\t</dict>\n"
        }.joined()
        var text = ClientText(PlistText.dictionary(entries), encoding: "utf-16")
        let docURI = "file:///large-layout.plist"
        try client.open(docURI, text.string)
        var rng = SplitMix64(seed: 0x29_5E)
        var version = 1
        var published: [Diagnostic] = []
        for batch in 0..<20 {
            for _ in 0..<10 {
                version += 1
                let breaks = text.units.indices.filter { text.units[$0] == 0x0A }
                let at = breaks[Int.random(in: 40..<(breaks.count - 40), using: &rng)]
                let edit: (Range<Int>, String)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: edit = (at..<at, "\n\t\t")  // Enter with indentation at a line end
                case 1: edit = ((at + 1)..<(at + 1), "\t")  // a tab at a line start
                // A backspace in the indentation of a start tag's line (before an end tag it would
                // line the tag up with an outer element's: the recovery's look-ahead, after which
                // every edit parses in full, docs/contributing/parser.md).
                case 2:
                    edit =
                        text.units[at + 1] == 0x09 && text.units[at + 2] != 0x09 && text.units[at + 3] != 0x2F
                        ? ((at + 1)..<(at + 2), "") : (at..<at, "\n")
                case 3: edit = (at..<(at + 1), "")  // two lines joined
                default: edit = (at..<at, "\n")  // a bare line break
                }
                let range = LSPRange(start: text.position(edit.0.lowerBound), end: text.position(edit.0.upperBound))
                text.replace(edit.0, with: edit.1)
                try client.change(docURI, version: version, range: range, edit.1)
            }
            published = try await client.diagnostics(docURI, version: version)
            let server = try #require(client.server.snapshot(of: docURI))
            try #require(server.string == text.string, "texts diverged at batch \(batch)")
            #expect(!server.text.isContiguous, "batch \(batch): the text was copied into one piece (a full parse)")
        }
        try client.open("file:///large-layout-fresh.plist", text.string, version: 1)
        let fresh = try await client.diagnostics("file:///large-layout-fresh.plist", version: 1)
        #expect(published == fresh)
    }
}
