// The hover's link to Apple's page for a payload: page names checked against Apple's documentation
// (developer.apple.com/documentation/devicemanagement, each page's identifier read 2026-12-02), among
// them titles with a colon, a hyphen, parentheses and a number sign.
import Testing
import PlistSchema

@Suite struct ProfilePageNameTests {
    static let pages: [(type: String, page: String)] = [
        ("com.apple.dock", "dock"),
        ("com.apple.systemuiserver", "mediamanagementallowedmedia"),
        ("com.apple.security.pkcs1", "certificatepkcs1"),
        ("com.apple.security.root", "certificateroot"),
        ("com.apple.wifi.managed", "wifi"),
        ("com.apple.servicemanagement", "servicemanagementmanagedloginitems"),
        ("com.apple.system-extension-policy", "systemextensions"),
    ]

    @Test(arguments: pages.map(\.type))
    func aPayloadLinksToApplesPageForIt(_ type: String) throws {
        let payload = try #require(ProfileSchema.shared.payloads[type])
        let page = try #require(Self.pages.first { $0.type == type }?.page)
        #expect(payload.documentationURL == "https://developer.apple.com/documentation/devicemanagement/" + page)
    }
}
