// Issue #38 points 12 and 14: hover says where the key database departs from Apple's page on
// purpose and why (as it does for placeholder versions), names the Xcode capability that adds an
// entitlement, and shows placeholders such as `group.<name>` without a stray backslash.
import LanguageServerProtocol
import Testing
import PlistTestSupport

@Suite struct FactsHoverTests {
    func hover(_ key: String, uri: DocumentURI, markdown: Bool = true) async throws -> String {
        let (text, at) = lspMarked("<plist version=\"1.0\">\n<dict>\n\t<key>1️⃣\(key)</key>\n\t<string>x</string>\n</dict>\n</plist>\n")
        let client = try await openedClient(text, uri: uri, capabilities: richClient(markdown: markdown))
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: uri), position: at[0])))
        return hover.contents.value
    }

    @Test(arguments: [true, false])
    func departuresFromApplesPageAreSaidWithTheirReason(markdown: Bool) async throws {
        let extensionKit = try await hover("EXAppExtensionAttributes", uri: "file:///Ext/Info.plist", markdown: markdown)
        #expect(extensionKit.contains("Unlike"), "\(extensionKit)")
        #expect(extensionKit.contains("iOS 27.2") && extensionKit.contains("App Intents"), "\(extensionKit)")
        let kvstore = try await hover(
            "com.apple.developer.ubiquity-kvstore-identifier", uri: "file:///App/App.entitlements", markdown: markdown)
        #expect(kvstore.contains("lists no visionOS") && kvstore.contains("NSUbiquitousKeyValueStore"), "\(kvstore)")
        // A key that follows its page says nothing of the kind.
        let camera = try await hover("NSCameraUsageDescription", uri: featureURI, markdown: markdown)
        #expect(!camera.contains("Unlike"), "\(camera)")
    }

    @Test func theCapabilityThatAddsAnEntitlement() async throws {
        let text = try await hover("keychain-access-groups", uri: "file:///App/App.entitlements")
        #expect(text.contains("Keychain Sharing"), "\(text)")
    }

    @Test func placeholdersInAngleBracketsShowNoBackslash() async throws {
        let text = try await hover("com.apple.security.application-groups", uri: "file:///App/App.entitlements")
        #expect(!text.contains("\\<"), "\(text)")
        #expect(text.contains("`group.<name>`") || text.contains("group.`<name>`"), "\(text)")
    }
}
