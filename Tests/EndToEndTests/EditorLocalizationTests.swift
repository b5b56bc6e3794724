// The editors attach plist-lsp to the translations of an Info.plist (issue #31): a copy of a real
// InfoPlist.strings from ../shared/l10n (beside its Info.plist) with a planted fault, opened in
// Neovim (0.7 and 0.11 when installed) and in Emacs with eglot; the server's l10n-syntax error
// arrives at its place.
import Foundation
import PlistTestSupport
import Testing

@Suite(
    "Editors: localized Info.plist", .tags(.realEditor), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote), .serialized,
    .enabled(if: SharedData.runLocalizationTests, SharedData.localizationSkipNote))
struct EditorLocalizationTests {
    /// A copy of Telephone whose de table's last entry lost its ';': the table's path, and the line
    /// (1-based) and byte column (0-based) where the server reports it.
    static func plantedTable() throws -> (folder: URL, table: URL, line: Int, column: Int) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-l10n-editor-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: SharedData.localizationDirectory.appendingPathComponent("apps/64characters__Telephone"), to: folder)
        let table = folder.appendingPathComponent("Telephone/de.lproj/InfoPlist.strings")
        var lines = try String(contentsOf: table, encoding: .utf8).components(separatedBy: "\n")
        let last = try #require(lines.lastIndex { $0.hasSuffix(";") })
        lines[last].removeLast()
        try lines.joined(separator: "\n").write(to: table, atomically: true, encoding: .utf8)
        return (folder, table, last + 1, lines[last].utf8.count)
    }

    @Test(
        "Emacs opens InfoPlist.strings in plist-strings-mode, eglot attaches plist-lsp and flymake shows l10n-syntax",
        .enabled(if: EditorTools.shouldRun(EditorTools.emacs != nil && EditorTools.emacsHasEglot), "emacs or eglot is not installed"))
    func emacsWithEglot() async throws {
        let emacs = try EditorTools.require(EditorTools.emacs, "emacs")
        let (folder, table, line, _) = try Self.plantedTable()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: table, encoding: .utf8).components(separatedBy: "\n")
        // The server reports the missing ';' as an empty range after the value, at the end of the
        // line; flymake widens an empty region there to the character before it.
        let characters = text[line - 1].count - 1
        let package = SharedData.repositoryRoot.appendingPathComponent("editors/emacs/plist-lsp.el")
        let script = SharedData.repositoryRoot.appendingPathComponent("editors/emacs/test/plist-lsp-test.el")
        let passes = try await EditorRun.check("l10n", editor: "Emacs") { _, _ in
            (
                emacs, ["--batch", "-Q", "-l", package.path, "-l", script.path],
                ["PLIST_LSP_FILE": table.path, "PLIST_LSP_L10N_LINE": "\(line)", "PLIST_LSP_L10N_CHAR": "\(characters)"]
            )
        }
        #expect(passes.count == 1, "\(passes)")
    }

    @Test(
        "Neovim gives InfoPlist.strings the plist_strings filetype and shows the server's l10n-syntax error",
        .enabled(if: EditorTools.shouldRun(EditorTools.nvim != nil), "nvim is not installed"))
    func neovim() async throws {
        let versions = EditorTools.neovims
        #expect(!versions.isEmpty)
        for editor in versions {
            guard case .neovim(let nvim, let version) = editor else { continue }
            let (folder, table, line, column) = try Self.plantedTable()
            defer { try? FileManager.default.removeItem(at: folder) }
            let directory = SharedData.repositoryRoot.appendingPathComponent("editors/neovim/test")
            let passes = try await EditorRun.check("l10n", editor: "Neovim \(version)") { _, _ in
                (
                    nvim,
                    [
                        "--headless", "-i", "NONE", "-n", "-u", directory.appendingPathComponent("init.lua").path,
                        "-c", "luafile \(directory.appendingPathComponent("check.lua").path)", table.path,
                    ],
                    ["PLIST_LSP_L10N_LINE": "\(line)", "PLIST_LSP_L10N_COL": "\(column)"]
                )
            }
            #expect(passes.count == 1, "Neovim \(version): \(passes)")
        }
    }
}

extension EditorLocalizationTests {
    /// VS Code cannot run here: its manifest and client are checked as written.
    @Test func vscodeContributesBothLanguagesAndSelectsTheirFiles() throws {
        let directory = SharedData.repositoryRoot.appendingPathComponent("editors/vscode")
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("package.json"))) as? [String: Any])
        let languages = ((manifest["contributes"] as? [String: Any])?["languages"] as? [[String: Any]]) ?? []
        let strings = try #require(languages.first { $0["id"] as? String == "plist-strings" })
        #expect(strings["filenamePatterns"] as? [String] == ["**/*.lproj/*InfoPlist.strings"])
        let catalogs = try #require(languages.first { $0["id"] as? String == "xcstrings" })
        #expect(catalogs["filenamePatterns"] as? [String] == ["*InfoPlist.xcstrings"])
        let activation = manifest["activationEvents"] as? [String] ?? []
        #expect(activation.contains("onLanguage:plist-strings") && activation.contains("onLanguage:xcstrings"))
        let client = try String(contentsOf: directory.appendingPathComponent("extension.js"), encoding: .utf8)
        #expect(client.contains("pattern: '**/*.lproj/*InfoPlist.strings'") && client.contains("pattern: '**/*InfoPlist.xcstrings'"))
    }
}

// MARK: Completion typed in a translation (issue #38, point 7)

extension EditorLocalizationTests {
    /// Telephone's ru table without its microphone entry, beside the app's Info.plist: on a new
    /// line above the contacts entry, Xcode's name typed and completed. Emacs set up as
    /// docs/editors.md says (the hook of `plist-strings-mode` too: the documented `plist-mode-hook`
    /// alone left translations without a server, and eglot's own completion turned
    /// `"Privacy - Cam` into `"Privacy - Came`); Neovim's omnifunc, which shows what the server
    /// sends (0.11 listed every key, unfiltered).
    static func translationCase() throws -> TypedCompletionCase? {
        let app = SharedData.localizationDirectory.appendingPathComponent("apps/64characters__Telephone/Telephone")
        guard FileManager.default.fileExists(atPath: app.path) else { return nil }
        let table = try String(contentsOf: app.appendingPathComponent("ru.lproj/InfoPlist.strings"), encoding: .utf8)
            .components(separatedBy: "\n").filter { !$0.hasPrefix("NSMicrophoneUsageDescription") }
        let above = try #require(table.first { $0.hasPrefix("NSContactsUsageDescription") })
        return TypedCompletionCase(
            name: "Xcode's name in ru.lproj/InfoPlist.strings (\"Privacy - Micro)",
            fileName: "ru.lproj/InfoPlist.strings", source: .text(table.joined(separator: "\n")), above: above, indent: "",
            typed: "\"Privacy - Micro", pick: "NSMicrophoneUsageDescription",
            intended: ["\"NSMicrophoneUsageDescription\" = \"The microphone is used for phone calls.\";"],
            files: ["Info.plist": try String(contentsOf: app.appendingPathComponent("Info.plist"), encoding: .utf8)],
            // A text of the Info.plist the table lacks, but not what is typed.
            absent: ["NSHumanReadableCopyright"])
    }

    @Test(
        "a translation's key typed by its Xcode name and completed leaves exactly the intended file",
        .enabled(if: !EditorTypedCompletionTests.editors.isEmpty, EditorTypedCompletionTests.skipReason),
        arguments: EditorTypedCompletionTests.editors)
    func typedCompletionInAStringsTable(_ editor: TypedEditor) async throws {
        let test = try #require(try Self.translationCase())
        try await EditorTypedCompletionTests().typedCompletion(editor, test)
    }
}
