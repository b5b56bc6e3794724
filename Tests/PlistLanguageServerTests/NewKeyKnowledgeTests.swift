// Keys Apple added for iOS 14–18 and the child keys the database gained (#30), through the server as
// an editor asks: completion offers them where they belong and hover shows their facts and page.
import LanguageServerProtocol
import Testing
import PlistTestSupport

@Suite struct NewKeyKnowledgeTests {
    func hover(_ marked: String) async throws -> String {
        let (text, at) = lspMarked(marked)
        let client = try await openedClient(text)
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: featureURI), position: at[0])))
        return hover.contents.value
    }

    func labels(_ marked: String) async throws -> (TestClient, [CompletionItem]) {
        let (text, at) = lspMarked(marked)
        let client = try await openedClient(text)
        let list = try #require(try await client.request(CompletionRequest(textDocument: .init(uri: featureURI), position: at[0])))
        return (client, list.items)
    }

    @Test func fallDetectionPurposeStringCompletesWithItsFacts() async throws {
        let (client, items) = try await labels("<plist><dict>\n\t<key>NSFallDe1️⃣</key>\n</dict></plist>")
        let item = try #require(items.first { $0.label == "NSFallDetectionUsageDescription" })
        let resolved = try await client.request(CompletionItemResolveRequest(item: item))
        guard case .markup(let doc) = resolved.documentation else { Issue.record("no documentation"); return }
        for fact in [
            "iOS 14.2+", "visionOS 1.0+", "watchOS 7.2+", "localizable",
            "https://developer.apple.com/documentation/bundleresources/information-property-list/nsfalldetectionusagedescription",
        ] {
            #expect(doc.value.contains(fact), "\(fact) missing from:\n\(doc.value)")
        }
    }

    @Test func backgroundAssetsRestrictionsOfferTheirChildKeys() async throws {
        let (_, items) = try await labels(
            "<plist><dict>\n\t<key>BAInitialDownloadRestrictions</key>\n\t<dict>\n\t\t<key>BA1️⃣</key>\n\t</dict>\n</dict></plist>")
        let offered = Set(items.map(\.label))
        #expect(offered.isSuperset(of: ["BADownloadAllowance", "BADownloadDomainAllowList", "BAEssentialDownloadAllowance"]))
        #expect(!offered.contains("BAMaxInstallSize"), "a top-level key offered inside the restrictions")
        let top = try await hover("<plist><dict>\n\t<key>BAEssentialMax1️⃣InstallSize</key><integer>1</integer>\n</dict></plist>")
        #expect(top.contains("`integer`") && top.contains("iOS 18.0+") && top.contains("macOS 15.0+") && top.contains("tvOS 18.4+"))
    }

    @Test func accessorySetupKeysHoverWithPlatformAndType() async throws {
        let text = try await hover("<plist><dict>\n\t<key>NSAccessorySetupBluetooth1️⃣Services</key><array/>\n</dict></plist>")
        #expect(text.contains("**NSAccessorySetupBluetoothServices**"))
        #expect(text.contains("`array of string`") && text.contains("iOS 18.0+"))
        #expect(!text.contains("custom key"))
        let (_, values) = try await labels(
            "<plist><dict>\n\t<key>NSAccessorySetupKitSupports</key>\n\t<array>\n\t\t<string>Blue1️⃣</string>\n\t</array>\n</dict></plist>")
        #expect(values.contains { $0.label == "Bluetooth" })
    }

    @Test func sensorKitSensorsCompleteInsideTheUsageDetail() async throws {
        let (_, items) = try await labels(
            "<plist><dict>\n\t<key>NSSensorKitUsageDetail</key>\n\t<dict>\n\t\t<key>SRSensorUsage1️⃣</key>\n\t</dict>\n</dict></plist>")
        let offered = Set(items.map(\.label))
        #expect(
            offered.isSuperset(of: ["SRSensorUsageECG", "SRSensorUsageHeartRate", "SRSensorUsageWristTemperature", "SRSensorUsagePPG"]))
        let (_, inner) = try await labels(
            "<plist><dict>\n\t<key>NSSensorKitUsageDetail</key>\n\t<dict>\n\t\t<key>SRSensorUsageECG</key>\n\t\t<dict>\n\t\t\t<key>1️⃣</key>\n\t\t</dict>\n\t</dict>\n</dict></plist>"
        )
        #expect(Set(inner.map(\.label)).isSuperset(of: ["Description", "Required"]))
    }

    /// An IOKit personality key: placed in each personality, linked to its own (top-level) page, and
    /// its macOS 10.0 called what it is, Apple's placeholder.
    @Test func personalityKeyHoverSaysThePageVersionIsAPlaceholder() async throws {
        let text = try await hover(
            "<plist><dict>\n\t<key>IOKitPersonalities</key>\n\t<dict>\n\t\t<key>Driver</key>\n\t\t<dict>\n\t\t\t<key>IOProvider1️⃣Class</key><string>IOPCIDevice</string>\n\t\t</dict>\n\t</dict>\n</dict></plist>"
        )
        #expect(text.contains("**IOProviderClass**"))
        #expect(text.contains("Apple's page gives macOS 10.0, its placeholder for every version"))
        #expect(text.contains("(https://developer.apple.com/documentation/bundleresources/information-property-list/ioproviderclass)"))
    }

    @Test func preferredDefaultOrientationHasItsValuesAndPlaceholderNote() async throws {
        let text = try await hover(
            "<plist><dict>\n\t<key>UIPreferredDefault1️⃣InterfaceOrientation</key><string>UIInterfaceOrientationPortrait</string>\n</dict></plist>"
        )
        #expect(text.contains("visionOS") && text.contains("Apple's page gives iOS 2.0, its placeholder for every version"))
        let (_, values) = try await labels(
            "<plist><dict>\n\t<key>UIPreferredDefaultInterfaceOrientation</key><string>UIInterfaceOrientationLand1️⃣</string>\n</dict></plist>"
        )
        #expect(Set(values.map(\.label)).isSuperset(of: ["UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight"]))
    }
}
