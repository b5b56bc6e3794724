// Semantic tokens and document links through the server: tokens decoded back to the text they
// cover (positions counted independently in UTF-16), with multi-byte text in front.
import LanguageServerProtocol
import Testing
import PlistTestSupport

@Suite struct FeatureSemanticTokensTests {
    static let text = """
        <plist>
        <dict>
        \t<key>CFBundleName</key>
        \t<string>$(PRODUCT_NAME) Pro 📷</string>
        \t<key>NSCalendarsUsageDescription</key>
        \t<string>Plan ${TARGET}</string>
        \t<key>MyCustomKey</key>
        \t<integer>42</integer>
        \t<!-- a comment -->
        #ifdef DEBUG
        \t<key>Stamp</key>
        \t<date>2024-01-01T00:00:00Z</date>
        #endif
        \t<key>NSAppTransportSecurity</key>
        \t<dict>
        \t\t<key>NSExceptionDomains</key>
        \t\t<dict>
        \t\t\t<key>example.com</key>
        \t\t\t<dict/>
        \t\t</dict>
        \t</dict>
        \t<key>Blob</key>
        \t<data>AAAA
        \tBBBB</data>
        \t<key>UIFileSharingEnabled</key><true/>
        </dict>
        </plist>
        """

    struct Token: Equatable, CustomStringConvertible {
        var text: String
        var type: String
        var modifiers: [String]
        var description: String { "\(text)=\(type)\(modifiers.map { "." + $0 }.joined())" }
    }

    /// The tokens as (covered text, type, modifiers), decoding the relative integers with the legend.
    static func decode(_ data: [UInt32], legend: SemanticTokensLegend, text: String) -> [Token] {
        var out: [Token] = []
        var line = 0, character = 0
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array(String($0).utf16) }
        var i = 0
        while i + 4 < data.count {
            let dl = Int(data[i]), ds = Int(data[i + 1]), length = Int(data[i + 2])
            line += dl
            character = dl == 0 ? character + ds : ds
            let units = lines[line][character..<(character + length)]
            let modifiers = legend.tokenModifiers.enumerated().filter { data[i + 4] & (1 << UInt32($0.offset)) != 0 }.map(\.element)
            out.append(
                Token(text: String(decoding: units, as: UTF16.self), type: legend.tokenTypes[Int(data[i + 3])], modifiers: modifiers))
            i += 5
        }
        return out
    }

    @Test(arguments: multiBytePrefixes)
    func tokensClassifyKeysValuesAndReferences(prefix: String) async throws {
        let text = withPrefix(Self.text, prefix)
        let client = try TestClient()
        let capabilities = try await client.initialize(richClient()).capabilities
        let legend = try #require(capabilities.semanticTokensProvider?.legend)
        #expect(capabilities.semanticTokensProvider?.full == .value(SemanticTokensFullOptions(delta: true)))
        try client.open(featureURI, text)
        let result = try #require(try await client.request(SemanticTokensRequest(textDocument: .init(uri: featureURI))))
        let tokens = Self.decode(result.data, legend: legend, text: text).filter { $0.type != "comment" || !prefix.contains($0.text) }
        #expect(
            tokens.map(\.description) == [
                "CFBundleName=property.defaultLibrary",
                "$(PRODUCT_NAME)=variable", " Pro 📷=string",
                "NSCalendarsUsageDescription=property.deprecated.defaultLibrary",
                "Plan =string", "${TARGET}=variable",
                "MyCustomKey=property.custom", "42=number",
                "<!-- a comment -->=comment",
                "#ifdef DEBUG=macro",
                "Stamp=property.custom", "2024-01-01T00:00:00Z=number.date",
                "#endif=macro",
                "NSAppTransportSecurity=property.defaultLibrary",
                "NSExceptionDomains=property.defaultLibrary",
                "example.com=property.custom",
                "Blob=property.custom", "AAAA=string.data", "\tBBBB=string.data",
                "UIFileSharingEnabled=property.defaultLibrary", "<true/>=keyword",
            ])
    }

    @Test(arguments: [
        ("utf-8", [0, 18, 4, 0, 8, 0, 18, 6, 1, 0, 0, 20, 1, 0, 8] as [UInt32]),
        ("utf-16", [0, 18, 2, 0, 8, 0, 16, 3, 1, 0, 0, 17, 1, 0, 8]),
        ("utf-32", [0, 18, 1, 0, 8, 0, 15, 2, 1, 0, 0, 16, 1, 0, 8]),
    ])
    func columnsAndLengthsInTheNegotiatedEncoding(encoding: String, expected: [UInt32]) async throws {
        let client = try TestClient()
        let capabilities = ClientCapabilities(
            general: GeneralClientCapabilities(positionEncodings: [PositionEncodingKind(rawValue: encoding)]))
        #expect(try await client.initialize(capabilities).capabilities.positionEncoding?.rawValue == encoding)
        try client.open(featureURI, "<plist><dict><key>🔥</key><string>é📷</string><key>A</key><integer>1</integer></dict></plist>")
        let data = try #require(try await client.request(SemanticTokensRequest(textDocument: .init(uri: featureURI)))).data
        // 🔥 (a custom key), `é📷` (a string), A (a custom key): starts and lengths in the encoding's units.
        #expect(Array(data.prefix(15)) == expected)
    }

    @Test func otherPlistsGetNoKeyKnowledge() async throws {
        let client = try TestClient()
        let legend = try #require(try await client.initialize(richClient()).capabilities.semanticTokensProvider?.legend)
        let text = "<plist><dict><key>Volume</key><string>x</string></dict></plist>"
        try client.open("file:///tmp/Settings.plist", text)
        let result = try #require(try await client.request(SemanticTokensRequest(textDocument: .init(uri: "file:///tmp/Settings.plist"))))
        #expect(Self.decode(result.data, legend: legend, text: text).map(\.description) == ["Volume=property", "x=string"])
    }

    @Test func deltaAfterAnEdit() async throws {
        let client = try TestClient()
        let legend = try #require(try await client.initialize(richClient()).capabilities.semanticTokensProvider?.legend)
        try client.open(featureURI, Self.text)
        let first = try #require(try await client.request(SemanticTokensRequest(textDocument: .init(uri: featureURI))))
        let id = try #require(first.resultId)

        // Nothing changed: an empty delta.
        let same = try #require(
            try await client.request(SemanticTokensDeltaRequest(textDocument: .init(uri: featureURI), previousResultId: id)))
        guard case .delta(let none) = same else { Issue.record("expected a delta, got \(same)"); return }
        #expect(none.edits.isEmpty)
        let noneID = try #require(none.resultId)

        // MyCustomKey → NSCameraUsageDescription: the key becomes a known key.
        let edited = Self.text.replacingOccurrences(of: "MyCustomKey", with: "NSCameraUsageDescription")
        let (_, at) = lspMarked(Self.text.replacingOccurrences(of: "MyCustomKey", with: "1️⃣MyCustomKey2️⃣"))
        try client.change(featureURI, version: 2, range: LSPRange(start: at[0], end: at[1]), "NSCameraUsageDescription")
        let delta = try #require(
            try await client.request(SemanticTokensDeltaRequest(textDocument: .init(uri: featureURI), previousResultId: noneID)))
        guard case .delta(let changed) = delta else { Issue.record("expected a delta, got \(delta)"); return }
        var data = first.data
        for edit in changed.edits.reversed() {
            data.replaceSubrange(edit.start..<(edit.start + edit.deleteCount), with: edit.data ?? [])
        }
        let full = try #require(try await client.request(SemanticTokensRequest(textDocument: .init(uri: featureURI))))
        #expect(data == full.data)
        #expect(changed.edits.count == 1 && changed.edits[0].deleteCount < first.data.count / 2)
        #expect(
            Self.decode(data, legend: legend, text: edited).contains(
                Token(text: "NSCameraUsageDescription", type: "property", modifiers: ["defaultLibrary"])))

        // An unknown previous result: the whole list.
        let unknown = try #require(
            try await client.request(SemanticTokensDeltaRequest(textDocument: .init(uri: featureURI), previousResultId: "nope")))
        guard case .full(let whole) = unknown else { Issue.record("expected the whole list, got \(unknown)"); return }
        #expect(whole.data == full.data)
    }

    @Test(arguments: multiBytePrefixes)
    func documentLinksOpenEachKnownKeysPage(prefix: String) async throws {
        let text = withPrefix(Self.text, prefix)
        let client = try await openedClient(text)
        let links = try #require(try await client.request(DocumentLinkRequest(textDocument: .init(uri: featureURI))))
        let shown = links.map { link -> String in
            let covered = text[stringIndex(of: link.range.start, in: text)..<stringIndex(of: link.range.end, in: text)]
            return "\(covered) → \(link.target ?? "nil")"
        }
        #expect(
            shown == [
                "CFBundleName → https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundlename",
                "NSCalendarsUsageDescription → https://developer.apple.com/documentation/bundleresources/information-property-list/nscalendarsusagedescription",
                "NSAppTransportSecurity → https://developer.apple.com/documentation/bundleresources/information-property-list/nsapptransportsecurity",
                "NSExceptionDomains → https://developer.apple.com/documentation/bundleresources/information-property-list/nsapptransportsecurity/nsexceptiondomains",
                "UIFileSharingEnabled → https://developer.apple.com/documentation/bundleresources/information-property-list/uifilesharingenabled",
            ])
        #expect(links.first?.tooltip == "Documentation of CFBundleName (Bundle name)")
    }

    @Test func capabilitiesAnnounced() async throws {
        let client = try TestClient()
        let capabilities = try await client.initialize(ClientCapabilities()).capabilities
        let legend = try #require(capabilities.semanticTokensProvider?.legend)
        for standard in ["property", "string", "number", "keyword", "variable", "macro", "comment"] {
            #expect(legend.tokenTypes.contains(standard))
        }
        #expect(legend.tokenModifiers.prefix(2) == ["deprecated", "defaultLibrary"])
        #expect(capabilities.documentLinkProvider != nil)
    }
}
