// Shared helpers for the PlistSchema tests: locating the repository, the seed texts and the corpus, and text normalisation.
import Foundation
import Testing
@testable import PlistSchema

enum Fixtures {
    /// The repository root, found from this file's path (Tests/PlistSchemaTests/TestSupport.swift).
    static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// ../shared beside the repository, as in CI.
    static let sharedDir = repoRoot.deletingLastPathComponent().appendingPathComponent("shared")
    static let seedsDir = sharedDir.appendingPathComponent("seeds")
    static let corpusDir = sharedDir.appendingPathComponent("corpus")

    /// The concatenated seed texts, or nil (with a recorded failure) when the directory is missing.
    static func seedTexts(sourceLocation: SourceLocation = #_sourceLocation) -> [String]? {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: seedsDir.path))?
            .filter { $0.hasSuffix(".txt") }.sorted() ?? []
        guard !files.isEmpty else {
            Issue.record("Seed texts not found at \(seedsDir.path): the own-words and coverage checks need ../shared/seeds beside the repository.", sourceLocation: sourceLocation)
            return nil
        }
        return files.compactMap { try? String(contentsOf: seedsDir.appendingPathComponent($0), encoding: .utf8) }
    }

    static let database: KeyDatabase = {
        do { return try KeyDatabase.loadBundled() } catch { fatalError("keys.json does not load: \(error)") }
    }()

    /// Lowercased words made of letters and digits.
    static func words(_ text: String) -> [Substring] {
        text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) })
    }
}
