// The server on localized Info.plists (issue #31), on a real app of ../shared/l10n copied with
// planted faults: diagnostics in an open InfoPlist.strings, the untranslated purpose string on the
// Info.plist key, and its code action adding the entry to the other locale's file.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistSupport
import PlistTestSupport
import Testing
import PlistWorkspace

@Suite(.enabled(if: SharedData.runLocalizationTests, SharedData.localizationSkipNote))
struct LocalizationServerTests {
    /// A copy of Telephone (English base; de, en, ru tables) whose ru table lacks the microphone's purpose string.
    static func telephone() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-l10n-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: SharedData.localizationDirectory.appendingPathComponent("apps/64characters__Telephone"), to: folder)
        let ru = folder.appendingPathComponent("Telephone/ru.lproj/InfoPlist.strings")
        let text = try String(contentsOf: ru, encoding: .utf8)
        try text.components(separatedBy: "\n").filter { !$0.hasPrefix("NSMicrophoneUsageDescription") }.joined(separator: "\n").write(
            to: ru, atomically: true, encoding: .utf8)
        return folder
    }

    @Test func anOpenStringsTableGetsItsSyntaxErrorAtItsPlace() async throws {
        let folder = try Self.telephone()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Telephone/de.lproj/InfoPlist.strings").path
        let text =
            try String(contentsOfFile: path, encoding: .utf8)
            + "\"Privacy - Camera Usage Description\" = \"Kamera\"\nCFBundleName = \"Telefon\";\n"
        let lines = text.components(separatedBy: "\n")
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: folder.path))
        let uri = FileURI.uri(for: path)
        try client.open(uri, text)
        let diagnostics = try await client.diagnostics(uri) { !$0.isEmpty }
        let syntax = try #require(diagnostics.first { $0.code == .string("l10n-syntax") }, "\(diagnostics.map(\.message))")
        let line = lines.firstIndex { $0.hasPrefix("\"Privacy") }!
        #expect(syntax.message == "missing ';' after the value of 'Privacy - Camera Usage Description'")
        #expect(syntax.range.start == Position(line: line, character: lines[line].utf16.count))
        #expect(syntax.severity == .error)
        let name = try #require(diagnostics.first { $0.code == .string("l10n-xcode-name") })
        #expect(name.range.start == Position(line: line, character: 0))
        #expect(diagnostics.contains { $0.code == .string("l10n-duplicate-key") && $0.range.start.line == line + 1 })
        // Nothing of the plist rules: the file is not read as XML.
        #expect(diagnostics.allSatisfy { ($0.code.map { "\($0)" } ?? "").contains("l10n-") }, "\(diagnostics.map(\.code))")
    }

    @Test func theInfoPlistKeyNamesTheLocaleAndItsFixEditsThatLocalesFile() async throws {
        let folder = try Self.telephone()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Telephone/Info.plist").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: folder.path))
        let uri = FileURI.uri(for: path)
        try client.open(uri, text)
        let diagnostics = try await client.diagnostics(uri) { $0.contains { $0.code == .string("l10n-untranslated") } }
        let untranslated = diagnostics.filter { $0.code == .string("l10n-untranslated") }
        #expect(untranslated.count == 1)
        let d = try #require(untranslated.first)
        #expect(
            d.message
                == "the purpose string NSMicrophoneUsageDescription is not translated for ru: that locale shows the development-language text (translations: the resources of target Telephone in Telephone.xcodeproj)"
        )
        #expect(d.range.start == Position(line: 57, character: 6))
        let id = try client.sendRequest(
            CodeActionRequest(textDocument: .init(uri: uri), range: d.range, context: CodeActionContext(diagnostics: [d])))
        let actions = try await client.response(to: id)["result"]?.arrayValue ?? []
        let action = try #require(
            actions.first { $0["title"]?.stringValue?.hasPrefix("Add NSMicrophoneUsageDescription to ru.lproj") == true }, "\(actions)")
        let ru = FileURI.uri(for: folder.appendingPathComponent("Telephone/ru.lproj/InfoPlist.strings").path)
        let edits =
            action["edit"]?["changes"]?[ru]?.arrayValue ?? action["edit"]?["documentChanges"]?.arrayValue?.first?["edits"]?.arrayValue ?? []
        let edit = try #require(edits.first, "\(action)")
        #expect(
            edit["newText"]?.stringValue?.hasSuffix("\"NSMicrophoneUsageDescription\" = \"The microphone is used for phone calls.\";\n")
                == true, "\(edit)")
        // The server wrote nothing: the file on disk still lacks the entry.
        #expect(
            !(try String(contentsOf: folder.appendingPathComponent("Telephone/ru.lproj/InfoPlist.strings"), encoding: .utf8)).contains(
                "NSMicrophoneUsageDescription"))
    }

    @Test func hoverOnAnInfoPlistKeyListsItsTranslationsPerLocale() async throws {
        let folder = try Self.telephone()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Telephone/Info.plist").path
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: folder.path))
        let uri = FileURI.uri(for: path)
        try client.open(uri, try String(contentsOfFile: path, encoding: .utf8))
        // Line 58 (0-based 57) is <key>NSMicrophoneUsageDescription</key>.
        let hover = try #require(
            try await client.request(HoverRequest(textDocument: .init(uri: uri), position: Position(line: 57, character: 10))))
        let value = hover.contents.value
        #expect(value.contains("Privacy - Microphone Usage Description"), "\(value)")
        #expect(value.contains("**Translations** (1 of 2 locales):"), "\(value)")
        // en.lproj translates the base (English) itself.
        #expect(value.contains("- `English` (base): \"The microphone is used for phone calls.\""), "\(value)")
        #expect(value.contains("- `de`: \"Das Mikrofon wird für Telefongespräche benutzt.\""), "\(value)")
        #expect(value.contains("- `ru`: not translated"), "\(value)")
        // A key nothing translates gets no section.
        let plain = try #require(
            try await client.request(HoverRequest(textDocument: .init(uri: uri), position: Position(line: 4, character: 10))))
        #expect(!plain.contents.value.contains("Translations"), "\(plain.contents.value)")
    }

    @Test func inAStringsTableHoverShowsTheBaseTextAndCompletionOffersTheMissingKeys() async throws {
        let folder = try Self.telephone()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Telephone/ru.lproj/InfoPlist.strings").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: folder.path))
        let uri = FileURI.uri(for: path)
        try client.open(uri, text + "\"Privacy - Micro")
        let contacts = lines.firstIndex { $0.hasPrefix("NSContactsUsageDescription") }!
        let hover = try #require(
            try await client.request(HoverRequest(textDocument: .init(uri: uri), position: Position(line: contacts, character: 3))))
        #expect(hover.contents.value.contains("Privacy - Contacts Usage Description"), "\(hover.contents.value)")
        #expect(hover.contents.value.contains("In the Info.plist: \"Details from your contacts can be used"), "\(hover.contents.value)")
        #expect(hover.range == LSPRange(start: Position(line: contacts, character: 0), end: Position(line: contacts, character: 26)))
        // Typing Xcode's name offers the raw key, with the Info.plist's text to translate; the missing key first.
        let end = Position(line: lines.count - 1, character: "\"Privacy - Micro".utf16.count)
        let list = try #require(try await client.request(CompletionRequest(textDocument: .init(uri: uri), position: end)))
        // What a client keeps of the list for the typed text: the microphone's key alone.
        let matching = list.items.filter {
            $0.filterText?.hasPrefix("\"Privacy - Micro") == true || $0.filterText?.contains(" Privacy - Micro") == true
        }
        #expect(matching.map(\.label) == ["NSMicrophoneUsageDescription"], "\(list.items.map { $0.filterText ?? "" })")
        let first = try #require(matching.first)
        // The keys the table lacks come first, purpose strings before the others.
        #expect(list.items.first?.label == "NSMicrophoneUsageDescription", "\(list.items.map(\.label))")
        guard case .textEdit(let edit)? = first.textEdit else { Issue.record("no text edit"); return }
        #expect(edit.newText == "\"NSMicrophoneUsageDescription\" = \"The microphone is used for phone calls.\";")
        #expect(edit.range == LSPRange(start: Position(line: lines.count - 1, character: 0), end: end))
    }

    /// The server narrows the keys to what is typed (Neovim's omnifunc and the Emacs completion
    /// style list what it sends: Neovim 0.11 listed every key) and never offers a key the table
    /// already has, whose choice wrote a duplicate (issue #38, point 7).
    @Test func completionInAStringsTableOffersOnlyMissingKeysThatMatchWhatIsTyped() async throws {
        let folder = try Self.telephone()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Telephone/ru.lproj/InfoPlist.strings").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let present = text.components(separatedBy: "\n").compactMap { line in
            line.first?.isLetter == true ? line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) : nil
        }
        #expect(present.contains("CFBundleName") && present.contains("NSContactsUsageDescription"), "\(present)")
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: folder.path))
        let uri = FileURI.uri(for: path)
        var version = 1
        func complete(_ typed: String) async throws -> CompletionList {
            let lines = (text + typed).components(separatedBy: "\n")
            if version == 1 {
                try client.open(uri, text + typed)
            } else {
                try client.change(uri, version: version, [TextDocumentContentChangeEvent(text: text + typed)])
            }
            version += 1
            let end = Position(line: lines.count - 1, character: lines[lines.count - 1].utf16.count)
            return try #require(try await client.request(CompletionRequest(textDocument: .init(uri: uri), position: end)))
        }
        let microphone = try await complete("\"Privacy - Micro")
        #expect(microphone.items.map(\.label) == ["NSMicrophoneUsageDescription"])
        #expect(microphone.isIncomplete)
        let lower = try await complete("nsmicro")
        #expect(lower.items.map(\.label) == ["NSMicrophoneUsageDescription"])
        let name = try await complete("\"CFBundleNa")
        #expect(name.items.isEmpty, "\(name.items.map(\.label))")
        let all = try await complete("")
        #expect(all.items.contains { $0.label == "NSMicrophoneUsageDescription" })
        #expect(all.items.allSatisfy { !present.contains($0.label) }, "\(all.items.map(\.label))")
        #expect(!all.isIncomplete)
    }

    @Test func formattingNeverRewritesATranslationAsAPlist() async throws {
        let folder = try Self.telephone()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Telephone/de.lproj/InfoPlist.strings").path
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: folder.path))
        let uri = FileURI.uri(for: path)
        try client.open(uri, try String(contentsOfFile: path, encoding: .utf8))
        let edits = try await client.request(
            DocumentFormattingRequest(textDocument: .init(uri: uri), options: FormattingOptions(tabSize: 4, insertSpaces: true)))
        #expect((edits ?? []).isEmpty, "\(String(describing: edits))")
    }

    @Test func theNotesAndWarningsOfATableAndACatalogArriveAtTheirPlace() async throws {
        let folder = try Self.telephone()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Telephone/de.lproj/InfoPlist.strings").path
        let base = try String(contentsOfFile: path, encoding: .utf8)
        let text =
            base + "NSContactsUsageDescription = \"\";\nNSRetiredUsageDescription = \"Alt\";\nCFBundleIdentifier = \"de.telephone\";\n"
        let last = text.components(separatedBy: "\n").count - 2  // 0-based line of the last entry
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: folder.path))
        let uri = FileURI.uri(for: path)
        try client.open(uri, text)
        let diagnostics = try await client.diagnostics(uri) { $0.contains { $0.code == .string("l10n-not-localizable") } }
        func one(_ code: String) -> Diagnostic? { diagnostics.first { $0.code == .string(code) } }
        #expect(
            one("l10n-empty-translation")?.range.start == Position(line: last - 2, character: 29),
            "\(diagnostics.map { ($0.code, $0.range) })")
        #expect(one("l10n-empty-translation")?.severity == .warning)
        #expect(one("l10n-unknown-key")?.range.start == Position(line: last - 1, character: 0))
        #expect(one("l10n-unknown-key")?.severity == .information && one("l10n-unknown-key")?.tags == [.unnecessary])
        #expect(one("l10n-not-localizable")?.range.start == Position(line: last, character: 0))

        // A catalog: a translation marked needs_review.
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-l10n-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: SharedData.localizationDirectory.appendingPathComponent("apps/kongbaguni__lightMeter"), to: app)
        defer { try? FileManager.default.removeItem(at: app) }
        let catalogPath = app.appendingPathComponent("InfoPlist.xcstrings").path
        let catalog = try String(contentsOfFile: catalogPath, encoding: .utf8).replacingOccurrences(
            of: "\"state\" : \"translated\"", with: "\"state\" : \"needs_review\"")
        let catalogURI = FileURI.uri(for: catalogPath)
        try client.open(catalogURI, catalog)
        let states = try await client.diagnostics(catalogURI) { $0.contains { $0.code == .string("l10n-catalog-state") } }
        let state = try #require(states.first { $0.code == .string("l10n-catalog-state") })
        let line = catalog.components(separatedBy: "\n").firstIndex { $0.contains("needs_review") }!
        #expect(state.range.start == Position(line: line, character: 22), "\(state)")
        #expect(state.message.hasSuffix("needs review: its source text changed after it was translated"))
    }

    /// The translation is fixed in another program and saved: the watched change (or, for a
    /// client without watchers, a save in the editor) checks the open Info.plist again against it.
    @Test func aTranslationChangedOnDiskChecksTheOpenInfoPlistAgain() async throws {
        let folder = try Self.telephone()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Telephone/Info.plist").path
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: folder.path))
        let uri = FileURI.uri(for: path)
        try client.open(uri, try String(contentsOfFile: path, encoding: .utf8))
        _ = try await client.diagnostics(uri) { $0.contains { $0.code == .string("l10n-untranslated") } }
        // No publish without the finding is waiting already: the one awaited below follows the change.
        let earlier = client.pending.filter {
            $0["params"]?["uri"]?.stringValue == uri
                && $0["params"]?["diagnostics"]?.arrayValue?.contains { $0["code"]?.stringValue == "l10n-untranslated" } == false
        }
        try #require(earlier.isEmpty)
        let ru = folder.appendingPathComponent("Telephone/ru.lproj/InfoPlist.strings")
        try (try String(contentsOf: ru, encoding: .utf8) + "\n\"NSMicrophoneUsageDescription\" = \"Микрофон нужен для звонков.\";\n")
            .write(to: ru, atomically: true, encoding: .utf8)
        try client.send(DidChangeWatchedFilesNotification(changes: [FileEvent(uri: FileURI.uri(for: ru.path), type: .changed)]))
        let after = try await client.diagnostics(uri) { !$0.contains { $0.code == .string("l10n-untranslated") } }
        #expect(!after.contains { $0.code == .string("l10n-untranslated") })
    }

    /// `workspace/diagnostic` reports the translations too, each against its Info.plist.
    @Test func theWorkspaceReportHoldsTheTranslations() async throws {
        let folder = try Self.telephone()
        defer { try? FileManager.default.removeItem(at: folder) }
        let de = folder.appendingPathComponent("Telephone/de.lproj/InfoPlist.strings")
        try (try String(contentsOf: de, encoding: .utf8) + "\"NSNotAKeyOfThisApp\" = \"x\"\n").write(
            to: de, atomically: true, encoding: .utf8)
        var capabilities = richClient()
        capabilities.textDocument?.diagnostic = .init()
        let client = try TestClient()
        try await client.initialize(capabilities, rootUri: FileURI.uri(for: folder.path))
        let report = try await client.request(WorkspaceDiagnosticRequest())
        var byPath: [String: [Diagnostic]] = [:]
        for item in report.items { if case .full(let uri, _, _, let items) = item { byPath[FileURI.path(of: uri) ?? uri] = items } }
        let tables = byPath.keys.filter { $0.hasSuffix(".lproj/InfoPlist.strings") }
        #expect(tables.count == 3, "\(byPath.keys.sorted())")
        let deItems = try #require(byPath[de.standardizedFileURL.path] ?? byPath[de.path])
        #expect(deItems.contains { $0.code == .string("l10n-syntax") }, "\(deItems.map(\.message))")
        #expect(
            byPath.first { $0.key.hasSuffix("Telephone/Info.plist") }?.value.contains { $0.code == .string("l10n-untranslated") } == true)
    }
}
