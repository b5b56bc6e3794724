// Checks the database against real Info.plist files: every key used in three or more of them is known or a listed custom key.
import Foundation
import Testing
@testable import PlistSchema

@Suite struct CorpusTests {
    let db = Fixtures.database

    /// Keys that real apps use but Apple does not define (third-party frameworks, build metadata), with their origin.
    static let customKeys: [String: String] = [
        "SUFeedURL": "Sparkle update framework", "SUPublicEDKey": "Sparkle", "SUPublicDSAKeyFile": "Sparkle",
        "SUScheduledCheckInterval": "Sparkle", "SUEnableAutomaticChecks": "Sparkle",
        "XSAppIconAssets": "Xcode project metadata left in old Info.plist files",
        "AppIdentifierPrefix": "app's own key holding the $(AppIdentifierPrefix) build setting",
        "ALTDeviceID": "AltStore", "MozDevelopmentTeam": "Firefox for iOS", "AppGroup": "app-defined app group name",
        "MLKitGroupIdentifier": "Google ML Kit", "LSIsAppleDefaultForType": "undocumented key used by Apple's own apps",
    ]

    @Test func frequentCorpusKeysAreKnown() throws {
        let manifest = Fixtures.corpusDir.appendingPathComponent("MANIFEST.tsv")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else {
            Issue.record("Corpus not found at \(manifest.path)")
            return
        }
        let regex = try NSRegularExpression(pattern: "<key>\\s*([^<]*?)\\s*</key>")
        var counts: [String: Int] = [:]
        var files = 0
        for line in text.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count > 5, columns[5] == "info" else { continue }
            let url = Fixtures.corpusDir.appendingPathComponent("files").appendingPathComponent(String(columns[0]))
            guard let data = try? Data(contentsOf: url) else { continue }
            let plist = String(decoding: data, as: UTF8.self)
            files += 1
            var keys = Set<String>()
            regex.enumerateMatches(in: plist, range: NSRange(plist.startIndex..., in: plist)) { match, _, _ in
                if let match, let r = Range(match.range(at: 1), in: plist) { keys.insert(String(plist[r])) }
            }
            for key in keys { counts[key, default: 0] += 1 }
        }
        #expect(files > 40)
        let customChildValues = Set(db.definitions.filter(\.allowsCustomChildKeys).flatMap { $0.values.map(\.value) })
        var unknown: [String] = []
        for (key, count) in counts where count >= 3 {
            if Self.customKeys[key] != nil || customChildValues.contains(key) { continue }
            if db.lookup(key, at: nil)?.kind == .exact { continue }
            unknown.append("\(key) (\(count) files)")
        }
        #expect(unknown.isEmpty, "Frequent corpus keys unknown to the database: \(unknown.sorted().joined(separator: ", "))")
    }

    @Test func customKeysAreNotInTheDatabase() {
        for key in Self.customKeys.keys { #expect(db.definitions(matching: key).isEmpty, "\(key) is listed as custom but defined") }
    }
}
