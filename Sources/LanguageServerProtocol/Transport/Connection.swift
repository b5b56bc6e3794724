#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSupport
import Synchronization

/// What a connection delivers to its consumer.
public enum ConnectionEvent: Sendable {
    /// A classified incoming message (responses to `send(_:)` requests are *not* delivered here).
    case message(IncomingMessage)
    /// A bad header block was skipped (log it); the connection keeps going.
    case framingError(FramingError)
}

public enum ConnectionError: Error, Equatable, Sendable, CustomStringConvertible {
    case closed
    case writeFailed(errno: Int32)
    case systemCall(String, errno: Int32)
    /// The peer did not read: more than `limit` bytes of output were waiting for it, so the
    /// connection was dropped (see `Connection.Limits.maxQueuedOutputBytes`).
    case outputOverflow(limit: Int)

    public var description: String {
        switch self {
        case .closed: return "connection closed"
        case .outputOverflow(let limit): return "the client does not read its messages (more than \(limit) bytes queued); disconnected"
        case .writeFailed(let code): return "write failed: \(String(cString: strerror(code)))"
        case .systemCall(let name, let code): return "\(name) failed: \(String(cString: strerror(code)))"
        }
    }
}

/// A JSON-RPC connection over a pair of file descriptors (stdio, a Unix-domain socket, a pipe).
///
/// - Sockets (the daemon's sessions) are read by the process's one `ReadPoller` thread with
///   `poll(2)`, so an idle session costs no thread; a pipe (stdio) is read on a thread of its own.
///   The bytes go to a `MessageFramer`, each body is decoded with a `MessageDecoder` and the
///   result is yielded on `events`. End of input finishes the stream.
///   The framer bounds what one message may hold (`Limits.maxContentLength`).
/// - `send` never blocks: it appends the framed message to a bounded output queue that a writer
///   thread drains (started on demand, ended when the queue is empty: an idle connection holds
///   no thread), so a peer that does not read stalls only its own connection, never the
///   caller (a task of the cooperative pool, shared by every session of the daemon). When more
///   than `Limits.maxQueuedOutputBytes` wait, the peer is taken to be gone: the connection drops
///   its output and ends its `events` (the session ends). On a socket, a write that makes no
///   progress for `Limits.writeTimeout` seconds also ends the connection.
/// - Whole messages never interleave; they are written in the order `send` was called. A small
///   message (up to `PIPE_BUF` bytes) sent while nothing is queued or being written is written
///   by the sending thread itself when the descriptor can take it without blocking (a
///   non-blocking `send` on a socket; `poll` then one `write`, atomic at that size, on a pipe),
///   which saves starting the writer thread; whatever could not be written is queued as usual.
/// - The consumer may answer the first message on the reading thread itself
///   (`answerFirstMessage(with:)`): the server's `initialize`, answered without handing it to
///   another thread first (docs/contributing/performance.md).
/// - Responses to requests sent with `send(_:) async` are routed back to the caller.
/// - With flow control (`enableFlowControl()`, the server's sessions), the input is not read
///   while too many of the peer's requests are unanswered, too many events unhandled, or (sockets)
///   too much output unread (`Limits.pauseAt…`), so a greedy peer waits in its own socket buffer.
///   `whenPeerLeaves(_:)` learns at once that the input ended or the peer was dropped.
///
/// Its parts are in a file each: `Connection+Reading` (reader and decoding threads),
/// `Connection+Writing` with its `Outbox`, `Connection+Requests` (responses paired with the
/// requests sent), `FirstMessage` (the first message's hand-over), `Connection+Closing`.
///
/// Creating a connection makes the process ignore `SIGPIPE` (a write to a closed peer must
/// become an error, not kill the server).
public final class Connection: Sendable {
    /// Bounds on what one connection may hold in memory.
    public struct Limits: Sendable {
        /// Largest message body accepted from the peer (a larger one is skipped, unread).
        public var maxContentLength: Int
        /// Output waiting for a peer that does not read; past it the peer is disconnected.
        /// A single message larger than the bound is still sent when nothing else waits.
        public var maxQueuedOutputBytes: Int
        /// Sockets only: how long one write may block before the peer counts as gone.
        public var writeTimeout: Int
        /// With flow control (`enableFlowControl()`): the input is not read while this many
        /// requests wait for their answers…
        public var pauseAtUnansweredRequests: Int
        /// …or this many events wait for the consumer to handle them (`eventHandled()`)…
        public var pauseAtUnhandledEvents: Int
        /// …or this many bytes of output wait for the peer to read them. Reading resumes once all
        /// three are back at half their bound.
        public var pauseAtQueuedOutputBytes: Int
        public init(
            maxContentLength: Int = 64 << 20, maxQueuedOutputBytes: Int = 64 << 20, writeTimeout: Int = 30,
            pauseAtUnansweredRequests: Int = 64, pauseAtUnhandledEvents: Int = 64, pauseAtQueuedOutputBytes: Int = 4 << 20
        ) {
            self.maxContentLength = maxContentLength
            self.maxQueuedOutputBytes = maxQueuedOutputBytes
            self.writeTimeout = writeTimeout
            self.pauseAtUnansweredRequests = pauseAtUnansweredRequests
            self.pauseAtUnhandledEvents = pauseAtUnhandledEvents
            self.pauseAtQueuedOutputBytes = pauseAtQueuedOutputBytes
        }
    }

    public let readFD: Int32
    public let writeFD: Int32
    let ownsFileDescriptors: Bool
    let decoder: MessageDecoder
    /// Messages and framing errors, in arrival order. Finishes at end of input or on `close()`
    /// (for sockets; a pipe's reader ends when the peer closes its end).
    public let events: AsyncStream<ConnectionEvent>
    let continuation: AsyncStream<ConnectionEvent>.Continuation

    struct State {
        var started = false
        var closed = false
        var readerFinished = false
        var readFDClosed = false
        var writeFDClosed = false
        var nextRequestID = 1
        var pending: [RequestID: CheckedContinuation<JSONValue, any Error>] = [:]
        var readerDone: [CheckedContinuation<Void, Never>] = []
        /// The peer has gone (end of input, or dropped); `peerLeft` handlers already called.
        var peerGone = false
        var peerLeft: [@Sendable () -> Void] = []
    }
    let state = Locked(State())
    let outbox: Outbox
    let flow: FlowControl
    let first = FirstMessage()
    let dropped = Locked<ConnectionError?>(nil)
    public let limits: Limits

    /// - Parameters:
    ///   - ownsFileDescriptors: close the descriptors when the connection is closed.
    public init(
        readFD: Int32, writeFD: Int32, ownsFileDescriptors: Bool = true, registry: MessageRegistry = .lsp,
        limits: Limits = Limits()
    ) {
        _ = ignoreSIGPIPE
        self.readFD = readFD
        self.writeFD = writeFD
        self.ownsFileDescriptors = ownsFileDescriptors
        self.decoder = MessageDecoder(registry: registry)
        self.limits = limits
        let flow = FlowControl(
            bounds: .init(
                unansweredRequests: limits.pauseAtUnansweredRequests,
                unhandledEvents: limits.pauseAtUnhandledEvents,
                queuedOutputBytes: limits.pauseAtQueuedOutputBytes))
        self.flow = flow
        self.outbox = Outbox(limit: limits.maxQueuedOutputBytes) { flow.outputQueued($0) }
        (events, continuation) = AsyncStream.makeStream(of: ConnectionEvent.self)
    }

    /// A connection over one bidirectional descriptor (a connected socket). Writes that make no
    /// progress for `limits.writeTimeout` seconds fail (`SO_SNDTIMEO`).
    public convenience init(socket: Int32, registry: MessageRegistry = .lsp, limits: Limits = Limits()) {
        var timeout = timeval(tv_sec: limits.writeTimeout, tv_usec: 0)
        _ = setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        self.init(readFD: socket, writeFD: socket, ownsFileDescriptors: true, registry: registry, limits: limits)
    }

    deinit {
        continuation.finish()
    }

    /// Starts reading (idempotent): the input joins the process's one `ReadPoller`. Call once the
    /// consumer is ready for `events`; or earlier with `holdingFirstMessage`, so that reading,
    /// framing and decoding the first message overlap with making the consumer: that first
    /// message (or framing error, or the end of input) then waits until the consumer calls
    /// `answerFirstMessage(with:)` (or the connection is closed).
    public func start(holdingFirstMessage: Bool = false) {
        let shouldStart = state.withLock { state -> Bool in
            if state.started || state.closed { return false }
            state.started = true
            return true
        }
        guard shouldStart else { return }
        if holdingFirstMessage { first.hold() }
        var info = stat()
        let isSocket = fstat(readFD, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
        let input = Input(self, polled: isSocket)
        flow.started(polled: isSocket)
        if isSocket {
            // The daemon's sessions: any number of them, idle most of the time, share one thread.
            ReadPoller.shared.add(input)
        } else {
            // A pipe (stdio: one per process; in-process tests): blocking reads on a thread of
            // its own. A borrowed stdin's file status flags are shared with whoever started us,
            // so it could not be made non-blocking anyway.
            startDetachedThread(name: "lsp-reader-\(readFD)") { input.readUntilEnd() }
        }
    }

    /// Turns on flow control (see `Limits.pauseAtUnansweredRequests`): the input is not read while
    /// too many of the peer's requests are unanswered, too many events are unhandled (the consumer
    /// reports each one with `eventHandled()`), or too much output waits for the peer. For a
    /// consumer that answers every request and reports every event it has handled: the server.
    public func enableFlowControl() {
        flow.enable()
    }

    /// The consumer has handled one event of `events` (with flow control: see `enableFlowControl()`).
    public func eventHandled() {
        flow.eventHandled()
    }

    /// What the peer has waiting on this side: requests unanswered, events unhandled, output
    /// bytes unread, and whether the input is paused for it.
    public var backlog: (unansweredRequests: Int, unhandledEvents: Int, queuedOutputBytes: Int, paused: Bool) {
        flow.backlog
    }

    /// Calls `handler` once, on whichever thread notices, when the peer goes: end of input, or the
    /// connection dropped it (it did not read, or a write failed); at once if it already went.
    /// Events read before still arrive on `events`; the server cancels its work then, without
    /// waiting for them (docs/contributing/server.md).
    public func whenPeerLeaves(_ handler: @escaping @Sendable () -> Void) {
        let gone = state.withLock { state -> Bool in
            if !state.peerGone { state.peerLeft.append(handler) }
            return state.peerGone
        }
        if gone { handler() }
    }

    func peerLeft() {
        flow.end()
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            if state.peerGone { return [] }
            state.peerGone = true
            defer { state.peerLeft = [] }
            return state.peerLeft
        }
        for handler in handlers { handler() }
    }

    /// Waits until reading has finished (end of input or close).
    public func waitForReaderToFinish() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let finished = state.withLock { state -> Bool in
                if state.readerFinished || (!state.started && state.closed) { return true }
                state.readerDone.append(done)
                return false
            }
            if finished { done.resume() }
        }
    }

    /// Lets `handler` see the first message the connection reads (not a response to one of our
    /// requests), on the reading thread, before anything is yielded on `events`; when it returns
    /// true the message is handled and not yielded. Every later event is yielded as usual, so
    /// the order of messages is kept: the next one is not even decoded before the handler
    /// returns. Releases a first message held by `start(holdingFirstMessage:)`. nil: no handler.
    /// Call before the first message can arrive (before `start()`, or with the first message held).
    public func answerFirstMessage(with handler: (@Sendable (IncomingMessage) -> Bool)?) {
        first.release(handler)
    }

    /// Blocks until the first event has been read and handled (answered by the handler of
    /// `answerFirstMessage(with:)`, or yielded on `events`), the input ended, or the connection
    /// was closed. For the stdio server's main thread, which starts the rest of the session after
    /// the first answer rather than alongside it.
    public func waitUntilFirstMessageHandled() {
        first.waitUntilDone()
    }

    // MARK: Convenience constructors

    /// Two connected in-memory connections over `pipe()` pairs (for tests): what one sends,
    /// the other receives.
    public static func pipePair(registry: MessageRegistry = .lsp) throws -> (Connection, Connection) {
        var a: [Int32] = [0, 0]
        var b: [Int32] = [0, 0]
        guard pipe(&a) == 0 else { throw ConnectionError.systemCall("pipe", errno: errno) }
        guard pipe(&b) == 0 else {
            let code = errno
            closeDescriptor(a[0]); closeDescriptor(a[1])
            throw ConnectionError.systemCall("pipe", errno: code)
        }
        for fd in a + b { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (
            Connection(readFD: a[0], writeFD: b[1], registry: registry),
            Connection(readFD: b[0], writeFD: a[1], registry: registry)
        )
    }

    /// The stdio connection: protects stdout first (see `StandardIO.protectStandardOutput()`),
    /// then reads from fd 0 and writes to the duplicate of the original stdout.
    public static func standardIO(registry: MessageRegistry = .lsp) throws -> Connection {
        let output = try StandardIO.protectStandardOutput()
        return Connection(readFD: STDIN_FILENO, writeFD: output, ownsFileDescriptors: false, registry: registry)
    }
}

private let ignoreSIGPIPE: Void = {
    _ = signal(SIGPIPE, SIG_IGN)
}()
