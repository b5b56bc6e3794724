// The plist-lsp command: serves the Language Server Protocol by default; subcommands for the CLI.
import ArgumentParser

@main
struct PlistLSP: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist-lsp",
        abstract: "A language server and checker for Apple property lists (Info.plist, .entitlements, .xcprivacy).",
        subcommands: [Serve.self, Check.self, Explain.self, Keys.self],
        defaultSubcommand: Serve.self
    )
}
