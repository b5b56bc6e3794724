// A connection's output: messages framed and queued in the `Outbox`, written by the sending thread
// when small and nothing waits, otherwise by a writer thread started on demand; a peer that stops
// reading is dropped.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSupport
import Synchronization

extension Connection {
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

    func startWriter() {
        startDetachedThread(name: "lsp-writer-\(writeFD)") { [self] in writeLoop() }
    }

    /// Writes `data` on the calling thread as far as the descriptor takes it without blocking; the
    /// outbox counts this as the writer running, so later messages queue behind it. What is left
    /// (and what was queued meanwhile) goes to the writer thread.
    func writeNow(_ data: Data) {
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
    func writeLoop() {
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
    func stopWriting(_ failure: ConnectionError) {
        drop(failure)
        outbox.writerFinished()
    }

    /// Why the connection dropped its peer (it stopped reading, or a write failed); nil otherwise.
    public var dropReason: ConnectionError? { dropped.withLock { $0 } }

    /// Ends a connection whose peer is gone: discards queued output, ends `events`, wakes the reader.
    func drop(_ reason: ConnectionError) {
        dropped.withLock { $0 = $0 ?? reason }
        outbox.close(discarding: true)
        continuation.finish()
        _ = shutdown(readFD, Int32(SHUT_RDWR))
        peerLeft()
    }

    func writeAll(_ data: Data) throws {
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
}
