// Files XcodeGen writes from its spec (issue #42): the `project-generated-file` warning names the
// spec's `properties:` line, and go to definition from the file's root tag (or one of the keys the
// spec sets) jumps there. On kiwix's real project.yml (its entitlements are generated from a
// template's and the target's `entitlements.properties`), and on a small spec with `info:`.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistSupport
import PlistTestSupport
import Testing
import PlistWorkspace

struct GeneratedFileTests {
    static func write(_ files: [String: String], into folder: URL) throws {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// The 0-based line of the first line of `text` holding `needle` after line `from`.
    static func line(of needle: String, in text: String, from: Int = 0) -> Int {
        text.components(separatedBy: "\n").enumerated().first { $0.offset >= from && $0.element.contains(needle) }!.offset
    }

    static let spec = """
        name: Birds
        targets:
          Birds:
            type: application
            platform: iOS
            info:
              path: App/Info.plist
              properties:
                CFBundleDisplayName: Birds
                BirdsGreeting: Hello, birders

        """

    static let info = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>CFBundleDisplayName</key>
        	<string>Birds</string>
        	<key>BirdsGreeting</key>
        	<string>Hello, birders</string>
        	<key>NSCameraUsageDescription</key>
        	<string>Photograph the birds you spot.</string>
        </dict>
        </plist>

        """

    @Test func anInfoPlistXcodeGenWritesIsWarnedAboutAndLeadsToItsSpec() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-generated-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(["project.yml": Self.spec, "App/Info.plist": Self.info], into: folder)
        let client = try TestClient()
        try await client.initialize(renameClient(documentChanges: false), rootUri: FileURI.uri(for: folder.path))
        let uri = FileURI.uri(for: folder.appendingPathComponent("App/Info.plist").path)
        try client.open(uri, Self.info)
        let diagnostics = try await client.diagnostics(uri) { $0.contains { $0.code == .string("project-generated-file") } }
        let warning = try #require(diagnostics.first { $0.code == .string("project-generated-file") })
        #expect(
            warning.message
                == "XcodeGen writes this file from project.yml:8 (`info.properties` of target Birds) at each `xcodegen generate`: a key added or changed here is lost then; make the change in the spec"
        )
        #expect(warning.severity == .warning)
        #expect(
            warning.range == LSPRange(start: Position(line: 3, character: 0), end: Position(line: 3, character: 6)), "on the root <dict>")
        let specURI = FileURI.uri(for: folder.appendingPathComponent("project.yml").path)
        // From the root tag: the spec's `properties:`.
        let fromRoot =
            try await client.request(DefinitionRequest(textDocument: .init(uri: uri), position: Position(line: 3, character: 2))) ?? []
        #expect(
            fromRoot == [
                Location(uri: specURI, range: LSPRange(start: Position(line: 7, character: 6), end: Position(line: 7, character: 16)))
            ])
        // From a key the spec sets: its member; from one it lacks (added by hand): nothing.
        let fromKey =
            try await client.request(DefinitionRequest(textDocument: .init(uri: uri), position: Position(line: 6, character: 8))) ?? []
        #expect(
            fromKey == [
                Location(uri: specURI, range: LSPRange(start: Position(line: 9, character: 8), end: Position(line: 9, character: 21)))
            ])
        let fromHandAdded = try await client.request(
            DefinitionRequest(textDocument: .init(uri: uri), position: Position(line: 8, character: 8)))
        #expect(fromHandAdded == nil)
        // Renaming the custom key renames its member of the spec too, or the next generation brings it back.
        let edit = try await client.request(
            RenameRequest(textDocument: .init(uri: uri), position: Position(line: 6, character: 8), newName: "BirdsWelcome"))
        let after = try KeyRenameTests.applied(edit, open: [uri: Self.info])
        #expect(after[specURI] == Self.spec.replacingOccurrences(of: "BirdsGreeting:", with: "BirdsWelcome:"))
        #expect(after[uri] == Self.info.replacingOccurrences(of: "<key>BirdsGreeting</key>", with: "<key>BirdsWelcome</key>"))
        // References list the spec's member.
        let references =
            try await client.request(ReferencesRequest(textDocument: .init(uri: uri), position: Position(line: 6, character: 8))) ?? []
        #expect(
            references.contains(
                Location(uri: specURI, range: LSPRange(start: Position(line: 9, character: 8), end: Position(line: 9, character: 21)))))
    }

    /// kiwix: `Support/Kiwix.entitlements` is generated (a template's block has the path and
    /// properties, the Kiwix target's own block more properties); `Support/Info.plist` is the
    /// target's INFOPLIST_FILE, written by hand: no warning there.
    @Test(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func kiwixsGeneratedEntitlementsLeadToBothPropertiesBlocks() async throws {
        let source = SharedData.projectsDirectory.appendingPathComponent("kiwix__kiwix-apple")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-generated-kiwix-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = try String(contentsOf: folder.appendingPathComponent("project.yml"), encoding: .utf8)
        // The file as `xcodegen generate` writes it from the template's and the target's properties.
        let entitlements = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            	<key>com.apple.security.app-sandbox</key>
            	<true/>
            	<key>com.apple.security.files.downloads.read-write</key>
            	<true/>
            	<key>com.apple.security.network.client</key>
            	<true/>
            </dict>
            </plist>

            """
        try Self.write(["Support/Kiwix.entitlements": entitlements], into: folder)
        let client = try TestClient()
        try await client.initialize(renameClient(documentChanges: false), rootUri: FileURI.uri(for: folder.path))
        let uri = FileURI.uri(for: folder.appendingPathComponent("Support/Kiwix.entitlements").path)
        try client.open(uri, entitlements)
        let diagnostics = try await client.diagnostics(uri) { $0.contains { $0.code == .string("project-generated-file") } }
        let target = Self.line(of: "  Kiwix:", in: spec)
        let template = Self.line(of: "      properties:", in: spec, from: Self.line(of: "ApplicationTemplate:", in: spec))
        let own = Self.line(of: "      properties:", in: spec, from: target)
        #expect(
            diagnostics.first { $0.code == .string("project-generated-file") }?.message
                == "XcodeGen writes this file from project.yml:\(own + 1) (`entitlements.properties` of target Kiwix) at each `xcodegen generate`: a key added or changed here is lost then; make the change in the spec"
        )
        let specURI = FileURI.uri(for: folder.appendingPathComponent("project.yml").path)
        let sites =
            try await client.request(DefinitionRequest(textDocument: .init(uri: uri), position: Position(line: 3, character: 1))) ?? []
        #expect(sites.map(\.uri) == [specURI, specURI])
        #expect(sites.map(\.range.start.line) == [template, own])
        // From a key the target's own block sets: its line there.
        let key =
            try await client.request(DefinitionRequest(textDocument: .init(uri: uri), position: Position(line: 6, character: 10))) ?? []
        #expect(key.map(\.range.start.line) == [Self.line(of: "com.apple.security.files.downloads.read-write", in: spec)])
        // The Info.plist the target names in its settings is the team's own file.
        let infoURI = FileURI.uri(for: folder.appendingPathComponent("Support/Info.plist").path)
        let info = try String(contentsOf: folder.appendingPathComponent("Support/Info.plist"), encoding: .utf8)
        try client.open(infoURI, info)
        let infoDiagnostics = try await client.diagnostics(infoURI, version: 1)
        #expect(!infoDiagnostics.contains { $0.code == .string("project-generated-file") })
    }
}
