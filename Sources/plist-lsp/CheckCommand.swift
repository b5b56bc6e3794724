// `plist-lsp check`: report problems in plist files as a compiler would.
import ArgumentParser

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check plist files and print problems.")
    func run() async throws {
        throw ValidationError("check is not available in this build yet")
    }
}
