// Hover in the editor's terms: marked text in, hover text and range out.
import Testing
import PlistAnalysis
import PlistSchema
import PlistSyntax
import PlistTestSupport

func hover(_ marked: String, kind: FileKind = .infoPlist, format: DocumentationFormat = .markdown) -> (text: String, result: HoverResult?) {
    let (text, at) = markedText(marked)
    return (text, HoverProvider.hover(in: PlistDocument(text: Array(text.utf8)), at: at[0], fileKind: kind, format: format))
}

func covered(_ text: String, _ range: Range<Int>) -> String {
    String(decoding: Array(text.utf8)[range], as: UTF8.self)
}

@Suite struct HoverTests {
    /// Every entitlement and privacy-manifest key the database knows is documented on hover, at
    /// each of its placements; none is called a custom key.
    @Test func everyEntitlementAndPrivacyKeyIsDocumented() throws {
        for definition in KeyDatabase.shared.definitions where definition.domain != .infoPlist {
            let kind: FileKind
            switch definition.domain {
            case .entitlements: kind = .entitlements
            case .launchd: kind = .launchdJob
            default: kind = .privacyManifest
            }
            var container = "<dict><key>\(definition.name)1️⃣</key><true/></dict>"
            for component in (definition.placements.first?.components ?? []).reversed() {
                switch component {
                case .key(let k): container = "<dict><key>\(k)</key>\(container)</dict>"
                case .item: container = "<array>\(container)</array>"
                case .anyKey: container = "<dict><key>any</key>\(container)</dict>"
                }
            }
            let h = try #require(hover("<plist>\(container)</plist>", kind: kind).result, "\(definition.name)")
            #expect(h.text.hasPrefix("**\(definition.name)**"), "\(definition.name): \(h.text.prefix(80))")
            #expect(!h.text.contains("is a custom key:"), "\(definition.name)")
        }
    }

    @Test func unknownKeysInEntitlementsAndManifestsAreNotCustomKeys() throws {
        let entitlement = try #require(
            hover("<plist><dict><key>com.example.private1️⃣</key><true/></dict></plist>", kind: .entitlements).result)
        #expect(entitlement.text.contains("not an entitlement plist-lsp knows"))
        let manifest = try #require(hover("<plist><dict><key>NSPrivacyTracker1️⃣</key><true/></dict></plist>", kind: .privacyManifest).result)
        #expect(manifest.text.contains("not a privacy-manifest key"))
        #expect(manifest.text.contains("NSPrivacyTracking"))
    }

    @Test(arguments: ["", multiBytePrefix])
    func keyHoverRendersTheDatabaseEntry(prefix: String) throws {
        let (text, result) = hover(withPrefix("<plist><dict><key>NSCamera1️⃣UsageDescription</key><string>x</string></dict></plist>", prefix))
        let h = try #require(result)
        #expect(covered(text, h.range) == "NSCameraUsageDescription")
        let definition = try #require(KeyDatabase.shared.lookup("NSCameraUsageDescription"))
        #expect(h.text == KeyRendering.hover(definition.definition, format: .markdown))
        #expect(h.text.contains("Privacy - Camera Usage Description"))
        #expect(h.text.contains("`string`"))
        #expect(h.text.contains("https://developer.apple.com"))
    }

    @Test func plainTextIsTheExplainOutput() throws {
        let h = try #require(hover("<plist><dict><key>UIBackground1️⃣Modes</key><array/></dict></plist>", format: .plainText).result)
        let definition = try #require(KeyDatabase.shared.lookup("UIBackgroundModes"))
        #expect(h.text == KeyRendering.explain(definition.definition))
        #expect(h.format == .plainText)
    }

    @Test func deprecationAndSuccessor() throws {
        let h = try #require(hover("<plist><dict><key>UILaunch1️⃣ImageFile</key><string>x</string></dict></plist>").result)
        #expect(h.text.contains("Deprecated"))
        #expect(h.text.contains("`UILaunchStoryboardName`"))
    }

    @Test func enumeratedValues() throws {
        let (text, result) = hover("<plist><dict><key>UIBackgroundModes</key><array>\n<string> fe1️⃣tch </string></array></dict></plist>")
        let h = try #require(result)
        #expect(covered(text, h.range) == "fetch")
        #expect(h.text.hasPrefix("`fetch` — value of **UIBackgroundModes**"))
        let tls = try #require(
            hover(
                "<plist><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict><key>a.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.31️⃣</string></dict></dict></dict></dict></plist>"
            ).result)
        #expect(tls.text.contains("TLSv1.3"))
        let wrong = try #require(
            hover(
                "<plist><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict><key>a.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLS9️⃣1️⃣</string></dict></dict></dict></dict></plist>"
            ).result)
        #expect(wrong.text.contains("Valid values"))
    }

    @Test func buildSettingReference() throws {
        let (text, result) = hover("<plist><dict><key>CFBundleIdentifier</key><string>com.x.$(PRODUCT_1️⃣NAME).ext</string></dict></plist>")
        let h = try #require(result)
        #expect(covered(text, h.range) == "$(PRODUCT_NAME)")
        #expect(h.text.contains("substitutes"))
        let braces = try #require(
            hover("<plist><dict><key>CFBundleVersion</key><string>${CURRENT_1️⃣PROJECT_VERSION}</string></dict></plist>").result)
        #expect(braces.text.hasPrefix("`${CURRENT_PROJECT_VERSION}`"))
    }

    @Test func unknownKeysAreCustomWithTheNearestKnownKey() throws {
        let typo = try #require(hover("<plist><dict><key>NSCameraUsageDescriptoin1️⃣</key><string>x</string></dict></plist>").result)
        #expect(typo.text.contains("custom key"))
        #expect(typo.text.contains("Did you mean `NSCameraUsageDescription`"))
        let custom = try #require(hover("<plist><dict><key>MyAppServerURL1️⃣</key><string>x</string></dict></plist>").result)
        #expect(custom.text.contains("custom key"))
        #expect(!custom.text.contains("Did you mean"))
        let domain = try #require(
            hover(
                "<plist><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict><key>exam1️⃣ple.com</key><dict/></dict></dict></dict></plist>"
            ).result)
        #expect(domain.text.contains("yours to choose"))
        let wrongCase = try #require(hover("<plist><dict><key>nscamerausagedescription1️⃣</key><string>x</string></dict></plist>").result)
        #expect(wrongCase.text.contains("did you mean `NSCameraUsageDescription`"))
    }

    @Test(arguments: ["<key>Broken</key><string>unclosed\n", "<key>X</key><dict>\n<key>Y"])
    func brokenTextAboveAndBelow(broken: String) throws {
        let above = try #require(hover("<plist><dict>\n<key>UIRequiresFull1️⃣Screen</key><true/>\n\(broken)").result)
        #expect(above.text.contains("**UIRequiresFullScreen**"))
        let below = try #require(hover("<plist><dict>\n<key>UIRequiresFull1️⃣Screen").result)
        #expect(below.text.contains("**UIRequiresFullScreen**"))
    }

    @Test func nothingOutsideKeysAndValues() {
        #expect(hover("<plist><di1️⃣ct></dict></plist>").result == nil)
        #expect(hover("<plist><dict><!-- NSCamera1️⃣UsageDescription --></dict></plist>").result == nil)
    }
}
