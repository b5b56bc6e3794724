// Every entitlement has Xcode's name for it (Apple's page title without "Entitlement"), and the
// entitlements beyond the crawl are known. That every page of
// ../shared/reference/apple-entitlement-pages.txt is known is ReferencePagesTests' job.
import Foundation
import PlistSchema
import PlistTestSupport
import Testing

@Suite struct EntitlementReferenceTests {
    let db = KeyDatabase.shared

    var entitlements: [KeyDefinition] { db.definitions.filter { $0.domain == .entitlements } }

    @Test func everyEntitlementHasAnXcodeName() {
        #expect(entitlements.count >= 228)
        let unnamed = entitlements.filter { ($0.xcodeName ?? "").isEmpty }.map(\.name)
        #expect(unnamed.isEmpty, "Entitlements without an Xcode name: \(unnamed)")
        // Apple's titles drop the word "Entitlement" ("App Groups Entitlement" is "App Groups").
        let withSuffix = entitlements.filter { ($0.xcodeName ?? "").lowercased().hasSuffix("entitlement") }.map(\.name)
        #expect(withSuffix.isEmpty, "\(withSuffix)")
    }

    /// An Xcode name equal to the key is a finding, not a placeholder: the entry says (`xcodeIsKey`)
    /// that Apple's page is titled with the key, or that Apple has no current page and no Xcode
    /// capability is named after it, and its sources say which. A key copied in without checking fails.
    @Test func anXcodeNameEqualToTheKeyWasChecked() {
        let unchecked = entitlements.filter { $0.xcodeName == $0.name && !$0.xcodeNameIsKey }.map(\.name)
        #expect(unchecked.isEmpty, "Xcode name is the key but the page title was not checked:\n\(unchecked.joined(separator: "\n"))")
        let reasons = ["is titled with the key", "names it by its key", "has no current page"]
        for entry in entitlements where entry.xcodeNameIsKey {
            #expect(entry.xcodeName == entry.name)
            let says = entry.sources.contains { source in
                source.hasPrefix("Xcode name: the key itself;") && reasons.contains { source.contains($0) }
            }
            #expect(says, "\(entry.name): xcodeIsKey without a source saying why")
        }
        // A human title never carries the flag (the loader rejects it), and no source still says the title was not checked.
        let stale = entitlements.filter { $0.sources.contains { $0.contains("title was not checked") } }.map(\.name)
        #expect(stale.isEmpty, "\(stale)")
    }

    @Test(arguments: [
        ("App Groups", "com.apple.security.application-groups"),
        ("Keychain Access Groups", "keychain-access-groups"),
        ("APS Environment", "aps-environment"),
        ("iCloud Key-Value Store", "com.apple.developer.ubiquity-kvstore-identifier"),
        ("Communicates with Drivers", "com.apple.developer.driverkit.communicates-with-drivers"),
        ("DriverKit Audio Family", "com.apple.developer.driverkit.family.audio"),
        ("Embedded Browser Engine", "com.apple.developer.embedded-web-browser-engine"),
        ("5G Network Slicing Traffic Category", "com.apple.developer.networking.slicing.trafficcategory"),
    ])
    func xcodeNamesFindTheirEntitlement(xcode: String, key: String) {
        #expect(db.definitions(xcodeName: xcode).map(\.name) == [key])
        #expect(db.search(xcode, domain: .entitlements).first?.name == key)
    }

    /// The entitlements issue #30 names, beyond the crawl: Declared Age Range, the hardened-process
    /// family, DriverKit, the hypervisor and the web-browser-engine family.
    @Test(arguments: [
        "com.apple.developer.declared-age-range", "com.apple.security.hardened-process",
        "com.apple.security.hardened-process.enhanced-security-version-string", "com.apple.security.hardened-process.checked-allocations",
        "com.apple.developer.driverkit", "com.apple.developer.driverkit.transport.usb", "com.apple.security.hypervisor",
        "com.apple.developer.web-browser-engine.host", "com.apple.developer.web-browser-engine.webcontent",
    ])
    func currentEntitlementsBeyondTheCrawlAreKnown(name: String) throws {
        let definition = try #require(db.definition(for: name, at: [], domain: .entitlements))
        #expect(!definition.platforms.isEmpty)
        #expect(definition.platforms.allSatisfy { $0.introduced != nil }, "\(name): \(definition.platforms)")
        #expect(definition.sources.contains("https://developer.apple.com/documentation/bundleresources/entitlements/" + name.lowercased()))
    }

    @Test func deprecatedPagesAreMarkedWithTheirSuccessor() throws {
        let vm = try #require(db.definition(for: "com.apple.vm.hypervisor", at: [], domain: .entitlements))
        #expect(vm.status.kind == .deprecated)
        #expect(vm.status.successor == "com.apple.security.hypervisor")
        #expect(vm.platforms.first?.deprecated == "11.0")
        let all = try #require(db.definition(for: "com.apple.security.files.all", at: [], domain: .entitlements))
        #expect(all.status.kind != .active)
    }
}
