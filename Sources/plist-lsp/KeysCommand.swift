// `plist-lsp keys`: list every key in the database.
import ArgumentParser

struct Keys: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List every known key.")
    func run() throws { throw ValidationError("keys is not available in this build yet") }
}
