// The server on checkouts as people have them (issue #38, points 2 and 3): the translations of an
// Info.plist are its target's, read from the project — a framework or extension beside the app
// gets none of the app's, a leftover `.lproj` folder no target builds is no locale, and when the
// target builds a String Catalog, the untranslated purpose string's fix adds to the catalog. Real
// apps of ../shared/l10n, copied to temporary folders with the files real checkouts hold beside them.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistSupport
import PlistTestSupport
import Testing
import PlistWorkspace

@Suite(.enabled(if: SharedData.runLocalizationTests, SharedData.localizationSkipNote))
struct TranslationAttributionServerTests {
    /// A copy of a real app's folder (`owner__repo`) with `files` written into it.
    static func checkout(_ app: String, _ files: [String: String] = [:]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-attribution-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: SharedData.localizationDirectory.appendingPathComponent("apps/\(app)"), to: folder)
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    static func plist(_ entries: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleDevelopmentRegion</key>\n\t<string>en</string>\n\t<key>CFBundleName</key>\n\t<string>$(PRODUCT_NAME)</string>\n\(entries)</dict>\n</plist>\n"
    }

    /// The 0-based line of the first line of `text` holding `needle`.
    static func line(of needle: String, in text: String) -> Int { text.components(separatedBy: "\n").firstIndex { $0.contains(needle) }! }

    static func hover(_ client: TestClient, _ uri: DocumentURI, line: Int) async throws -> String {
        try #require(try await client.request(HoverRequest(textDocument: .init(uri: uri), position: Position(line: line, character: 8))))
            .contents.value
    }

    /// Telephone with its frameworks' Info.plists (Domain, a test bundle), which the project names:
    /// a hover on a framework's CFBundleName listed the app's translations.
    @Test func aFrameworkBesideTheAppListsNoneOfItsTranslations() async throws {
        let domain = Self.plist("\t<key>NSHumanReadableCopyright</key>\n\t<string>Copyright © 2016 64 Characters</string>\n")
        let folder = try Self.checkout(
            "64characters__Telephone", ["Domain/Info.plist": domain, "TelephoneTests/Info.plist": Self.plist("")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: folder.path))
        let uri = FileURI.uri(for: folder.appendingPathComponent("Domain/Info.plist").path)
        try client.open(uri, domain)
        let diagnostics = try await client.diagnostics(uri, version: 1)
        #expect(!diagnostics.contains { ($0.code.map { "\($0)" } ?? "").contains("l10n-") }, "\(diagnostics.map(\.message))")
        let value = try await Self.hover(client, uri, line: Self.line(of: "<key>CFBundleName", in: domain))
        #expect(
            value.contains(
                "**Translations**: none — the resources of target Domain in Telephone.xcodeproj hold no InfoPlist.strings or InfoPlist.xcstrings."
            ), "\(value)")
        #expect(!value.contains("Telefon") && !value.contains("`de`"), "\(value)")
        // The app itself still lists its own, and says where they were read.
        let appPath = folder.appendingPathComponent("Telephone/Info.plist").path
        let app = try String(contentsOfFile: appPath, encoding: .utf8)
        let appURI = FileURI.uri(for: appPath)
        try client.open(appURI, app)
        let own = try await Self.hover(client, appURI, line: Self.line(of: "<key>NSMicrophoneUsageDescription", in: app))
        #expect(own.contains("- `de`: \"Das Mikrofon wird für Telefongespräche benutzt.\""), "\(own)")
        #expect(own.contains("Read from the resources of target Telephone in Telephone.xcodeproj."), "\(own)")
    }

    /// Delta Chat's App Clip, beside the app's 47 tables, builds none: its camera purpose string
    /// was "not translated" for the app's locales lacking it.
    @Test func anAppClipBesideTheAppIsNotHeldToTheAppsLocales() async throws {
        let clip = Self.plist("\t<key>NSCameraUsageDescription</key>\n\t<string>Delta Chat uses your camera to scan QR codes.</string>\n")
        let folder = try Self.checkout("deltachat__deltachat-ios", ["DcAppClip/Info.plist": clip])
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: folder.path))
        let uri = FileURI.uri(for: folder.appendingPathComponent("DcAppClip/Info.plist").path)
        try client.open(uri, clip)
        let diagnostics = try await client.diagnostics(uri, version: 1)
        #expect(!diagnostics.contains { $0.code == .string("l10n-untranslated") }, "\(diagnostics.map(\.message))")
        let value = try await Self.hover(client, uri, line: Self.line(of: "<key>NSCameraUsageDescription", in: clip))
        #expect(value.contains("none — the resources of target DcAppClip in deltachat-ios.xcodeproj hold no InfoPlist.strings"), "\(value)")
        #expect(!value.contains("Delta Chat verwendet"), "\(value)")
    }

    /// Squirrel as ownCloud has it: the target builds `InfoPlist.xcstrings`; leftover tables of
    /// four other locales lie beside the Info.plist. A purpose string the catalog lacks is
    /// untranslated for the catalog's locales, and the fix adds it to the catalog: one insertion,
    /// every other byte kept, the catalog still valid JSON.
    @Test func theFixOfAnUntranslatedTextAddsItToTheBuiltCatalog() async throws {
        var files: [String: String] = [:]
        for locale in ["bg_BG", "de_CH", "ru_RU", "zh_TW"] {
            files["resources/\(locale).lproj/InfoPlist.strings"] = "CFBundleGetInfoString = \"Squirrel 0.9\";\n"
        }
        let folder = try Self.checkout("rime__squirrel", files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("resources/Info.plist").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(
                of: "<dict>\n",
                with: "<dict>\n\t<key>NSAppleEventsUsageDescription</key>\n\t<string>Squirrel switches \"input\" sources.</string>\n")
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: folder.path))
        let uri = FileURI.uri(for: path)
        try client.open(uri, text)
        let diagnostics = try await client.diagnostics(uri) { $0.contains { $0.code == .string("l10n-untranslated") } }
        let untranslated = diagnostics.filter { $0.code == .string("l10n-untranslated") }
        #expect(
            untranslated.map(\.message) == [
                "the purpose string NSAppleEventsUsageDescription is not translated for zh-Hans, zh-Hant: those locales show the development-language text (translations: the resources of target Squirrel in Squirrel.xcodeproj)"
            ])
        let d = try #require(untranslated.first)
        let id = try client.sendRequest(
            CodeActionRequest(textDocument: .init(uri: uri), range: d.range, context: CodeActionContext(diagnostics: [d])))
        let actions = (try await client.response(to: id)["result"]?.arrayValue ?? []).filter {
            $0["title"]?.stringValue?.hasPrefix("Add NSAppleEventsUsageDescription") == true
        }
        #expect(
            actions.map { $0["title"]?.stringValue ?? "" } == [
                "Add NSAppleEventsUsageDescription to InfoPlist.xcstrings for zh-Hans, zh-Hant (to translate)"
            ], "\(actions)")
        let action = try #require(actions.first)
        let catalogPath = folder.appendingPathComponent("resources/InfoPlist.xcstrings").path
        let catalogURI = FileURI.uri(for: catalogPath)
        let changes = action["edit"]?["changes"]?.objectValue ?? [:]
        let documentChanges = action["edit"]?["documentChanges"]?.arrayValue ?? []
        let uris = Set(changes.keys).union(documentChanges.compactMap { $0["textDocument"]?["uri"]?.stringValue })
        #expect(uris == [catalogURI], "only the catalog is edited: \(uris)")
        let edits = changes[catalogURI]?.arrayValue ?? documentChanges.first?["edits"]?.arrayValue ?? []
        #expect(edits.count == 1)
        let edit = try #require(edits.first)
        // The edit is an insertion: applied to the catalog's text, every byte before and after stays.
        let original = try String(contentsOfFile: catalogPath, encoding: .utf8)
        let start = try #require(edit["range"]?["start"]), end = try #require(edit["range"]?["end"])
        #expect(start == end, "\(edit)")
        let lines = original.components(separatedBy: "\n")
        let lineNumber = start["line"]?.intValue ?? -1, character = start["character"]?.intValue ?? -1
        let offset = lines[..<lineNumber].reduce(0) { $0 + $1.utf16.count + 1 } + character
        let utf16 = Array(original.utf16)
        let newText = try #require(edit["newText"]?.stringValue)
        let applied = String(decoding: utf16[..<offset], as: UTF16.self) + newText + String(decoding: utf16[offset...], as: UTF16.self)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(applied.utf8)) as? [String: Any])
        let strings = try #require(json["strings"] as? [String: Any])
        let entry = try #require(strings["NSAppleEventsUsageDescription"] as? [String: Any], "\(newText)")
        let localizations = try #require(entry["localizations"] as? [String: Any])
        #expect(Set(localizations.keys) == ["zh-Hans", "zh-Hant"])
        let unit = try #require((localizations["zh-Hans"] as? [String: Any])?["stringUnit"] as? [String: Any])
        #expect(unit["state"] as? String == "new" && unit["value"] as? String == "Squirrel switches \"input\" sources.")
        // The catalog's other entries are as they were.
        let before = try #require(try JSONSerialization.jsonObject(with: Data(original.utf8)) as? [String: Any])
        #expect(Set(strings.keys) == Set(((before["strings"] as? [String: Any]) ?? [:]).keys).union(["NSAppleEventsUsageDescription"]))
        // No action offers the leftover tables; the server wrote nothing.
        let all = try await client.response(
            to: try client.sendRequest(
                CodeActionRequest(textDocument: .init(uri: uri), range: d.range, context: CodeActionContext(diagnostics: [d]))))
        #expect(!"\(all)".contains(".lproj"), "\(all)")
        #expect(try String(contentsOfFile: catalogPath, encoding: .utf8) == original)
    }

    /// Telephone whose target takes INFOPLIST_FILE from a setting no file read defines (as Loop's
    /// git-ignored xcconfig does): which files translate the Info.plist is unknown, and said so.
    @Test func anInfoPlistNoTargetCanBeShownToBuildHasUnknownTranslations() async throws {
        let folder = try Self.checkout("64characters__Telephone")
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Telephone.xcodeproj/project.pbxproj")
        let text = try String(contentsOf: project, encoding: .utf8)
        try text.replacingOccurrences(of: "INFOPLIST_FILE = Telephone/Info.plist;", with: "INFOPLIST_FILE = \"$(TELEPHONE_INFOPLIST)\";")
            .write(to: project, atomically: true, encoding: .utf8)
        // The ru table lacks the microphone: with the target known this is a finding (see LocalizationServerTests).
        let ru = folder.appendingPathComponent("Telephone/ru.lproj/InfoPlist.strings")
        try (try String(contentsOf: ru, encoding: .utf8)).components(separatedBy: "\n").filter {
            !$0.hasPrefix("NSMicrophoneUsageDescription")
        }.joined(separator: "\n")
            .write(to: ru, atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("Telephone/Info.plist").path
        let plist = try String(contentsOfFile: path, encoding: .utf8)
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: folder.path))
        let uri = FileURI.uri(for: path)
        try client.open(uri, plist)
        let diagnostics = try await client.diagnostics(uri, version: 1)
        #expect(!diagnostics.contains { $0.code == .string("l10n-untranslated") }, "\(diagnostics.map(\.message))")
        let value = try await Self.hover(client, uri, line: Self.line(of: "<key>NSMicrophoneUsageDescription", in: plist))
        #expect(
            value.contains(
                "**Translations**: unknown — no target of Telephone.xcodeproj names this file as its INFOPLIST_FILE; Telephone's INFOPLIST_FILE is '$(TELEPHONE_INFOPLIST)'"
            ), "\(value)")
        #expect(!value.contains("not translated"), "\(value)")
    }
}
