// `plist-lsp explain KEY`: everything the key database knows about a key.
import ArgumentParser

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Explain an Info.plist key.")
    @Argument var key: String
    func run() throws { throw ValidationError("explain is not available in this build yet") }
}
