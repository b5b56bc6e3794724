// Hover through the server: ranges in UTF-16 with multi-byte text in front, Markdown or plain text.
import LanguageServerProtocol
import Testing
import PlistTestSupport

@Suite struct FeatureHoverTests {
    @Test(arguments: multiBytePrefixes)
    func keyHoverRange(prefix: String) async throws {
        let (text, at) = lspMarked(
            withPrefix(
                "<plist><dict>\n\t<key>😀</key><string>中</string>\n\t<key>NSCamera1️⃣UsageDescription</key><string>x</string></dict></plist>",
                prefix))
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
        let (text, at) = lspMarked(
            withPrefix("<plist><dict><key>CFBundleName</key><string>é$(PRODUCT_1️⃣NAME)</string></dict></plist>", prefix))
        let client = try await openedClient(text)
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: featureURI), position: at[0])))
        let range = try #require(hover.range)
        #expect(text[stringIndex(of: range.start, in: text)..<stringIndex(of: range.end, in: text)] == "$(PRODUCT_NAME)")
    }

    /// #28: Neovim's `^` then `K` puts the cursor on the `<` of `<key>` (the LSP position before
    /// it); the hover is the key's, as one character further.
    @Test func onTheFirstCharacterOfATag() async throws {
        let (text, at) = lspMarked("<plist><dict>\n\t1️⃣<key>NSCameraUsageDescription</key>\n\t2️⃣<string>x</string>\n</dict></plist>")
        let client = try await openedClient(text)
        let key = try #require(try await client.request(HoverRequest(textDocument: .init(uri: featureURI), position: at[0])))
        #expect(key.contents.value.contains("Privacy - Camera Usage Description"))
        let value = try #require(try await client.request(HoverRequest(textDocument: .init(uri: featureURI), position: at[1])))
        #expect(value.contents.value.contains("NSCameraUsageDescription"))
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

    /// Hovering any tag of an entry shows what hovering its text shows (so `K` on a diagnostic's
    /// start, which is usually a tag, is never "No information").
    @Test(arguments: [
        ("\t<1️⃣key>NSCameraUsageDescription</key><string>Scan</string>", "Privacy - Camera Usage Description"),
        ("\t<key>NSCameraUsageDescription</k1️⃣ey><string>Scan</string>", "Privacy - Camera Usage Description"),
        ("\t<key>NSCameraUsageDescription</key><str1️⃣ing>Scan</string>", "Privacy - Camera Usage Description"),
        ("\t<key>NSCameraUsageDescription</key><string>Scan</st1️⃣ring>", "Privacy - Camera Usage Description"),
        ("\t<key>UIFileSharingEnabled</key><tr1️⃣ue/>", "UIFileSharingEnabled"),
        ("\t<key>NSAppTransportSecurity</key><d1️⃣ict><key>NSAllowsArbitraryLoads</key><false/></dict>", "NSAppTransportSecurity"),
        ("\t<key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><false/></di1️⃣ct>", "NSAppTransportSecurity"),
        ("\t<key>UIBackgroundModes</key><arr1️⃣ay><string>audio</string></array>", "UIBackgroundModes"),
        ("\t<key>UIBackgroundModes</key><array><str1️⃣ing>audio</string></array>", "audio"),
    ])
    func hoverOnEveryTagOfAnEntry(entry: String, expected: String) async throws {
        let (text, at) = lspMarked("<plist version=\"1.0\"><dict>\n\(entry)\n</dict></plist>")
        let client = try await openedClient(text)
        let hover = try #require(
            try await client.request(HoverRequest(textDocument: .init(uri: featureURI), position: at[0])), "no hover in \(entry)")
        #expect(hover.contents.value.contains(expected), "\(entry): \(hover.contents.value.prefix(120))")
        let range = try #require(hover.range)
        let covered = text[stringIndex(of: range.start, in: text)..<stringIndex(of: range.end, in: text)]
        #expect(covered.hasPrefix("<"), "the range covers the element, not \(covered)")
    }
}
