// The first message's hand-over between a connection's reader and its consumer.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSupport
import Synchronization

/// The first message's hand-over: held until the consumer is ready, then offered to its handler once.
final class FirstMessage: @unchecked Sendable {
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
