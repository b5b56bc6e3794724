// Where a diagnostic's rule id links (`codeDescription.href`): the user's own copy of
// docs/diagnostics.md (installed beside the executable, or the checkout's docs/ for a build from
// source), another page the `documentationURL` setting names, or nothing; never a page the user
// cannot reach.
import Foundation
import Testing
import LanguageServerProtocol
import PlistAnalysis
import PlistLanguageServer
import PlistSupport
import PlistTestSupport
import PlistWorkspace

@Suite struct DocumentationLinkTests {
    static let duplicates = "<plist><dict><key>A</key><string>1</string><key>A</key><string>2</string></dict></plist>"

    /// The links of the duplicate-key diagnostics published under `settings`, by a server that
    /// found `installed` as its installed page.
    static func links(_ settings: JSONValue?, installed: String?) async throws -> [String?] {
        let client = try TestClient(diagnostics: DiagnosticsProvider(installedDocumentation: installed))
        if let settings { try await client.initialize(options: ["settings": settings]) } else { try await client.initialize() }
        try client.open(uri, duplicates)
        let found = only("plist-duplicate-key", try await client.diagnostics(uri, version: 1))
        #expect(found.count == 2)
        return found.map { $0.codeDescription?.href }
    }

    @Test func byDefaultTheInstalledPageOrNoLink() async throws {
        let page = "file:///usr/local/share/doc/plist-lsp/diagnostics.md"
        #expect(try await Self.links(nil, installed: page) == [page + "#plist-duplicate-key", page + "#plist-duplicate-key"])
        #expect(try await Self.links(nil, installed: nil) == [nil, nil])
    }

    @Test func theSettingNamesAnotherPageOrNone() async throws {
        let installed = "file:///opt/share/doc/plist-lsp/diagnostics.md"
        let mirror = "https://docs.example.com/plist-lsp/diagnostics.html"
        #expect(
            try await Self.links(["plist": ["documentationURL": .string(mirror)]], installed: installed) == [
                mirror + "#plist-duplicate-key", mirror + "#plist-duplicate-key",
            ])
        #expect(
            try await Self.links(["documentationURL": .string(mirror)], installed: nil) == [
                mirror + "#plist-duplicate-key", mirror + "#plist-duplicate-key",
            ])
        #expect(try await Self.links(["documentationURL": false], installed: installed) == [nil, nil])
        #expect(try await Self.links(["documentationURL": ""], installed: installed) == [nil, nil])
    }

    @Test func aValueThatIsNoURLIsAWarningAndTheDefaultApplies() async throws {
        let installed = "file:///opt/share/doc/plist-lsp/diagnostics.md"
        let client = try TestClient(diagnostics: DiagnosticsProvider(installedDocumentation: installed))
        try await client.initialize(options: ["settings": ["documentationURL": "docs/diagnostics.md"]])
        let warning = try await client.notification(LogMessageNotification.self) { $0.message.contains("documentationURL") }
        #expect(warning.type == .warning)
        try client.open(uri, Self.duplicates)
        let found = only("plist-duplicate-key", try await client.diagnostics(uri, version: 1))
        #expect(found.map { $0.codeDescription?.href } == [installed + "#plist-duplicate-key", installed + "#plist-duplicate-key"])
    }

    /// The page the server finds beside its executable: PREFIX/share/doc/plist-lsp for an
    /// installed one, the checkout's docs/ for one built from source, else none.
    @Test func theInstalledPageIsFoundBesideTheExecutable() {
        let files: Set<String> = ["/usr/local/share/doc/plist-lsp/diagnostics.md", "/src/plist lsp/docs/diagnostics.md"]
        #expect(
            InstalledDocumentation.diagnosticsPage(executable: "/usr/local/bin/plist-lsp", exists: files.contains)
                == "file:///usr/local/share/doc/plist-lsp/diagnostics.md")
        #expect(
            InstalledDocumentation.diagnosticsPage(
                executable: "/src/plist lsp/.build/x86_64-unknown-linux-gnu/debug/plist-lsp", exists: files.contains)
                == "file:///src/plist%20lsp/docs/diagnostics.md")
        #expect(InstalledDocumentation.diagnosticsPage(executable: "/opt/bin/plist-lsp", exists: files.contains) == nil)
        // This test runs from the checkout's .build: the checkout's page, which exists.
        let page = InstalledDocumentation.diagnosticsPage
        #expect(page == FileURI.uri(for: SharedData.repositoryRoot.appendingPathComponent("docs/diagnostics.md").path))
    }
}
