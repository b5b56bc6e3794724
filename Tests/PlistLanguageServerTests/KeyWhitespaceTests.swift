// Issue #38 point 8: `<key>NSCameraUsageDescription\n\t</key>` is the key "NSCameraUsageDescription\n\t"
// to the system. Through the server: a diagnostic naming the blanks, a trim that is offered and not
// applied by fix-all, no rule taking it for the real key, and a hover that says what it is.
import LanguageServerProtocol
import Testing
import PlistTestSupport

@Suite struct KeyWhitespaceTests {
    static let text =
        "<plist version=\"1.0\">\n<dict>\n\t<key>NSCameraUsageDescription\n\t</key>\n\t<string>Scans receipts.</string>\n\t<key>UIRequiredDeviceCapabilities</key>\n\t<array>\n\t\t<string>still-camera</string>\n\t</array>\n</dict>\n</plist>\n"

    @Test func theBlanksAreReportedAndTheRealKeyIsStillMissing() async throws {
        let client = try await openedClient(Self.text)
        let diagnostics = try await client.diagnostics(featureURI, version: 1)
        let blank = try #require(diagnostics.first { $0.code == .string("plist-key-whitespace") }, "\(diagnostics.map(\.message))")
        #expect(blank.message.contains("ends with a line break and a tab"), "\(blank.message)")
        #expect(blank.message.contains("'NSCameraUsageDescription' is not set"), "\(blank.message)")
        #expect(blank.range.start == position(2, 6))
        // The padded key is not the camera purpose string: the app still lacks one.
        #expect(
            diagnostics.contains {
                $0.code == .string("privacy-missing-usage-description") && $0.message.contains("NSCameraUsageDescription")
            },
            "\(diagnostics.map(\.message))")
        // Nor is it a misspelling of the key it looks just like.
        #expect(!diagnostics.contains { $0.code == .string("info-misspelled-key") }, "\(diagnostics.map(\.message))")
    }

    @Test func trimmingIsOfferedNotAppliedByFixAll() async throws {
        let client = try await openedClient(Self.text)
        let trim = try #require(
            try await codeActions(client, LSPRange(position(2, 10))).first { $0.title == "Trim the key to 'NSCameraUsageDescription'" })
        #expect(trim.diagnostics?.first?.code == .string("plist-key-whitespace"))
        let fixed = apply(trim.edit, to: Self.text)
        #expect(fixed == Self.text.replacingOccurrences(of: "NSCameraUsageDescription\n\t</key>", with: "NSCameraUsageDescription</key>"))
        // Trimming changes the key the system reads: never part of fix-all.
        let all = try await codeActions(client, LSPRange(position(0, 0)), only: [.sourceFixAll])
        #expect(all.allSatisfy { apply($0.edit, to: Self.text) == Self.text }, "fix-all changed the key")
    }

    @Test func noTrimWhenTheDictionaryHoldsTheTrimmedKeyToo() async throws {
        let text =
            "<plist version=\"1.0\">\n<dict>\n\t<key>NSCameraUsageDescription</key>\n\t<string>Scan.</string>\n\t<key> NSCameraUsageDescription</key>\n\t<string>Scan.</string>\n</dict>\n</plist>\n"
        let client = try await openedClient(text)
        let diagnostics = try await client.diagnostics(featureURI, version: 1)
        let blank = try #require(diagnostics.first { $0.code == .string("plist-key-whitespace") })
        #expect(blank.message.contains("starts with a space"), "\(blank.message)")
        #expect(blank.message.contains("also holds"), "\(blank.message)")
        #expect(try await codeActions(client, LSPRange(position(4, 8))).allSatisfy { !$0.title.hasPrefix("Trim") })
    }

    @Test(arguments: [true, false])
    func hoverSaysTheKeyHasBlanks(markdown: Bool) async throws {
        let client = try await openedClient(Self.text, capabilities: richClient(markdown: markdown))
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: featureURI), position: position(2, 12))))
        let text = hover.contents.value
        #expect(text.contains("NSCameraUsageDescription\\n\\t"), "\(text)")
        #expect(text.contains("leading or trailing white space"), "\(text)")
        #expect(text.contains("ends with a line break and a tab"), "\(text)")
        // Not the did-you-mean of a key that looks identical, nor the real key's documentation.
        #expect(!text.contains("Did you mean"), "\(text)")
        #expect(!text.contains("Privacy - Camera Usage Description"), "\(text)")
    }

    @Test func anEntitlementWithALeadingSpace() async throws {
        let uri = "file:///App/App.entitlements"
        let text = "<plist version=\"1.0\">\n<dict>\n\t<key> com.apple.security.app-sandbox</key>\n\t<true/>\n</dict>\n</plist>\n"
        let client = try await openedClient(text, uri: uri)
        let diagnostics = try await client.diagnostics(uri, version: 1)
        #expect(diagnostics.map(\.code) == [.string("plist-key-whitespace")], "\(diagnostics.map(\.message))")
    }
}
