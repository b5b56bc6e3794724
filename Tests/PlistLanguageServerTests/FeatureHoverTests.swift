// Hover through the server: ranges in UTF-16 with multi-byte text in front, Markdown or plain text.
import LanguageServerProtocol
import Testing

@Suite struct FeatureHoverTests {
    @Test(arguments: multiBytePrefixes)
    func keyHoverRange(prefix: String) async throws {
        let (text, at) = lspMarked(withPrefix("<plist><dict>\n\t<key>😀</key><string>中</string>\n\t<key>NSCamera1️⃣UsageDescription</key><string>x</string></dict></plist>", prefix))
        let client = try await openedClient(text)
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: featureURI), position: at[0])))
        #expect(hover.contents.kind == .markdown)
        #expect(hover.contents.value.contains("Privacy - Camera Usage Description"))
        let range = try #require(hover.range)
        let covered = text[stringIndex(of: range.start, in: text)..<stringIndex(of: range.end, in: text)]
        #expect(covered == "NSCameraUsageDescription")
    }

    @Test(arguments: multiBytePrefixes)
    func buildSettingRange(prefix: String) async throws {
        let (text, at) = lspMarked(withPrefix("<plist><dict><key>CFBundleName</key><string>é$(PRODUCT_1️⃣NAME)</string></dict></plist>", prefix))
        let client = try await openedClient(text)
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: featureURI), position: at[0])))
        let range = try #require(hover.range)
        #expect(text[stringIndex(of: range.start, in: text)..<stringIndex(of: range.end, in: text)] == "$(PRODUCT_NAME)")
    }

    @Test func plainTextWhenTheClientAsks() async throws {
        let (text, at) = lspMarked("<plist><dict><key>UIBackground1️⃣Modes</key><array/></dict></plist>")
        let client = try await openedClient(text, capabilities: richClient(markdown: false))
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: featureURI), position: at[0])))
        #expect(hover.contents.kind == .plaintext)
        #expect(!hover.contents.value.contains("**"))
    }

    @Test func nothingOverMarkup() async throws {
        let (text, at) = lspMarked("<plist><di1️⃣ct></dict></plist>")
        let client = try await openedClient(text)
        #expect(try await client.request(HoverRequest(textDocument: .init(uri: featureURI), position: at[0])) == nil)
    }
}
