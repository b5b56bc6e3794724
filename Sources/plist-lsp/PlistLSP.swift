// The plist-lsp command: serves the Language Server Protocol by default; subcommands for the CLI.
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSupport
import PlistWorkspace

/// The command line interface (`EntryPoint` starts it, or serves the editors' forms itself).
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
              plist-lsp convert --to xml1 -o - Info.plist
                                                 print a binary plist as XML
              plist-lsp explain NSCameraUsageDescription

            Exit status: 0 fine, 1 problems found, 2 usage or I/O error.
            """,
        version: ToolVersion.current,
        subcommands: [Serve.self, Check.self, Format.self, Convert.self, Explain.self, Keys.self],
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
    /// A synchronous command (check, format, explain, keys) runs right here on the main thread,
    /// whose allocations use malloc's main arena (grown with brk; another thread's arena grows in
    /// `mprotect` steps, a tenth of a large `check`); `serve` starts the concurrency runtime.
    static func main(_ arguments: [String]) -> Never {
        do {
            var command = try parseAsRoot(splittingJoinedDefinitions(arguments))
            if let asyncCommand = command as? AsyncParsableCommand {
                nonisolated(unsafe) var command = asyncCommand
                Task {
                    do { try await command.run() } catch { fail(error) }
                    exitProcess(0)
                }
                parkMainThread()
            }
            try command.run()
        } catch {
            fail(error)
        }
        exitProcess(0)
    }

    private static func fail(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        if code == .validationFailure {
            writeToStandardError(fullMessage(for: error) + "\n")
            exitProcess(2)
        }
        exit(withError: error)
    }
}

/// The process's entry point, synchronous: what editors start (`plist-lsp`, `--stdio`, `serve`, with
/// at most a `--log-level`) is served without the argument parser, whose reflection over every
/// command's options costs milliseconds of start-up, and its first answer is written before the
/// concurrency runtime starts (docs/contributing/performance.md); the parser would reach the same session.
/// Everything else runs the command line interface.
@main
enum EntryPoint {
    static func main() {
        limitAllocatorArenas()
        // From argv itself: `CommandLine.arguments` makes its array through the runtime's lookup of
        // the array type by its mangled name (about 0.1 ms of a start).
        let arguments = (1..<Int(CommandLine.argc)).map { String(cString: CommandLine.unsafeArgv[$0]!) }
        if let logLevel = Serve.plainStandardIOLogLevel(arguments) { Serve.serveStandardIOFromMain(logLevel: logLevel) }
        PlistLSP.main(arguments)
    }
}
