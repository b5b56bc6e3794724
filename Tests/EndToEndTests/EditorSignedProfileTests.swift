// Signed configuration profiles in real editors, typed at in tmux as a person types (issue #41): a
// signed .mobileconfig (CMS around the plist) opens as the plist it signs, with a note that editing
// it breaks the signature; the server checks that plist (its finding arrives); a typed character
// changes nothing (read-only), also once the file is read again, and neither a save nor a save
// forced after making the buffer writable writes the file: it stays byte for byte as it was. One
// profile is signed at test time (so the test runs on a bare clone), one is a real signed profile
// from ../shared/admin.
import Foundation
import Testing
import PlistTestSupport

@Suite("Editors: signed profiles shown read-only", .tags(.realEditor), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote), .serialized)
struct EditorSignedProfileTests {
    static let editors = EditorTypedCompletionTests.editors

    /// A Dock payload with a tile size out of range: the server reports "tilesize is at most 128, not 400".
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        	<key>PayloadContent</key>
        	<array>
        		<dict>
        			<key>PayloadIdentifier</key>
        			<string>com.example.dock</string>
        			<key>PayloadType</key>
        			<string>com.apple.dock</string>
        			<key>PayloadUUID</key>
        			<string>0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0</string>
        			<key>PayloadVersion</key>
        			<integer>1</integer>
        			<key>tilesize</key>
        			<integer>400</integer>
        		</dict>
        	</array>
        	<key>PayloadIdentifier</key>
        	<string>com.example</string>
        	<key>PayloadType</key>
        	<string>Configuration</string>
        	<key>PayloadUUID</key>
        	<string>5C6A2E5B-3C21-4E7B-9B6F-2D8E1A4C7F10</string>
        	<key>PayloadVersion</key>
        	<integer>1</integer>
        </dict>
        </plist>

        """

    /// A real signed profile (BER: first bytes 30 80). What the editor must show of it is what
    /// `plist-lsp check` reports (a note, by the rules of today: a key only supervised devices honour).
    static let realProfile = "hmd78__encrypted-dns-for-ios__signed__google-https.mobileconfig"

    @Test(
        "a profile signed at test time (DER, 30 82) opens as its plist, read-only, and is never written",
        .enabled(if: !editors.isEmpty || SharedData.isCI, EditorTypedCompletionTests.skipReason), arguments: editors)
    func aSignedProfileOpensReadOnlyAndIsNeverWritten(_ editor: TypedEditor) async throws {
        let bytes = SignedData.wrap(Array(Self.plist.utf8), indefinite: false)
        #expect(Array(bytes.prefix(2)) == [0x30, 0x82])
        let expected = try Self.checked(bytes)
        #expect(expected.contains { $0.hasPrefix("tilesize is at most 128") }, "\(expected)")
        try await Self.openTypeAndSave(editor, bytes: bytes, findings: expected, probe: "tilesize is at most 128")
    }

    @Test(
        "a real signed profile from ../shared/admin (BER, 30 80) opens as its plist, read-only, and is never written",
        .enabled(if: AdminData.run, AdminData.skipNote),
        .enabled(if: !editors.isEmpty || SharedData.isCI, EditorTypedCompletionTests.skipReason), arguments: editors)
    func aRealSignedProfileOpensReadOnlyAndIsNeverWritten(_ editor: TypedEditor) async throws {
        let bytes = [UInt8](try Data(contentsOf: AdminData.profiles.appendingPathComponent(Self.realProfile)))
        #expect(Array(bytes.prefix(2)) == [0x30, 0x80])
        let expected = try Self.checked(bytes)
        try await Self.openTypeAndSave(editor, bytes: bytes, findings: expected, probe: expected.first.map(Self.probe))
    }

    /// The screen's text with its lines joined: a long message wraps at the terminal's width (in
    /// Emacs's echo area after a `\\`).
    static func flat(_ screen: String) -> String {
        screen.replacingOccurrences(of: "\\\n", with: "").replacingOccurrences(of: "\n", with: "")
    }

    /// The messages `plist-lsp check` reports for the signed profile `bytes` (the CLI reads the plist it signs).
    static func checked(_ bytes: [UInt8]) throws -> [String] {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Signed.mobileconfig", bytes)
        let r = try Binary.run(["check", "--no-project", "--no-source-evidence", "--format", "json", file.path])
        return try #require(try CheckProfilesTests.problems(r.stdout)["Signed.mobileconfig"], "\(r.stdout)\(r.stderr)").map(\.message)
    }

    /// The start of `message` up to its first character that is not a letter, digit or space: typed
    /// into a `:lua` or `M-:` string as it is.
    static func probe(_ message: String) -> String {
        String(message.prefix { $0.isLetter || $0.isNumber || $0 == " " }.prefix(40))
    }

    /// Opens the signed profile `bytes` in `editor`; its diagnostics must be as many as `findings`,
    /// one of them containing `probe` (when given).
    static func openTypeAndSave(
        _ editor: TypedEditor, bytes: [UInt8], findings: [String], probe: String?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let name = "Signed.mobileconfig"
        // The server attached (TerminalEditor waits for it) to the buffer that shows the plist.
        let session = try await TerminalEditor(editor, "", name: name, bytes: bytes, sourceLocation: sourceLocation)
        let shown = try await session.waitForScreen { $0.contains("<key>PayloadContent</key>") && $0.contains("<plist version=\"1.0\">") }
        #expect(shown, "\(editor): the plist is not shown:\n\(session.screen())", sourceLocation: sourceLocation)
        let noted = try await session.waitForScreen(30) {
            let text = flat($0)
            return text.contains("a signed profile, read-only: editing it breaks its signature")
        }
        #expect(noted, "\(editor): no note that the file is a signed profile:\n\(session.screen())", sourceLocation: sourceLocation)

        // The server checks the plist: what `check` reports arrives.
        var found: (matching: Int, all: Int)?
        func arrived() -> Bool { found.map { $0.all == findings.count && (probe == nil || $0.matching > 0) } ?? false }
        for attempt in 0..<30 where !arrived() || attempt < (findings.isEmpty ? 6 : 1) {
            if attempt > 0 { try await TerminalEditor.pause(0.5) }
            found = try await Self.findings(session, containing: probe ?? "")
        }
        #expect(
            arrived(),
            "\(editor): not the findings of check \(findings) (probe \(probe ?? "none")): \(String(describing: found))\n\(session.screen())",
            sourceLocation: sourceLocation)

        // Read again (`:e`, `M-x revert-buffer`): the plist again, with no error.
        switch editor {
        case .neovim:
            try await session.type("Escape")
            try await session.type(":e", "Enter")
        case .emacs:
            try await session.type("C-g")
            try await session.type("M-x")
            try await session.typeText("revert-buffer")
            try await session.type("Enter")
            // "Revert buffer from file …? (yes or no)"
            _ = try await session.waitForScreen(30) { $0.contains("(yes or no)") }
            try await session.typeText("yes")
            try await session.type("Enter")
        }
        // Waited for as a whole (a loaded machine took more than 30 s to show the note again, which
        // the screen printed after the timeout then held: stop 47's clean-clone run).
        let reread = try await session.waitForScreen(60) {
            $0.contains("<key>PayloadContent</key>") && $0.contains("signed profile") && !$0.contains("E21") && !$0.contains("Error")
        }
        #expect(reread, "\(editor): not read again as the plist:\n\(session.screen())", sourceLocation: sourceLocation)

        // A typed character changes nothing: the editor says the buffer is read-only.
        let before = session.screen()
        switch editor {
        case .neovim:
            try await session.type("Escape")
            try await session.type("g", "g", "i")
            try await session.typeText("x")
            try await session.type("Escape")
        case .emacs:
            try await session.type("C-g")
            try await session.type("M-<")
            try await session.typeText("x")
        }
        let refused = session.screen()
        #expect(
            refused.contains("E21: Cannot make changes") || refused.contains("Buffer is read-only"),
            "\(editor): typing was not refused:\n\(refused)", sourceLocation: sourceLocation)
        #expect(try await Self.isUnmodified(session), "\(editor): the buffer changed:\n\(session.screen())", sourceLocation: sourceLocation)
        #expect(
            before.contains("<?xml version") && refused.contains("<?xml version") && !refused.contains("x<?xml"),
            "\(editor):\n\(refused)", sourceLocation: sourceLocation)

        // A save writes nothing; nor does one forced after the user made the buffer writable and typed.
        switch editor {
        case .neovim:
            try await session.type(":w", "Enter")
            try await session.type(":w!", "Enter")
            #expect(
                flat(session.screen()).contains("not written: a signed profile (editing it breaks its signature)"),
                "\(editor): :w! did not say why nothing is written:\n\(session.screen())", sourceLocation: sourceLocation)
            try await session.type(":set modifiable noreadonly", "Enter")
            try await session.type("g", "g", "i")
            try await session.typeText("x")
            try await session.type("Escape")
            try await session.type(":w!", "Enter")
        case .emacs:
            try await session.type("C-x", "C-s")
            try await session.type("C-x", "C-q")
            try await session.typeText("x")
            try await session.type("C-x", "C-s")
        }
        let said = try await session.waitForScreen(30) {
            flat($0).contains("not written: a signed profile (editing it breaks its signature)")
        }
        #expect(said, "\(editor): the forced save did not say why nothing is written:\n\(session.screen())", sourceLocation: sourceLocation)
        try await TerminalEditor.pause(1)
        let screen = session.screen()
        await session.quit()
        #expect(
            [UInt8](try Data(contentsOf: session.file)) == bytes, "\(editor): the signed file changed; screen:\n\(screen)",
            sourceLocation: sourceLocation)
        let left = try FileManager.default.contentsOfDirectory(atPath: session.file.deletingLastPathComponent().path)
        #expect(left == [name], "\(editor): \(left)", sourceLocation: sourceLocation)
    }

    /// How many of the buffer's diagnostics contain `text`, and how many there are (nil until the
    /// editor prints them), asked as a user asks: `:lua` in Neovim, `M-:` with flymake in Emacs.
    static func findings(_ session: TerminalEditor, containing text: String) async throws -> (matching: Int, all: Int)? {
        switch session.editor {
        case .neovim:
            try await session.type("Escape")
            try await session.typeText(
                ":lua local d = vim.diagnostic.get(0); print('FOUND ' .. #vim.tbl_filter(function(x) return x.message:find('\(text)', 1, true) ~= nil end, d) .. ' OF ' .. #d)"
            )
            try await session.type("Enter")
        case .emacs:
            try await session.type("C-g")
            try await session.type("M-:")
            try await session.typeText(
                "(format \"FOUND %d OF %d\" (seq-count (lambda (d) (string-search \"\(text)\" (flymake-diagnostic-text d))) (flymake-diagnostics)) (length (flymake-diagnostics)))"
            )
            try await session.type("Enter")
        }
        guard
            let line = session.screen().split(separator: "\n").last(where: {
                $0.contains("FOUND ") && $0.contains(" OF ") && !$0.contains("print(") && !$0.contains("(format")
            }),
            let range = line.range(of: "FOUND ")
        else { return nil }
        let numbers = line[range.upperBound...].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return numbers.count >= 2 ? (numbers[0], numbers[1]) : nil
    }

    /// Whether the editor holds the buffer as unmodified: Neovim's `:set modified?`, Emacs's mode line (`%%`, not `%*`).
    static func isUnmodified(_ session: TerminalEditor) async throws -> Bool {
        switch session.editor {
        case .neovim:
            try await session.type(":set modified?", "Enter")
            return session.screen().contains("nomodified")
        case .emacs:
            try await session.type("C-g")
            return session.screen().contains(":%%-")
        }
    }
}
