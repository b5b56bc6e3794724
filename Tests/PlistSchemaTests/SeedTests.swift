// Checks the database against the seed texts: every key they name is present, and no prose of ours repeats theirs.
import PlistSyntax
import Foundation
import Testing
import PlistTestSupport
@testable import PlistSchema

@Suite struct SeedTests {
    let db = Fixtures.database

    /// Key-like tokens in the seeds that are not Info.plist keys, each with the reason.
    static let notKeys: [String: String] = [
        // Framework, class, function and constant names mentioned in the prose.
        "CFNetwork": "framework", "UIKit": "framework", "APIs": "prose", "UTIs": "prose (plural of UTI)",
        "GCController": "class", "GCExtendedGamepad": "class", "GCGamepad": "class", "GCMicroGamepad": "class",
        "NETunnelProviderManager": "class", "NSBundle": "class", "NSDocument": "class", "NSItemProvider": "class",
        "NSPasteboard": "class", "NSPasteBoard": "class name misspelled in a Java signature", "NSProcessInfo": "class",
        "NSURLConnection": "class", "NSURLSession": "class", "NSUserActivity": "class", "NSUserNotification": "class",
        "NSWindow": "class", "UIApplication": "class", "UIImagePickerController": "class",
        "UIImagePickerControllerController": "class name with a typo in the reference", "UIViewController": "class",
        "UIWebView": "class", "WKWebView": "class", "NSStringFromCGSize": "function",
        "NSErrorFailingURLKey": "NSError user-info key in a log excerpt",
        "NSErrorFailingURLStringKey": "NSError user-info key in a log excerpt",
        "NSLocalizedDescription": "NSError user-info key in a log excerpt", "NSUnderlyingError": "NSError user-info key in a log excerpt",
        "NSURLErrorDomain": "error domain in a log excerpt", "UIKeyboardTypeASCIICapable": "UIKit constant",
        "UIModalPresentationFormSheet": "UIKit constant", "UIModalPresentationFullScreen": "UIKit constant",
        "UIElement": "part of LSUIElement's Xcode name, \"Application is agent (UIElement)\"",
        "GKShowChallengeBannersfor": "GKShowChallengeBanners run together with the next word in 000",
        "UIInterfaceOrientationLandscapeRight~ipad": "example value with a device suffix",
        "CFPlugInDynamicRegister": "the default registration function's name, not a key",
        "CFBundleType": "prefix of CFBundleType… keys split by line wrapping",
    ]

    static let extraKeyNames = [
        "MinimumOSVersion", "QuartzGLEnable", "IsASCIICapable", "PrefersRightToLeft", "PrimaryLanguage", "RequestsOpenAccess",
        "ProfileName",
    ]

    static func keyTokens(in text: String) -> Set<String> {
        let prefixes = "CF|NS|LS|UI|UT|MK|GK|AP|ATS|QL|GC|NE|PH|CS|IN|UN|WK|ITS|BG"
        let pattern = "(?<![A-Za-z0-9.])(?:\(prefixes))[A-Za-z0-9]*[a-z][A-Za-z0-9]*(?:[-–][A-Z][A-Za-z0-9]*)*(?:~[a-z]+)?"
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        var tokens = Set<String>()
        let range = NSRange(text.startIndex..., in: text)
        regex.enumerateMatches(in: text, range: range) { match, _, _ in
            if let match, let r = Range(match.range, in: text) { tokens.insert(String(text[r])) }
        }
        for name in extraKeyNames where text.contains(name) { tokens.insert(name) }
        return tokens
    }

    func isKnown(_ token: String) -> Bool {
        if !db.definitions(matching: token).isEmpty { return true }
        if db.lookup(token, at: nil)?.kind == .misspelling { return true }
        let folded = token.lowercased()
        return db.definitions.contains { definition in
            definition.values.contains { $0.value.lowercased() == folded }
                || definition.misspellings.contains { $0.lowercased() == folded }
        }
    }

    @Test(
        .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
        .enabled(if: SharedData.runSeedTests, SharedData.seedsSkipNote))
    func everyKeyTheSeedsNameIsKnownOrExcluded() throws {
        let texts = try SharedData.requireSeedTexts()
        let tokens = Self.keyTokens(in: texts.joined(separator: "\n"))
        #expect(tokens.count > 250)
        var missing: [String] = []
        for token in tokens.sorted() where Self.notKeys[token] == nil {
            let joined = token.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "–", with: "")
            if isKnown(joined) || isKnown(token) { continue }
            missing.append(token)
        }
        #expect(missing.isEmpty, "Seed keys missing from keys.json: \(missing.joined(separator: ", "))")
    }

    @Test func exclusionsAreNotKeys() {
        for token in Self.notKeys.keys {
            #expect(db.definitions(named: token).isEmpty, "\(token) is excluded but is in the database")
        }
    }

    @Test(
        .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
        .enabled(if: SharedData.runSeedTests, SharedData.seedsSkipNote))
    func fromSeedsFlagMatchesTheSeeds() async throws {
        let texts = try SharedData.requireSeedTexts()
        let db = db
        // Seconds of text search: off the cooperative pool, which the in-process server tests need.
        let wrong = try await onOwnThread { () -> [String] in
            let raw = texts.joined(separator: "\n")
            let dehyphenated = raw.replacingOccurrences(of: "–", with: "").replacingOccurrences(of: "-", with: "")
            var wrong: [String] = []
            for definition in db.definitions {
                let spellings = [definition.name] + definition.misspellings
                let mentioned = spellings.contains { raw.contains($0) || dehyphenated.contains($0.replacingOccurrences(of: "-", with: "")) }
                if definition.fromSeeds {
                    if !mentioned { wrong.append("\(definition.name) is marked as from the seeds but they never name it") }
                } else if definition.name.count >= 8, definition.name.dropFirst().contains(where: \.isUppercase),
                    !db.definitions(named: definition.name).contains(where: \.fromSeeds)
                {
                    // A new key (not merely a new placement of a documented key) must not be named by the seeds.
                    let wholeWord =
                        raw.range(of: "\\b\(NSRegularExpression.escapedPattern(for: definition.name))\\b", options: .regularExpression)
                        != nil
                    if wholeWord { wrong.append("\(definition.name) is in the seeds; mark it as from the seeds") }
                }
            }
            return wrong
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    }

    @Test(
        .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
        .enabled(if: SharedData.runSeedTests, SharedData.seedsSkipNote))
    func proseIsInOurOwnWords() async throws {
        let texts = try SharedData.requireSeedTexts()
        let db = db
        let (windows, copied) = try await onOwnThread { () -> (Int, [String]) in
            var seedWindows = Set<String>()
            for text in texts {
                let words = Fixtures.words(text)
                guard words.count >= 8 else { continue }
                for start in 0...(words.count - 8) { seedWindows.insert(words[start..<(start + 8)].joined(separator: " ")) }
            }
            var copied: [String] = []
            for definition in db.definitions {
                var prose = [("summary", definition.summary)]
                if let review = definition.appStoreReview { prose.append(("review", review)) }
                prose += definition.values.map { ("value \($0.value)", $0.note) }
                for (field, text) in prose {
                    let words = Fixtures.words(text)
                    guard words.count >= 8 else { continue }
                    for start in 0...(words.count - 8) {
                        let window = words[start..<(start + 8)].joined(separator: " ")
                        if seedWindows.contains(window) { copied.append("\(definition.name) \(field): \"\(window)\""); break }
                    }
                }
            }
            return (seedWindows.count, copied)
        }
        #expect(windows > 10_000)
        #expect(copied.isEmpty, "Prose shares 8-word runs with the seeds:\n\(copied.joined(separator: "\n"))")
    }

    @Test func seedMisspellingsAreRecorded() {
        let cases = [
            ("NSPrefPanelIconFile", "NSPrefPaneIconFile"), ("NSPrefPanelIconLabel", "NSPrefPaneIconLabel"),
            ("NSUserDefaults", "NSUserData"), ("NSAllowsArbitraryLoadsInMedia", "NSAllowsArbitraryLoadsForMedia"),
            ("NSAllowsArbitraryLoadsForMediaContent", "NSAllowsArbitraryLoadsForMedia"), ("APIInstallerURL", "APInstallerURL"),
            ("CFPlugInDynamicRegistrationFunction", "CFPlugInDynamicRegisterFunction"), ("LSTypesPackage", "LSTypeIsPackage"),
            ("NSUbiquitousContainer", "NSUbiquitousContainers"), ("LSRequiresiPhoneOS", "LSRequiresIPhoneOS"),
        ]
        for (wrong, right) in cases {
            let match = db.lookup(wrong, at: nil)
            #expect(match?.definition.name == right, "\(wrong) should resolve to \(right)")
            #expect(match?.kind != .exact, "\(wrong) must not look like a correct key")
            #expect(db.suggestions(for: wrong, at: nil).first?.definition.name == right, "\(wrong) should suggest \(right)")
        }
    }

    @Test func removedThirdPartyATSKeysPointToSuccessors() {
        let path: [PathComponent] = [.key("NSAppTransportSecurity"), .key("NSExceptionDomains"), .key("example.com")]
        for (key, successor) in [
            ("NSThirdPartyExceptionAllowsInsecureHTTPLoads", "NSExceptionAllowsInsecureHTTPLoads"),
            ("NSThirdPartyExceptionRequiresForwardSecrecy", "NSExceptionRequiresForwardSecrecy"),
            ("NSThirdPartyExceptionMinimumTLSVersion", "NSExceptionMinimumTLSVersion"),
        ] {
            let definition = db.definition(for: key, at: path)
            #expect(definition?.status.kind == .removed)
            #expect(definition?.status.successor == successor)
        }
    }
}
