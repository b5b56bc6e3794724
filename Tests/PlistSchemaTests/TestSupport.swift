// Shared helpers for the PlistSchema tests: the database and text normalisation (the repository,
// the seed texts and the corpus are PlistTestSupport's).
import Foundation
import Testing
@testable import PlistSchema

enum Fixtures {
    static let database: KeyDatabase = {
        do { return try KeyDatabase.loadBundled() } catch { fatalError("keys.json does not load: \(error)") }
    }()

    /// Lowercased words made of letters and digits.
    static func words(_ text: String) -> [Substring] {
        text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) })
    }
}
