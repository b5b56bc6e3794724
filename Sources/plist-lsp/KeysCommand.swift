// `plist-lsp keys`: list every key in the database as text, JSON or Markdown.
import ArgumentParser
import PlistSchema
import PlistSupport

extension KeyListingFormat: ExpressibleByArgument {}

struct Keys: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every known key.",
        discussion: """
        Lists every entry of the key database with its path, type, Xcode name, platforms, values and \
        status. The JSON form is stable (see docs/key-database.md); the Markdown form is docs/keys.md.
        """
    )

    @Option(help: "Output format: text, json or markdown.")
    var format: KeyListingFormat = .text

    func run() throws {
        writeToStandardOutput(KeyRendering.listing(KeyDatabase.shared, format: format))
    }
}
