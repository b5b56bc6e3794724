// A connection's input: the shared `ReadPoller` or a reader thread of its own, the framer, the
// decoding thread for large bodies, the first message's hand-over, and the end of input.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSupport
import Synchronization

extension Connection {
    // MARK: Reading

    /// The connection's input as the shared `ReadPoller` sees it. The framer is touched only by
    /// the reading thread. Small bodies are decoded right there; a large one (up to 64 MiB of
    /// JSON) goes, with everything after it, to a decoding thread of this connection's own that
    /// ends when its queue is empty, so one client's big message never holds up the others'
    /// input (the poller serves them all) and messages stay in order. While that thread runs the
    /// connection is not read (`isPaused`): the peer waits, as it would for a reader thread busy
    /// decoding, and what is buffered stays bounded.
    final class Input: PolledReader, @unchecked Sendable {
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

    func inputEnded() {
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

    func deliver(_ message: IncomingMessage) {
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
}
