// Checks the database against real Info.plist files: every key used in three or more of them is known or a listed custom key.
import Foundation
import Testing
@testable import PlistSchema
import PlistSyntax
import PlistTestSupport

@Suite(.tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote)) struct CorpusTests {
    let db = Fixtures.database

    /// Keys that real apps use but Apple does not define (third-party frameworks, build metadata), with their origin.
    static let customKeys: [String: String] = [
        "AppIdentifierPrefix": "app's own key holding the $(AppIdentifierPrefix) build setting",
        "ALTDeviceID": "AltStore", "MozDevelopmentTeam": "Firefox for iOS", "AppGroup": "app-defined app group name",
        "AppGroupIdentifier": "app-defined app group name", "MainAppBundleIdentifier": "app-defined, read by its extensions",
        "MLKitGroupIdentifier": "Google ML Kit",
        "REVENUECAT_API_KEY": "RevenueCat sample apps", "GIT_BRANCH": "build metadata written by a script",
        "GIT_COMMIT_HASH": "build metadata written by a script", "GIT_STATUS_CLEAN": "build metadata written by a script",
        "OCAppGroupIdentifier": "ownCloud", "OCAppIdentifierPrefix": "ownCloud", "OCAppComponentIdentifier": "ownCloud",
        "OCKeychainAccessGroupIdentifier": "ownCloud", "OCHasFileProvider": "ownCloud",
    ]

    /// Every dictionary key of a plist with the path of its parent dictionary, skipping the keys of
    /// dictionaries whose keys the developer chooses (exception domains, plug-in type UUIDs, …):
    /// those are names, not keys the database could know.
    func keys(in node: PlistNode?, parent: [PathComponent], into out: inout Set<String>) {
        guard let node else { return }
        switch node.kind {
        case .dictionary:
            let ownDefinition = parent.last.flatMap { last -> KeyDefinition? in
                guard case .key(let name) = last else { return nil }
                return db.definition(for: name, at: Array(parent.dropLast()))
            }
            let custom = ownDefinition?.allowsCustomChildKeys ?? false
            for entry in node.entries {
                guard let key = entry.key?.text else { continue }
                if !custom { out.insert(key) }
                keys(in: entry.value, parent: parent + [.key(key)], into: &out)
            }
        case .array:
            for (i, item) in node.items.enumerated() { keys(in: item, parent: parent + [.index(i)], into: &out) }
        default:
            break
        }
    }

    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func frequentCorpusKeysAreKnown() throws {
        let files = try SharedData.requireCorpus()
        var counts: [String: Int] = [:]
        var infoFiles = 0
        for file in files where file.kind == "info" {
            infoFiles += 1
            var found = Set<String>()
            keys(in: PlistDocument(text: file.bytes).root, parent: [], into: &found)
            for key in found { counts[key, default: 0] += 1 }
        }
        #expect(infoFiles > 40)
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
