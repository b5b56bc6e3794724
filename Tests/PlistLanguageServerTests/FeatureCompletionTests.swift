// Completion through the server: positions in UTF-16 with multi-byte text in front, snippets per
// client capability, label details, tags and documentation on resolve.
import LanguageServerProtocol
import Testing

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
        #expect(applying(edit, to: text) == withPrefix("<plist><dict>\n\t<key>NSCameraUsageDescription</key>\n</dict></plist>", prefix))
    }

    @Test(arguments: multiBytePrefixes)
    func wholeEntryOnAnEmptyLineWithMultiByteKeysAbove(prefix: String) async throws {
        let (text, list) = try await completion(withPrefix("<plist><dict>\n\t<key>Ünïcødé 😀</key><string>中文</string>\n\tUIRequiresF1️⃣\n</dict></plist>", prefix),
                                                capabilities: richClient(snippets: false))
        let item = try #require(list.items.first { $0.label == "UIRequiresFullScreen" })
        #expect(item.insertTextFormat == .plainText)
        guard case .textEdit(let edit) = item.textEdit else { Issue.record("no text edit"); return }
        #expect(applying(edit, to: text) == withPrefix("<plist><dict>\n\t<key>Ünïcødé 😀</key><string>中文</string>\n\t<key>UIRequiresFullScreen</key>\n\t<true/>\n</dict></plist>", prefix))
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

    @Test func announcedWithTriggerCharacters() async throws {
        let client = try TestClient()
        let result = try await client.initialize(richClient())
        #expect(result.capabilities.completionProvider?.triggerCharacters == ["<", "/", ">"])
        #expect(result.capabilities.completionProvider?.resolveProvider == true)
    }
}
