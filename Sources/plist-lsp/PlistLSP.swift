// The plist-lsp command: serves the Language Server Protocol by default; subcommands for the CLI.
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistLanguageServer
import PlistSupport

@main
struct PlistLSP: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist-lsp",
        abstract: "A language server and checker for Apple property lists (Info.plist, .entitlements, .xcprivacy).",
        discussion: """
            Editors start it with no arguments (or --stdio) and speak LSP on stdin/stdout; logs go to stderr.

            Examples:
              plist-lsp                          serve LSP on stdin/stdout
              plist-lsp --listen ~/.plist-lsp.sock
                                                 serve LSP on an owner-only Unix socket
              plist-lsp check App/               check every plist below App/
              plist-lsp check --fix Info.plist   apply the safe fixes
              plist-lsp format --check App/      exit 1 if a plist is not formatted as Xcode writes it
              plist-lsp explain NSCameraUsageDescription

            Exit status: 0 fine, 1 problems found, 2 usage or I/O error.
            """,
        version: LanguageServer.version,
        subcommands: [Serve.self, Check.self, Format.self, Explain.self, Keys.self],
        defaultSubcommand: Serve.self
    )

    /// `-DNAME=VALUE` as cc takes it: argument-parser reads a joined short option only up to `=`,
    /// so the definition is passed on as `-D NAME=VALUE`.
    static func splittingJoinedDefinitions(_ arguments: [String]) -> [String] {
        var out: [String] = []
        for (i, a) in arguments.enumerated() {
            if a == "--" { return out + arguments[i...] }
            if a.hasPrefix("-D") && a.count > 2 && a.contains("=") { out += ["-D", String(a.dropFirst(2))] } else { out.append(a) }
        }
        return out
    }

    /// Runs the command; usage errors exit with status 2 (not argument-parser's 64) so that every
    /// subcommand shares one convention: 0 fine, 1 problems found, 2 usage or I/O error.
    static func main() async {
        limitAllocatorArenas()
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            if Serve.isPlainStandardIO(arguments) {
                // What editors start: served without the argument parser, whose reflection over
                // every command's options costs milliseconds of start-up (docs/performance.md);
                // the parser would reach the same call.
                try await Serve.serveStandardIO(logLevel: .info)
            }
            var command = try parseAsRoot(splittingJoinedDefinitions(arguments))
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                writeToStandardError(fullMessage(for: error) + "\n")
                exitProcess(2)
            }
            exit(withError: error)
        }
    }
}
