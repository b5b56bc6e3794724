// Binary property lists in real editors, typed at in tmux as a person types (issue #32): opening a
// real binary plist (a framework's Info.plist, a .nib archive: recognised by its first bytes, not
// its name) shows its XML; a value changed by typing and saved is written as binary again, and
// Python's plistlib reads the file with that value changed and everything else equal.
import Foundation
import Testing
import PlistTestSupport

@Suite("Editors: binary plists edited as XML", .tags(.realEditor), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote), .serialized)
struct EditorBinaryPlistTests {
    static let editors = EditorTypedCompletionTests.editors
    static let available = !editors.isEmpty && BinaryPlistFiles.present
    static let skipReason: Comment =
        "needs an editor in a terminal (tmux with nvim or emacs) and ../shared/l10n; skipped here, a failure when CI=true"

    struct Case: Sendable, CustomStringConvertible {
        /// The end of the file's manifest name.
        let file: String
        /// The top-level key whose string value is retyped.
        let key: String
        let newValue: String
        var name: String { URL(fileURLWithPath: file).lastPathComponent }
        var description: String { name }
    }

    static let cases = [
        Case(file: "ios-arm64/GRDWireGuardKit.framework/Info.plist", key: "CFBundleShortVersionString", newValue: "9.9.9"),
        Case(
            file: "LaTexIt/CompositionConfigurationsWindowController.nib/keyedobjects.nib", key: "$archiver",
            newValue: "NSKeyedArchiverTyped"),
    ]

    /// Plistlib: the saved file is binary and equals the original with `key` set to `value`.
    static let verify = #"""
        plistlib, sys = (__import__("plistlib"), __import__("sys"))  # (no line of a Swift file may start with "import": LayeringTests reads them)
        original, saved, key, value = sys.argv[1:5]
        data = open(saved, "rb").read()
        if not data.startswith(b"bplist00"): print("not binary: %r" % data[:40]); sys.exit(0)
        a = plistlib.loads(open(original, "rb").read()); b = plistlib.loads(data)
        print("old %s" % a.get(key)); print("new %s" % b.get(key))
        a[key] = value
        print("equal" if a == b else "differs")
        """#

    @Test(.enabled(if: available || SharedData.isCI, skipReason), arguments: editors, cases)
    func aValueTypedIntoABinaryPlistIsSavedAsBinary(_ editor: TypedEditor, _ test: Case) async throws {
        let file = try #require(try BinaryPlistFiles.require().first { $0.name.hasSuffix(test.file) })
        let session = try await TerminalEditor(editor, "", name: test.name, bytes: file.bytes)
        #expect(try await session.waitForScreen { $0.contains("<dict>") && $0.contains("<key>") }, "no XML shown:\n\(session.screen())")
        #expect(!session.screen().contains("bplist00"))
        try await Self.retype(session, key: test.key, value: test.newValue)
        let screen = session.screen()
        let saved = try await session.save()
        await session.quit()
        let original = try session.scratch.write("original", file.bytes)
        let result = try Binary.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", Self.verify, original.path, session.file.path, test.key, test.newValue])
        #expect(saved.starts(with: Array("bplist00".utf8)), "\(editor) saved no binary plist; screen:\n\(screen)")
        #expect(
            result.stdout.contains("new \(test.newValue)\n") && result.stdout.hasSuffix("equal\n"),
            "\(editor): \(result.stdout)\(result.stderr)\nscreen before saving:\n\(screen)")
        // Nothing left beside the file (the editors write through a temporary file, renamed).
        let left = try FileManager.default.contentsOfDirectory(atPath: session.file.deletingLastPathComponent().path)
        #expect(left == [test.name], "\(left)")
    }

    /// Types `value` in place of the string value of the top-level `key`.
    static func retype(_ session: TerminalEditor, key: String, value: String) async throws {
        switch session.editor {
        case .neovim:
            // Search the key, go to the value's line, change what is between the tags.
            try await session.type("/" + key.replacingOccurrences(of: "$", with: "\\$"), "Enter")
            try await session.type("j", "0")
            try await session.type("f>", "l")
            try await session.type("c", "t", "<")
            try await session.typeText(value)
            try await session.type("Escape")
        case .emacs:
            try await session.type("C-s")
            try await session.typeText(key)
            try await session.type("Enter")
            try await session.type("C-n", "C-a")
            try await session.type("C-s")
            try await session.typeText(">")
            try await session.type("Enter")
            try await session.type("C-k")
            try await session.typeText(value + "</string>")
        }
    }

    /// Text beyond ASCII (a character outside the BMP, one whose low byte is a letter, a data value
    /// whose bytes are UTF-8) survives an edit elsewhere. Emacs visited a binary plist in a unibyte
    /// buffer, where a character kept only its low byte: "🍎 ō" was saved as "N M".
    @Test(.enabled(if: !editors.isEmpty || SharedData.isCI, EditorTypedCompletionTests.skipReason), arguments: editors)
    func textBeyondASCIIInABinaryPlistSurvivesAnEdit(_ editor: TypedEditor) async throws {
        let scratch = try TemporaryDirectory()
        let made = scratch.url.appendingPathComponent("Info.plist")
        let write = try Binary.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c",
                """
                plistlib, sys = (__import__("plistlib"), __import__("sys"))
                value = {"CFBundleName": "\\U0001F34E \\u014d Caf\\u00e9", "CFBundleShortVersionString": "1.0", "Blob": bytes([0xC3, 0xA9, 0xE2, 0x9C, 0x93])}
                open(sys.argv[1], "wb").write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY))
                """, made.path,
            ])
        #expect(write.status == 0, "\(write.stderr)")
        let bytes = [UInt8](try Data(contentsOf: made))
        let session = try await TerminalEditor(editor, "", name: "Info.plist", bytes: bytes)
        #expect(try await session.waitForScreen { $0.contains("<key>CFBundleName</key>") }, "no XML shown:\n\(session.screen())")
        try await Self.retype(session, key: "CFBundleShortVersionString", value: "9.9.9")
        let screen = session.screen()
        let saved = try await session.save()
        await session.quit()
        let result = try Binary.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", Self.verify, made.path, session.file.path, "CFBundleShortVersionString", "9.9.9"])
        #expect(saved.starts(with: Array("bplist00".utf8)), "\(editor) saved no binary plist; screen:\n\(screen)")
        #expect(
            result.stdout.hasSuffix("new 9.9.9\nequal\n"), "\(editor): \(result.stdout)\(result.stderr)\nscreen before saving:\n\(screen)")
    }

    @Test(.enabled(if: available || SharedData.isCI, skipReason), arguments: editors)
    func textThatIsNoPropertyListIsNotSavedAndTheFileStaysAsItWas(_ editor: TypedEditor) async throws {
        let test = Self.cases[0]
        let file = try #require(try BinaryPlistFiles.require().first { $0.name.hasSuffix(test.file) })
        let session = try await TerminalEditor(editor, "", name: test.name, bytes: file.bytes)
        #expect(try await session.waitForScreen { $0.contains("<dict>") }, "no XML shown:\n\(session.screen())")
        // A stray end tag: the XML has an error, which has no binary form. (An element left open
        // is closed as `>` is typed, now that the editors close tags.)
        switch editor {
        case .neovim:
            try await session.type("/<dict>", "Enter")
            try await session.type("o")
            try await session.typeText("<key>Open</key></array>")
            try await session.type("Escape")
            try await session.type(":w", "Enter")
        case .emacs:
            try await session.type("C-s")
            try await session.typeText("<dict>")
            try await session.type("Enter", "C-e", "Enter")
            try await session.typeText("<key>Open</key></array>")
            try await session.type("C-x", "C-s")
        }
        let said = try await session.waitForScreen { $0.contains("not written") || $0.contains("plist-lsp convert:") }
        let screen = session.screen()
        await session.quit()
        #expect(said, "no reason shown:\n\(screen)")
        #expect(screen.contains("the XML has errors"), "\(screen)")
        #expect([UInt8](try Data(contentsOf: session.file)) == file.bytes)
    }
}
