// Lookup API behaviour: exact and nested lookup, case, suffixes, suggestions, search and value notes.
import PlistSyntax
import Testing
@testable import PlistSchema

@Suite struct LookupTests {
    let db = Fixtures.database
    let exceptionDomain: [PathComponent] = [.key("NSAppTransportSecurity"), .key("NSExceptionDomains"), .key("api.example.com")]

    @Test func exactTopLevel() throws {
        let match = try #require(db.lookup("NSCameraUsageDescription"))
        #expect(match.kind == .exact)
        #expect(match.definition.xcodeName == "Privacy - Camera Usage Description")
        #expect(match.definition.valueTypes == [.string])
        #expect(match.definition.localizable)
    }

    @Test func nestedPlacements() {
        #expect(db.definition(for: "NSAllowsArbitraryLoads", at: [.key("NSAppTransportSecurity")]) != nil)
        #expect(db.definition(for: "NSAllowsArbitraryLoads", at: []) == nil)
        #expect(db.definition(for: "NSIncludesSubdomains", at: exceptionDomain)?.defaultValue == "NO")
        #expect(db.definition(for: "CFBundleTypeRole", at: [.key("CFBundleDocumentTypes"), .index(0)])?.valuesAreClosed == true)
        #expect(db.definition(for: "CFBundleURLSchemes", at: [.key("CFBundleURLTypes"), .index(2)]) != nil)
        #expect(db.definition(for: "UTTypeIdentifier", at: [.key("UTImportedTypeDeclarations"), .index(0)]) != nil)
        #expect(
            db.definition(
                for: "public.filename-extension", at: [.key("UTExportedTypeDeclarations"), .index(1), .key("UTTypeTagSpecification")])
                != nil)
        #expect(
            db.definition(
                for: "NSExtensionActivationSupportsImageWithMaxCount",
                at: [.key("NSExtension"), .key("NSExtensionAttributes"), .key("NSExtensionActivationRule")]) != nil)
        #expect(
            db.definition(for: "NSUbiquitousContainerName", at: [.key("NSUbiquitousContainers"), .key("iCloud.com.example.app")]) != nil)
        #expect(db.definition(for: "ProfileName", at: [.key("GCSupportedGameControllers"), .index(0)]) != nil)
        #expect(db.definition(for: "APFileName", at: [.key("APFiles"), .index(0), .key("APFiles"), .index(3)]) != nil)
        #expect(db.definition(for: "NSTextLanguage", at: [.key("NSServices"), .index(0), .key("NSRequiredContext"), .index(1)]) != nil)
        #expect(
            db.definition(
                for: "UISceneDelegateClassName",
                at: [
                    .key("UIApplicationSceneManifest"), .key("UISceneConfigurations"), .key("UIWindowSceneSessionRoleApplication"),
                    .index(0),
                ]) != nil)
    }

    @Test func samePlacementNameDifferentFacts() {
        let top = db.definition(for: "CFBundleIconFiles", at: [])
        let primary = db.definition(for: "CFBundleIconFiles", at: [.key("CFBundleIcons"), .key("CFBundlePrimaryIcon")])
        #expect(top != nil && primary != nil && top != primary)
        #expect(primary?.requiredFor == [.entry])
        #expect(db.definition(for: "CFBundleIconFiles", at: [.key("CFBundleIcons~ipad"), .key("CFBundlePrimaryIcon")]) == primary)
    }

    @Test func caseInsensitive() throws {
        let match = try #require(db.lookup("nsappTransportSecurity"))
        #expect(match.definition.name == "NSAppTransportSecurity")
        #expect(match.kind == .caseInsensitive)
        #expect(db.definition(for: "nsappTransportSecurity") == nil)
        #expect(db.lookup("nsallowsarbitraryloads", at: [.key("nsapptransportsecurity")])?.definition.name == "NSAllowsArbitraryLoads")
    }

    @Test func deviceAndPlatformSuffixes() throws {
        let ipad = try #require(db.lookup("UISupportedInterfaceOrientations~ipad"))
        #expect(ipad.definition.name == "UISupportedInterfaceOrientations")
        #expect(ipad.suffix == KeySuffix(platform: nil, device: "ipad"))
        #expect(ipad.kind == .exact)
        #expect(db.lookup("UIStatusBarHidden~iphone")?.definition.name == "UIStatusBarHidden")
        let platform = try #require(db.lookup("LSRequiresIPhoneOS-iphoneos"))
        #expect(platform.suffix?.platform == "iphoneos")
        let both = KeySuffix.split("UIInterfaceOrientation-iphoneos~ipad")
        #expect(both.base == "UIInterfaceOrientation" && both.suffix == KeySuffix(platform: "iphoneos", device: "ipad"))
        #expect(KeySuffix.split("public.filename-extension").suffix == nil)
        #expect(db.lookup("CFBundleIcons~ipad")?.definition.name == "CFBundleIcons")
    }

    @Test func suggestionsForTypos() {
        #expect(db.suggestions(for: "NSCameraUsageDescripton").first?.definition.name == "NSCameraUsageDescription")
        #expect(db.suggestions(for: "NSLocationWhenInUseUsageDescriptions").first?.definition.name == "NSLocationWhenInUseUsageDescription")
        #expect(db.suggestions(for: "CFBundleShortVersion").first?.definition.name == "CFBundleShortVersionString")
        #expect(
            db.suggestions(for: "NSAllowArbitraryLoads", at: [.key("NSAppTransportSecurity")]).first?.definition.name
                == "NSAllowsArbitraryLoads")
        #expect(db.suggestions(for: "Privacy - Camera Usage Description").first?.definition.name == "NSCameraUsageDescription")
        #expect(db.suggestions(for: "CameraUsageDescription").contains { $0.definition.name == "NSCameraUsageDescription" })
        #expect(db.suggestions(for: "com.example.MyCustomSetting").isEmpty)
    }

    @Test func suggestionReasons() {
        #expect(db.suggestions(for: "NSPrefPanelIconFile", at: nil).first?.reason == .knownMisspelling)
        #expect(db.suggestions(for: "cfbundleidentifier").first?.reason == .caseDifference)
        #expect(db.suggestions(for: "NSCameraUsageDescripton").first?.reason == .editDistance(1))
    }

    @Test func searchByDisplayNameAndRawName() {
        #expect(db.search("camera", domain: .infoPlist).first?.name == "NSCameraUsageDescription")
        // Across files, Xcode's name "Camera" of the sandbox entitlement is the exact match.
        #expect(db.search("camera").prefix(2).map(\.name) == ["com.apple.security.device.camera", "NSCameraUsageDescription"])
        #expect(db.search("Privacy - Cam").first?.name == "NSCameraUsageDescription")
        #expect(db.search("Bundle identifier").first?.name == "CFBundleIdentifier")
        #expect(db.search("face id").first?.name == "NSFaceIDUsageDescription")
        #expect(db.search("arbitrary loads").contains { $0.name == "NSAllowsArbitraryLoads" })
        #expect(db.search("").isEmpty)
    }

    @Test func completionAtPaths() {
        let ats = db.keys(at: [.key("NSAppTransportSecurity")]).map(\.name)
        #expect(
            Set(ats).isSuperset(of: [
                "NSAllowsArbitraryLoads", "NSAllowsArbitraryLoadsForMedia", "NSAllowsArbitraryLoadsInWebContent", "NSAllowsLocalNetworking",
                "NSExceptionDomains",
            ]))
        #expect(db.keys(at: exceptionDomain).map(\.name).contains("NSExceptionMinimumTLSVersion"))
        #expect(!db.keys(at: []).contains { $0.name == "NSIncludesSubdomains" })
        #expect(db.keys(at: [], domain: .entitlements).contains { $0.name == "com.apple.security.app-sandbox" })
        #expect(db.keys(at: [.key("NSPrivacyAccessedAPITypes"), .index(0)], domain: .privacyManifest).count == 2)
    }

    @Test func documentedValues() {
        #expect(db.documentedValue("UIInterfaceOrientationPortrait", ofKey: "UIInterfaceOrientation")?.note.isEmpty == false)
        #expect(db.documentedValue("TLSv1.0", ofKey: "NSExceptionMinimumTLSVersion", at: exceptionDomain) != nil)
        #expect(
            db.documentedValue("fetch", ofKey: "UIBackgroundModes")?.minimumOS == PlatformAvailability(platform: .iOS, introduced: "7.0"))
        #expect(db.documentedValue("teleport", ofKey: "UIBackgroundModes") == nil)
    }

    @Test func pathPatternsParseAndPrint() {
        let pattern = KeyPathPattern(parsing: "NSAppTransportSecurity/NSExceptionDomains/*")
        #expect(pattern?.components == [.key("NSAppTransportSecurity"), .key("NSExceptionDomains"), .anyKey])
        #expect(pattern?.description == "NSAppTransportSecurity/NSExceptionDomains/*")
        #expect(KeyPathPattern(parsing: "") == .root)
        #expect(KeyPathPattern(parsing: "A//B") == nil)
        #expect(KeyPathPattern(parsing: "CFBundleDocumentTypes/[]")?.matches([.key("CFBundleDocumentTypes"), .index(4)]) == true)
        #expect(KeyPathPattern(parsing: "CFBundleDocumentTypes/[]")?.matches([.key("CFBundleDocumentTypes"), .key("x")]) == false)
    }

    @Test func words() {
        #expect(KeyDatabase.words(of: "NSCameraUsageDescription") == ["ns", "camera", "usage", "description"])
        #expect(KeyDatabase.words(of: "UTTypeIdentifier") == ["ut", "type", "identifier"])
        #expect(KeyDatabase.words(of: "Privacy - Face ID") == ["privacy", "face", "id"])
    }

    /// The byte path of `words(of:)` (ASCII text) splits exactly as the character path does: every
    /// name, Xcode name and misspelling of the bundled database, and 5,000 generated strings of
    /// letters, digits and punctuation (fixed seed); other text takes the character path.
    @Test func asciiWordsSplitAsCharactersDo() throws {
        var texts: [String] = []
        for definition in try KeyDatabase.loadBundled().definitions {
            texts.append(definition.name)
            texts.append(contentsOf: definition.misspellings)
            if let xcode = definition.xcodeName { texts.append(xcode) }
        }
        let alphabet = Array("aAbBzZyYmMnN019 -_./()iIdD")
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<5_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(seed >> 59)
            var text = ""
            for k in 0..<length { text.append(alphabet[Int((seed >> UInt64(k * 2 % 50)) % UInt64(alphabet.count))]) }
            texts.append(text)
        }
        #expect(texts.count > 6_000)
        for text in texts {
            let ascii = try #require(KeyDatabase.asciiWords(of: text), "\(text.debugDescription) is ASCII")
            #expect(ascii == KeyDatabase.characterWords(of: text), "\(text.debugDescription)")
        }
        for text in ["ÉcoleNormale", "Ñandú2Go", "NSCafé\u{301}Usage"] {
            #expect(KeyDatabase.asciiWords(of: text) == nil)
            #expect(KeyDatabase.words(of: text) == KeyDatabase.characterWords(of: text))
        }
        #expect(KeyDatabase.words(of: "ÉcoleNormale") == ["école", "normale"])
    }

    @Test func platformParsing() {
        #expect(PlatformAvailability(parsing: "iOS 9.0") == PlatformAvailability(platform: .iOS, introduced: "9.0"))
        #expect(PlatformAvailability(parsing: "OS X 10.9") == PlatformAvailability(platform: .macOS, introduced: "10.9"))
        #expect(PlatformAvailability(parsing: "tvOS")?.introduced == nil)
        #expect(PlatformAvailability(parsing: "Windows 11") == nil)
    }
}

/// Issue #30: facts a check against Apple's current pages found wrong, as those pages give them.
@Suite struct CurrentAppleFactsTests {
    func introduced(_ key: String, _ platform: Platform, domain: PlistDomain = .infoPlist, at path: [PathComponent]? = nil) -> String?? {
        guard let definition = KeyDatabase.shared.lookup(key, at: path, domain: domain)?.definition else { return nil }
        guard let availability = definition.platforms.first(where: { $0.platform == platform }) else { return .some(nil) }
        return .some(availability.introduced ?? "any")
    }

    @Test func platformsAsApplesPagesGiveThem() {
        #expect(introduced("CFBundleAlternateIcons", .watchOS, at: nil) == "2.0")
        #expect(introduced("UTTypeConformsTo", .visionOS, at: nil) == "1.0")
        #expect(introduced("com.apple.security.cs.disable-executable-page-protection", .macOS, domain: .entitlements) == "10.7")
        #expect(introduced("LSHandlerRank", .macOS, at: nil) == "10.0")
    }

    /// Issue #38: each as the availability block of Apple's page gives it (found by the docs search).
    @Test func platformsAsApplesPagesGiveThemIssue38() {
        #expect(introduced("com.apple.developer.sensorkit.reader.allow", .visionOS, domain: .entitlements) == "1.0")
        #expect(introduced("com.apple.developer.sensorkit.reader.allow", .iOS, domain: .entitlements) == "14.0")
        // The page is about App Clips and lists iOS and iPadOS only.
        #expect(introduced("com.apple.developer.parent-application-identifiers", .watchOS, domain: .entitlements) == .some(nil))
        #expect(introduced("com.apple.developer.parent-application-identifiers", .iOS, domain: .entitlements) == "14.0")
        #expect(introduced("com.apple.developer.app-compute-category", .visionOS, domain: .entitlements) == "2.0")
        #expect(introduced("com.apple.developer.device-information.user-assigned-device-name", .watchOS, domain: .entitlements) == "9.0")
        #expect(introduced("com.apple.developer.device-information.user-assigned-device-name", .tvOS, domain: .entitlements) == "16.0")
        // Every bundle has an identifier, on every platform (Bundle.bundleIdentifier's availability).
        for platform in [Platform.iOS, .macOS, .tvOS, .watchOS, .visionOS] {
            #expect(introduced("CFBundleIdentifier", platform) != .some(nil), "CFBundleIdentifier lacks \(platform)")
        }
    }

    /// Sources that called Apple's page "not stored" although the docs search returns it now say
    /// what the page gives.
    @Test func sourcesDoNotCallAFoundPageMissing() throws {
        for name in [
            "com.apple.developer.sensorkit.reader.allow", "com.apple.developer.app-compute-category",
            "com.apple.developer.device-information.user-assigned-device-name",
        ] {
            let definition = try #require(KeyDatabase.shared.definitions(named: name).first)
            #expect(!definition.sources.contains { $0.contains("not in the stored copy") }, "\(name): \(definition.sources)")
            #expect(definition.sources.contains { $0.contains("availability block read on Apple's page") }, "\(name)")
        }
    }

    /// Where the database departs from Apple's page on purpose, the entry says so and why.
    @Test func deliberateDeparturesAreRecorded() throws {
        for name in ["EXAppExtensionAttributes", "com.apple.developer.ubiquity-kvstore-identifier"] {
            let definition = try #require(KeyDatabase.shared.definitions(named: name).first)
            let departure = try #require(definition.pageDeparture, "\(name) departs from Apple's page without saying so")
            #expect(departure.hasPrefix("Apple's page"))
            #expect(KeyRendering.explain(definition).contains(departure.prefix(30)), "explain of \(name) omits it")
        }
    }
}
