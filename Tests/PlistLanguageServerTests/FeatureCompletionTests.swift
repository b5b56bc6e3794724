// Completion through the server: positions in UTF-16 with multi-byte text in front, snippets per
// client capability, label details, tags and documentation on resolve.
import LanguageServerProtocol
import Testing
import PlistTestSupport
import PlistSupport

@Suite struct FeatureCompletionTests {
    func completion(_ marked: String, capabilities: ClientCapabilities = richClient()) async throws -> (String, CompletionList) {
        let (text, at) = lspMarked(marked)
        let client = try await openedClient(text, capabilities: capabilities)
        let list = try #require(try await client.request(CompletionRequest(textDocument: .init(uri: featureURI), position: at[0])))
        return (text, list)
    }

    @Test(arguments: multiBytePrefixes)
    func halfTypedKey(prefix: String) async throws {
        let (text, list) = try await completion(withPrefix("<plist><dict>\n\t<key>NSCa1️⃣</key>\n</dict></plist>", prefix))
        let item = try #require(list.items.first { $0.label == "NSCameraUsageDescription" })
        #expect(item.labelDetails?.description == "Privacy - Camera Usage Description")
        #expect(item.kind == .property)
        guard case .textEdit(let edit) = item.textEdit else { Issue.record("no text edit"); return }
        // Closed (as automatic close tags leave it) and without a value: the value's skeleton too.
        #expect(
            applying(edit, to: text)
                == withPrefix("<plist><dict>\n\t<key>NSCameraUsageDescription</key>\n\t<string>$1</string>$0\n</dict></plist>", prefix))
    }

    @Test(arguments: multiBytePrefixes)
    func wholeEntryOnAnEmptyLineWithMultiByteKeysAbove(prefix: String) async throws {
        let (text, list) = try await completion(
            withPrefix("<plist><dict>\n\t<key>Ünïcødé 😀</key><string>中文</string>\n\tUIRequiresF1️⃣\n</dict></plist>", prefix),
            capabilities: richClient(snippets: false))
        let item = try #require(list.items.first { $0.label == "UIRequiresFullScreen" })
        #expect(item.insertTextFormat == .plainText)
        guard case .textEdit(let edit) = item.textEdit else { Issue.record("no text edit"); return }
        #expect(
            applying(edit, to: text)
                == withPrefix(
                    "<plist><dict>\n\t<key>Ünïcødé 😀</key><string>中文</string>\n\t<key>UIRequiresFullScreen</key>\n\t<true/>\n</dict></plist>",
                    prefix))
    }

    @Test func snippetsWhenTheClientTakesThem() async throws {
        let (_, all) = try await completion("<plist><dict>\n\t1️⃣\n</dict></plist>")
        #expect(all.items.first?.label == "CFBundleIdentifier")
        #expect(all.isIncomplete)
        let (_, list) = try await completion("<plist><dict>\n\tUIRequiresF1️⃣\n</dict></plist>")
        let item = try #require(list.items.first { $0.label == "UIRequiresFullScreen" })
        #expect(item.insertTextFormat == .snippet)
        guard case .textEdit(let edit) = item.textEdit else { Issue.record("no text edit"); return }
        #expect(edit.newText.contains("${1|true,false|}"))
    }

    @Test func deprecatedKeysAreTagged() async throws {
        let (_, list) = try await completion("<plist><dict>\n\t<key>UILaunchIm1️⃣</key>\n</dict></plist>")
        let item = try #require(list.items.first { $0.label == "UILaunchImageFile" })
        #expect(item.tags == [.deprecated])
    }

    @Test func resolveRendersTheKeyDocumentation() async throws {
        let (text, at) = lspMarked("<plist><dict>\n\t<key>camera1️⃣</key>\n</dict></plist>")
        let client = try await openedClient(text)
        let list = try #require(try await client.request(CompletionRequest(textDocument: .init(uri: featureURI), position: at[0])))
        let item = try #require(list.items.first { $0.label == "NSCameraUsageDescription" })
        #expect(item.documentation == nil)
        let resolved = try await client.request(CompletionItemResolveRequest(item: item))
        guard case .markup(let doc) = resolved.documentation else { Issue.record("no documentation"); return }
        #expect(doc.kind == .markdown)
        #expect(doc.value.contains("**NSCameraUsageDescription**"))
        #expect(doc.value.contains("developer.apple.com"))
    }

    @Test(arguments: multiBytePrefixes)
    func valuesAndCloseTagsInBrokenText(prefix: String) async throws {
        let (text, list) = try await completion(withPrefix("<plist><dict><key>UIBackgroundModes</key><array><string>fe1️⃣", prefix))
        let item = try #require(list.items.first { $0.label == "fetch" })
        guard case .textEdit(let edit) = item.textEdit else { Issue.record("no text edit"); return }
        #expect(applying(edit, to: text) == withPrefix("<plist><dict><key>UIBackgroundModes</key><array><string>fetch</string>", prefix))
        let (t2, close) = try await completion(withPrefix("<plist><dict><key>😀</key><string>x</st1️⃣\n<key>B</key>", prefix))
        guard case .textEdit(let e2) = try #require(close.items.first).textEdit else { Issue.record("no text edit"); return }
        #expect(applying(e2, to: t2) == withPrefix("<plist><dict><key>😀</key><string>x</string>\n<key>B</key>", prefix))
    }

    /// #28: a new entry typed with tabs (Emacs's nxml) into a privacy manifest indented with two
    /// spaces, its reasons' `<string>` still open, gets the four reasons of its category.
    @Test func reasonsInATabIndentedEntryOfASpaceIndentedFile() async throws {
        let marked =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n  <key>NSPrivacyAccessedAPITypes</key>\n  <array>\n"
            + "    <dict>\n      <key>NSPrivacyAccessedAPIType</key>\n      <string>NSPrivacyAccessedAPICategoryUserDefaults</string>\n"
            + "      <key>NSPrivacyAccessedAPITypeReasons</key>\n      <array>\n        <string>CA92.1</string>\n      </array>\n    </dict>\n"
            + "\t\t<dict>\n\t\t\t<key>NSPrivacyAccessedAPIType</key>\n\t\t\t<string>NSPrivacyAccessedAPICategoryFileTimestamp</string>\n"
            + "\t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>\n\t\t\t<array>\n\t\t\t\t<string>1️⃣\n  </array>\n  <key>NSPrivacyTracking</key>\n  <false/>\n</dict>\n</plist>\n"
        let (text, at) = lspMarked(marked)
        let client = try await openedClient(text, uri: "file:///App/PrivacyInfo.xcprivacy")
        let list = try #require(
            try await client.request(CompletionRequest(textDocument: .init(uri: "file:///App/PrivacyInfo.xcprivacy"), position: at[0])))
        #expect(Set(list.items.map(\.label)) == ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"])
    }

    /// #30: the architecture keys of LSMinimumSystemVersionByArchitecture, with their docs, and the
    /// values of the legacy NSThirdPartyExceptionMinimumTLSVersion.
    @Test func architectureKeysAndLegacyTLSValues() async throws {
        let (_, arch) = try await completion(
            "<plist><dict>\n\t<key>LSMinimumSystemVersionByArchitecture</key>\n\t<dict>\n\t\t<key>1️⃣</key>\n\t</dict>\n</dict></plist>")
        #expect(Set(arch.items.map(\.label)) == ["arm64", "x86_64", "i386", "ppc", "ppc64"])
        let (text, at) = lspMarked(
            "<plist><dict>\n\t<key>LSMinimumSystemVersionByArchitecture</key>\n\t<dict>\n\t\t<key>arm1️⃣64</key>\n\t\t<string>11.0.0</string>\n\t</dict>\n</dict></plist>"
        )
        let client = try await openedClient(text)
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: featureURI), position: at[0])))
        #expect(hover.contents.value.contains("Apple silicon"))
        let (_, tls) = try await completion(
            "<plist><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict><key>example.com</key><dict>"
                + "<key>NSThirdPartyExceptionMinimumTLSVersion</key><string>1️⃣</string></dict></dict></dict></dict></plist>")
        #expect(tls.items.map(\.label) == ["TLSv1.0", "TLSv1.1", "TLSv1.2"])
    }

    @Test func announcedWithTriggerCharacters() async throws {
        let client = try TestClient()
        let result = try await client.initialize(richClient())
        #expect(result.capabilities.completionProvider?.triggerCharacters == ["<", "/", ">"])
        #expect(result.capabilities.completionProvider?.resolveProvider == true)
    }

    // MARK: Clients that insert an item's text as a word

    /// `textDocument.completion` exactly as Neovim 0.7.2 sends it (`make_client_capabilities()`).
    static let neovim07 = """
        {"dynamicRegistration":false,"completionItemKind":{"valueSet":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25]},\
        "contextSupport":false,"completionItem":{"documentationFormat":["markdown","plaintext"],"snippetSupport":false,\
        "commitCharactersSupport":false,"preselectSupport":false,"deprecatedSupport":false}}
        """
    /// Eglot 1.9 with yasnippet (it declares snippets only then); it applies edits but says nothing of it.
    static let eglot19 = """
        {"dynamicRegistration":false,"completionItem":{"snippetSupport":true,"deprecatedSupport":true,"tagSupport":{"valueSet":[1]}},"contextSupport":true}
        """

    static func capabilities(completion json: String) throws -> ClientCapabilities {
        let value = try JSONValue(parsing: "{\"textDocument\":{\"completion\":\(json)}}")
        return try value.decode(as: ClientCapabilities.self)
    }

    /// Places where the server used to propose text spanning lines (whole entries, value skeletons).
    static let multiLinePlaces = [
        "<plist><dict>\n\t<key>CFBundleName</key><string>A</string>\n\t1️⃣\n</dict></plist>",
        "<plist><dict>\n\t<key>CFBundleName</key><string>A</string>\n\tUIRequiresF1️⃣\n</dict></plist>",
        "<plist><dict>\n\t<key>CFBundleName</key><string>A</string>\n\t<key>NSCam1️⃣\n</dict></plist>",
        "<plist><dict>\n\t<key>NSAppTransportSecurity</key>\n\t1️⃣\n</dict></plist>",
        "<plist><dict>\n\t<key>UIBackgroundModes</key>\n\t<1️⃣\n</dict></plist>",
        "<plist><dict>\n\t<key>CFBundleURLTypes</key>\n\t<array>\n\t\t1️⃣\n\t</array>\n</dict></plist>",
        "<plist>\n1️⃣\n</plist>",
    ]

    @Test(arguments: [neovim07, eglot19])
    func oneLineItemsForAClientThatMayInsertThemAsAWord(completion json: String) async throws {
        let capabilities = try Self.capabilities(completion: json)
        var offered = 0
        for marked in Self.multiLinePlaces {
            let (_, list) = try await completion(marked, capabilities: capabilities)
            for item in list.items {
                guard case .textEdit(let edit) = item.textEdit else { Issue.record("no text edit: \(item.label)"); continue }
                #expect(!edit.newText.contains("\n") && !edit.newText.contains("\r"), "\(item.label) in \(marked): \(edit.newText)")
                #expect(item.insertText.map { !$0.contains("\n") } ?? true)
            }
            offered += list.items.count
        }
        #expect(offered > 20)
        // The key alone, closed on its line: `<key>NSCam` becomes `<key>NSCameraUsageDescription</key>`.
        let (text, list) = try await completion(Self.multiLinePlaces[2], capabilities: capabilities)
        let camera = try #require(list.items.first { $0.label == "NSCameraUsageDescription" })
        guard case .textEdit(let edit) = camera.textEdit else { Issue.record("no text edit"); return }
        #expect(
            applying(edit, to: text)
                == "<plist><dict>\n\t<key>CFBundleName</key><string>A</string>\n\t<key>NSCameraUsageDescription</key>\n</dict></plist>")
        let (empty, entries) = try await completion(Self.multiLinePlaces[1], capabilities: capabilities)
        let fullScreen = try #require(entries.items.first { $0.label == "UIRequiresFullScreen" })
        guard case .textEdit(let entry) = fullScreen.textEdit else { Issue.record("no text edit"); return }
        #expect(
            applying(entry, to: empty)
                == "<plist><dict>\n\t<key>CFBundleName</key><string>A</string>\n\t<key>UIRequiresFullScreen</key>\n</dict></plist>")
    }

    @Test(arguments: [
        TextDocumentClientCapabilities.Completion.CompletionItem(snippetSupport: true, insertReplaceSupport: true),
        TextDocumentClientCapabilities.Completion.CompletionItem(snippetSupport: false, insertTextModeSupport: ValueSet(valueSet: [1, 2])),
    ])
    func wholeEntriesForAClientThatAppliesEdits(item: TextDocumentClientCapabilities.Completion.CompletionItem) async throws {
        let capabilities = ClientCapabilities(textDocument: TextDocumentClientCapabilities(completion: .init(completionItem: item)))
        let (_, list) = try await completion(Self.multiLinePlaces[1], capabilities: capabilities)
        let fullScreen = try #require(list.items.first { $0.label == "UIRequiresFullScreen" })
        guard case .textEdit(let edit) = fullScreen.textEdit else { Issue.record("no text edit"); return }
        #expect(edit.newText.hasPrefix("<key>UIRequiresFullScreen</key>\n\t<"))
        let (_, dict) = try await completion(Self.multiLinePlaces[3], capabilities: capabilities)
        let skeleton = try #require(dict.items.first { $0.label == "<dict>" })
        guard case .textEdit(let body) = skeleton.textEdit else { Issue.record("no text edit"); return }
        #expect(body.newText.contains("\n"))
    }
}

// MARK: Tags typed on their own line (issue #38, point 4)

extension FeatureCompletionTests {
    /// A half-typed tag on a line of its own, before the container's close tag: in a dictionary
    /// after a key, and among an array's items. The tag was left unterminated, so the parser's
    /// start tag ran on to the next `<`: the edit took the line break and the next line's
    /// indentation, and `\t<t` + `true` became `\t<true/></dict>`.
    static let tagPlaces = [
        "<plist><dict>\n\t<key>UIRequiresFullScreen</key>\n\t<PREFIX1️⃣\n</dict></plist>",
        "<plist><dict>\n\t<key>UIBackgroundModes</key>\n\t<array>\n\t\t<string>audio</string>\n\t\t<PREFIX1️⃣\n\t</array>\n</dict></plist>",
        "<plist><dict>\n\t<key>CFBundleName</key>\n\t<string>A</string>\n\t<PREFIX1️⃣\n</dict></plist>",
    ]

    @Test(arguments: ["t", "s", "k", "f", "a", "d", "i"], [FeatureCompletionTests.neovim07, FeatureCompletionTests.eglot19, nil])
    func aTagTypedOnItsOwnLineIsCompletedOnThatLine(prefix: String, completion json: String?) async throws {
        let capabilities = try json.map { try Self.capabilities(completion: $0) } ?? richClient()
        var offered = 0
        for place in Self.tagPlaces {
            let marked = place.replacingOccurrences(of: "PREFIX", with: prefix)
            let (text, at) = lspMarked(marked)
            let (_, list) = try await completion(marked, capabilities: capabilities)
            let lines = text.components(separatedBy: "\n")
            for item in list.items {
                guard case .textEdit(let edit) = item.textEdit else { Issue.record("no text edit: \(item.label)"); continue }
                // The LSP's rule for a completion edit: one line, and the cursor inside it.
                #expect(
                    edit.range.start.line == at[0].line && edit.range.end.line == at[0].line, "\(item.label) in \(marked): \(edit.range)")
                #expect(
                    edit.range.start.character <= at[0].character && at[0].character <= edit.range.end.character,
                    "\(item.label): \(edit.range)")
                // Every other line stays as it was, the next one's indentation included.
                let after = applying(edit, to: text).components(separatedBy: "\n")
                let added = edit.newText.components(separatedBy: "\n").count - 1
                #expect(Array(after.prefix(at[0].line)) == Array(lines.prefix(at[0].line)))
                #expect(
                    Array(after.suffix(lines.count - at[0].line - 1)) == Array(lines.suffix(lines.count - at[0].line - 1)),
                    "\(item.label) in \(marked):\n\(applying(edit, to: text))")
                #expect(after.count == lines.count + added)
                offered += 1
            }
        }
        if ["t", "s", "k", "f", "a"].contains(prefix) { #expect(offered > 0, "nothing offered for <\(prefix)") }
    }

    @Test func theChosenTagReplacesWhatWasTyped() async throws {
        let capabilities = try Self.capabilities(completion: Self.neovim07)  // plain text, no snippets
        let boolean = Self.tagPlaces[0].replacingOccurrences(of: "PREFIX", with: "t")
        let (text, list) = try await completion(boolean, capabilities: capabilities)
        let yes = try #require(list.items.first { $0.label == "true" }, "\(list.items.map(\.label))")
        guard case .textEdit(let edit) = yes.textEdit else { Issue.record("no text edit"); return }
        #expect(applying(edit, to: text) == "<plist><dict>\n\t<key>UIRequiresFullScreen</key>\n\t<true/>\n</dict></plist>")
        let item = Self.tagPlaces[1].replacingOccurrences(of: "PREFIX", with: "s")
        let (itemText, items) = try await completion(item, capabilities: capabilities)
        let string = try #require(items.items.first { $0.label == "string" }, "\(items.items.map(\.label))")
        guard case .textEdit(let stringEdit) = string.textEdit else { Issue.record("no text edit"); return }
        #expect(
            applying(stringEdit, to: itemText)
                == "<plist><dict>\n\t<key>UIBackgroundModes</key>\n\t<array>\n\t\t<string>audio</string>\n\t\t<string></string>\n\t</array>\n</dict></plist>"
        )
    }

    /// Wherever the server completes, each edit's range is one line holding the cursor.
    @Test(
        arguments: FeatureCompletionTests.multiLinePlaces + [
            "<plist><dict>\n\t<key>NSCam1️⃣\n\t<string>x</string>\n</dict></plist>",
            "<plist><dict>\n\t<key>UIUserInterfaceStyle</key>\n\t<string>Da1️⃣\n</dict></plist>",
            "<plist><dict>\n\t<key>A</key>\n\t<string>x</string>\n\t</di1️⃣\n</plist>",
            "<plist><dict>\n\t<key>A</key>\n\t<string>x</string>\n\t</1️⃣\n</plist>",
        ])
    func everyEditRangeIsOneLineHoldingTheCursor(_ marked: String) async throws {
        let (_, at) = lspMarked(marked)
        let (_, list) = try await completion(marked)
        for item in list.items {
            guard case .textEdit(let edit) = item.textEdit else { Issue.record("no text edit: \(item.label)"); continue }
            #expect(edit.range.start.line == at[0].line && edit.range.end.line == at[0].line, "\(item.label) in \(marked): \(edit.range)")
            #expect(
                edit.range.start.character <= at[0].character && at[0].character <= edit.range.end.character, "\(item.label): \(edit.range)"
            )
        }
    }
}
