// Completion in the editor's terms: marked text in, proposals and edited text out.
import Testing
import PlistAnalysis
import PlistSyntax
import PlistTestSupport

@Suite struct KeyCompletionTests {
    @Test func halfTypedKeyBetweenTags() throws {
        let (text, result) = complete("<plist><dict>\n\t<key>NSCa1️⃣</key>\n\t<string>x</string>\n</dict></plist>")
        let item = try #require(result.item("NSCameraUsageDescription"))
        #expect(item.displayName == "Privacy - Camera Usage Description")
        #expect(item.filterText.contains("NSCameraUsageDescription") && item.filterText.contains("Privacy - Camera"))
        #expect(item.kind == .key)
        #expect(applying(item, to: text) == "<plist><dict>\n\t<key>NSCameraUsageDescription</key>\n\t<string>x</string>\n</dict></plist>")
        #expect(!result.labels.contains("CFBundleIdentifier"))
    }

    @Test(arguments: ["camera", "Camera", "Privacy - Cam", "privacy camera"])
    func displayNamesFindKeys(typed: String) {
        let (_, result) = complete("<plist><dict>\n\t<key>\(typed)1️⃣</key>\n</dict></plist>")
        #expect(result.labels.contains("NSCameraUsageDescription"))
    }

    @Test func bareKeyAtEndOfFileGetsCloseTagAndValue() throws {
        let (text, result) = complete("<plist><dict>\n\t<key>1️⃣")
        let item = try #require(result.item("NSCameraUsageDescription"))
        #expect(item.isSnippet)
        #expect(applying(item, to: text) == "<plist><dict>\n\t<key>NSCameraUsageDescription</key>\n\t<string>$1</string>$0")
        let (_, plain) = complete("<plist><dict>\n\t<key>UIRequiresFull1️⃣", snippets: false)
        let bool = try #require(plain.item("UIRequiresFullScreen"))
        #expect(!bool.isSnippet)
        #expect(bool.edit.replacementText == "UIRequiresFullScreen</key>\n\t<true/>")
    }

    @Test func unclosedKeyAboveTheNextEntryKeepsTheLineBreak() throws {
        let (text, result) = complete("<plist><dict>\n\t<key>NSCa1️⃣\n\t<key>B</key>\n\t<string>x</string>\n</dict></plist>", snippets: false)
        let item = try #require(result.item("NSCameraUsageDescription"))
        #expect(
            applying(item, to: text)
                == "<plist><dict>\n\t<key>NSCameraUsageDescription</key>\n\t<string></string>\n\t<key>B</key>\n\t<string>x</string>\n</dict></plist>"
        )
    }

    @Test func keysValidAtEachPlace() {
        let ats = complete("<plist><dict><key>NSAppTransportSecurity</key><dict>\n<key>1️⃣</key>\n</dict></dict></plist>").result.labels
        #expect(ats.contains("NSAllowsArbitraryLoads"))
        #expect(!ats.contains("CFBundleIdentifier"))
        let domain = complete(
            "<plist><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict><key>example.com</key><dict>\n<key>1️⃣</key>\n</dict></dict></dict></dict></plist>"
        ).result.labels
        #expect(domain.contains("NSIncludesSubdomains"))
        #expect(domain.contains("NSExceptionMinimumTLSVersion"))
        #expect(!domain.contains("NSAllowsArbitraryLoads"))
        let urlType = complete("<plist><dict><key>CFBundleURLTypes</key><array><dict>\n<key>1️⃣</key>\n</dict></array></dict></plist>").result
            .labels
        #expect(urlType.contains("CFBundleURLSchemes"))
        #expect(!urlType.contains("CFBundleIdentifier"))
    }

    @Test func keysAlreadyPresentAreLeftOut() {
        let labels = complete("<plist><dict>\n<key>CFBundleIdentifier</key><string>a</string>\n<key>CFBundle1️⃣</key>\n</dict></plist>")
            .result.labels
        #expect(!labels.contains("CFBundleIdentifier"))
        #expect(labels.contains("CFBundleVersion"))
    }

    @Test func mostUsedKeysFirstAndDeprecatedTagged() throws {
        let result = complete("<plist><dict>\n\t1️⃣\n</dict></plist>", limit: 1000).result
        let labels = result.labels
        #expect(labels.first == "CFBundleIdentifier")
        let launch = try #require(result.item("UILaunchImageFile"))
        #expect(launch.deprecated)
        let camera = try #require(labels.firstIndex(of: "NSCameraUsageDescription"))
        #expect(camera < labels.firstIndex(of: "UILaunchImageFile")!)
    }

    @Test func emptyLineInsertsTheWholeEntryIndentedLikeItsNeighbours() throws {
        let marked = "<plist>\n<dict>\n    <key>A</key>\n    <string>x</string>\n    1️⃣\n</dict>\n</plist>"
        let (text, result) = complete(marked, snippets: false)
        let modes = try #require(result.item("UIBackgroundModes"))
        #expect(
            applying(modes, to: text)
                == "<plist>\n<dict>\n    <key>A</key>\n    <string>x</string>\n    <key>UIBackgroundModes</key>\n    <array>\n        <string></string>\n    </array>\n</dict>\n</plist>"
        )
        let ats = try #require(result.item("NSAppTransportSecurity"))
        #expect(ats.edit.replacementText == "<key>NSAppTransportSecurity</key>\n    <dict>\n        \n    </dict>")
        let (_, snippets) = complete(marked)
        #expect(snippets.item("UIFileSharingEnabled")?.edit.replacementText == "<key>UIFileSharingEnabled</key>\n    <${1|true,false|}/>$0")
        #expect(
            snippets.item("UIStatusBarStyle")?.edit.replacementText.hasPrefix(
                "<key>UIStatusBarStyle</key>\n    <string>${1|UIStatusBarStyleDefault,") == true)
    }

    @Test func typedWordOnAnEmptyLineIsReplaced() throws {
        let (text, result) = complete("<plist><dict>\n\tcamera1️⃣\n</dict></plist>", snippets: false)
        let item = try #require(result.item("NSCameraUsageDescription"))
        #expect(applying(item, to: text) == "<plist><dict>\n\t<key>NSCameraUsageDescription</key>\n\t<string></string>\n</dict></plist>")
        #expect(result.isIncomplete)
    }

    @Test func otherPlistsGetNoKeys() {
        #expect(complete("<plist><dict>\n<key>NSCa1️⃣</key>\n</dict></plist>", kind: .other).result.items.isEmpty)
    }

    @Test func entitlementsKeys() {
        let labels = complete("<plist><dict>\n<key>com.apple.security.app1️⃣</key>\n</dict></plist>", kind: .entitlements).result.labels
        #expect(labels.contains("com.apple.security.app-sandbox"))
    }
}

@Suite struct ValueCompletionTests {
    @Test func enumeratedArrayItems() throws {
        let (text, result) = complete("<plist><dict><key>UIBackgroundModes</key><array><string>fe1️⃣</string></array></dict></plist>")
        let fetch = try #require(result.item("fetch"))
        #expect(fetch.kind == .value)
        #expect(fetch.detail?.isEmpty == false)
        #expect(!result.labels.contains("audio"))
        #expect(
            applying(fetch, to: text) == "<plist><dict><key>UIBackgroundModes</key><array><string>fetch</string></array></dict></plist>")
    }

    @Test func enumeratedStringValueInAnUnclosedString() throws {
        let (text, result) = complete("<plist><dict><key>UIStatusBarStyle</key>\n<string>UIStatusBarStyleL1️⃣\n</dict></plist>")
        let item = try #require(result.item("UIStatusBarStyleLightContent"))
        #expect(
            applying(item, to: text)
                == "<plist><dict><key>UIStatusBarStyle</key>\n<string>UIStatusBarStyleLightContent</string>\n</dict></plist>")
    }

    @Test func arrayGapOffersMissingItems() throws {
        let (text, result) = complete(
            "<plist><dict><key>UIBackgroundModes</key><array>\n\t<string>audio</string>\n\t1️⃣\n</array></dict></plist>")
        #expect(!result.labels.contains("audio"))
        let fetch = try #require(result.item("fetch"))
        #expect(applying(fetch, to: text).contains("\t<string>fetch</string>\n</array>"))
    }

    @Test func booleansWhereABooleanBelongs() throws {
        let (text, result) = complete("<plist><dict>\n\t<key>UIRequiresFullScreen</key>\n\t1️⃣\n</dict></plist>")
        #expect(Array(result.labels.prefix(2)) == ["<true/>", "<false/>"])
        let item = try #require(result.item("<false/>"))
        #expect(item.kind == .keyword)
        #expect(applying(item, to: text) == "<plist><dict>\n\t<key>UIRequiresFullScreen</key>\n\t<false/>\n</dict></plist>")
    }

    @Test func elementNamesAfterAnOpenBracket() throws {
        let (text, inDict) = complete("<plist><dict>\n\t<key>A</key><string>x</string>\n\t<1️⃣\n</dict></plist>", snippets: false)
        #expect(inDict.labels == ["key"])
        #expect(applying(inDict.items[0], to: text) == "<plist><dict>\n\t<key>A</key><string>x</string>\n\t<key></key>\n</dict></plist>")
        let afterKey = complete("<plist><dict>\n\t<key>UIRequiresFullScreen</key>\n\t<1️⃣\n</dict></plist>").result
        #expect(afterKey.items.sorted { $0.sortText < $1.sortText }.prefix(2).map(\.label).sorted() == ["false", "true"])
        let typed = complete("<plist><dict>\n\t<key>A</key><string>x</string>\n\t<k1️⃣").result
        #expect(typed.labels == ["key"])
        #expect(typed.items[0].edit.replacementText == "<key>$1</key>")
        let inArray = complete("<plist><dict><key>UIBackgroundModes</key><array>\n\t<s1️⃣\n</array></dict></plist>").result
        #expect(inArray.labels == ["string"])
    }

    @Test func closeTags() throws {
        let (text, array) = complete("<plist><dict><key>A</key><array>\n\t<string>x</string>\n\t</1️⃣")
        #expect(array.labels == ["</array>"])
        #expect(applying(array.items[0], to: text).hasSuffix("\t</array>"))
        let (t2, string) = complete("<plist><dict><key>A</key><string>x</st1️⃣")
        #expect(string.labels == ["</string>"])
        #expect(applying(string.items[0], to: t2) == "<plist><dict><key>A</key><string>x</string>")
        #expect(complete("<plist><dict>\n\t</1️⃣\n</dict></plist>").result.labels == ["</dict>"])
    }
}

@Suite struct BrokenTextCompletionTests {
    static let variants: [(String, String)] = [
        ("", ""),
        ("<key>Broken</key><string>unclosed\n", ""),
        ("", "<key>B</key><strin"),
        ("<key>X</key><dict>\n", ""),
    ]

    @Test(arguments: 0..<4)
    func keyCompletionAroundBrokenText(variant: Int) {
        let (above, below) = Self.variants[variant]
        let labels = complete("<plist><dict>\n\(above)\t<key>NSCa1️⃣</key>\n\(below)").result.labels
        if variant == 3 {
            // Inside the unclosed <dict> of an unknown key: nothing is known there.
            #expect(!labels.contains("NSCameraUsageDescription"))
        } else {
            #expect(labels.contains("NSCameraUsageDescription"))
        }
    }

    @Test(arguments: ["", multiBytePrefix])
    func multiByteTextBefore(prefix: String) throws {
        let (text, result) = complete(withPrefix("<plist><dict>\n\t<key>Priv 1️⃣</key>\n</dict></plist>", prefix), multiLine: false)
        let item = try #require(result.item("NSCameraUsageDescription"))
        #expect(applying(item, to: text) == withPrefix("<plist><dict>\n\t<key>NSCameraUsageDescription</key>\n</dict></plist>", prefix))
        // A client that applies multi-line edits gets the value's skeleton too: the key is closed
        // and has no value, as one closed automatically as its `<key>` was typed (issue #42).
        let (multi, multiResult) = complete(withPrefix("<plist><dict>\n\t<key>Priv 1️⃣</key>\n</dict></plist>", prefix), snippets: false)
        let whole = try #require(multiResult.item("NSCameraUsageDescription"))
        #expect(
            applying(whole, to: multi)
                == withPrefix("<plist><dict>\n\t<key>NSCameraUsageDescription</key>\n\t<string></string>\n</dict></plist>", prefix))
        // With a value, or more on the line, the name only.
        let (valued, valuedResult) = complete(
            withPrefix("<plist><dict>\n\t<key>Priv 1️⃣</key>\n\t<string>x</string>\n</dict></plist>", prefix), snippets: false)
        #expect(
            applying(try #require(valuedResult.item("NSCameraUsageDescription")), to: valued)
                == withPrefix("<plist><dict>\n\t<key>NSCameraUsageDescription</key>\n\t<string>x</string>\n</dict></plist>", prefix))
    }
}

@Suite struct CloseTagBeforeNextLineTests {
    @Test func unterminatedEndTagKeepsTheLineBreak() throws {
        let (text, result) = complete("<plist><dict><key>A</key><string>x</st1️⃣\n<key>B</key>")
        let item = try #require(result.items.first)
        #expect(applying(item, to: text) == "<plist><dict><key>A</key><string>x</string>\n<key>B</key>")
    }
}

/// `CompletionStyle.multiLine` off: what a client that inserts an item's text as a word gets.
@Suite struct OneLineCompletionTests {
    /// Without multi-line edits (a client that inserts the text as a word), no proposal anywhere
    /// holds a line break, with or without snippets; the key still completes on its line.
    @Test(arguments: [true, false])
    func oneLineProposalsWhenTheClientCannotApplyLineBreaks(snippets: Bool) throws {
        let places = [
            "<plist><dict>\n\t<key>A</key><string>x</string>\n\t1️⃣\n</dict></plist>",
            "<plist><dict>\n\t<key>NSCam1️⃣\n</dict></plist>",
            "<plist><dict>\n\t<key>1️⃣",
            "<plist><dict>\n\t<key>NSAppTransportSecurity</key>\n\t1️⃣\n</dict></plist>",
            "<plist><dict>\n\t<key>NSAppTransportSecurity</key>\n\t<1️⃣\n</dict></plist>",
            "<plist><dict>\n\t<key>CFBundleURLTypes</key>\n\t<array>\n\t\t1️⃣\n\t</array>\n</dict></plist>",
            "<plist>\n1️⃣\n</plist>",
            "<plist>\n<1️⃣\n</plist>",
        ]
        var total = 0
        for marked in places {
            let (_, result) = complete(marked, snippets: snippets, multiLine: false)
            for item in result.items {
                #expect(
                    !item.edit.replacementText.contains("\n") && !item.edit.replacementText.contains("\r"),
                    "\(marked): \(item.edit.replacementText)")
            }
            // The same places with line breaks allowed did offer multi-line text: the option matters.
            total += result.items.count
        }
        #expect(total > 40)
        let multi = places.flatMap { complete($0, snippets: snippets).result.items }.filter { $0.edit.replacementText.contains("\n") }
        #expect(multi.count > 10)
        let (text, result) = complete(places[1], snippets: snippets, multiLine: false)
        let camera = try #require(result.items.first { $0.label == "NSCameraUsageDescription" })
        #expect(applying(camera, to: text) == "<plist><dict>\n\t<key>NSCameraUsageDescription</key>\n</dict></plist>")
        let (_, dict) = complete(places[3], snippets: false, multiLine: false)
        #expect(dict.items.first { $0.label == "<dict>" }?.edit.replacementText == "<dict></dict>")
    }
}
