// Completion and hover in privacy manifests and entitlements through the server: categories, reason
// codes filtered by the entry's category, data types, purposes, entitlement keys and values, and
// hover on every kind of value.
import LanguageServerProtocol
import PlistTestSupport
import Testing

@Suite struct PrivacyAndEntitlementFeatureTests {
    func completion(_ marked: String, uri: DocumentURI = manifestURI) async throws -> (String, CompletionList) {
        let (text, at) = lspMarked(marked)
        let client = try await openedClient(text, uri: uri)
        let list = try #require(try await client.request(CompletionRequest(textDocument: .init(uri: uri), position: at[0])))
        return (text, list)
    }

    func hoverText(_ marked: String, uri: DocumentURI = manifestURI) async throws -> String {
        let (text, at) = lspMarked(marked)
        let client = try await openedClient(text, uri: uri)
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: uri), position: at[0])))
        return hover.contents.value
    }

    static let diskSpaceReasons = ["85F4.1", "E174.1", "7D9E.1", "B728.1"]

    @Test func topLevelKeysWithXcodeNames() async throws {
        let (_, list) = try await completion(manifest("\t1️⃣\n"))
        #expect(
            Set(list.items.map(\.label)) == [
                "NSPrivacyTracking", "NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes", "NSPrivacyAccessedAPITypes",
            ])
        #expect(list.items.first { $0.label == "NSPrivacyAccessedAPITypes" }?.labelDetails?.description == "Privacy Accessed API Types")
    }

    @Test func categoriesWithADescriptionEach() async throws {
        let (text, list) = try await completion(
            manifest(
                "\t<key>NSPrivacyAccessedAPITypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>NSPrivacyAccessedAPIType</key>\n\t\t\t<string>Disk1️⃣</string>\n\t\t</dict>\n\t</array>\n"
            ))
        #expect(list.items.map(\.label) == ["NSPrivacyAccessedAPICategoryDiskSpace"])
        let all = try await completion(
            manifest(
                "\t<key>NSPrivacyAccessedAPITypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>NSPrivacyAccessedAPIType</key>\n\t\t\t<string>1️⃣</string>\n\t\t</dict>\n\t</array>\n"
            )
        ).1
        #expect(all.items.count == 5)
        #expect(all.items.allSatisfy { ($0.detail ?? "").count > 10 })
        guard case .textEdit(let edit) = try #require(list.items.first).textEdit else { Issue.record("no text edit"); return }
        #expect(applying(edit, to: text).contains("<string>NSPrivacyAccessedAPICategoryDiskSpace</string>"))
    }

    @Test(arguments: multiBytePrefixes)
    func reasonsAreThoseOfTheEntrysCategory(prefix: String) async throws {
        let marked = withPrefix(apiManifest("NSPrivacyAccessedAPICategoryDiskSpace", "1️⃣"), prefix)
        let (text, list) = try await completion(marked)
        #expect(list.items.map(\.label) == Self.diskSpaceReasons)
        let item = try #require(list.items.first { $0.label == "E174.1" })
        #expect(item.detail?.contains("room") == true)
        guard case .textEdit(let edit) = item.textEdit else { Issue.record("no text edit"); return }
        #expect(applying(edit, to: text) == withPrefix(apiManifest("NSPrivacyAccessedAPICategoryDiskSpace", "E174.1"), prefix))
    }

    @Test func reasonsOnANewLineOfTheArrayAndSDKOnlyReasonsSaySo() async throws {
        let marked = manifest(
            "\t<key>NSPrivacyAccessedAPITypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>NSPrivacyAccessedAPIType</key>\n\t\t\t<string>NSPrivacyAccessedAPICategoryUserDefaults</string>\n"
                + "\t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>\n\t\t\t<array>\n\t\t\t\t<string>CA92.1</string>\n\t\t\t\t1️⃣\n\t\t\t</array>\n\t\t</dict>\n\t</array>\n"
        )
        let (text, list) = try await completion(marked)
        let values = list.items.filter { $0.kind == .value }.map(\.label)
        #expect(values == ["1C8F.1", "C56D.1", "AC6B.1"])  // CA92.1 is there already
        #expect(list.items.first { $0.label == "C56D.1" }?.detail?.hasPrefix("Third-party SDKs only.") == true)
        guard case .textEdit(let edit) = try #require(list.items.first { $0.label == "1C8F.1" }).textEdit else {
            Issue.record("no text edit"); return
        }
        #expect(applying(edit, to: text).contains("<string>CA92.1</string>\n\t\t\t\t<string>1C8F.1</string>\n"))
    }

    @Test func withoutACategoryEveryReasonNamesItsOwn() async throws {
        let marked = manifest(
            "\t<key>NSPrivacyAccessedAPITypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>\n\t\t\t<array>\n\t\t\t\t<string>1️⃣</string>\n\t\t\t</array>\n\t\t</dict>\n\t</array>\n"
        )
        let (_, list) = try await completion(marked)
        #expect(list.items.count == 17)
        #expect(list.items.first { $0.label == "35F9.1" }?.detail?.hasPrefix("NSPrivacyAccessedAPICategorySystemBootTime: ") == true)
    }

    @Test func dataTypesAndPurposes() async throws {
        let entry = { (type: String, purpose: String) in
            manifest(
                "\t<key>NSPrivacyCollectedDataTypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>NSPrivacyCollectedDataType</key>\n\t\t\t<string>\(type)</string>\n"
                    + "\t\t\t<key>NSPrivacyCollectedDataTypePurposes</key>\n\t\t\t<array>\n\t\t\t\t<string>\(purpose)</string>\n\t\t\t</array>\n\t\t</dict>\n\t</array>\n"
            )
        }
        let (_, types) = try await completion(entry("1️⃣", ""))
        #expect(types.items.count == 35)
        #expect(types.items.contains { $0.label == "NSPrivacyCollectedDataTypePhotosorVideos" && ($0.detail ?? "").contains("photos") })
        let (_, purposes) = try await completion(entry("NSPrivacyCollectedDataTypeCrashData", "1️⃣"))
        #expect(
            purposes.items.map(\.label)
                == ["ThirdPartyAdvertising", "DeveloperAdvertising", "Analytics", "ProductPersonalization", "AppFunctionality", "Other"]
                .map { "NSPrivacyCollectedDataTypePurpose" + $0 })
    }

    @Test func entitlementKeysAndValues() async throws {
        let (_, keys) = try await completion(manifest("\t<key>com.apple.security.network.1️⃣</key>\n\t<true/>\n"), uri: entitlementsURI)
        #expect(Set(keys.items.map(\.label)).isSuperset(of: ["com.apple.security.network.client", "com.apple.security.network.server"]))
        let (_, values) = try await completion(manifest("\t<key>aps-environment</key>\n\t<string>1️⃣</string>\n"), uri: entitlementsURI)
        #expect(values.items.map(\.label) == ["development", "production"])
        let (_, all) = try await completion(manifest("\t1️⃣\n"), uri: entitlementsURI)
        #expect(all.items.contains { $0.label == "com.apple.developer.associated-domains" } || all.isIncomplete)
    }

    @Test func hoverOnReasonsSaysWhatTheyAllowAndWhereTheyBelong() async throws {
        let sdk = try await hoverText(apiManifest("NSPrivacyAccessedAPICategoryUserDefaults", "C56D1️⃣.1"))
        #expect(sdk.contains("third-party SDKs only"))
        #expect(sdk.contains("wrapper"))
        let misplaced = try await hoverText(apiManifest("NSPrivacyAccessedAPICategoryUserDefaults", "35F1️⃣9.1"))
        #expect(
            misplaced.contains(
                "belongs with NSPrivacyAccessedAPIType `NSPrivacyAccessedAPICategorySystemBootTime`, not `NSPrivacyAccessedAPICategoryUserDefaults`"
            ))
        #expect(misplaced.contains("elapsed"))
    }

    @Test func hoverOnCategoriesDataTypesAndPurposes() async throws {
        let category = try await hoverText(apiManifest("NSPrivacyAccessedAPICategory1️⃣SystemBootTime", "35F9.1"))
        #expect(category.contains("systemUptime"))
        let data = manifest(
            "\t<key>NSPrivacyCollectedDataTypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>NSPrivacyCollectedDataType</key>\n\t\t\t<string>NSPrivacyCollectedDataType2️⃣CrashData</string>\n"
                + "\t\t\t<key>NSPrivacyCollectedDataTypePurposes</key>\n\t\t\t<array>\n\t\t\t\t<string>NSPrivacyCollectedDataTypePurpose1️⃣Analytics</string>\n\t\t\t</array>\n\t\t</dict>\n\t</array>\n"
        )
        let purpose = try await hoverText(data.replacingOccurrences(of: "2️⃣", with: ""))
        #expect(purpose.contains("Studying how the app is used"))
        let type = try await hoverText(data.replacingOccurrences(of: "1️⃣", with: "").replacingOccurrences(of: "2️⃣", with: "1️⃣"))
        #expect(type.contains("crash logs"))
    }

    @Test func hoverOnEntitlementsNeverCallsThemCustomKeys() async throws {
        let sandbox = try await hoverText(manifest("\t<key>com.apple.security.app-1️⃣sandbox</key>\n\t<true/>\n"), uri: entitlementsURI)
        #expect(sandbox.contains("**com.apple.security.app-sandbox**"))
        #expect(sandbox.contains("Mac App Store"))
        let unknown = try await hoverText(manifest("\t<key>com.example.private-1️⃣thing</key>\n\t<true/>\n"), uri: entitlementsURI)
        #expect(unknown.contains("not an entitlement plist-lsp knows"))
        #expect(!unknown.contains("custom key"))
        let value = try await hoverText(manifest("\t<key>aps-environment</key>\n\t<string>produ1️⃣ction</string>\n"), uri: entitlementsURI)
        #expect(value.contains("production push servers"))
    }
}
