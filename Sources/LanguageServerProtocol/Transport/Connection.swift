#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    public var description: String {
        switch self {
        case .closed: return "connection closed"
        case .writeFailed(let code): return "write failed: \(String(cString: strerror(code)))"
        case .systemCall(let name, let code): return "\(name) failed: \(String(cString: strerror(code)))"
        }
    }
}

/// A JSON-RPC connection over a pair of file descriptors (stdio, a Unix-domain socket, a pipe).
///
/// - A dedicated thread does blocking `read`s, feeds a `MessageFramer`, decodes each body with a
///   `MessageDecoder` and yields the result on `events`. End of input finishes the stream.
/// - Writes are serialized by a lock, so concurrent `send`s never interleave.
/// - Responses to requests sent with `send(_:) async` are routed back to the caller.
///
/// Creating a connection makes the process ignore `SIGPIPE` (a write to a closed peer must
/// become an error, not kill the server).
public final class Connection: Sendable {
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
        var nextRequestID = 1
        var pending: [RequestID: CheckedContinuation<JSONValue, any Error>] = [:]
        var readerDone: [CheckedContinuation<Void, Never>] = []
    }
    private let state = Locked(State())
    private let writeLock = Lock()

    /// - Parameters:
    ///   - ownsFileDescriptors: close the descriptors when the connection is closed.
    public init(readFD: Int32, writeFD: Int32, ownsFileDescriptors: Bool = true, registry: MessageRegistry = .lsp) {
        _ = ignoreSIGPIPE
        self.readFD = readFD
        self.writeFD = writeFD
        self.ownsFileDescriptors = ownsFileDescriptors
        self.decoder = MessageDecoder(registry: registry)
        (events, continuation) = AsyncStream.makeStream(of: ConnectionEvent.self)
    }

    /// A connection over one bidirectional descriptor (a connected socket).
    public convenience init(socket: Int32, registry: MessageRegistry = .lsp) {
        self.init(readFD: socket, writeFD: socket, ownsFileDescriptors: true, registry: registry)
    }

    deinit {
        continuation.finish()
    }

    /// Starts the reader thread (idempotent). Call once the consumer is ready for `events`.
    public func start() {
        let shouldStart = state.withLock { state -> Bool in
            if state.started || state.closed { return false }
            state.started = true
            return true
        }
        guard shouldStart else { return }
        startDetachedThread(name: "lsp-reader-\(readFD)") { [self] in readLoop() }
    }

    /// Waits until the reader thread has finished (end of input or close).
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

    // MARK: Reading

    private func readLoop() {
        var framer = MessageFramer()
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = read(readFD, buffer.baseAddress, capacity)
            if count < 0 {
                if errno == EINTR { continue }
                break
            }
            if count == 0 { break }
            for event in framer.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) {
                switch event {
                case .message(let body): deliver(decoder.decode(body))
                case .error(let error): continuation.yield(.framingError(error))
                }
            }
        }
        if let error = framer.finish() {
            continuation.yield(.framingError(error))
        }
        continuation.finish()
        let (pending, waiters, closeNow) = state.withLock { state in
            state.readerFinished = true
            let pending = state.pending
            state.pending = [:]
            let waiters = state.readerDone
            state.readerDone = []
            let closeNow = state.closed && ownsFileDescriptors && !state.readFDClosed
            if closeNow { state.readFDClosed = true }
            return (pending, waiters, closeNow)
        }
        if closeNow { closeDescriptor(readFD) }
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
        continuation.yield(.message(message))
    }

    // MARK: Writing

    /// Writes one framed message body. Thread-safe; whole messages never interleave.
    public func send(body: Data) throws {
        let header = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        writeLock.lock()
        defer { writeLock.unlock() }
        if state.withLock({ $0.closed }) { throw ConnectionError.closed }
        try writeAll(header)
        try writeAll(body)
    }

    private func writeAll(_ data: Data) throws {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < raw.count {
                let written = write(writeFD, raw.baseAddress!.advanced(by: offset), raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw ConnectionError.writeFailed(errno: errno)
                }
                offset += written
            }
        }
    }

    /// Sends a notification.
    public func send<N: LSPNotification>(_ notification: N) throws {
        try send(body: MessageEncoder.notification(notification))
    }

    /// Answers request `id` with a result (`VoidResponse()` or `nil` optionals encode `result: null`).
    public func reply<Result: Encodable>(to id: RequestID, result: Result) throws {
        try send(body: MessageEncoder.response(id: id, result: result))
    }

    /// Answers with an error; `id` is `nil` when the request id is unknown (parse error…).
    public func reply(to id: RequestID?, error: ResponseError) throws {
        try send(body: MessageEncoder.error(id: id, error))
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

    /// Stops writing, wakes the reader for sockets (`shutdown`), and closes owned descriptors.
    /// For a pipe, the reader ends when the peer closes its end.
    public func close() {
        writeLock.lock()
        let (alreadyClosed, closeReadNow) = state.withLock { state -> (Bool, Bool) in
            if state.closed { return (true, false) }
            state.closed = true
            let closeReadNow = ownsFileDescriptors && (!state.started || state.readerFinished) && !state.readFDClosed
            if closeReadNow { state.readFDClosed = true }
            return (false, closeReadNow)
        }
        writeLock.unlock()
        if alreadyClosed { return }
        // Wakes a reader blocked in read(2) on a socket; harmless (ENOTSOCK) on pipes.
        _ = shutdown(readFD, Int32(SHUT_RDWR))
        if ownsFileDescriptors && writeFD != readFD { closeDescriptor(writeFD) }
        if closeReadNow { closeDescriptor(readFD) }
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

private let ignoreSIGPIPE: Void = {
    _ = signal(SIGPIPE, SIG_IGN)
}()
