// Headless Neovim with the configuration in editors/neovim (ftdetect + require('plist_lsp').setup)
// against the built plist-lsp, on editors/test/Info.plist. The checks live in
// editors/neovim/test/check.lua; each test here runs one of them in a fresh Neovim.
import Foundation
import Testing
import PlistTestSupport

@Suite("Editors: Neovim", .tags(.realEditor), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote), .serialized)
struct EditorNeovimTests {
    static let available = EditorTools.shouldRun(EditorTools.nvim != nil)
    static let skipReason: Comment = "nvim is not installed (apt-get install neovim); skipped here, a failure when CI=true"

    func neovim(_ check: String) async throws {
        let nvim = try EditorTools.require(EditorTools.nvim, "nvim (Neovim)")
        let directory = SharedData.repositoryRoot.appendingPathComponent("editors/neovim/test")
        try await EditorRun.check(check, editor: "Neovim") { fixture, _ in
            (
                nvim,
                [
                    "--headless", "-i", "NONE", "-n",
                    "-u", directory.appendingPathComponent("init.lua").path,
                    "-c", "luafile \(directory.appendingPathComponent("check.lua").path)",
                    fixture.path,
                ], [:]
            )
        }
    }

    @Test(
        "plist filetype with XML highlighting; the server attaches to .plist, .entitlements, .xcprivacy",
        .enabled(if: available, skipReason))
    func filetypeAndAttach() async throws { try await neovim("filetype") }

    @Test("every editor's checks", .enabled(if: available, skipReason), arguments: EditorCheck.allCases)
    func sharedCheck(_ check: EditorCheck) async throws { try await neovim(check.rawValue) }

    @Test(
        "the 0.11 path: setup() and lsp/plist_lsp.lua drive a stubbed vim.lsp.config / vim.lsp.enable as 0.11 expects",
        .enabled(if: available, skipReason))
    func configurationFor0_11() async throws {
        let nvim = try EditorTools.require(EditorTools.nvim, "nvim (Neovim)")
        let script = SharedData.repositoryRoot.appendingPathComponent("editors/neovim/test/config_0_11.lua")
        let passes = try await EditorRun.check("config-0.11", editor: "Neovim") { _, _ in
            (nvim, ["--headless", "-i", "NONE", "-n", "-u", "NONE", "-c", "luafile \(script.path)"], [:])
        }
        #expect(passes.count >= 15, "\(passes)")
    }
}
