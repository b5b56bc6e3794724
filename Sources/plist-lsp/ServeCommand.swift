// `plist-lsp [serve] [--stdio | --listen PATH]`: the language server.
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LanguageServerProtocol
import PlistLanguageServer
import PlistSupport

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve LSP on stdin/stdout (the default; --stdio) or on a Unix socket (--listen <path>).",
        discussion: """
            plist-lsp (no arguments) or plist-lsp --stdio serves one editor on stdin/stdout; this is \
            what editors start. Only protocol messages are written to stdout; logs go to stderr.

            plist-lsp --listen PATH runs a daemon on a Unix-domain socket: every client that connects \
            gets its own session. The socket is created owner-only (mode 0600) in a directory you own \
            and only you can write to; an existing file that is not a socket is never removed; a stale \
            socket is replaced; the socket is removed on SIGINT, SIGTERM, SIGHUP or SIGUSR1. The path \
            must fit in 107 bytes.

            Exit status: 0 after shutdown and exit, 1 when the client exits or disconnects without \
            shutdown, 2 for usage errors or when the socket cannot be created.
            """)

    @Flag(help: "Serve on stdin/stdout (the default; editors such as VS Code pass it).")
    var stdio = false

    @Option(help: ArgumentHelp("Serve on a Unix-domain socket at <path>, one session per client.", valueName: "path"))
    var listen: String?

    @Option(help: ArgumentHelp("Lowest level logged to stderr: debug, info, warning or error.", valueName: "level"))
    var logLevel: String = "info"

    func validate() throws {
        if stdio && listen != nil { throw ValidationError("--stdio and --listen cannot be combined") }
        if Logger.Level(name: logLevel) == nil { throw ValidationError("unknown log level '\(logLevel)' (debug, info, warning, error)") }
    }

    func run() async throws {
        let level = Logger.Level(name: logLevel) ?? .info
        guard let listen else { try await Self.serveStandardIO(logLevel: level) }
        let termination: DaemonTermination
        do {
            termination = try await Transports.serveUnixSocket(path: listen, options: Self.options(logLevel: level))
        } catch let error as UnixSocketError {
            writeToStandardError("plist-lsp: \(error)\n")
            throw ExitCode(2)
        }
        // After a signal: 128 + its number, at once (sessions still open end with the process).
        exitProcess(termination.exitStatus)
    }

    /// The log level when `arguments` (without the program name) ask for what editors start: LSP
    /// on stdin/stdout, as `plist-lsp`, `plist-lsp --stdio`, `plist-lsp serve` or `plist-lsp serve
    /// --stdio`, each with at most one valid `--log-level LEVEL` (or `--log-level=LEVEL`) among the
    /// options. `main` serves those without the argument parser, which would reach the same call;
    /// anything else (a repeated or invalid option, `--listen`, `--help`…) is left to the parser,
    /// for its messages. nil: not such a form.
    static func plainStandardIOLogLevel(_ arguments: [String]) -> Logger.Level? {
        var rest = arguments[...]
        if rest.first == "serve" { rest = rest.dropFirst() }
        var stdio = false
        var level: Logger.Level?
        while let argument = rest.popFirst() {
            if argument == "--stdio" && !stdio {
                stdio = true
            } else if level == nil, argument == "--log-level", let value = rest.popFirst(), let parsed = Logger.Level(name: value) {
                level = parsed
            } else if level == nil, argument.hasPrefix("--log-level="),
                let parsed = Logger.Level(name: String(argument.dropFirst("--log-level=".count)))
            {
                level = parsed
            } else {
                return nil
            }
        }
        return level ?? .info
    }

    /// Serves one session on stdin/stdout and ends the process with its status.
    static func serveStandardIO(logLevel: Logger.Level) async throws -> Never {
        exitProcess(try await Transports.serveStandardIO(options: options(logLevel: logLevel)))
    }

    /// `serveStandardIO` from the synchronous `main`: the session is made and its first message
    /// (`initialize`) answered on the reading thread while this thread waits; only then does the
    /// message loop start, on the concurrency runtime, whose start-up (threads, the main queue)
    /// thus does not delay the first answer.
    static func serveStandardIOFromMain(logLevel: Logger.Level) -> Never {
        let session: Transports.StandardIOSession
        do {
            session = try Transports.StandardIOSession(options: { options(logLevel: logLevel) })
        } catch {
            PlistLSP.exit(withError: error)
        }
        session.waitUntilFirstMessageHandled()
        Task { exitProcess(await session.run()) }
        parkMainThread()
    }

    private static func options(logLevel: Logger.Level) -> LanguageServerOptions {
        LanguageServerOptions(logger: Logger(label: "plist-lsp", minimumLevel: logLevel))
    }
}
