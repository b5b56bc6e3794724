// `plist-lsp [serve] [--stdio | --listen PATH]`: the language server.
import ArgumentParser

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the Language Server Protocol (default).")
    func run() async throws {
        throw ValidationError("the language server is not available in this build yet")
    }
}
