// The documented install: `make install PREFIX=…` puts a working plist-lsp in PREFIX/bin, and the
// Homebrew formula names the version `--version` prints and builds with that install target.
import Foundation
import Testing
import PlistTestSupport

@Suite struct InstallTests {
    static let make = ["/usr/bin/make", "/usr/local/bin/make", "/opt/homebrew/bin/make"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(.enabled(if: make != nil, "needs make"))
    func makeInstallPutsTheBinaryInPrefix() async throws {
        let prefix = try TemporaryDirectory()
        let built = Binary.url.deletingLastPathComponent().path
        let prefixPath = prefix.url.path
        // SWIFT=true: the build step is a no-op here (the test already has the binary it installs).
        let result = try await onOwnThread {
            try Binary.run(
                executable: URL(fileURLWithPath: Self.make!),
                ["-C", SharedData.repositoryRoot.path, "install", "PREFIX=\(prefixPath)", "BUILD_DIR=\(built)", "SWIFT=true"])
        }
        #expect(result.status == 0, "\(result.stderr)")
        let installed = prefix.url.appendingPathComponent("bin/plist-lsp")
        #expect(FileManager.default.isExecutableFile(atPath: installed.path))
        let version = try await onOwnThread { try Binary.run(executable: installed, ["--version"]).stdout }
        let expected = try await onOwnThread { try Binary.run(["--version"]).stdout }
        #expect(version == expected && !version.isEmpty)
        // The rules' page goes beside it, and the installed server links each diagnostic's rule id there.
        let page = prefix.url.appendingPathComponent("share/doc/plist-lsp/diagnostics.md")
        #expect(
            FileManager.default.contents(atPath: page.path)
                == FileManager.default.contents(atPath: SharedData.repositoryRoot.appendingPathComponent("docs/diagnostics.md").path))
        let realPage = URL(fileURLWithPath: page.path).resolvingSymlinksInPath().path
        let links = try await onOwnThread { try DiagnosticLinks.of(executable: installed) }
        #expect(links == ["file://\(realPage)#plist-duplicate-key"], "\(links)")
    }

    @Test func homebrewFormulaMatchesTheVersionAndTheInstallTarget() async throws {
        let formula = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("Formula/plist-lsp.rb"), encoding: .utf8)
        let version = try await onOwnThread { try Binary.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(formula.contains("version \"\(version)\""))
        #expect(formula.contains("tag: \"v\(version)\""))
        #expect(formula.contains("class PlistLsp < Formula"))
        #expect(formula.contains(#"system "make", "install", "PREFIX=#{prefix}""#))
        let makefile = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(makefile.contains("\ninstall: build\n"))
        #expect(makefile.contains("$(DOCDIR)/diagnostics.md"))
        // Every Linux build is one static executable (Package.swift): `make static` names the same build.
        #expect(makefile.contains("\nstatic: build\n"))
    }
}

/// The links (`codeDescription.href`) of the diagnostics a plist-lsp server publishes for a file
/// with a duplicate key.
enum DiagnosticLinks {
    static func of(executable: URL = Binary.url, settings: [String: Any]? = nil) throws -> Set<String?> {
        let server = try LSPServerProcess([], executable: executable)
        _ = try server.wire.initialize(options: settings.map { ["settings": $0] })
        let uri = "file:///tmp/plist-lsp-links/Info.plist"
        try server.wire.open(uri, "<plist><dict><key>A</key><string>1</string><key>A</key><string>2</string></dict></plist>")
        let diagnostics = try server.wire.diagnostics(uri, version: 1).filter { $0["code"] as? String == "plist-duplicate-key" }
        try server.wire.shutdownAndExit()
        _ = try server.waitForExit()
        guard !diagnostics.isEmpty else { return [] }
        return Set(diagnostics.map { ($0["codeDescription"] as? [String: Any])?["href"] as? String })
    }
}

/// The built binary, as an editor starts it: rule ids link to the checkout's docs/diagnostics.md
/// (a build from source), or where the `documentationURL` setting says, or nowhere.
@Suite struct DiagnosticLinkTests {
    @Test func aBuildFromSourceLinksToTheCheckoutsDocs() async throws {
        let links = try await onOwnThread { try DiagnosticLinks.of() }
        let page = SharedData.repositoryRoot.appendingPathComponent("docs/diagnostics.md").resolvingSymlinksInPath().path
        #expect(links == ["file://\(page)#plist-duplicate-key"], "\(links)")
        #expect(!links.contains { $0?.contains("github.com") == true })
    }

    @Test func theSettingChoosesThePageOrNone() async throws {
        let mirror = try await onOwnThread {
            try DiagnosticLinks.of(settings: ["plist": ["documentationURL": "https://example.org/plist-lsp/diagnostics.html"]])
        }
        #expect(mirror == ["https://example.org/plist-lsp/diagnostics.html#plist-duplicate-key"])
        let none = try await onOwnThread { try DiagnosticLinks.of(settings: ["documentationURL": false]) }
        #expect(none == [nil])
    }
}
