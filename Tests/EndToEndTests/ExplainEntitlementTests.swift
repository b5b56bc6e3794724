// `plist-lsp explain` with an entitlement's name in Xcode (Apple's page title), as it takes Info.plist
// keys' Xcode names, and with entitlements added for issue #30.
import Foundation
import Testing
import PlistTestSupport

@Suite struct ExplainEntitlementTests {
    @Test(arguments: ["App Groups", "app groups", "App  Groups"])
    func explainAcceptsAnEntitlementsXcodeName(name: String) async throws {
        let r = try await onOwnThread { try Binary.run(["explain", name]) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("Note: Xcode shows com.apple.security.application-groups as “App Groups”."), "\(r.stdout.prefix(200))")
        #expect(r.stdout.contains("Xcode name:") && r.stdout.contains("App Groups"))
        #expect(r.stdout.contains("Entitlements (.entitlements)"))
    }

    @Test func explainShowsANewEntitlementWithItsPlatformsAndPage() async throws {
        let r = try await onOwnThread { try Binary.run(["explain", "com.apple.developer.driverkit.communicates-with-drivers"]) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Communicates with Drivers"))
        #expect(r.stdout.contains("iOS 16.0+"))
        #expect(r.stdout.contains("https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.driverkit.communicates-with-drivers"))
    }
}
