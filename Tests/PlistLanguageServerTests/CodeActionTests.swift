// Code actions through the server: quick fixes linked to their diagnostics, fix-all, diagnostics
// linked to their rule docs, and rule configuration from the client.
import LanguageServerProtocol
import PlistAnalysis
import Testing
import PlistTestSupport
import PlistSupport

@Suite struct CodeActionTests {
    @Test(arguments: multiBytePrefixes)
    func addMissingUsageDescription(prefix: String) async throws {
        let (text, at) = lspMarked(
            withPrefix(
                "<plist>\n<dict>\n\t<key>CFBundleName</key>\n\t<string>é</string>\n\t<key>UIRequiredDeviceCapabilities</key>\n\t<array>\n\t\t<string>still-1️⃣camera</string>\n\t</array>\n</dict>\n</plist>\n",
                prefix))
        let client = try await openedClient(text)
        let actions = try await codeActions(client, LSPRange(at[0]))
        let add = try #require(actions.first { $0.title == "Add NSCameraUsageDescription" })
        #expect(add.kind == .quickFix)
        #expect(add.isPreferred == true)
        #expect(add.diagnostics?.first?.code == .string("privacy-missing-usage-description"))
        // The keys are in alphabetical order: the new one takes its place among them.
        let fixed = apply(add.edit, to: text)
        #expect(
            fixed.hasSuffix(
                "\t<string>é</string>\n\t<key>NSCameraUsageDescription</key>\n\t<string>TODO: explain why the app uses the camera</string>\n\t<key>UIRequiredDeviceCapabilities</key>\n\t<array>\n\t\t<string>still-camera</string>\n\t</array>\n</dict>\n</plist>\n"
            ))
    }

    /// #28: after key completion in a one-line client (eglot, Neovim's omnifunc) the key has no
    /// value yet; the diagnostic offers the value its type takes.
    @Test func aKeyWithoutValueGetsTheValueOfItsType() async throws {
        let (text, at) = lspMarked(
            "<plist>\n<dict>\n\t<key>NSCamera1️⃣UsageDescription</key>\n\t<key>UIRequires2️⃣FullScreen</key>\n</dict>\n</plist>\n")
        let client = try await openedClient(text)
        let camera = try #require(
            try await codeActions(client, LSPRange(at[0])).first { $0.title == "Add the <string> value of 'NSCameraUsageDescription'" })
        #expect(camera.kind == .quickFix)
        #expect(camera.diagnostics?.first?.code == .string("plist-key-without-value"))
        #expect(
            apply(camera.edit, to: text)
                == "<plist>\n<dict>\n\t<key>NSCameraUsageDescription</key>\n\t<string>TODO: explain why the app uses the camera</string>\n\t<key>UIRequiresFullScreen</key>\n</dict>\n</plist>\n"
        )
        let fullScreen = try #require(
            try await codeActions(client, LSPRange(at[1])).first {
                $0.title.hasPrefix("Add the ") && $0.title.hasSuffix("'UIRequiresFullScreen'")
            })
        #expect(
            apply(fullScreen.edit, to: text)
                == "<plist>\n<dict>\n\t<key>NSCameraUsageDescription</key>\n\t<key>UIRequiresFullScreen</key>\n\t<true/>\n</dict>\n</plist>\n"
        )
    }

    static let cameraText =
        "<plist>\n<dict>\n\t<key>UIRequiredDeviceCapabilities</key>\n\t<array>\n\t\t<string>still-camera</string>\n\t</array>\n\t<key>NSMicrophoneUsageDescription</key>\n\t<string>Talk.</string>\n\t<key>CFBundleName</key>\n\t<string>Demo</string>\n</dict>\n</plist>\n"

    /// The edit of `Add NSCameraUsageDescription` as the client receives it.
    func addCamera(_ capabilities: ClientCapabilities) async throws -> JSONValue {
        let client = try await openedClient(Self.cameraText, capabilities: capabilities)
        let id = try client.sendRequest(
            CodeActionRequest(
                textDocument: .init(uri: featureURI), range: LSPRange(position(4, 3)),
                context: CodeActionContext(diagnostics: [])))
        let actions = try await client.response(to: id)["result"]?.arrayValue ?? []
        return try #require(actions.first { $0["title"]?.stringValue == "Add NSCameraUsageDescription" }?["edit"])
    }

    @Test func theCursorLandsInTheValueWhereTheClientTakesSnippetEdits() async throws {
        var capabilities = richClient()
        capabilities.workspace = WorkspaceClientCapabilities(workspaceEdit: .init(documentChanges: true, snippetEditSupport: true))
        let edit = try await addCamera(capabilities)
        let change = try #require(edit["documentChanges"]?.arrayValue?.first?["edits"]?.arrayValue?.first)
        #expect(change["newText"] == nil)
        #expect(change["snippet"]?["kind"] == "snippet")
        // Beside the other usage description, the placeholder selected, the cursor after the entry.
        #expect(
            change["snippet"]?["value"]
                == "\n\t<key>NSCameraUsageDescription</key>\n\t<string>${1:TODO: explain why the app uses the camera}</string>$0")
        #expect(change["range"]?["start"] == ["line": 5, "character": 9])
    }

    @Test func rustAnalyzersSnippetEditsAreHonouredToo() async throws {
        var capabilities = richClient()
        capabilities.experimental = ["snippetTextEdit": true]
        let edit = try await addCamera(capabilities)
        let change = try #require(edit["documentChanges"]?.arrayValue?.first?["edits"]?.arrayValue?.first)
        #expect(change["insertTextFormat"] == 2)
        #expect(change["newText"]?.stringValue?.hasSuffix("<string>${1:TODO: explain why the app uses the camera}</string>$0") == true)
    }

    @Test func plainTextForClientsWithoutSnippetEdits() async throws {
        // Completion snippets say nothing about edits in code actions.
        let edit = try await addCamera(richClient(snippets: true))
        let change = try #require(edit["changes"]?[featureURI]?.arrayValue?.first)
        #expect(change["insertTextFormat"] == nil && change["snippet"] == nil)
        #expect(
            change["newText"] == "\n\t<key>NSCameraUsageDescription</key>\n\t<string>TODO: explain why the app uses the camera</string>")
    }

    @Test func versionedEditsWhenTheClientSupportsThem() async throws {
        let (text, at) = lspMarked("<plist><dict><key>A</key><string>x</str1️⃣ng></dict></plist>")
        var capabilities = richClient()
        capabilities.workspace = WorkspaceClientCapabilities(workspaceEdit: .init(documentChanges: true))
        let client = try await openedClient(text, capabilities: capabilities)
        let fix = try #require(try await codeActions(client, LSPRange(at[0])).first)
        #expect(fix.edit?.documentChanges?.first?.textDocument.version == 1)
        #expect(apply(fix.edit, to: text) == "<plist><dict><key>A</key><string>x</string></dict></plist>")
    }

    @Test func fixAllAppliesEverySafeFix() async throws {
        let text =
            "<plist>\n<dict>\n\t<key>A</key>\n\t<string>1</string>\n\t<key>UIRequiresFullScreen</key>\n\t<string>YES</string>\n\t<key>A</key>\n\t<string>Salt & Pepper</strin>\n</dict>\n</plist>\n"
        let client = try await openedClient(text)
        let actions = try await codeActions(client, LSPRange(position(0, 0)), only: [.sourceFixAll])
        #expect(actions.count == 1)
        let all = try #require(actions.first)
        #expect(all.kind == .sourceFixAll)
        // Fix-all repairs what Foundation cannot read (the bare '&', the misspelled end tag) and
        // nothing else: the duplicate and the Boolean written as a string stay for the author.
        let repaired =
            "<plist>\n<dict>\n\t<key>A</key>\n\t<string>1</string>\n\t<key>UIRequiresFullScreen</key>\n\t<string>YES</string>\n\t<key>A</key>\n\t<string>Salt &amp; Pepper</string>\n</dict>\n</plist>\n"
        #expect(apply(all.edit, to: text) == repaired)
        let converged = try FixApplication.fixAll(Array(text.utf8), path: "Info.plist")
        #expect(String(decoding: converged.text, as: UTF8.self) == repaired)
        #expect(try await codeActions(client, LSPRange(position(0, 0)), only: [.quickFix]).allSatisfy { $0.kind == .quickFix })
    }

    @Test func diagnosticsLinkTheirRuleAndRelatedOccurrences() async throws {
        let client = try await openedClient("<plist><dict><key>A</key><string>1</string><key>A</key><string>2</string></dict></plist>")
        let diagnostics = try await client.diagnostics(featureURI, version: 1)
        let first = try #require(diagnostics.first { $0.code == .string("plist-duplicate-key") })
        #expect(first.codeDescription?.href.hasSuffix("docs/diagnostics.md#plist-duplicate-key") == true)
        #expect(first.tags == [.unnecessary])
        #expect(first.relatedInformation?.count == 1)
    }

    @Test func rulesAreConfigurable() async throws {
        let text = "<plist><dict><key>A</key><string>1</string><key>A</key><string>2</string></dict></plist>"
        let options: JSONValue = ["settings": ["plist": ["rules": ["plist-duplicate-key": "off"]]]]
        let client = try await openedClient(text, options: options)
        #expect(only("plist-duplicate-key", try await client.diagnostics(featureURI, version: 1)).isEmpty)
        try client.send(DidChangeConfigurationNotification(settings: ["plist": ["rules": ["plist-duplicate-key": "error"]]]))
        try client.change(featureURI, version: 2, range: range(0, 0, 0, 0), " ")
        let diagnostics = only("plist-duplicate-key", try await client.diagnostics(featureURI, version: 2))
        #expect(!diagnostics.isEmpty && diagnostics.allSatisfy { $0.severity == .error })
    }

    @Test func anEmptyConfigurationChangeKeepsTheStartupSettings() async throws {
        // eglot sends `{}` right after connecting when the user configured nothing for the server.
        let text = "<plist><dict><key>A</key><string>1</string><key>A</key><string>2</string></dict></plist>"
        let options: JSONValue = ["settings": ["plist": ["rules": ["plist-duplicate-key": "off"]]]]
        let client = try await openedClient(text, options: options)
        try client.send(DidChangeConfigurationNotification(settings: [:]))
        try client.send(DidChangeConfigurationNotification(settings: .null))
        try client.change(featureURI, version: 2, range: range(0, 0, 0, 0), " ")
        #expect(only("plist-duplicate-key", try await client.diagnostics(featureURI, version: 2)).isEmpty)
    }
}
