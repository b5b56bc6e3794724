// Knowledge and signal (#13) through the server: today's keys and values are valid, typos are
// warnings where the system reads a fixed set of keys, custom keys stay quiet, third-party keys are
// known as a third party's, and dictionary keys list their child keys in hover.
import LanguageServerProtocol
import Testing
import PlistTestSupport
import PlistSupport

@Suite struct KnowledgeTests {
    func published(_ text: String, options: JSONValue? = nil) async throws -> [Diagnostic] {
        let client = try await openedClient(text, options: options)
        return try await client.diagnostics(featureURI, version: 1)
    }

    @Test func currentBackgroundModesAndDeviceCapabilitiesAreValid() async throws {
        let diagnostics = try await published(
            PlistText.infoPlist(
                """
                \t<key>UIBackgroundModes</key>
                \t<array>
                \t\t<string>network-authentication</string>
                \t\t<string>audio</string>
                \t</array>
                \t<key>UIRequiredDeviceCapabilities</key>
                \t<array>
                \t\t<string>driverkit</string>
                \t\t<string>ipad-minimum-performance-m1</string>
                \t\t<string>iphone-performance-gaming-tier</string>
                \t</array>
                \t<key>GCSupportedGameControllers</key>
                \t<array>
                \t\t<dict>
                \t\t\t<key>ProfileName</key>
                \t\t\t<string>SpatialGamepad</string>
                \t\t</dict>
                \t</array>

                """))
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    }

    /// Keys Apple documents today that real apps use: inside fixed-set dictionaries (where an unknown
    /// key is a warning), at the top level (no hint even when unknown keys are asked for), and the keys
    /// Xcode writes when it builds.
    @Test func keysAppleDocumentsTodayAreKnownEverywhere() async throws {
        let text = PlistText.infoPlist(
            """
            \t<key>NSAppTransportSecurity</key>
            \t<dict>
            \t\t<key>NSRequiresNIAPTLSPackageVersion</key>
            \t\t<string>FCP_v2.1</string>
            \t\t<key>NSExceptionDomains</key>
            \t\t<dict>
            \t\t\t<key>example.com</key>
            \t\t\t<dict>
            \t\t\t\t<key>NSExceptionRequiresNIAPTLSPackageVersion</key>
            \t\t\t\t<string>none</string>
            \t\t\t</dict>
            \t\t</dict>
            \t</dict>
            \t<key>UIApplicationSceneManifest</key>
            \t<dict>
            \t\t<key>UIApplicationSupportsMultipleScenes</key>
            \t\t<true/>
            \t\t<key>UIApplicationSupportsTabbedSceneCollection</key>
            \t\t<false/>
            \t\t<key>UISceneConfigurations</key>
            \t\t<dict>
            \t\t\t<key>UISceneSessionRoleImmersiveSpaceApplication</key>
            \t\t\t<array/>
            \t\t</dict>
            \t</dict>
            \t<key>NSAppClip</key>
            \t<dict>
            \t\t<key>NSAppClipRequestEphemeralUserNotification</key>
            \t\t<true/>
            \t</dict>
            \t<key>LSApplicationCategoryType</key>
            \t<string>public.app-category.shopping</string>
            \t<key>UIRequiresFullScreenIgnoredStartingWithVersion</key>
            \t<string>26.2</string>
            \t<key>NSUserTrackingMarkdownUsageDescription</key>
            \t<string>We measure which ads bring you here.</string>
            \t<key>GCSupportsGameMode</key>
            \t<true/>
            \t<key>INSupportedMediaCategories</key>
            \t<array>
            \t\t<string>INMediaCategoryMusic</string>
            \t</array>
            \t<key>DTXcode</key>
            \t<string>1620</string>
            \t<key>DTSDKName</key>
            \t<string>iphoneos18.0</string>
            \t<key>WKWatchKitApp</key>
            \t<true/>

            """)
        let asked = try await published(text, options: .object(["settings": ["rules": ["info-unknown-key": "hint"]]]))
        // GCSupportsGameMode is known and deprecated (LSSupportsGameMode replaced it): a note, nothing else.
        #expect(asked.map(\.code) == [.string("info-deprecated-key")], "\(asked.map(\.message))")
        #expect(asked.first?.message.contains("GCSupportsGameMode") == true)
    }

    @Test func aNearMissOfAKnownBackgroundModeIsStillReported() async throws {
        let diagnostics = try await published(
            PlistText.infoPlist("\t<key>UIBackgroundModes</key>\n\t<array>\n\t\t<string>remote-notifications</string>\n\t</array>\n"))
        #expect(diagnostics.map(\.code) == [.string("info-invalid-value")])
        #expect(diagnostics.first?.message.contains("remote-notification'") == true)
    }

    @Test(arguments: [
        // Inside dictionaries the system reads as a fixed set.
        ("\t<key>UILaunchScreen</key>\n\t<dict>\n\t\t<key>UIColorNmae</key>\n\t\t<string>Red</string>\n\t</dict>\n", "UIColorName"),
        (
            "\t<key>NSAppTransportSecurity</key>\n\t<dict>\n\t\t<key>NSExceptionDomains</key>\n\t\t<dict>\n\t\t\t<key>example.com</key>\n\t\t\t<dict>\n\t\t\t\t<key>NSExceptionMinimumTLSVerison</key>\n\t\t\t\t<string>TLSv1.2</string>\n\t\t\t</dict>\n\t\t</dict>\n\t</dict>\n",
            "NSExceptionMinimumTLSVersion"
        ),
        (
            "\t<key>UTExportedTypeDeclarations</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>UTTypeIdentifier</key>\n\t\t\t<string>com.example.doc</string>\n\t\t\t<key>UTITagTypeSpecification</key>\n\t\t\t<dict/>\n\t\t</dict>\n\t</array>\n",
            "UTTypeTagSpecification"
        ),
        // Apple-prefixed keys at the top level.
        ("\t<key>NSLocationWhenInUseDescription</key>\n\t<string>Find stores near you.</string>\n", "NSLocationWhenInUseUsageDescription"),
        ("\t<key>NSUserTrackingDescription</key>\n\t<string>Measure ads.</string>\n", "NSUserTrackingUsageDescription"),
        ("\t<key>LSApplicationQuerySchemes</key>\n\t<array/>\n", "LSApplicationQueriesSchemes"),
    ])
    func aTypoOfAnAppleKeyIsAWarningWithARename(body: String, correct: String) async throws {
        let text = PlistText.infoPlist(body)
        let client = try await openedClient(text)
        let diagnostics = try await client.diagnostics(featureURI, version: 1)
        let typo = try #require(diagnostics.first { $0.code == .string("info-misspelled-key") }, "\(diagnostics.map(\.message))")
        #expect(typo.severity == .warning)
        let actions = try await codeActions(client, typo.range)
        let rename = try #require(actions.first { $0.title == "Rename to '\(correct)'" }, "\(actions.map(\.title))")
        #expect(apply(rename.edit, to: text).contains("<key>\(correct)</key>"))
    }

    @Test func anUnknownKeyInAFixedSetDictionaryIsAWarningWithTheNearestKey() async throws {
        let text = PlistText.infoPlist(
            "\t<key>UILaunchScreen</key>\n\t<dict>\n\t\t<key>UIBackgroundColor</key>\n\t\t<string>Launch</string>\n\t</dict>\n")
        let client = try await openedClient(text)
        let diagnostics = try await client.diagnostics(featureURI, version: 1)
        let unexpected = try #require(diagnostics.first { $0.code == .string("info-unexpected-key") }, "\(diagnostics.map(\.message))")
        #expect(unexpected.severity == .warning)
        let actions = try await codeActions(client, unexpected.range)
        #expect(actions.contains { $0.title == "Rename to 'UIColorName'" }, "\(actions.map(\.title))")
    }

    @Test func anEntitlementInInfoPlistIsAWarning() async throws {
        let diagnostics = try await published(
            PlistText.infoPlist(
                "\t<key>com.apple.developer.associated-domains</key>\n\t<array>\n\t\t<string>applinks:example.com</string>\n\t</array>\n"))
        #expect(diagnostics.map(\.code) == [.string("info-entitlement-key")])
        #expect(diagnostics.first?.severity == .warning)
    }

    @Test func customAndThirdPartyKeysAreQuietByDefault() async throws {
        let text = PlistText.infoPlist(
            """
            \t<key>AppGroup</key>
            \t<string>group.example</string>
            \t<key>MozDevelopmentTeam</key>
            \t<string>ABCDE12345</string>
            \t<key>SUFeedURL</key>
            \t<string>https://example.com/appcast.xml</string>
            \t<key>FirebaseAppDelegateProxyEnabled</key>
            \t<false/>
            \t<key>XSAppIconAssets</key>
            \t<string>Assets.xcassets/AppIcon.appiconset</string>
            \t<key>RCTNewArchEnabled</key>
            \t<true/>
            \t<key>FlutterDeepLinkingEnabled</key>
            \t<true/>

            """)
        #expect(try await published(text).isEmpty)
        // Asked for, the hint names the custom keys only: the third-party keys are known.
        let asked = try await published(text, options: .object(["settings": ["rules": ["info-unknown-key": "hint"]]]))
        #expect(asked.map(\.code) == [.string("info-unknown-key"), .string("info-unknown-key")])
        #expect(asked.allSatisfy { $0.severity == .hint })
        #expect(asked.map(\.message).allSatisfy { $0.contains("AppGroup") || $0.contains("MozDevelopmentTeam") })
    }

    @Test(arguments: [
        ("\t<key>SU1️⃣FeedURL</key>\n\t<string>https://example.com/appcast.xml</string>", "Sparkle"),
        ("\t<key>XSApp1️⃣IconAssets</key>\n\t<string>Assets.xcassets/AppIcon.appiconset</string>", ".NET MAUI and Xamarin"),
        ("\t<key>Firebase1️⃣AppDelegateProxyEnabled</key>\n\t<false/>", "Firebase Cloud Messaging"),
    ])
    func hoverSaysWhoseAThirdPartyKeyIs(entry: String, owner: String) async throws {
        let (text, at) = lspMarked(PlistText.infoPlist(entry + "\n"))
        let client = try await openedClient(text)
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: featureURI), position: at[0])))
        #expect(hover.contents.value.contains("Third-party key: read by **\(owner)**"), "\(hover.contents.value.prefix(200))")
    }

    @Test(arguments: [
        ("\t<key>CFBundle1️⃣URLTypes</key>\n\t<array/>", ["`CFBundleURLName`", "`CFBundleURLSchemes`"]),
        ("\t<key>UILaunch1️⃣Screen</key>\n\t<dict/>", ["`UIColorName`", "`UIImageName`", "`UINavigationBar`"]),
        ("\t<key>UIApplication1️⃣SceneManifest</key>\n\t<dict/>", ["`UIApplicationSupportsMultipleScenes`", "`UISceneConfigurations`"]),
        ("\t<key>NSExten1️⃣sion</key>\n\t<dict/>", ["`NSExtensionPointIdentifier`", "`NSExtensionAttributes`"]),
        ("\t<key>SKAdNetwork1️⃣Items</key>\n\t<array/>", ["`SKAdNetworkIdentifier`"]),
    ])
    func hoverOnADictionaryKeyListsItsChildKeys(entry: String, children: [String]) async throws {
        let (text, at) = lspMarked(PlistText.infoPlist(entry + "\n"))
        let client = try await openedClient(text)
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: featureURI), position: at[0])))
        let line = try #require(
            hover.contents.value.split(separator: "\n").first { $0.hasPrefix("**Keys inside**") }, "\(hover.contents.value)")
        for child in children { #expect(line.contains(child), "\(line)") }
    }

    @Test(arguments: [
        ("NSLocal1️⃣NetworkUsageDescription", "macOS 11.0+", ["macOS 15"]),
        ("NSLocationWhenInUse1️⃣UsageDescription", "visionOS 1.0+", ["macOS"]),
        ("UILaunch1️⃣Screen", "iOS 14.0+", ["tvOS"]),
        ("UIDesignRequires1️⃣Compatibility", "iOS 26.0+, macOS 26.0+, tvOS 26.0+", []),
        ("NSAlarmKit1️⃣UsageDescription", "Mac Catalyst 26.0+", ["macCatalyst"]),
        ("UILaunch1️⃣Images", "iOS 7.0–13.0", []),
        ("NSAppleMusic1️⃣UsageDescription", "macOS 15.0+", ["macOS 10.12"]),
        ("UIRequires1️⃣FullScreen", "iOS 9.0–26.0", []),
        ("NSSystemExtension1️⃣UsageDescription", "Mac Catalyst 18.4+", []),
    ])
    func hoverShowsApplesCurrentPlatforms(key: String, shown: String, absent: [String]) async throws {
        let (text, at) = lspMarked(PlistText.infoPlist("\t<key>\(key)</key>\n\t<string>x</string>\n"))
        let client = try await openedClient(text)
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: featureURI), position: at[0])))
        let facts = try #require(hover.contents.value.split(separator: "\n").first { $0.hasPrefix("`") }, "\(hover.contents.value)")
        #expect(facts.contains(shown), "\(facts)")
        for platform in absent { #expect(!facts.contains(platform), "\(facts)") }
    }
}
