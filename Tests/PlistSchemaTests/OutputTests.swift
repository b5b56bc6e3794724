// Rendered output: docs/keys.md is current, the JSON listing is stable, the CLI works end to end, and loading is fast.
import Foundation
import Testing
import PlistTestSupport
@testable import PlistSchema
import PlistTestSupport

@Suite struct OutputTests {
    let db = Fixtures.database

    /// The documented, stable fields of each entry of `keys --format json`.
    static let jsonEntryFields: Set<String> = [
        "name", "domain", "paths", "types", "elementType", "xcodeName", "platforms", "values", "valuesClosed", "defaultValue",
        "status", "localizable", "requiredFor", "recommendedFor", "appStoreReview", "related", "docURL", "summary",
        "fromSeeds", "misspellings", "customChildKeys", "owner", "fixedChildKeys", "pagePlaceholders", "pageDeparture", "xcodeCapability",
    ]

    @Test func docsKeysMarkdownIsCurrent() throws {
        let url = SharedData.repositoryRoot.appendingPathComponent("docs/keys.md")
        let generated = KeyRendering.markdown(db, forRepository: true)
        if ProcessInfo.processInfo.environment["PLIST_LSP_UPDATE_DOCS"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
        }
        let committed = try? String(contentsOf: url, encoding: .utf8)
        #expect(committed == generated, "docs/keys.md is stale: run PLIST_LSP_UPDATE_DOCS=1 swift test --filter docsKeysMarkdownIsCurrent")
    }

    /// What `keys --format markdown` prints is for people who use the keys: the repository's note
    /// on how docs/keys.md is made is not in it; the rest is the same.
    @Test func userMarkdownHasNoNoteForContributors() {
        let user = KeyRendering.markdown(db), repository = KeyRendering.markdown(db, forRepository: true)
        #expect(!user.contains("Do not edit") && !user.contains("keys.json") && repository.contains("Do not edit by hand"))
        #expect(user.hasPrefix("# Key reference\n\nPaths:") && repository.hasSuffix(user.dropFirst("# Key reference\n\n".count)))
    }

    @Test func jsonListingHasTheDocumentedShape() throws {
        let data = Data(KeyRendering.json(db).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["formatVersion"] as? Int == 1)
        let keys = try #require(object["keys"] as? [[String: Any]])
        #expect(keys.count == db.definitions.count)
        for entry in keys { #expect(Set(entry.keys) == Self.jsonEntryFields) }
        let camera = try #require(keys.first { $0["name"] as? String == "NSCameraUsageDescription" })
        #expect(camera["xcodeName"] as? String == "Privacy - Camera Usage Description")
        #expect((camera["status"] as? [String: Any])?["kind"] as? String == "active")
    }

    @Test func explainTextHasEveryFact() {
        let text = KeyRendering.explain(db.definition(for: "NSAllowsArbitraryLoads", at: [.key("NSAppTransportSecurity")])!)
        for fragment in [
            "NSAllowsArbitraryLoads", "Allow Arbitrary Loads", "boolean", "NSAppTransportSecurity", "iOS 9.0+", "Default:",
            "App Store review", "https://developer.apple.com/",
        ] {
            #expect(text.contains(fragment), "explain output lacks \(fragment)")
        }
    }

}

@Suite struct CommandLineTests {
    /// The built `plist-lsp` next to the test bundle in the build products directory.
    static func binary() -> URL? {
        var candidates: [URL] = []
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("plist-lsp"))
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("plist-lsp"))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("plist-lsp"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct Result { var status: Int32; var stdout: String; var stderr: String }

    struct BinaryMissing: Error, CustomStringConvertible {
        var description: String {
            "plist-lsp was not found next to the test bundle (\(CommandLine.arguments.first ?? "?")); build it with `swift build --product plist-lsp`"
        }
    }

    /// Runs the built binary and waits for it on a thread of its own, off the cooperative pool
    /// (the in-process server tests need its threads).
    static func run(_ arguments: [String]) async throws -> Result {
        try await onOwnThread { try runBlocking(arguments) }
    }

    private static func runBlocking(_ arguments: [String]) throws -> Result {
        guard let binary = binary() else { throw BinaryMissing() }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let (stdout, stderr) = readAll(output: out.fileHandleForReading, error: err.fileHandleForReading)
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func explainKnownKey() async throws {
        let result = try await Self.run(["explain", "NSCameraUsageDescription"])
        #expect(result.status == 0)
        for fragment in [
            "NSCameraUsageDescription", "Privacy - Camera Usage Description", "Type:", "string", "(top level)", "iOS 7.0+", "Localizable:",
            "https://developer.apple.com/",
        ] {
            #expect(result.stdout.contains(fragment), "explain output lacks \(fragment)")
        }
    }

    @Test func explainToleratesCaseSuffixAndMisspelling() async throws {
        let lower = try await Self.run(["explain", "nsapptransportsecurity"])
        #expect(lower.status == 0 && lower.stdout.contains("NSAppTransportSecurity"))
        let suffixed = try await Self.run(["explain", "UISupportedInterfaceOrientations~ipad"])
        #expect(suffixed.status == 0 && suffixed.stdout.contains("~ipad"))
        let misspelled = try await Self.run(["explain", "NSPrefPanelIconFile"])
        #expect(misspelled.status == 0 && misspelled.stdout.contains("misspelling of NSPrefPaneIconFile"))
    }

    @Test func explainUnknownKeyFailsWithSuggestions() async throws {
        let result = try await Self.run(["explain", "NSCameraUsageDescripton"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Did you mean"))
        #expect(result.stderr.contains("NSCameraUsageDescription"))
    }

    @Test func keysJSONParses() async throws {
        let result = try await Self.run(["keys", "--format", "json"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let keys = object?["keys"] as? [[String: Any]] ?? []
        #expect(keys.count == Fixtures.database.definitions.count)
        #expect(keys.allSatisfy { Set($0.keys) == OutputTests.jsonEntryFields })
    }

    @Test func keysTextAndMarkdown() async throws {
        let text = try await Self.run(["keys"])
        #expect(text.status == 0 && text.stdout.contains("UIBackgroundModes\n  path: (top level)\n  type: array of string"))
        let markdown = try await Self.run(["keys", "--format", "markdown"])
        #expect(markdown.status == 0 && markdown.stdout == KeyRendering.markdown(Fixtures.database))
    }
}
