// The two ways to serve: stdin/stdout (one session) and a Unix-domain socket daemon (one session per client).
import Foundation
import LanguageServerProtocol
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum Transports {
    /// Serves one session on stdin/stdout until `exit` or end of input, and returns its exit
    /// status. Standard output is protected first: fd 1 then points at stderr, so a stray
    /// `print` cannot corrupt the protocol stream.
    public static func serveStandardIO(options: LanguageServerOptions = LanguageServerOptions()) async throws -> Int32 {
        let connection = try Connection.standardIO()
        let server = LanguageServer(connection: connection, options: options)
        options.logger.info("serving LSP on stdin/stdout (pid \(getpid()))")
        return await server.run()
    }

    /// Serves the socket at `path` until SIGINT or SIGTERM (then removes the socket and exits
    /// with 128 + the signal number). Every accepted client gets its own session; a session's
    /// `exit` closes only its connection. Throws `UnixSocketError` when the socket cannot be
    /// created: a path that is too long, a directory owned by someone else, a non-socket file at
    /// the path (never removed), a socket a running server answers on.
    public static func serveUnixSocket(path: String, options: LanguageServerOptions = LanguageServerOptions()) async throws {
        // The signal handler is installed before binding (Dispatch registers signal sources
        // asynchronously), so a signal that arrives once the socket exists always removes it.
        let listener = Locked<UnixSocketListener?>(nil)
        let signals = TerminationSignalHandler { number in
            listener.withLock { $0 }?.close()
            options.logger.info("stopped by signal \(number); socket removed")
            exit(128 + number)
        }
        defer { signals.cancel() }
        let bound = try UnixSocketListener(path: path)
        listener.withLock { $0 = bound }
        defer { bound.close() }
        options.logger.info("listening on \(path) (pid \(getpid()))")
        let daemon = SocketDaemon(listener: bound, options: options)
        await daemon.run()
    }
}

/// Accepts clients on a listener; each connection is its own `LanguageServer` session.
public final class SocketDaemon: Sendable {
    public let listener: UnixSocketListener
    private let options: LanguageServerOptions
    private let sessions = Locked(0)

    public init(listener: UnixSocketListener, options: LanguageServerOptions = LanguageServerOptions()) {
        self.listener = listener
        self.options = options
    }

    /// Serves until the listener is closed; sessions still open keep running in their tasks.
    public func run() async {
        for await connection in listener.connections() {
            let number = sessions.withLock { count -> Int in
                count += 1
                return count
            }
            var sessionOptions = options
            sessionOptions.logger.label = "\(options.logger.label)[\(number)]"
            let logger = sessionOptions.logger
            Task {
                logger.info("client connected")
                let server = LanguageServer(connection: connection, options: sessionOptions)
                let status = await server.run()
                connection.close()
                logger.info("client disconnected (session status \(status))")
            }
        }
    }
}
