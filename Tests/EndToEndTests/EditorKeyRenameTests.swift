// Renaming a custom Info.plist key with its translations, and listing where it is used, as a person
// does it in each terminal editor (issue #42): the cursor on the key, the editor's own rename
// (`vim.lsp.buf.rename`, `eglot-rename`, `lsp-rename`), save every buffer, and both files compared
// byte for byte; the editor's own references list (`vim.lsp.buf.references`, `xref-find-references`,
// `lsp-find-references`) shows the translation and the Swift file that reads the key.
import Foundation
import Testing
import PlistTestSupport

@Suite(
    "Editors: a key renamed with its translations, and its references, in every editor", .tags(.realEditor),
    .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote), .serialized)
struct EditorKeyRenameTests {
    static let plist = PlistText.dictionary(
        """
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.receipts</string>
        \t<key>AppGreeting</key>
        \t<string>Hello</string>
        """, doctype: true)
    static let table = "/* The greeting */\n\"AppGreeting\" = \"Hallo\";\n\"CFBundleName\" = \"Quittungen\";\n"
    static let source = "import Foundation\nlet greeting = Bundle.main.object(forInfoDictionaryKey: \"AppGreeting\") as? String\n"
    static let files: [String: [UInt8]] = [
        "de.lproj/InfoPlist.strings": Array(table.utf8),
        "Greeting.swift": Array(source.utf8),
        "Package.swift": Array("// swift-tools-version:5.9\n".utf8),
    ]

    static let editors = EditorTypedCompletionTests.editors

    /// Puts the cursor on the key `AppGreeting` (its line, then into the name).
    func goToKey(_ session: TerminalEditor, _ editor: TypedEditor) async throws {
        let line =
            try #require(
                Self.plist.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == "\t<key>AppGreeting</key>" }) + 1
        switch editor {
        case .neovim:
            try await session.type("\(line)G")
            try await session.type("^", "6", "l")
        case .emacs:
            try await session.type("M-g", "g")
            try await session.typeText("\(line)")
            try await session.type("Enter")
            try await session.type("M-m", "C-u", "6", "C-f")
        }
    }

    @Test(
        "renaming a key renames it in its translation table too", .enabled(if: !editors.isEmpty, EditorTypedCompletionTests.skipReason),
        arguments: editors)
    func renameAcrossTranslations(_ editor: TypedEditor) async throws {
        let session = try await TerminalEditor(editor, Self.plist, name: "Info.plist", files: Self.files)
        try await goToKey(session, editor)
        switch editor {
        case .neovim:
            try await session.type(":lua vim.lsp.buf.rename('AppWelcome')", "Enter", pause: 1.5)
            try await session.type("Escape", ":wa", "Enter", pause: 1.0)
        case .emacs(let client):
            try await session.type("M-x", pause: 0.5)
            try await session.typeText(client == .eglot ? "eglot-rename" : "lsp-rename")
            try await session.type("Enter", pause: 0.8)
            // The prompt may offer the current name: clear it, as a person would.
            try await session.type("C-a", "C-k")
            try await session.typeText("AppWelcome")
            try await session.type("Enter", pause: 1)
            // eglot lists the files it is asked to edit and asks first; a person reads and says yes.
            if client == .eglot {
                let asked = try await session.waitForScreen(30) { $0.contains("Proceed?") }
                #expect(asked, "eglot did not list the files to edit:\n\(session.screen())")
                #expect(session.screen().contains("InfoPlist.strings") && session.screen().contains("Greeting.swift"))
                try await session.type("y", pause: 1.5)
            }
            try await session.type("C-x", "s", pause: 0.5)
            _ = try await session.waitForScreen(30) { $0.contains("Save file") }
            try await session.type("!", pause: 1.0)
        }
        let table = session.file.deletingLastPathComponent().appendingPathComponent("de.lproj/InfoPlist.strings")
        var savedTable = ""
        var savedPlist = ""
        let deadline = Date().addingTimeInterval(30)
        repeat {
            savedPlist = String(decoding: try Data(contentsOf: session.file), as: UTF8.self)
            savedTable = String(decoding: try Data(contentsOf: table), as: UTF8.self)
            if savedPlist != Self.plist && savedTable != Self.table
                && (try? Data(contentsOf: session.file.deletingLastPathComponent().appendingPathComponent("Greeting.swift")))
                    != Data(Self.source.utf8)
            {
                break
            }
            try await TerminalEditor.pause(0.2)
        } while Date() < deadline
        let expectedPlist = Self.plist.replacingOccurrences(of: "<key>AppGreeting</key>", with: "<key>AppWelcome</key>")
        let expectedTable = Self.table.replacingOccurrences(of: "\"AppGreeting\" =", with: "\"AppWelcome\" =")
        #expect(
            savedPlist == expectedPlist,
            "\(editor): Info.plist:\n\(EditorTypedCompletionTests.difference(expectedPlist, savedPlist))\n\(session.screen())")
        #expect(
            savedTable == expectedTable,
            "\(editor): InfoPlist.strings:\n\(EditorTypedCompletionTests.difference(expectedTable, savedTable))\n\(session.screen())")
        // The code that reads the key by name reads the new one (docs/features.md).
        let swiftFile = session.file.deletingLastPathComponent().appendingPathComponent("Greeting.swift")
        let swift = String(decoding: try Data(contentsOf: swiftFile), as: UTF8.self)
        #expect(
            swift == Self.source.replacingOccurrences(of: "\"AppGreeting\"", with: "\"AppWelcome\""), "\(editor): Greeting.swift:\n\(swift)"
        )
        await session.quit()
    }

    @Test(
        "the references of a key list its translation and the source that reads it",
        .enabled(if: !editors.isEmpty, EditorTypedCompletionTests.skipReason),
        arguments: editors)
    func referencesListTheTranslationAndTheSource(_ editor: TypedEditor) async throws {
        let session = try await TerminalEditor(editor, Self.plist, name: "Info.plist", files: Self.files)
        // The sources are read in the background after the server starts: a person looks a moment later.
        try await TerminalEditor.pause(2)
        try await goToKey(session, editor)
        switch editor {
        case .neovim:
            try await session.type(":lua vim.lsp.buf.references()", "Enter", pause: 1.5)
        case .emacs(let client):
            try await session.type("M-x", pause: 0.5)
            try await session.typeText(client == .eglot ? "xref-find-references" : "lsp-find-references")
            try await session.type("Enter", pause: 0.8)
            if client == .eglot { try await session.type("Enter", pause: 1.5) }  // the identifier at point
        }
        let shown = try await session.waitForScreen(30) { $0.contains("InfoPlist.strings") && $0.contains("Greeting.swift") }
        #expect(shown, "\(editor): the references do not show the translation and the source:\n\(session.screen())")
        await session.quit()
    }
}
