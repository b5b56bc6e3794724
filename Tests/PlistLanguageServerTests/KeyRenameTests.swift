// Rename and references for keys (issue #42), driven through the LSP as an editor does: a custom
// key of an Info.plist is renamed with its entries in every InfoPlist.strings and .xcstrings that
// translate it and the source literals reading it, in one WorkspaceEdit; a key the system or a
// framework reads by name is refused; references list the key, its translations, the
// `INFOPLIST_KEY_*` settings and the code. Small fixtures in temporary folders, then real apps of
// ../shared/l10n.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistSupport
import PlistTestSupport
import Testing
import PlistWorkspace

/// A client that applies `documentChanges` (or not) and sends prepareRename.
func renameClient(documentChanges: Bool) -> ClientCapabilities {
    var capabilities = richClient()
    capabilities.workspace = WorkspaceClientCapabilities(workspaceEdit: .init(documentChanges: documentChanges))
    capabilities.textDocument?.rename = .init(prepareSupport: true)
    return capabilities
}

/// The edits of `edit` for each URI, whichever form it takes.
func editsByURI(_ edit: WorkspaceEdit?) -> [DocumentURI: [TextEdit]] {
    var out = edit?.changes ?? [:]
    for change in edit?.documentChanges ?? [] { out[change.textDocument.uri, default: []] += change.edits }
    return out
}

/// `text` with `edits` applied (last first, so earlier positions stay valid).
func applying(_ edits: [TextEdit], to text: String) -> String {
    edits.sorted { $0.range.start > $1.range.start }.reduce(text) { applying($1, to: $0) }
}

struct KeyRenameTests {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>CFBundleName</key>
        	<string>Birds</string>
        	<key>BirdsGreeting</key>
        	<string>Hello, birders</string>
        	<key>BirdsFeedURL</key>
        	<string>https://example.com/feed</string>
        </dict>
        </plist>

        """
    static let english = "/* Greeting */\n\"BirdsGreeting\" = \"Hello, birders\";\n\"CFBundleName\" = \"Birds\";\n"
    static let german = "BirdsGreeting = \"Hallo, Vogelfreunde\";\n"
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "BirdsGreeting" : {
              "localizations" : {
                "fr" : { "stringUnit" : { "state" : "translated", "value" : "Bonjour" } }
              }
            }
          },
          "version" : "1.0"
        }

        """
    static let swift =
        "import Foundation\n\nlet greeting = Bundle.main.object(forInfoDictionaryKey: \"BirdsGreeting\") as? String\n// let old = Bundle.main.object(forInfoDictionaryKey: \"BirdsGreeting\")\nlet feed = Bundle.main.infoDictionary?[\"BirdsFeedURL\"]\n"
    static let objc =
        "#import <Foundation/Foundation.h>\n\nNSString *Greeting(void) {\n    return [[NSBundle mainBundle] objectForInfoDictionaryKey:@\"BirdsGreeting\"];\n}\nid Feed(void) { return [[NSBundle mainBundle] infoDictionary][@\"BirdsFeedURL\"]; }\n"

    /// The fixture app: the Info.plist, English and German tables (one key quoted, one bare), a
    /// catalog, and Swift and Objective-C code reading the keys. No Xcode project: the folders decide.
    static func fixture(_ extra: [String: String] = [:]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-rename-\(UUID().uuidString)")
        var files = [
            "App/Info.plist": plist, "App/en.lproj/InfoPlist.strings": english, "App/de.lproj/InfoPlist.strings": german,
            "App/InfoPlist.xcstrings": catalog, "App/Greeting.swift": swift, "App/Legacy.m": objc,
            "Package.swift": "// swift-tools-version:5.9\n",
        ]
        files.merge(extra) { _, new in new }
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    static func uri(_ folder: URL, _ path: String) -> DocumentURI { FileURI.uri(for: folder.appendingPathComponent(path).path) }

    static func position(of needle: String, in text: String, plus: Int = 1) -> Position {
        let lines = text.components(separatedBy: "\n")
        let line = lines.firstIndex { $0.contains(needle) }!
        let column =
            lines[line].utf16.count - lines[line].components(separatedBy: needle).dropFirst().joined(separator: needle).utf16.count
            - needle.utf16.count
        return Position(line: line, character: column + plus)
    }

    /// The file texts after `edit`, for every file it touches (read from the folder).
    static func applied(_ edit: WorkspaceEdit?, open: [DocumentURI: String] = [:]) throws -> [DocumentURI: String] {
        var out: [DocumentURI: String] = [:]
        for (uri, edits) in editsByURI(edit) {
            let text = try open[uri] ?? String(contentsOfFile: FileURI.path(of: uri)!, encoding: .utf8)
            out[uri] = applying(edits, to: text)
        }
        return out
    }

    @Test(arguments: [false, true])
    func aCustomKeyIsRenamedWithItsTranslationsAndTheCodeReadingIt(documentChanges: Bool) async throws {
        let folder = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try TestClient()
        let result = try await client.initialize(renameClient(documentChanges: documentChanges), rootUri: FileURI.uri(for: folder.path))
        #expect(result.capabilities.renameProvider == .value(RenameOptions(prepareProvider: true)))
        let uri = Self.uri(folder, "App/Info.plist")
        try client.open(uri, Self.plist)
        let at = Self.position(of: "BirdsGreeting", in: Self.plist, plus: 3)
        let prepared = try #require(try await client.request(PrepareRenameRequest(textDocument: .init(uri: uri), position: at)))
        #expect(prepared.placeholder == "BirdsGreeting")
        #expect(prepared.range == LSPRange(start: Position(line: 6, character: 6), end: Position(line: 6, character: 19)))
        // The sources are scanned in the background: the rename reaches them once they are.
        var edit: WorkspaceEdit? = nil
        for _ in 0..<200 {
            edit = try await client.request(RenameRequest(textDocument: .init(uri: uri), position: at, newName: "BirdsWelcome"))
            if editsByURI(edit).count == 6 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        if documentChanges {
            let versions = Dictionary(
                uniqueKeysWithValues: (edit?.documentChanges ?? []).map { ($0.textDocument.uri, $0.textDocument.version) })
            #expect(versions[uri] == .some(1), "the open plist's edit names its version")
            #expect(versions[Self.uri(folder, "App/de.lproj/InfoPlist.strings")] == .some(nil), "a file not open has none")
            #expect(edit?.changes == nil)
        } else {
            #expect(edit?.documentChanges == nil)
        }
        let after = try Self.applied(edit, open: [uri: Self.plist])
        #expect(after[uri] == Self.plist.replacingOccurrences(of: "<key>BirdsGreeting</key>", with: "<key>BirdsWelcome</key>"))
        #expect(
            after[Self.uri(folder, "App/en.lproj/InfoPlist.strings")]
                == Self.english.replacingOccurrences(of: "\"BirdsGreeting\"", with: "\"BirdsWelcome\""))
        #expect(
            after[Self.uri(folder, "App/de.lproj/InfoPlist.strings")] == "BirdsWelcome = \"Hallo, Vogelfreunde\";\n",
            "a bare key stays bare")
        #expect(
            after[Self.uri(folder, "App/InfoPlist.xcstrings")]
                == Self.catalog.replacingOccurrences(of: "\"BirdsGreeting\"", with: "\"BirdsWelcome\""))
        // The commented-out line is not code: it keeps the old name.
        #expect(
            after[Self.uri(folder, "App/Greeting.swift")]
                == Self.swift.replacingOccurrences(
                    of: "(forInfoDictionaryKey: \"BirdsGreeting\") as?", with: "(forInfoDictionaryKey: \"BirdsWelcome\") as?"))
        #expect(after[Self.uri(folder, "App/Legacy.m")] == Self.objc.replacingOccurrences(of: "BirdsGreeting", with: "BirdsWelcome"))
        #expect(after.count == 6, "\(after.keys.sorted())")
    }

    @Test func aNameNeedingEscapesIsEscapedForEachFormat() async throws {
        let folder = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try TestClient()
        try await client.initialize(renameClient(documentChanges: false), rootUri: FileURI.uri(for: folder.path))
        let uri = Self.uri(folder, "App/Info.plist")
        try client.open(uri, Self.plist)
        let at = Self.position(of: "BirdsGreeting", in: Self.plist)
        let edit = try await client.request(RenameRequest(textDocument: .init(uri: uri), position: at, newName: "Birds \"Hello\" & <Bye>"))
        let after = try Self.applied(edit, open: [uri: Self.plist])
        #expect(after[uri]?.contains("<key>Birds \"Hello\" &amp; &lt;Bye&gt;</key>") == true, "\(after[uri] ?? "")")
        #expect(
            after[Self.uri(folder, "App/de.lproj/InfoPlist.strings")] == "\"Birds \\\"Hello\\\" & <Bye>\" = \"Hallo, Vogelfreunde\";\n",
            "a bare key is quoted when the name needs it")
        #expect(after[Self.uri(folder, "App/InfoPlist.xcstrings")]?.contains("\"Birds \\\"Hello\\\" & <Bye>\" : {") == true)
        // A name with a quote is not a plain literal: the code is left for the developer.
        #expect(after[Self.uri(folder, "App/Greeting.swift")] == nil)
        let data = try #require(after[Self.uri(folder, "App/InfoPlist.xcstrings")]?.data(using: .utf8))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((json["strings"] as? [String: Any])?.keys.sorted() == ["Birds \"Hello\" & <Bye>"])
    }

    @Test func aTakenOrInvalidNameIsRefusedWithItsReason() async throws {
        let folder = try Self.fixture(["App/fr.lproj/InfoPlist.strings": "\"BirdsWelcome\" = \"Bienvenue\";\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try TestClient()
        try await client.initialize(renameClient(documentChanges: true), rootUri: FileURI.uri(for: folder.path))
        let uri = Self.uri(folder, "App/Info.plist")
        try client.open(uri, Self.plist)
        let at = Self.position(of: "BirdsGreeting", in: Self.plist)
        func refusal(_ name: String) async throws -> String {
            let id = try client.sendRequest(RenameRequest(textDocument: .init(uri: uri), position: at, newName: name))
            return try await client.error(of: id).message
        }
        #expect(
            try await refusal("BirdsFeedURL")
                == "cannot rename 'BirdsGreeting' to 'BirdsFeedURL': the dictionary already has a key named 'BirdsFeedURL'")
        #expect(
            try await refusal("BirdsWelcome")
                == "cannot rename 'BirdsGreeting' to 'BirdsWelcome': fr.lproj/InfoPlist.strings already translates a key named 'BirdsWelcome'"
        )
        #expect(
            try await refusal(" Birds")
                == "cannot rename 'BirdsGreeting' to ' Birds': ' Birds' begins or ends with white space, which a key must not (lookups by name would miss it)"
        )
        #expect(try await refusal("") == "cannot rename 'BirdsGreeting' to '': a key needs a name")
    }

    @Test func keysTheSystemReadsAreRefused() async throws {
        let folder = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try TestClient()
        try await client.initialize(renameClient(documentChanges: true), rootUri: FileURI.uri(for: folder.path))
        let uri = Self.uri(folder, "App/Info.plist")
        try client.open(uri, Self.plist)
        let id = try client.sendRequest(
            PrepareRenameRequest(textDocument: .init(uri: uri), position: Self.position(of: "CFBundleName", in: Self.plist)))
        let error = try await client.error(of: id)
        #expect(
            error.message
                == "'CFBundleName' cannot be renamed: the system reads it under this name, so a renamed key would be ignored. Only custom keys are renamed."
        )
        let rename = try client.sendRequest(
            RenameRequest(textDocument: .init(uri: uri), position: Self.position(of: "CFBundleName", in: Self.plist), newName: "BundleName")
        )
        #expect(try await client.error(of: rename).message.hasPrefix("'CFBundleName' cannot be renamed"))
        // Not on a key: nothing to rename.
        #expect(
            try await client.request(
                PrepareRenameRequest(textDocument: .init(uri: uri), position: Self.position(of: "Hello, birders", in: Self.plist))) == nil)
    }

    @Test func aKeyIsRenamedFromATranslationFile() async throws {
        let folder = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try TestClient()
        try await client.initialize(renameClient(documentChanges: false), rootUri: FileURI.uri(for: folder.path))
        let uri = Self.uri(folder, "App/de.lproj/InfoPlist.strings")
        try client.open(uri, Self.german)
        let at = Position(line: 0, character: 4)
        let prepared = try #require(try await client.request(PrepareRenameRequest(textDocument: .init(uri: uri), position: at)))
        #expect(prepared.placeholder == "BirdsGreeting")
        let edit = try await client.request(RenameRequest(textDocument: .init(uri: uri), position: at, newName: "BirdsWelcome"))
        let after = try Self.applied(edit, open: [uri: Self.german])
        #expect(
            after[Self.uri(folder, "App/Info.plist")]
                == Self.plist.replacingOccurrences(of: "<key>BirdsGreeting</key>", with: "<key>BirdsWelcome</key>"))
        #expect(after[uri] == "BirdsWelcome = \"Hallo, Vogelfreunde\";\n")
        #expect(after[Self.uri(folder, "App/en.lproj/InfoPlist.strings")]?.contains("\"BirdsWelcome\" = \"Hello, birders\";") == true)
        #expect(after[Self.uri(folder, "App/InfoPlist.xcstrings")]?.contains("\"BirdsWelcome\" : {") == true)
        // An Apple key of the table is refused there too.
        let english = Self.uri(folder, "App/en.lproj/InfoPlist.strings")
        try client.open(english, Self.english)
        let id = try client.sendRequest(PrepareRenameRequest(textDocument: .init(uri: english), position: Position(line: 2, character: 3)))
        #expect(try await client.error(of: id).message.hasPrefix("'CFBundleName' cannot be renamed: the system reads it"))
    }

    @Test func referencesListTheKeyItsTranslationsAndTheCode() async throws {
        let folder = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try TestClient()
        try await client.initialize(renameClient(documentChanges: true), rootUri: FileURI.uri(for: folder.path))
        let uri = Self.uri(folder, "App/Info.plist")
        try client.open(uri, Self.plist)
        let at = Self.position(of: "BirdsGreeting", in: Self.plist)
        var locations: [Location] = []
        for _ in 0..<200 {
            locations = try await client.request(ReferencesRequest(textDocument: .init(uri: uri), position: at)) ?? []
            if locations.contains(where: { $0.uri.hasSuffix(".m") }) { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let shown = locations.map {
            "\($0.uri.split(separator: "/").suffix(2).joined(separator: "/")):\($0.range.start.line):\($0.range.start.character)-\($0.range.end.character)"
        }
        #expect(
            shown == [
                "App/Info.plist:6:6-19", "de.lproj/InfoPlist.strings:0:0-13", "en.lproj/InfoPlist.strings:1:0-15",
                "App/InfoPlist.xcstrings:3:4-19",
                "App/Greeting.swift:2:57-70", "App/Legacy.m:3:63-76",
            ], "\(shown)")
        // Without the declaration: the key itself is left out.
        let others =
            try await client.request(
                ReferencesRequest(textDocument: .init(uri: uri), position: at, context: .init(includeDeclaration: false))) ?? []
        #expect(others.count == locations.count - 1 && !others.contains { $0.uri == uri })
        // From the German table, the same places.
        let german = Self.uri(folder, "App/de.lproj/InfoPlist.strings")
        try client.open(german, Self.german)
        let fromTable =
            try await client.request(ReferencesRequest(textDocument: .init(uri: german), position: Position(line: 0, character: 2))) ?? []
        #expect(Set(fromTable) == Set(locations))
    }

    /// `INFOPLIST_KEY_*` settings: in the project.pbxproj and an .xcconfig of the target using the plist.
    @Test func referencesListTheBuildSettingsSettingTheKey() async throws {
        let pbxproj = Self.project(settings: "\t\t\t\tINFOPLIST_KEY_NSCameraUsageDescription = \"Scan receipts\";\n")
        let folder = try Self.fixture([
            "App.xcodeproj/project.pbxproj": pbxproj,
            "Config.xcconfig":
                "// the camera\nINFOPLIST_KEY_NSCameraUsageDescription = Scan receipts\nINFOPLIST_KEY_NSCameraUsageDescriptionOther = no\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = Self.plist.replacingOccurrences(
            of: "<dict>\n", with: "<dict>\n\t<key>NSCameraUsageDescription</key>\n\t<string>Scan receipts.</string>\n")
        let client = try TestClient()
        try await client.initialize(renameClient(documentChanges: true), rootUri: FileURI.uri(for: folder.path))
        let uri = Self.uri(folder, "App/Info.plist")
        try client.open(uri, text)
        _ = try await client.diagnostics(uri, version: 1)
        try await Task.sleep(for: .milliseconds(100))
        var shown: [String] = []
        for _ in 0..<100 {
            let locations =
                try await client.request(
                    ReferencesRequest(textDocument: .init(uri: uri), position: Self.position(of: "NSCameraUsageDescription", in: text)))
                ?? []
            shown = locations.map {
                "\($0.uri.split(separator: "/").last!):\($0.range.start.line):\($0.range.start.character)-\($0.range.end.character)"
            }
            if shown.count >= 3 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let line = pbxproj.components(separatedBy: "\n").firstIndex { $0.contains("INFOPLIST_KEY_NSCameraUsageDescription") }!
        #expect(shown == ["Info.plist:4:6-30", "project.pbxproj:\(line):4-42", "Config.xcconfig:1:0-38"], "\(shown)")
    }

    /// A minimal project with one app target whose INFOPLIST_FILE is App/Info.plist, based on Config.xcconfig.
    static func project(settings: String) -> String {
        """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 56;
        	objects = {
        		C0 /* Config.xcconfig */ = {isa = PBXFileReference; path = Config.xcconfig; sourceTree = "<group>"; };
        		G0 = {isa = PBXGroup; children = (C0); sourceTree = "<group>"; };
        		P0 /* Project object */ = {
        			isa = PBXProject;
        			buildConfigurationList = L0;
        			mainGroup = G0;
        			targets = (T0);
        		};
        		L0 = {isa = XCConfigurationList; buildConfigurations = (B0); };
        		B0 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
        		T0 /* App */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = L1;
        			name = App;
        			productType = "com.apple.product-type.application";
        		};
        		L1 = {isa = XCConfigurationList; buildConfigurations = (B1); };
        		B1 /* Debug */ = {
        			isa = XCBuildConfiguration;
        			baseConfigurationReference = C0;
        			buildSettings = {
        				INFOPLIST_FILE = App/Info.plist;
        				GENERATE_INFOPLIST_FILE = YES;
        \(settings)			};
        			name = Debug;
        		};
        	};
        	rootObject = P0;
        }

        """
    }
}

/// The same on real apps: Home Assistant's app-defined accuracy purpose key, nested in
/// NSLocationTemporaryUsageDescriptionDictionary and translated in 34 tables, and LaTeXiT's
/// SUFeedURL, which Sparkle reads.
@Suite(.enabled(if: SharedData.runLocalizationTests, SharedData.localizationSkipNote))
struct KeyRenameRealAppTests {
    static func checkout(_ app: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-rename-real-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: SharedData.localizationDirectory.appendingPathComponent("apps/\(app)"), to: folder)
        return folder
    }

    /// The tables on disk holding `"key" =` (or `key =`) in `folder`.
    static func tables(holding key: String, in folder: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)!
        var out: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix("InfoPlist.strings") else { continue }
            let path = folder.appendingPathComponent(relative).path
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .utf16) ?? ""
            if text.contains("\"\(key)\"") || text.contains("\n\(key) =") { out.append(path) }
        }
        return out.sorted()
    }

    @Test func aNestedAppDefinedKeyIsRenamedInEveryTableTheTargetBuilds() async throws {
        let folder = try Self.checkout("home-assistant__iOS")
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = "TemporaryFullAccuracyReasonManualUpdate"
        let expected = try Self.tables(holding: key, in: folder)
        #expect(expected.count >= 30, "\(expected.count)")
        let path = folder.appendingPathComponent("Sources/App/Resources/Info.plist").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let client = try TestClient()
        try await client.initialize(renameClient(documentChanges: true), rootUri: FileURI.uri(for: folder.path))
        let uri = FileURI.uri(for: path)
        try client.open(uri, text)
        let at = KeyRenameTests.position(of: key, in: text, plus: 5)
        let prepared = try #require(try await client.request(PrepareRenameRequest(textDocument: .init(uri: uri), position: at)))
        #expect(prepared.placeholder == key)
        let edit = try await client.request(
            RenameRequest(textDocument: .init(uri: uri), position: at, newName: "TemporaryFullAccuracyReasonManual"))
        let byURI = editsByURI(edit)
        #expect(
            Set(byURI.keys) == Set(expected.map { FileURI.uri(for: $0) } + [uri]),
            "\(byURI.keys.count) files edited, \(expected.count + 1) expected")
        let after = try KeyRenameTests.applied(edit, open: [uri: text])
        #expect(after[uri] == text.replacingOccurrences(of: "<key>\(key)</key>", with: "<key>TemporaryFullAccuracyReasonManual</key>"))
        // Each table: one line changed, only its key.
        for table in expected {
            let before = try String(contentsOfFile: table, encoding: .utf8)
            let renamed = try #require(after[FileURI.uri(for: table)])
            #expect(renamed == before.replacingOccurrences(of: "\"\(key)\"", with: "\"TemporaryFullAccuracyReasonManual\""), "\(table)")
        }
        // References: the key and each table's entry.
        let locations = try await client.request(ReferencesRequest(textDocument: .init(uri: uri), position: at)) ?? []
        #expect(Set(locations.map(\.uri)) == Set(expected.map { FileURI.uri(for: $0) } + [uri]))
    }

    @Test func aKeySparkleReadsIsRefusedFromThePlistAndFromATable() async throws {
        let folder = SharedData.localizationDirectory.appendingPathComponent("apps/MaddTheSane__LaTexIt")
        let path = folder.appendingPathComponent("Info.plist").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let client = try TestClient()
        try await client.initialize(renameClient(documentChanges: true))
        let uri = FileURI.uri(for: path)
        try client.open(uri, text)
        let id = try client.sendRequest(
            PrepareRenameRequest(textDocument: .init(uri: uri), position: KeyRenameTests.position(of: "SUFeedURL", in: text)))
        #expect(
            try await client.error(of: id).message
                == "'SUFeedURL' cannot be renamed: Sparkle reads it under this name, so a renamed key would be ignored. Only custom keys are renamed."
        )
        let tablePath = folder.appendingPathComponent("de.lproj/InfoPlist.strings").path
        let table = try String(contentsOfFile: tablePath, encoding: .utf8)
        let tableURI = FileURI.uri(for: tablePath)
        try client.open(tableURI, table)
        let fromTable = try client.sendRequest(
            PrepareRenameRequest(textDocument: .init(uri: tableURI), position: KeyRenameTests.position(of: "SUFeedURL", in: table)))
        #expect(try await client.error(of: fromTable).message.hasPrefix("'SUFeedURL' cannot be renamed: Sparkle reads it"))
    }
}

/// References of a key across a real project's build settings (../shared/projects): Yattee's share
/// extension sets CFBundleDisplayName in its Info.plist and as INFOPLIST_KEY_CFBundleDisplayName.
@Suite(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
struct KeyReferencesRealProjectTests {
    @Test func theReferencesOfAKeyIncludeItsBuildSettingsInTheRealProject() async throws {
        let folder = SharedData.projectsDirectory.appendingPathComponent("yattee__yattee")
        let path = folder.appendingPathComponent("YatteeShareExtension/Info.plist").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let pbxproj = folder.appendingPathComponent("Yattee.xcodeproj/project.pbxproj")
        let settingLines = try String(contentsOf: pbxproj, encoding: .utf8).components(separatedBy: "\n").enumerated()
            .filter { $0.element.contains("INFOPLIST_KEY_CFBundleDisplayName =") }.map(\.offset)
        #expect(!settingLines.isEmpty)
        let client = try TestClient()
        try await client.initialize(renameClient(documentChanges: true), rootUri: FileURI.uri(for: folder.path))
        let uri = FileURI.uri(for: path)
        try client.open(uri, text)
        _ = try await client.diagnostics(uri, version: 1)
        let at = KeyRenameTests.position(of: "CFBundleDisplayName", in: text)
        var locations: [Location] = []
        for _ in 0..<100 {
            locations = try await client.request(ReferencesRequest(textDocument: .init(uri: uri), position: at)) ?? []
            if locations.contains(where: { $0.uri.hasSuffix("project.pbxproj") }) { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(locations.contains { $0.uri == uri }, "the key itself")
        let inProject = Set(locations.filter { $0.uri == FileURI.uri(for: pbxproj.path) }.map(\.range.start.line))
        #expect(
            inProject == Set(settingLines),
            "every INFOPLIST_KEY_CFBundleDisplayName of the project: \(inProject.sorted()) vs \(settingLines)")
    }
}
