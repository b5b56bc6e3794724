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
///   another thread first (docs/performance.md).
/// - Responses to requests sent with `send(_:) async` are routed back to the caller.
/// - With flow control (`enableFlowControl()`, the server's sessions), the input is not read
///   while too many of the peer's requests are unanswered, too many events unhandled, or (sockets)
///   too much output unread (`Limits.pauseAt…`), so a greedy peer waits in its own socket buffer.
///   `whenPeerLeaves(_:)` learns at once that the input ended or the peer was dropped.
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
        public init(maxContentLength: Int = 64 << 20, maxQueuedOutputBytes: Int = 64 << 20, writeTimeout: Int = 30,
                    pauseAtUnansweredRequests: Int = 64, pauseAtUnhandledEvents: Int = 64, pauseAtQueuedOutputBytes: Int = 4 << 20) {
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
    private let ownsFileDescriptors: Bool
    private let decoder: MessageDecoder
    /// Messages and framing errors, in arrival order. Finishes at end of input or on `close()`
    /// (for sockets; a pipe's reader ends when the peer closes its end).
    public let events: AsyncStream<ConnectionEvent>
    private let continuation: AsyncStream<ConnectionEvent>.Continuation

    private struct State {
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
    private let state = Locked(State())
    private let outbox: Outbox
    private let flow: FlowControl
    private let first = FirstMessage()
    private let dropped = Locked<ConnectionError?>(nil)
    public let limits: Limits

    /// - Parameters:
    ///   - ownsFileDescriptors: close the descriptors when the connection is closed.
    public init(readFD: Int32, writeFD: Int32, ownsFileDescriptors: Bool = true, registry: MessageRegistry = .lsp,
                limits: Limits = Limits()) {
        _ = ignoreSIGPIPE
        self.readFD = readFD
        self.writeFD = writeFD
        self.ownsFileDescriptors = ownsFileDescriptors
        self.decoder = MessageDecoder(registry: registry)
        self.limits = limits
        let flow = FlowControl(bounds: .init(unansweredRequests: limits.pauseAtUnansweredRequests,
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
    /// waiting for them (docs/server.md).
    public func whenPeerLeaves(_ handler: @escaping @Sendable () -> Void) {
        let gone = state.withLock { state -> Bool in
            if !state.peerGone { state.peerLeft.append(handler) }
            return state.peerGone
        }
        if gone { handler() }
    }

    private func peerLeft() {
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

    // MARK: Reading

    /// The connection's input as the shared `ReadPoller` sees it. The framer is touched only by
    /// the reading thread. Small bodies are decoded right there; a large one (up to 64 MiB of
    /// JSON) goes, with everything after it, to a decoding thread of this connection's own that
    /// ends when its queue is empty, so one client's big message never holds up the others'
    /// input (the poller serves them all) and messages stay in order. While that thread runs the
    /// connection is not read (`isPaused`): the peer waits, as it would for a reader thread busy
    /// decoding, and what is buffered stays bounded.
    private final class Input: PolledReader, @unchecked Sendable {
        /// Bodies up to this size are decoded by the reading thread itself.
        static let largestInlineBody = 64 << 10

        enum Item { case body(Data), framingError(FramingError), end }

        let connection: Connection
        var framer: MessageFramer
        /// Read by the shared poller (which must stay free, so large bodies go to the decoding
        /// thread), or by a thread of its own (which decodes everything itself).
        let polled: Bool
        var readFD: Int32 { connection.readFD }
        /// Items waiting for the decoding thread, and whether it runs (guarded by `lock`).
        private let lock = Mutex(())
        private var queue: [Item] = []
        private var decoderRunning = false

        var isPaused: Bool { lock.withLock { _ in decoderRunning } || connection.flow.isPaused }

        init(_ connection: Connection, polled: Bool) {
            self.connection = connection
            self.polled = polled
            framer = MessageFramer(limits: MessageFramer.Limits(maxContentLength: connection.limits.maxContentLength))
        }

        /// Blocking reads until end of input, for a descriptor the poller must not share.
        func readUntilEnd() {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: ReadPoller.bufferSize, alignment: 1)
            defer { buffer.deallocate() }
            while true {
                connection.flow.waitWhilePaused()
                let count = read(readFD, buffer.baseAddress, buffer.count)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                received(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            }
            readEnded()
        }

        func received(_ bytes: UnsafeRawBufferPointer) {
            let items = framer.feed(bytes).map { event -> Item in
                switch event {
                case .message(let body): return .body(body)
                case .error(let error): return .framingError(error)
                }
            }
            if !items.isEmpty { process(items) }
        }

        func readEnded() {
            var items: [Item] = []
            if let error = framer.finish() { items.append(.framingError(error)) }
            items.append(.end)
            process(items)
        }

        /// Handles `items` here, or queues them behind (or for) the decoding thread.
        private func process(_ items: [Item]) {
            let large = polled && items.contains { if case .body(let body) = $0 { body.count > Self.largestInlineBody } else { false } }
            let (queued, startDecoder) = lock.withLock { _ -> (Bool, Bool) in
                guard decoderRunning || large else { return (false, false) }
                queue += items
                defer { decoderRunning = true }
                return (true, !decoderRunning)
            }
            if !queued {
                items.forEach(handle)
            } else if startDecoder {
                startDetachedThread(name: "lsp-decoder-\(readFD)") { [self] in decodeQueue() }
            }
        }

        private func decodeQueue() {
            while let item = lock.withLock({ _ -> Item? in
                if queue.isEmpty { decoderRunning = false; return nil }
                return queue.removeFirst()
            }) {
                handle(item)
            }
            ReadPoller.shared.wake()  // read this connection again
        }

        private func handle(_ item: Item) {
            switch item {
            case .body(let body): connection.deliver(connection.decoder.decode(body))
            case .framingError(let error):
                connection.first.pass()
                connection.flow.eventYielded()
                connection.continuation.yield(.framingError(error))
            case .end:
                connection.first.pass()
                connection.inputEnded()
            }
        }
    }

    private func inputEnded() {
        continuation.finish()
        peerLeft()
        let (pending, waiters) = state.withLock { state in
            state.readerFinished = true
            let pending = state.pending
            state.pending = [:]
            let waiters = state.readerDone
            state.readerDone = []
            return (pending, waiters)
        }
        releaseDescriptors()
        for continuation in pending.values { continuation.resume(throwing: ConnectionError.closed) }
        for waiter in waiters { waiter.resume() }
    }

    private func deliver(_ message: IncomingMessage) {
        if case .response(let id, let result) = message {
            let waiter = state.withLock { $0.pending.removeValue(forKey: id) }
            if let waiter {
                switch result {
                case .success(let value): waiter.resume(returning: value)
                case .failure(let error): waiter.resume(throwing: error)
                }
                return
            }
        }
        // Counted before anyone can answer it (the first message's handler answers right here).
        if case .request(let id, _) = message { flow.requestDelivered(id) }
        if first.offer(message) { return }
        flow.eventYielded()
        continuation.yield(.message(message))
    }

    // MARK: Writing

    /// Queues one framed message body for the writer thread and returns at once. Thread-safe;
    /// whole messages never interleave. Throws `ConnectionError.closed` after `close()` or a
    /// failed write, and `.outputOverflow` when the peer has stopped reading (the connection is
    /// then dropped: its output discarded, its `events` finished).
    public func send(body: Data) throws {
        var framed = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        framed.append(body)
        switch outbox.enqueue(framed, mayWriteNow: framed.count <= Self.largestDirectWrite) {
        case .queued(let needsWriter):
            if needsWriter { startWriter() }
        case .writeNow:
            writeNow(framed)
        case .closed:
            throw ConnectionError.closed
        case .overflow:
            let error = ConnectionError.outputOverflow(limit: limits.maxQueuedOutputBytes)
            drop(error)
            throw error
        }
    }

    /// Sends the response to the peer's request `id` (a framed body, as `send(body:)`): with flow
    /// control, one request fewer waits for its answer.
    public func send(body: Data, answering id: RequestID) throws {
        flow.answered(id)
        try send(body: body)
    }

    /// Waits (at most `seconds`) until everything sent so far has been written; false on timeout.
    @discardableResult
    public func flush(seconds: Double) -> Bool {
        outbox.waitUntilDrained(seconds: seconds)
    }

    /// Messages up to this size may be written by the sending thread (`PIPE_BUF`: a pipe takes a
    /// write of this size whole, or not at all).
    static let largestDirectWrite = 4096

    private func startWriter() {
        startDetachedThread(name: "lsp-writer-\(writeFD)") { [self] in writeLoop() }
    }

    /// Writes `data` on the calling thread as far as the descriptor takes it without blocking; the
    /// outbox counts this as the writer running, so later messages queue behind it. What is left
    /// (and what was queued meanwhile) goes to the writer thread.
    private func writeNow(_ data: Data) {
        var failure: ConnectionError?
        let written = data.withUnsafeBytes { bytes -> Int in
            switch writeWithoutBlocking(writeFD, bytes) {
            case .success(let count): return count
            case .failure(let error): failure = .writeFailed(errno: error.code); return 0
            }
        }
        switch outbox.writtenNow(data, count: written, failed: failure != nil) {
        case .startWriter:
            startWriter()
        case .idle:
            releaseDescriptors()
        case .failed:
            stopWriting(failure ?? .closed)
            releaseDescriptors()
        }
    }

    /// The writer thread: drains the outbox, then ends (an idle connection holds no writer
    /// thread; the next `send` starts one), or stops at the first failed write.
    private func writeLoop() {
        while let batch = outbox.next() {
            var failure: ConnectionError?
            for data in batch where failure == nil {
                do { try writeAll(data) } catch { failure = error as? ConnectionError ?? .closed }
            }
            outbox.written(batch, failed: failure != nil)
            if let failure {
                stopWriting(failure)
                break
            }
        }
        releaseDescriptors()
    }

    /// A write failed: the peer is gone (or did not read for `writeTimeout`), so the session ends,
    /// and the writer (the thread, or a sender writing directly) stops.
    private func stopWriting(_ failure: ConnectionError) {
        drop(failure)
        outbox.writerFinished()
    }

    /// Why the connection dropped its peer (it stopped reading, or a write failed); nil otherwise.
    public var dropReason: ConnectionError? { dropped.withLock { $0 } }

    /// Ends a connection whose peer is gone: discards queued output, ends `events`, wakes the reader.
    private func drop(_ reason: ConnectionError) {
        dropped.withLock { $0 = $0 ?? reason }
        outbox.close(discarding: true)
        continuation.finish()
        _ = shutdown(readFD, Int32(SHUT_RDWR))
        peerLeft()
    }

    private func writeAll(_ data: Data) throws {
        do {
            try data.withUnsafeBytes { try PlistSupport.writeAll(writeFD, $0) }
        } catch let error as SystemCallError {
            throw ConnectionError.writeFailed(errno: error.code)
        }
    }

    /// Sends a notification.
    public func send<N: LSPNotification>(_ notification: N) throws {
        try send(body: MessageEncoder.notification(notification))
    }

    /// Answers request `id` with a result (`VoidResponse()` or `nil` optionals encode `result: null`).
    public func reply<Result: Encodable>(to id: RequestID, result: Result) throws {
        try send(body: MessageEncoder.response(id: id, result: result), answering: id)
    }

    /// Answers with an error; `id` is `nil` when the request id is unknown (parse error…).
    public func reply(to id: RequestID?, error: ResponseError) throws {
        let body = try MessageEncoder.error(id: id, error)
        if let id { try send(body: body, answering: id) } else { try send(body: body) }
    }

    /// Sends a request to the peer and waits for its response (e.g. `workspace/configuration`).
    /// Throws the peer's `ResponseError`, `ConnectionError.closed` if the input ends first, or
    /// `CancellationError` if the task is cancelled (a `$/cancelRequest` is then sent).
    public func send<R: LSPRequest>(_ request: R) async throws -> R.Response {
        let id = state.withLock { state -> RequestID in
            defer { state.nextRequestID += 1 }
            return .int(state.nextRequestID)
        }
        let body = try MessageEncoder.request(request, id: id)
        let value: JSONValue = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<JSONValue, any Error>) in
                let refused = state.withLock { state -> Bool in
                    if state.closed || state.readerFinished { return true }
                    state.pending[id] = waiter
                    return false
                }
                if refused { return waiter.resume(throwing: ConnectionError.closed) }
                do {
                    try send(body: body)
                } catch {
                    if let waiter = state.withLock({ $0.pending.removeValue(forKey: id) }) {
                        waiter.resume(throwing: error)
                    }
                    return
                }
                // Cancellation may have happened before the waiter was registered.
                if Task.isCancelled { cancelPending(id) }
            }
        } onCancel: {
            cancelPending(id)
        }
        return try value.decode(as: R.Response.self)
    }

    private func cancelPending(_ id: RequestID) {
        guard let waiter = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return }
        waiter.resume(throwing: CancellationError())
        try? send(CancelRequestNotification(id: id))
    }

    // MARK: Closing

    /// Stops sending (what is already queued is still written, then the writer ends), wakes the
    /// reader for sockets (`shutdown` of the read side), and closes owned descriptors once
    /// neither the reader nor the writer uses them. For a pipe, the reader ends when the peer
    /// closes its end.
    public func close() {
        let alreadyClosed = state.withLock { state -> Bool in
            if state.closed { return true }
            state.closed = true
            return false
        }
        if alreadyClosed { return }
        outbox.close(discarding: false)
        flow.end()
        first.close()  // a first message held for a consumer that closes instead
        // Wakes a reader blocked in read(2) on a socket; harmless (ENOTSOCK) on pipes.
        _ = shutdown(readFD, Int32(SHUT_RD))
        releaseDescriptors()
        let (pending, waiters) = state.withLock { state in
            let pending = state.pending
            state.pending = [:]
            var waiters: [CheckedContinuation<Void, Never>] = []
            if !state.started {
                waiters = state.readerDone
                state.readerDone = []
            }
            return (pending, waiters)
        }
        for waiter in pending.values { waiter.resume(throwing: ConnectionError.closed) }
        for waiter in waiters { waiter.resume() }
        if !state.withLock({ $0.started }) { continuation.finish() }
    }

    /// Closes each owned descriptor once the connection is closed and nothing uses it any more
    /// (a socket is one descriptor, shared by the reader and the writer).
    private func releaseDescriptors() {
        guard ownsFileDescriptors else { return }
        let writerDone = outbox.isWriterIdleForever
        let (closeRead, closeWrite) = state.withLock { state -> (Bool, Bool) in
            guard state.closed else { return (false, false) }
            let readerDone = !state.started || state.readerFinished
            var closeRead = false, closeWrite = false
            if readFD == writeFD {
                if readerDone && writerDone && !state.readFDClosed { state.readFDClosed = true; closeRead = true }
            } else {
                if readerDone && !state.readFDClosed { state.readFDClosed = true; closeRead = true }
                if writerDone && !state.writeFDClosed { state.writeFDClosed = true; closeWrite = true }
            }
            return (closeRead, closeWrite)
        }
        if closeRead { closeDescriptor(readFD) }
        if closeWrite { closeDescriptor(writeFD) }
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
        return (Connection(readFD: a[0], writeFD: b[1], registry: registry),
                Connection(readFD: b[0], writeFD: a[1], registry: registry))
    }

    /// The stdio connection: protects stdout first (see `StandardIO.protectStandardOutput()`),
    /// then reads from fd 0 and writes to the duplicate of the original stdout.
    public static func standardIO(registry: MessageRegistry = .lsp) throws -> Connection {
        let output = try StandardIO.protectStandardOutput()
        return Connection(readFD: STDIN_FILENO, writeFD: output, ownsFileDescriptors: false, registry: registry)
    }
}

/// The output queue of one connection, shared by the senders and the writer thread.
private final class Outbox: @unchecked Sendable {
    enum Enqueued { case queued(startWriter: Bool), writeNow, closed, overflow }
    enum AfterDirectWrite { case startWriter, idle, failed }

    private let condition = Condition()
    private let limit: Int
    private var chunks: [Data] = []
    /// Bytes queued or being written (each change reported to `changed`, under the lock, in order).
    private var bytes = 0 { didSet { if bytes != oldValue { changed(bytes) } } }
    private let changed: @Sendable (Int) -> Void
    private var closed = false
    private var writerStarted = false
    private var writerRunning = false
    /// A write failed (or the peer was dropped): nothing queued will be written.
    private var closedByFailure = false

    init(limit: Int, changed: @escaping @Sendable (Int) -> Void) {
        self.limit = limit
        self.changed = changed
    }

    /// Queues `data`, or with `mayWriteNow`, when nothing is queued or being written, answers
    /// `.writeNow`: the caller writes it and then reports with `writtenNow`, as the writer.
    func enqueue(_ data: Data, mayWriteNow: Bool = false) -> Enqueued {
        condition.withLock {
            if closed { return .closed }
            if bytes > 0 && bytes + data.count > limit { return .overflow }
            bytes += data.count
            if mayWriteNow && !writerStarted {
                writerStarted = true
                writerRunning = true
                return .writeNow
            }
            chunks.append(data)
            condition.broadcast()
            if writerStarted { return .queued(startWriter: false) }
            writerStarted = true
            writerRunning = true
            return .queued(startWriter: true)
        }
    }

    /// The next batch to write; nil when there is none, and the writer thread then ends (the
    /// decision is taken under the lock, so a concurrent `enqueue` starts a new one).
    func next() -> [Data]? {
        condition.withLock {
            if chunks.isEmpty {
                writerRunning = false
                writerStarted = false
                condition.broadcast()
                return nil
            }
            defer { chunks = [] }
            return chunks
        }
    }

    /// After a `.writeNow`: `count` bytes of `data` were written. The rest goes first in the
    /// queue, for the writer thread the caller then starts; with nothing left the writer is idle.
    func writtenNow(_ data: Data, count: Int, failed: Bool) -> AfterDirectWrite {
        condition.withLock {
            bytes -= count
            defer { condition.broadcast() }
            if failed {
                closed = true; closedByFailure = true; chunks = []; bytes = 0
                return .failed
            }
            if count < data.count { chunks.insert(data.subdata(in: data.startIndex + count..<data.endIndex), at: 0) }
            if !chunks.isEmpty { return .startWriter }
            writerRunning = false
            writerStarted = false
            return .idle
        }
    }

    func written(_ batch: [Data], failed: Bool) {
        condition.withLock {
            bytes -= batch.reduce(0) { $0 + $1.count }
            if failed { closed = true; closedByFailure = true; chunks = []; bytes = 0 }
            condition.broadcast()
        }
    }

    /// Called by a writer that stops early (a failed write).
    func writerFinished() {
        condition.withLock {
            writerRunning = false
            writerStarted = false
            condition.broadcast()
        }
    }

    /// Whether no writer is running and none will start (closed, and the writer is done or never started).
    var isWriterIdleForever: Bool {
        condition.withLock { closed && !writerRunning }
    }

    func close(discarding: Bool) {
        condition.withLock {
            closed = true
            if discarding { bytes -= chunks.reduce(0) { $0 + $1.count }; chunks = []; closedByFailure = true }
            condition.broadcast()
        }
    }

    func waitUntilDrained(seconds: Double) -> Bool {
        condition.withLock {
            let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            while bytes > 0 && !closedByFailure {
                let left = deadline - ContinuousClock.now
                if left <= .zero { return false }
                let (whole, attoseconds) = left.components
                _ = condition.wait(seconds: Double(whole) + Double(attoseconds) / 1e18)
            }
            return true
        }
    }
}

private let ignoreSIGPIPE: Void = {
    _ = signal(SIGPIPE, SIG_IGN)
}()

/// The first message's hand-over: held until the consumer is ready, then offered to its handler once.
private final class FirstMessage: @unchecked Sendable {
    typealias Handler = @Sendable (IncomingMessage) -> Bool
    private let condition = Condition()
    private var held = false
    private var taken = false
    private var done = false
    private var handler: Handler?

    func hold() { condition.withLock { held = true } }

    func release(_ handler: Handler?) {
        condition.withLock {
            if !taken { self.handler = handler }
            held = false
            condition.broadcast()
        }
    }

    /// The connection was closed: nothing is held or waited for any more.
    func close() {
        condition.withLock {
            handler = nil
            held = false
            done = true
            condition.broadcast()
        }
    }

    /// Called by the reading thread for each message: for the first one, waits while it is held,
    /// then offers it to the handler. True when the handler handled it.
    func offer(_ message: IncomingMessage) -> Bool {
        guard let first = takeFirst() else { return false }
        defer { finish() }
        return first.handler?(message) ?? false
    }

    /// Called by the reading thread for an event that is not a message (a framing error, the end).
    func pass() {
        if takeFirst() != nil { finish() }
    }

    func waitUntilDone() {
        condition.withLock {
            while !done { condition.wait() }
        }
    }

    private struct First { let handler: Handler? }

    /// For the first event only (nil afterwards): waits while it is held, then takes the handler.
    private func takeFirst() -> First? {
        condition.withLock {
            if taken { return nil }
            while held { condition.wait() }
            taken = true
            defer { handler = nil }
            return First(handler: handler)
        }
    }

    private func finish() {
        condition.withLock {
            done = true
            condition.broadcast()
        }
    }
}
