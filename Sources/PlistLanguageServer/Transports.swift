// The two ways to serve: stdin/stdout (one session) and a Unix-domain socket daemon (one session per client).
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LanguageServerProtocol
import PlistSupport

public enum Transports {
    /// Serves one session on stdin/stdout until `exit` or end of input, and returns its exit
    /// status. Standard output is protected first: fd 1 then points at stderr, so a stray
    /// `print` cannot corrupt the protocol stream.
    public static func serveStandardIO(options: LanguageServerOptions = LanguageServerOptions()) async throws -> Int32 {
        await (try StandardIOSession(options: { options })).run()
    }

    /// The stdio session in two steps, so that `main` can make it and have the first message
    /// answered on the reading thread before the concurrency runtime starts (its threads would
    /// compete for the cores with the answer), then run the rest with `run()`.
    public final class StandardIOSession: Sendable {
        private let connection: Connection
        private let server: LanguageServer

        /// Protects stdout (see `Connection.standardIO()`), starts reading and makes the session.
        /// Reading starts before the session is made, and before its `options` are: the reader
        /// thread starts, reads and decodes the client's first message (`initialize`, sent at
        /// once) meanwhile, and holds it until the session is ready to answer it
        /// (docs/contributing/performance.md).
        public init(options makeOptions: () -> LanguageServerOptions = { LanguageServerOptions() }) throws {
            connection = try Connection.standardIO()
            connection.start(holdingFirstMessage: true)
            let options = makeOptions()
            server = LanguageServer(connection: connection, options: options)
            options.logger.info("serving LSP on stdin/stdout (pid \(getpid()))")
        }

        /// Blocks until the first message has been handled (the answer to `initialize` sent), or
        /// the input ended.
        public func waitUntilFirstMessageHandled() {
            connection.waitUntilFirstMessageHandled()
        }

        /// Serves until `exit` or end of input; returns the exit status.
        public func run() async -> Int32 {
            let status = await server.run()
            // Give what is queued (the last responses) a moment to reach a client that reads, but
            // never wait for one that does not: it asked to exit or went away.
            connection.flush(seconds: 1)
            return status
        }
    }

    /// Serves the socket at `path` until SIGINT, SIGTERM, SIGHUP or SIGUSR1, then removes the
    /// socket and returns `.signal(number)`: the caller ends the process with its `exitStatus`
    /// (128 + the signal number; SIGHUP and SIGUSR1 would otherwise kill the process and leave the
    /// socket behind). After a signal the handler stays installed, so a second signal cannot kill
    /// the process before the caller exits. SIGPIPE is ignored from the start: a write to a client
    /// that went away is an error for that session only. Every accepted client gets its own
    /// session; a session's `exit` closes only its connection. Throws `UnixSocketError` when the
    /// socket cannot be created: a path that is too long, a directory owned by someone else, a
    /// non-socket file at the path (never removed), a socket a running server answers on.
    public static func serveUnixSocket(
        path: String, options: LanguageServerOptions = LanguageServerOptions()
    ) async throws
        -> DaemonTermination
    {
        // The signal handler is installed before binding, and the queue it registers on is
        // drained before the socket exists, so a signal that arrives once clients can connect
        // always removes the socket. The handler only records the signal and closes the
        // listener; this function then returns it (returning from the handler's side would race
        // with the main flow, e.g. between bind and publishing the listener).
        let listener = Locked<UnixSocketListener?>(nil)
        let received = Locked<Int32?>(nil)
        let queue = DispatchQueue(label: "plist-lsp.signals")
        _ = signal(SIGPIPE, SIG_IGN)
        let signals = TerminationSignalHandler(signals: [SIGINT, SIGTERM, SIGHUP, SIGUSR1], queue: queue) { number in
            let bound = listener.withLock { value -> UnixSocketListener? in
                received.withLock { $0 = $0 ?? number }
                return value
            }
            // Before the socket is published, the main flow sees `received` and returns.
            bound?.close()
        }
        waitForSignalSources(on: queue)
        let bound: UnixSocketListener
        do { bound = try UnixSocketListener(path: path) } catch {
            signals.cancel()
            throw error
        }
        let earlySignal = listener.withLock { value -> Int32? in
            value = bound
            return received.withLock { $0 }
        }
        if let earlySignal {
            bound.close()
            return .signal(earlySignal)
        }
        options.logger.info("listening on \(path) (pid \(getpid()))")
        let daemon = SocketDaemon(listener: bound, options: options)
        await daemon.run()
        bound.close()
        if let number = received.withLock({ $0 }) {
            options.logger.info("stopped by signal \(number); socket removed")
            return .signal(number)
        }
        signals.cancel()
        return .listenerClosed
    }
}

/// Why `Transports.serveUnixSocket` returned.
public enum DaemonTermination: Sendable, Hashable {
    /// A termination signal arrived; the socket was removed.
    case signal(Int32)
    /// The listener stopped accepting without a signal.
    case listenerClosed

    /// The status the process exits with: 128 + the signal number, or 0.
    public var exitStatus: Int32 {
        switch self {
        case .signal(let number): return 128 + number
        case .listenerClosed: return 0
        }
    }
}

/// Dispatch registers signal sources asynchronously, and a signal that arrives before that is
/// ignored. Sources register in order, so once a probe source (SIGUSR2, made after the
/// termination handler's) has seen a signal we sent ourselves, the termination signals are handled too.
private func waitForSignalSources(on queue: DispatchQueue) {
    let seen = DispatchSemaphore(value: 0)
    _ = signal(SIGUSR2, SIG_IGN)
    let probe = DispatchSource.makeSignalSource(signal: SIGUSR2, queue: queue)
    probe.setEventHandler { seen.signal() }
    probe.resume()
    for _ in 0..<1_000 {
        _ = kill(getpid(), SIGUSR2)  // process-directed: Dispatch takes signals on its own thread
        if seen.wait(timeout: .now() + .milliseconds(2)) == .success { break }
    }
    probe.cancel()
}

/// Accepts clients on a listener; each connection is its own `LanguageServer` session.
///
/// A new client is never queued behind the others' work: its session is made and its input
/// started on the accept thread itself, and its `initialize` is answered on the reading thread
/// (`Connection.answerFirstMessage`), so neither waits for a thread of the cooperative pool that
/// every session shares (a client that sent thousands of requests kept it busy, and the next
/// client's `initialize` went unanswered for seconds). Only the message loop runs as a task.
/// The sessions share one `FairShare`: their work is admitted in turn, a session at a time.
public final class SocketDaemon: Sendable {
    public let listener: UnixSocketListener
    private let options: LanguageServerOptions
    private let sessions = Locked(0)
    private let share = FairShare.daemon()

    public init(listener: UnixSocketListener, options: LanguageServerOptions = LanguageServerOptions()) {
        self.listener = listener
        self.options = options
    }

    /// Serves until the listener is closed; sessions still open keep running in their tasks.
    public func run() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            startDetachedThread(name: "lsp-accept") { [self] in
                while true {
                    do {
                        startSession(try listener.accept())
                    } catch UnixSocketError.closed {
                        break
                    } catch {
                        // Transient failures (e.g. EMFILE): back off briefly rather than spin.
                        usleep(100_000)
                    }
                }
                done.resume()
            }
        }
    }

    /// On the accept thread: the session, its input started (its first message is answered by
    /// the reading thread), then its message loop as a task.
    private func startSession(_ connection: Connection) {
        let number = sessions.withLock { count -> Int in
            count += 1
            return count
        }
        var sessionOptions = options
        sessionOptions.logger.label = "\(options.logger.label)[\(number)]"
        let logger = sessionOptions.logger
        logger.info("client connected")
        let server = LanguageServer(connection: connection, options: sessionOptions, share: share)
        connection.start()
        Task {
            let status = await server.run()
            connection.close()
            logger.info("client disconnected (session status \(status))")
            // Its documents are freed once its cancelled work has answered.
            FreedMemory.released(bytes: nil)
        }
    }
}
