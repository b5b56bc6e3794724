// Holds the database to the list of Apple's key pages in ../shared/reference: every page names a key
// of the database or is listed, with the reason, as not a key. The comparison is the one
// `plist-lsp keys --compare-pages` prints, and works for any domain's list.
import Foundation
import Testing
import PlistTestSupport
@testable import PlistSchema

@Suite struct ReferencePagesTests {
    let db = Fixtures.database

    static let referenceDirectory = SharedData.directory.appendingPathComponent("reference")

    /// The reference lists the database is held to, by domain, with the fewest pages each list has
    /// held (a truncated list must not pass as complete).
    static let heldLists: [(file: String, domain: PlistDomain, minimum: Int)] = [
        ("apple-info-plist-pages.txt", .infoPlist, 279),
        ("apple-entitlement-pages.txt", .entitlements, 174),
    ]

    static var referencePresent: Bool { FileManager.default.fileExists(atPath: referenceDirectory.path) }
    static var runReferenceTests: Bool { referencePresent || SharedData.isCI }
    static let skipNote: Comment =
        "needs Apple's page lists at ../shared/reference beside the repository (not part of a fresh clone; always present in CI, where their absence fails this test)"

    static func pages(_ file: String) throws -> [String] {
        let url = referenceDirectory.appendingPathComponent(file)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { throw ListMissing(path: url.path) }
        return text.split(whereSeparator: \.isNewline).map(String.init)
    }

    struct ListMissing: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) not found: ../shared must sit beside the repository" }
    }

    @Test(.enabled(if: runReferenceTests, skipNote), arguments: heldLists.map(\.file))
    func everyListedPageIsAKeyOrListedAsNotAKey(file: String) throws {
        let held = try #require(Self.heldLists.first { $0.file == file })
        let pages = try Self.pages(file)
        let comparison = db.compare(pages: pages, domain: held.domain)
        #expect(comparison.listed == Set(pages.map { $0.lowercased() }).count)
        #expect(comparison.listed >= held.minimum)
        #expect(
            comparison.missingFromDatabase.isEmpty,
            "pages of \(file) with no key in the database: \(comparison.missingFromDatabase.joined(separator: ", "))")
        #expect(comparison.known + comparison.notKeys.count == comparison.listed)
    }

    /// The comparison itself, on a list written here: a known key, a key by its page under a parent,
    /// a page that is not a key, and one the database lacks; and a database key missing from the list.
    @Test func comparisonFindsBothSides() {
        let comparison = db.compare(
            pages: ["NSFallDetectionUsageDescription", "  badownloadallowance", "appiconreferencename", "nsnotakeyyet", ""],
            domain: .infoPlist)
        #expect(comparison.listed == 4)
        #expect(comparison.known == 2)
        #expect(comparison.missingFromDatabase == ["nsnotakeyyet"])
        #expect(comparison.notKeys.map(\.page) == ["appiconreferencename"])
        #expect(comparison.missingFromList.contains("NSCameraUsageDescription (nscamerausagedescription)"))
        #expect(!comparison.missingFromList.contains { $0.hasPrefix("NSFallDetectionUsageDescription ") })
        // Archive pages and third parties' keys have no current Apple page to miss.
        #expect(!comparison.missingFromList.contains { $0.hasPrefix("UINewsstandIcon ") })
        #expect(!comparison.missingFromList.contains { $0.hasPrefix("GOOGLE_ANALYTICS_DEFAULT_ALLOW_AD_PERSONALIZATION_SIGNALS ") })
    }

    /// The same code compares an entitlement list.
    @Test func comparisonWorksForEntitlements() {
        let comparison = db.compare(pages: ["com.apple.security.app-sandbox", "com.apple.developer.not-yet"], domain: .entitlements)
        #expect(comparison.known == 1)
        #expect(comparison.missingFromDatabase == ["com.apple.developer.not-yet"])
        #expect(!comparison.missingFromList.isEmpty)
        #expect(!comparison.missingFromList.contains { $0.hasPrefix("NSCameraUsageDescription") })
    }

    @Test func everyNotAKeyPageIsReallyNoKey() {
        for (domain, pages) in KeyDatabase.pagesThatAreNotKeys {
            for (page, reason) in pages {
                #expect(!db.definitions.contains { $0.domain == domain && $0.name.lowercased() == page }, "\(page) is a key after all")
                #expect(reason.count > 20)
            }
        }
    }
}
