// `plist-lsp keys`: list every key in the database as text, JSON or Markdown, or compare the database
// with a list of Apple's key pages (`--compare-pages`).
import ArgumentParser
import PlistSchema
import PlistSupport

extension KeyListingFormat: ExpressibleByArgument {}
extension PlistDomain: ExpressibleByArgument {}

struct Keys: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every known key.",
        discussion: """
            Lists every entry of the key database with its path, type, Xcode name, platforms, values and \
            status. The JSON form is stable (see docs/key-database.md); the Markdown form is docs/keys.md.

            With --compare-pages FILE, reads FILE (one page name a line: the last path component of each \
            of Apple's key pages, such as nsfalldetectionusagedescription) and prints the pages the \
            database does not know, the database keys whose current page the list lacks, and the listed \
            pages that are not keys. Exits with 1 when a listed page is missing from the database.
            """
    )

    @Option(help: "Output format: text, json or markdown.")
    var format: KeyListingFormat = .text

    @Option(
        name: .customLong("compare-pages"), help: ArgumentHelp("Compare the database with a list of Apple's key pages.", valueName: "file"))
    var comparePages: String?

    @Option(help: "With --compare-pages: which keys the pages document: infoPlist, entitlements or privacyManifest.")
    var domain: PlistDomain = .infoPlist

    func run() throws {
        guard let comparePages else {
            writeToStandardOutput(KeyRendering.listing(KeyDatabase.shared, format: format))
            return
        }
        let bytes: [UInt8]
        do {
            bytes = try AtomicFile.read(comparePages).bytes
        } catch {
            writeToStandardError("plist-lsp: \(comparePages): \(error)\n")
            throw ExitCode(2)
        }
        let pages = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map(String.init)
        let comparison = KeyDatabase.shared.compare(pages: pages, domain: domain)
        writeToStandardOutput(KeyRendering.pageComparison(comparison, domain: domain))
        if !comparison.missingFromDatabase.isEmpty { throw ExitCode(1) }
    }
}
