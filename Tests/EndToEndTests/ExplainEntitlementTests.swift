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
        #expect(
            r.stdout.contains(
                "https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.driverkit.communicates-with-drivers"
            ))
    }

    /// Issue #38 point 13: Xcode's capability name finds the entitlement it adds.
    @Test(arguments: ["Keychain Sharing", "keychain sharing"])
    func explainAcceptsAnXcodeCapabilityName(name: String) async throws {
        let r = try await onOwnThread { try Binary.run(["explain", name]) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("Note: Xcode's Keychain Sharing capability adds keychain-access-groups."), "\(r.stdout.prefix(200))")
        #expect(r.stdout.contains("\nkeychain-access-groups\n"))
        #expect(r.stdout.contains("Capability:") && r.stdout.contains("Entitlements (.entitlements)"))
    }

    /// Issue #38 point 13: a documented value is explained with the key it belongs to.
    @Test func explainAValueSaysWhatItBelongsTo() async throws {
        let r = try await onOwnThread { try Binary.run(["explain", "CA92.1"]) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("Note: CA92.1 is not a key but a value of NSPrivacyAccessedAPITypeReasons."), "\(r.stdout.prefix(200))")
        #expect(r.stdout.contains("Valid with NSPrivacyAccessedAPIType NSPrivacyAccessedAPICategoryUserDefaults"), "\(r.stdout)")
        #expect(r.stdout.contains("Privacy manifest (PrivacyInfo.xcprivacy)"))
        // Still unknown: neither key nor value.
        let unknown = try await onOwnThread { try Binary.run(["explain", "ZZ99.9"]) }
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("unknown key ZZ99.9"))
    }

    /// Issue #38 point 12: explain says where the database departs from Apple's page, and why.
    @Test func explainShowsADeliberateDeparture() async throws {
        let r = try await onOwnThread { try Binary.run(["explain", "com.apple.developer.ubiquity-kvstore-identifier"]) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Unlike the page:"), "\(r.stdout)")
        #expect(r.stdout.contains("NSUbiquitousKeyValueStore"), "\(r.stdout)")
    }
}
