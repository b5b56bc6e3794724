// The output queue of one connection.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSupport
import Synchronization

/// The output queue of one connection, shared by the senders and the writer thread.
final class Outbox: @unchecked Sendable {
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
