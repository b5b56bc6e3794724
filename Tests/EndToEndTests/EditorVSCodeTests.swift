// The VS Code extension in editors/vscode, checked statically (the npm registry is not reachable
// from CI): the manifest is valid and consistent with the entry file, the entry file parses
// (node --check), and every setting is documented.
import Foundation
import Testing
import PlistTestSupport

@Suite("Editors: VS Code extension")
struct EditorVSCodeTests {
    static let directory = SharedData.repositoryRoot.appendingPathComponent("editors/vscode")
    static let settings = ["plistLsp.server.path", "plistLsp.trace.server", "plistLsp.settings"]
    static let nodeAvailable = EditorTools.shouldRun(EditorTools.node != nil)

    func manifest() throws -> [String: Any] {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent("package.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "package.json is not a JSON object")
    }

    func text(_ name: String) throws -> String {
        try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func manifestIsComplete() throws {
        let m = try manifest()
        for field in ["name", "displayName", "description", "version", "publisher", "main"] {
            #expect((m[field] as? String)?.isEmpty == false, "package.json lacks \(field)")
        }
        #expect((m["engines"] as? [String: Any])?["vscode"] is String, "package.json lacks engines.vscode")
        let dependencies = m["dependencies"] as? [String: Any] ?? [:]
        #expect(dependencies["vscode-languageclient"] is String, "vscode-languageclient is not a dependency")
        let main = try #require(m["main"] as? String)
        #expect(FileManager.default.fileExists(atPath: Self.directory.appendingPathComponent(main).path), "main \(main) does not exist")
    }

    @Test func theLanguageCoversEveryPlistExtension() throws {
        let m = try manifest()
        let contributes = try #require(m["contributes"] as? [String: Any])
        let languages = contributes["languages"] as? [[String: Any]] ?? []
        let plist = try #require(languages.first { $0["id"] as? String == "plist" }, "no contributed language 'plist'")
        #expect(Set(plist["extensions"] as? [String] ?? []) == [".plist", ".entitlements", ".xcprivacy"])
        if let configuration = plist["configuration"] as? String {
            let data = try Data(contentsOf: Self.directory.appendingPathComponent(configuration))
            #expect(try JSONSerialization.jsonObject(with: data) is [String: Any], "\(configuration) is not valid JSON")
        }
        for grammar in contributes["grammars"] as? [[String: Any]] ?? [] {
            #expect(grammar["language"] as? String == "plist")
            let path = try #require(grammar["path"] as? String)
            let data = try Data(contentsOf: Self.directory.appendingPathComponent(path))
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(path) is not valid JSON")
            #expect(json["scopeName"] as? String == grammar["scopeName"] as? String)
        }
        let activation = m["activationEvents"] as? [String] ?? []
        #expect(activation.contains("onLanguage:plist"), "the extension does not activate for the plist language")
    }

    @Test func settingsAreDeclaredUsedAndDocumented() throws {
        let m = try manifest()
        let configuration = (m["contributes"] as? [String: Any])?["configuration"] as? [String: Any]
        let properties = configuration?["properties"] as? [String: [String: Any]] ?? [:]
        #expect(Set(properties.keys) == Set(Self.settings), "declared settings: \(properties.keys.sorted())")
        #expect(properties["plistLsp.trace.server"]?["enum"] as? [String] == ["off", "messages", "verbose"])
        #expect(properties["plistLsp.server.path"]?["default"] as? String == "plist-lsp")

        let source = try text("extension.js")
        let readme = try text("README.md")
        let docs = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("docs/editors.md"), encoding: .utf8)
        // The client id makes vscode-languageclient read `plistLsp.trace.server` by itself.
        #expect(source.contains("CLIENT_ID = 'plistLsp'"))
        #expect(source.contains("SECTION = 'plistLsp'"))
        for setting in Self.settings {
            let member = String(setting.dropFirst("plistLsp.".count))
            if setting != "plistLsp.trace.server" {
                #expect(source.contains("'\(member)'") || source.contains("'\(setting)'"), "extension.js never reads \(setting)")
            }
            #expect(readme.contains("`\(setting)`"), "editors/vscode/README.md does not document \(setting)")
            #expect(docs.contains(setting), "docs/editors.md does not mention \(setting)")
        }
        // Commands: registered in the code exactly as declared.
        let commands = ((m["contributes"] as? [String: Any])?["commands"] as? [[String: Any]] ?? []).compactMap { $0["command"] as? String }
        for command in commands {
            #expect(source.contains("registerCommand('\(command)'"), "\(command) is declared but never registered")
        }
    }

    @Test func theEntryFileStartsTheServerOverStdio() throws {
        let source = try text("extension.js")
        #expect(source.contains("require('vscode-languageclient/node')"))
        #expect(source.contains("new LanguageClient("))
        #expect(source.contains("'--stdio'"))
        #expect(source.contains("language: 'plist'"))
        #expect(source.contains("module.exports = { activate, deactivate }"))
        #expect(try text("README.md").contains("code --install-extension"))
    }

    @Test("extension.js parses (node --check)",
          .enabled(if: nodeAvailable, "node is not installed; skipped here, a failure when CI=true"))
    func entryFileParses() async throws {
        let node = try EditorTools.require(EditorTools.node, "node (Node.js)")
        let entry = Self.directory.appendingPathComponent("extension.js").path
        let result = try await onOwnThread { try EditorRun.run(node, ["--check", entry], environment: [:]) }
        #expect(result.status == 0, "node --check failed:\n\(result.stderr)")
    }
}
