// Outline, folding, selection ranges and inlay hints through the server, in UTF-16 positions
// with multi-byte text in front.
import LanguageServerProtocol
import Testing
import PlistTestSupport
import PlistSupport

@Suite struct FeatureNavigationTests {
    static let text = """
        <plist>
        <dict>
        \(PlistText.urlTypesEntry)\t<key>NSCameraUsageDescription</key>
        \t<string>Scan 📷 codes</string>
        </dict>
        </plist>
        """

    func covered(_ range: LSPRange, in text: String) -> Substring {
        text[stringIndex(of: range.start, in: text)..<stringIndex(of: range.end, in: text)]
    }

    @Test(arguments: multiBytePrefixes)
    func documentSymbols(prefix: String) async throws {
        let text = withPrefix(Self.text, prefix)
        let client = try await openedClient(text)
        let symbols = try #require(try await client.request(DocumentSymbolRequest(textDocument: .init(uri: featureURI))))
        #expect(symbols.map(\.name) == ["CFBundleURLTypes", "NSCameraUsageDescription"])
        #expect(symbols[0].kind == .array)
        #expect(symbols[0].children?.first?.children?.first?.name == "CFBundleURLSchemes")
        // This client shows no inlay hints: the Xcode name leads the detail.
        #expect(symbols[1].detail == "Privacy - Camera Usage Description · string")
        #expect(symbols[0].children?.first?.children?.first?.children?.map(\.name) == ["myapp"])
        #expect(covered(symbols[1].selectionRange, in: text) == "NSCameraUsageDescription")
        #expect(covered(symbols[1].range, in: text).hasSuffix("Scan 📷 codes</string>"))
    }

    @Test func clientsWithInlayHintsGetTheTypeFirst() async throws {
        var capabilities = richClient()
        capabilities.textDocument?.inlayHint = .init()
        let client = try await openedClient(Self.text, capabilities: capabilities)
        let symbols = try #require(try await client.request(DocumentSymbolRequest(textDocument: .init(uri: featureURI))))
        #expect(symbols[1].detail == "string · Privacy - Camera Usage Description")
        // The same client with the hints turned off in the settings reads the names in the outline.
        let off = try await openedClient(Self.text, capabilities: capabilities, options: ["settings": ["inlayHints": false]])
        let again = try #require(try await off.request(DocumentSymbolRequest(textDocument: .init(uri: featureURI))))
        #expect(again[1].detail == "Privacy - Camera Usage Description · string")
    }

    /// The outline is encoded once per version, style and kind, and sent again when asked again
    /// (issue #39, point 9: a client flooding documentSymbol costs the daemon little): asked again,
    /// it is the same; after the settings change the style, or an edit makes a new version, it is
    /// the new one, never the one kept.
    @Test func anOutlineAskedAgainIsTheSameAndASettingOrAnEditChangesIt() async throws {
        var capabilities = richClient()
        capabilities.textDocument?.inlayHint = .init()
        let client = try await openedClient(Self.text, capabilities: capabilities)
        let request = DocumentSymbolRequest(textDocument: .init(uri: featureURI))
        let first = try #require(try await client.request(request))
        let again = try #require(try await client.request(request))
        #expect(first == again)
        #expect(first[1].detail == "string · Privacy - Camera Usage Description")
        try client.send(DidChangeConfigurationNotification(settings: ["plist": ["inlayHints": false]]))
        try await client.barrier()
        let styled = try #require(try await client.request(request))
        #expect(styled[1].detail == "Privacy - Camera Usage Description · string")
        try client.change(
            featureURI, version: 2,
            [
                TextDocumentContentChangeEvent(
                    text: Self.text.replacingOccurrences(of: "NSCameraUsageDescription", with: "NSMicrophoneUsageDescription"))
            ])
        let edited = try #require(try await client.request(request))
        #expect(edited.map(\.name) == ["CFBundleURLTypes", "NSMicrophoneUsageDescription"])
        #expect(edited[1].detail == "Privacy - Microphone Usage Description · string")
    }

    @Test func foldingRanges() async throws {
        let client = try await openedClient(Self.text + "\n<!--\nlong\n-->\n")
        let ranges = try #require(try await client.request(FoldingRangeRequest(textDocument: .init(uri: featureURI))))
        #expect(ranges.map { "\($0.startLine)-\($0.endLine)\($0.kind == .comment ? "c" : "")" } == ["1-10", "3-7", "4-6", "13-15c"])
    }

    @Test(arguments: multiBytePrefixes)
    func selectionRanges(prefix: String) async throws {
        let (text, at) = lspMarked(withPrefix(Self.text.replacingOccurrences(of: "Scan 📷 codes", with: "Scan 📷 co1️⃣des"), prefix))
        let client = try await openedClient(text)
        let result = try #require(try await client.request(SelectionRangeRequest(textDocument: .init(uri: featureURI), positions: at)))
        var shown: [Substring] = []
        var current: SelectionRange? = result.first
        while let r = current { shown.append(covered(r.range, in: text)); current = r.parent }
        #expect(
            Array(shown.prefix(4)) == [
                "codes", "Scan 📷 codes", "<string>Scan 📷 codes</string>",
                "<key>NSCameraUsageDescription</key>\n\t<string>Scan 📷 codes</string>",
            ])
        #expect(shown.last == Substring(text))
    }

    @Test(arguments: multiBytePrefixes)
    func inlayHints(prefix: String) async throws {
        let text = withPrefix(Self.text, prefix)
        let client = try await openedClient(text)
        let whole = LSPRange(start: Position(line: 0, character: 0), end: Position(line: 20, character: 0))
        let hints = try #require(try await client.request(InlayHintRequest(textDocument: .init(uri: featureURI), range: whole)))
        #expect(hints.map(\.label) == [.string("URL types"), .string("URL Schemes"), .string("Privacy - Camera Usage Description")])
        let camera = try #require(hints.last)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)[camera.position.line]
        #expect(String(String(line).utf16.prefix(camera.position.character)) == "\t<key>NSCameraUsageDescription</key>")
    }

    @Test(arguments: [
        ["inlayHints": false] as JSONValue,
        ["plist": ["inlayHints": false]],
        ["inlayHints": ["enabled": false]],
    ])
    func inlayHintsSwitchOff(settings: JSONValue) async throws {
        // The same text shows three hints when they are on (inlayHints above).
        let client = try await openedClient(Self.text, options: .object(["settings": settings]))
        let whole = LSPRange(start: Position(line: 0, character: 0), end: Position(line: 20, character: 0))
        let hints = try await client.request(InlayHintRequest(textDocument: .init(uri: featureURI), range: whole))
        #expect(hints?.isEmpty ?? true, "settings \(settings)")
    }

    @Test func capabilitiesAnnounced() async throws {
        let client = try TestClient()
        let capabilities = try await client.initialize(richClient()).capabilities
        #expect(capabilities.hoverProvider != nil)
        #expect(capabilities.documentSymbolProvider != nil)
        #expect(capabilities.foldingRangeProvider != nil)
        #expect(capabilities.selectionRangeProvider != nil)
        #expect(capabilities.inlayHintProvider != nil)
    }
}
