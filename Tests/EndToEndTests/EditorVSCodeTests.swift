// The VS Code extension in editors/vscode, checked statically (the npm registry is not reachable
// from CI): the manifest is valid and consistent with the entry file, the entry file parses
// (node --check), and every setting is documented.
import Foundation
import Testing
import PlistTestSupport

@Suite("Editors: VS Code extension", .tags(.realEditor), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote))
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
        #expect(Set(plist["extensions"] as? [String] ?? []) == [".plist", ".entitlements", ".xcprivacy", ".mobileconfig"])
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
        #expect(source.contains("module.exports = { activate, deactivate"))
        #expect(try text("README.md").contains("code --install-extension"))
    }

    @Test(
        "extension.js parses (node --check)",
        .enabled(if: nodeAvailable, "node is not installed; skipped here, a failure when CI=true"))
    func entryFileParses() async throws {
        let node = try EditorTools.require(EditorTools.node, "node (Node.js)")
        let entry = Self.directory.appendingPathComponent("extension.js").path
        let result = try await onOwnThread { try EditorRun.run(node, ["--check", entry], environment: [:]) }
        #expect(result.status == 0, "node --check failed:\n\(result.stderr)")
    }
    /// The `vscode` API the binary-plist file system uses, stubbed for node (VS Code itself cannot
    /// run here): the real extension.js drives the real plist-lsp on a real binary plist.
    static let stubs: [String: String] = [
        "vscode/index.js": """
        class EventEmitter { constructor() { this.event = () => {}; } fire() {} }
        class Disposable { constructor(f) { this.f = f; } }
        const error = (name) => (message) => { const e = new Error(message); e.code = name; return e; };
        module.exports = {
          EventEmitter, Disposable, FileType: { File: 1 }, FileChangeType: { Changed: 1 },
          FileSystemError: { Unavailable: error('Unavailable'), NoPermissions: error('NoPermissions') },
          workspace: { getConfiguration: () => ({ get: (key) => key === 'server.path' ? process.env.PLIST_LSP_BINARY : undefined }) },
        };
        """,
        "vscode-languageclient/node.js": "module.exports = { LanguageClient: class {} };",
    ]

    static let driver = """
        const extension = require(process.argv[2]);
        const files = new extension.BinaryPlistFileSystem();
        const uri = { fsPath: process.argv[3] };
        (async () => {
          const xml = (await files.readFile(uri)).toString('utf8');
          console.log(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>') ? 'read xml' : 'read ' + xml.slice(0, 20));
          await files.writeFile(uri, Buffer.from(xml.replace('<string>1.0</string>', '<string>8.8</string>')));
          console.log('saved');
          try {
            await files.writeFile(uri, Buffer.from('<plist><dict><key>Open</key><array></dict></plist>'));
            console.log('saved the broken text');
          } catch (error) {
            console.log('refused: ' + error.message);
          }
        })();
        """

    @Test(
        "the plist-binary: file system reads a binary plist as XML and saves it as binary (node, stubbed vscode API)",
        .enabled(if: nodeAvailable && BinaryPlistFiles.present, "node or ../shared/l10n is missing; skipped here, a failure when CI=true"))
    func binaryPlistFileSystemConvertsBothWays() async throws {
        let node = try EditorTools.require(EditorTools.node, "node (Node.js)")
        let file = try #require(
            try BinaryPlistFiles.require().first { $0.name.hasSuffix("ios-arm64/GRDWireGuardKit.framework/Info.plist") })
        let dir = try TemporaryDirectory()
        for (path, text) in Self.stubs { _ = try dir.write("node_modules/\(path)", text) }
        let driver = try dir.write("driver.js", Self.driver)
        let plist = try dir.write("Info.plist", file.bytes)
        let entry = Self.directory.appendingPathComponent("extension.js").path
        let environment = ["NODE_PATH": dir.url.appendingPathComponent("node_modules").path, "PLIST_LSP_BINARY": Binary.url.path]
        let result = try await onOwnThread { try EditorRun.run(node, [driver.path, entry, plist.path], environment: environment) }
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines[0] == "read xml" && lines[1] == "saved", "\(result.stdout)\(result.stderr)")
        #expect(
            lines.last?.hasPrefix("refused: not saved (the file is unchanged): ") == true
                && lines.last?.contains("the XML has errors") == true,
            "\(result.stdout)")
        let check = """
            plistlib, sys = (__import__("plistlib"), __import__("sys"))  # (no line of a Swift file may start with "import": LayeringTests reads them)
            a = plistlib.load(open(sys.argv[1], "rb")); b = plistlib.load(open(sys.argv[2], "rb"))
            a["CFBundleShortVersionString"] = "8.8"
            print(open(sys.argv[2], "rb").read(8), a == b)
            """
        let original = try dir.write("original.plist", file.bytes)
        let verified = try Binary.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", check, original.path, plist.path])
        #expect(verified.stdout == "b'bplist00' True\n", "\(verified.stdout)\(verified.stderr)")
    }
    static let signedDriver = """
        const extension = require(process.argv[2]);
        const path = process.argv[3];
        const head = require('fs').readFileSync(path);
        console.log('signed ' + extension.isSignedProfile(path, head));
        console.log('as a certificate ' + extension.isSignedProfile(path.replace(/[.]mobileconfig$/, '.cer'), head));
        const files = new extension.BinaryPlistFileSystem({ signed: true });
        (async () => {
          const xml = (await files.readFile({ fsPath: path })).toString('utf8');
          console.log(xml.includes('<string>com.apple.dock</string>') ? 'read the plist' : 'read ' + xml.slice(0, 20));
          try {
            await files.writeFile({ fsPath: path }, Buffer.from(xml));
            console.log('saved');
          } catch (error) {
            console.log('refused: ' + error.message);
          }
        })();
        """

    /// VS Code cannot run here: the `plist-signed:` file system (what the command opens a signed
    /// profile through, registered read-only) is driven by node with the stubbed API.
    @Test(
        "the plist-signed: file system reads a signed profile as the plist it signs and never writes it (node, stubbed vscode API)",
        .enabled(if: nodeAvailable, "node is not installed; skipped here, a failure when CI=true"))
    func signedProfileFileSystemReadsAndNeverWrites() async throws {
        let node = try EditorTools.require(EditorTools.node, "node (Node.js)")
        let dir = try TemporaryDirectory()
        for (path, text) in Self.stubs { _ = try dir.write("node_modules/\(path)", text) }
        let driver = try dir.write("driver.js", Self.signedDriver)
        let bytes = SignedData.wrap(Array(EditorSignedProfileTests.plist.utf8), indefinite: true)
        let profile = try dir.write("Signed.mobileconfig", bytes)
        let entry = Self.directory.appendingPathComponent("extension.js").path
        let environment = ["NODE_PATH": dir.url.appendingPathComponent("node_modules").path, "PLIST_LSP_BINARY": Binary.url.path]
        let result = try await onOwnThread { try EditorRun.run(node, [driver.path, entry, profile.path], environment: environment) }
        #expect(
            result.stdout == """
                signed true
                as a certificate false
                read the plist
                refused: \(profile.path) not written: a signed profile (editing it breaks its signature)

                """, "\(result.stdout)\(result.stderr)")
        #expect([UInt8](try Data(contentsOf: profile)) == bytes)
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: Self.directory.appendingPathComponent("package.json")))
                as? [String: Any])
        #expect((manifest["activationEvents"] as? [String] ?? []).contains("onFileSystem:plist-signed"))
        #expect(
            try String(contentsOf: Self.directory.appendingPathComponent("extension.js"), encoding: .utf8)
                .contains(
                    "registerFileSystemProvider(SIGNED_SCHEME, new BinaryPlistFileSystem({ signed: true }),\n      { isCaseSensitive: true, isReadonly: true })"
                ))
    }
}
