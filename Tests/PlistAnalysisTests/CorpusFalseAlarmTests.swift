// No false alarms: every warning and error the catalogue raises on the valid corpus files is a
// real problem, listed here with the reason; and no Info.plist rule fires on entitlements or
// privacy manifests.
import Foundation
import PlistAnalysis
import PlistSyntax
import Testing

struct CorpusFile: Sendable {
    let name: String
    let valid: Bool
    let url: URL

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus")

    static let all: [CorpusFile] = {
        guard let manifest = try? String(contentsOf: directory.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else { return [] }
        return manifest.split(separator: "\n").dropFirst().compactMap { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 9 else { return nil }
            let url = directory.appendingPathComponent("files").appendingPathComponent(f[0])
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            return CorpusFile(name: f[0], valid: f[8] == "yes" || f[0] == "hrydgard__ppsspp__ios__Export.plist", url: url)
        }
    }()

    var bytes: [UInt8] { (try? [UInt8](Data(contentsOf: url))) ?? [] }
}

/// One expected finding: file, rule, 1-based line, and why it is a real problem.
struct ExpectedFinding: Hashable {
    let file: String
    let rule: String
    let line: Int
    let reason: String
    static func == (a: Self, b: Self) -> Bool { (a.file, a.rule, a.line) == (b.file, b.rule, b.line) }
    func hash(into h: inout Hasher) { h.combine(file); h.combine(rule); h.combine(line) }
}

@Suite struct CorpusFalseAlarmTests {
    static let expected: [ExpectedFinding] = [
        .init(file: "Aidoku__Aidoku__iOS__Info.plist", rule: "info-misplaced-key", line: 99,
              reason: "UIApplicationSupportsMultipleScenes at the top level is not read; it belongs in UIApplicationSceneManifest"),
        .init(file: "altstoreio__AltStore__AltStore__Info.plist", rule: "info-misplaced-key", line: 156,
              reason: "UILaunchStoryboardName inside a scene configuration is not read; launch screens are set at the top level"),
        .init(file: "kickstarter__ios-oss__Kickstarter-iOS__Info.plist", rule: "info-removed-key", line: 89,
              reason: "NSThirdPartyExceptionRequiresForwardSecrecy was removed in iOS 10: the exception no longer applies"),
        .init(file: "kickstarter__ios-oss__Kickstarter-iOS__Info.plist", rule: "info-removed-key", line: 96, reason: "as above"),
        .init(file: "kickstarter__ios-oss__Kickstarter-iOS__Info.plist", rule: "info-removed-key", line: 103, reason: "as above"),
        .init(file: "lwouis__alt-tab-macos__Info.plist", rule: "info-wrong-type", line: 39,
              reason: "<string>false</string> where a Boolean belongs; it only works because the reader happens to call boolValue"),
        .init(file: "lwouis__alt-tab-macos__Info.plist", rule: "info-wrong-type", line: 41, reason: "as above"),
        .init(file: "OpenBoard-org__OpenBoard__resources__macx__Info.plist", rule: "info-short-version-format", line: 62,
              reason: "'5.0.0 (rDEVELOPMENT)' is not a version number; version comparisons and the App Store reject it"),
        .init(file: "Provenance-Emu__Provenance__Provenance__Provenance-AppStore-Info.plist", rule: "plist-duplicate-key", line: 172,
              reason: "UIBackgroundModes appears twice; this first array is silently dropped"),
        .init(file: "Provenance-Emu__Provenance__Provenance__Provenance-AppStore-Info.plist", rule: "plist-duplicate-key", line: 311,
              reason: "the second UIBackgroundModes, the one the system reads"),
        .init(file: "Provenance-Emu__Provenance__Provenance__Provenance-AppStore-Info.plist", rule: "ats-exception-domain-ip", line: 190,
              reason: "ATS exception domains must not be numeric IP addresses (127.0.0.1)"),
        .init(file: "Provenance-Emu__Provenance__Provenance__Provenance-AppStore-Info.plist", rule: "ats-exception-domain-ip", line: 197,
              reason: "ATS exception domains must not be numeric IP addresses (69.69.0.1)"),
        .init(file: "Provenance-Emu__Provenance__Provenance__Provenance-AppStore-Info.plist", rule: "info-misplaced-key", line: 258,
              reason: "NSExtensionFileProviderSupportsEnumeration at the top level of an app is not read (it is an extension key)"),
        .init(file: "Provenance-Emu__Provenance__Provenance__Provenance-AppStore-Info.plist", rule: "info-misplaced-key", line: 260,
              reason: "NSExtensionPointIdentifier at the top level of an app is not read"),
        .init(file: "Provenance-Emu__Provenance__Provenance__Provenance-AppStore-Info.plist", rule: "info-misplaced-key", line: 665,
              reason: "NSUbiquitousContainerName belongs in a container dictionary of NSUbiquitousContainers"),
        .init(file: "Provenance-Emu__Provenance__ProvenanceTV__ProvenanceTV-AppStore-Info.plist", rule: "ats-exception-domain-ip", line: 145,
              reason: "ATS exception domains must not be numeric IP addresses (127.0.0.1)"),
        .init(file: "Provenance-Emu__Provenance__ProvenanceTV__ProvenanceTV-AppStore-Info.plist", rule: "ats-exception-domain-ip", line: 152,
              reason: "ATS exception domains must not be numeric IP addresses (69.69.0.1)"),
        .init(file: "Provenance-Emu__Provenance__ProvenanceTV__ProvenanceTV-AppStore-Info.plist", rule: "info-misplaced-key", line: 213,
              reason: "NSExtensionFileProviderSupportsEnumeration at the top level of an app is not read"),
        .init(file: "Provenance-Emu__Provenance__ProvenanceTV__ProvenanceTV-AppStore-Info.plist", rule: "privacy-missing-usage-description", line: 259,
              reason: "the 'location' background mode without any location usage description: requesting location would terminate the app"),
        .init(file: "ProtonMail__ios-mail__ProtonMail__ProtonMail__Supporting Files__Info.plist", rule: "info-invalid-value", line: 74,
              reason: "'Mailto' is not a document/URL role (Editor, Viewer, Shell, None); macOS ignores the URL type's role"),
        .init(file: "ProtonMail__ios-mail__ProtonMail__ProtonMail__Supporting Files__Info.plist", rule: "info-bundle-version-format", line: 84,
              reason: "CFBundleVersion 'Debug' is not a build number; uploads and version comparisons fail"),
        .init(file: "videolan__vlc-ios__Resources__iOS__Info.plist", rule: "info-invalid-value", line: 751,
              reason: "'publiic.plain-text' is a typo of public.plain-text: the type conforms to nothing"),
        .init(file: "wikimedia__wikipedia-ios__Wikipedia__Wikipedia-Info.plist", rule: "privacy-empty-usage-description", line: 35,
              reason: "an empty NSLocationWhenInUseUsageDescription: any language InfoPlist.strings misses shows an empty prompt"),
    ]

    @Test func everyWarningOnAValidCorpusFileIsARealProblem() throws {
        let files = CorpusFile.all.filter(\.valid)
        try #require(files.count >= 70, "the corpus is missing")
        var found: [ExpectedFinding] = []
        for file in files {
            let (text, diagnostics) = Analyzer.diagnostics(forFileBytes: file.bytes, path: file.name)
            let lines = LineIndex(text)
            for d in diagnostics where d.severity == .error || d.severity == .warning {
                found.append(ExpectedFinding(file: file.name, rule: d.code, line: lines.line(containing: d.range.lowerBound) + 1, reason: d.message))
            }
        }
        let unexpected = Set(found).subtracting(Self.expected)
        let missing = Set(Self.expected).subtracting(found)
        #expect(unexpected.isEmpty, "new warnings (false alarms?):\n\(unexpected.map { "\($0.file):\($0.line) [\($0.rule)] \($0.reason)" }.sorted().joined(separator: "\n"))")
        #expect(missing.isEmpty, "expected findings gone:\n\(missing.map { "\($0.file):\($0.line) [\($0.rule)]" }.sorted().joined(separator: "\n"))")
    }

    @Test func noInfoPlistRuleFiresOnEntitlementsOrPrivacyManifests() {
        let infoRules = Set(RuleRegistry.all.filter { !$0.fileKinds.contains(.entitlements) || !$0.fileKinds.contains(.privacyManifest) }.map(\.id))
            .subtracting(["plist-root-not-dictionary"])
        var checked = 0
        for file in CorpusFile.all {
            let document = PlistDocument(text: file.bytes)
            let kind = FileKind.detect(path: file.name, document: document)
            guard kind == .entitlements || kind == .privacyManifest else { continue }
            checked += 1
            let (_, diagnostics) = Analyzer.diagnostics(forFileBytes: file.bytes, path: file.name)
            let wrong = diagnostics.filter { infoRules.contains($0.code) }
            #expect(wrong.isEmpty, "\(file.name): \(wrong.map(\.code))")
        }
        #expect(checked >= 15)
    }
}
