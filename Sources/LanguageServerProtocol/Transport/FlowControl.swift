import PlistSupport

/// How much one peer may have waiting on the server's side before its connection stops reading
/// it (`Connection.enableFlowControl()`), the way HTTP/2 flow control does: requests not yet
/// answered, events the consumer has not yet handled, and output it has not yet read. Reading
/// stops at any of the three bounds and resumes once all three are back at half of theirs, so a
/// client that sends faster than the server answers, or never reads, waits in its own socket
/// buffer (its writes block) instead of in the server's memory and on its cores.
///
/// The output bound is for sockets only (the daemon's clients, which a greedy one could starve):
/// a pipe (stdio, one client) is read on however much output waits, so that a client that does
/// not read still has its `exit` seen; its output is bounded by the drop past
/// `Connection.Limits.maxQueuedOutputBytes`.
final class FlowControl: @unchecked Sendable {
    struct Bounds: Sendable {
        var unansweredRequests: Int
        var unhandledEvents: Int
        var queuedOutputBytes: Int
    }

    private let condition = Condition()
    private let bounds: Bounds
    private var enabled = false
    /// Read by the shared poller (woken when reading resumes), or by a thread of its own (which waits here).
    private var polled = false
    private var ended = false
    private var paused = false
    private var unanswered: [RequestID: Int] = [:]
    private var unansweredCount = 0
    private var unhandled = 0
    private var outputBytes = 0

    init(bounds: Bounds) { self.bounds = bounds }

    func enable() {
        condition.withLock {
            enabled = true; update()
        }
    }

    func started(polled: Bool) { condition.withLock { self.polled = polled } }

    /// Whether the input is not to be read for now.
    var isPaused: Bool { condition.withLock { paused } }

    /// Blocks a reading thread of its own while the input is paused.
    func waitWhilePaused() {
        condition.withLock { while paused { condition.wait() } }
    }

    /// The input ended or the connection closed: nothing waits any more.
    func end() {
        condition.withLock {
            ended = true
            paused = false
            condition.broadcast()
        }
    }

    func requestDelivered(_ id: RequestID) {
        condition.withLock {
            unanswered[id, default: 0] += 1
            unansweredCount += 1
            update()
        }
    }

    /// A response to `id` is being sent (once per request; a reply to an id never delivered changes nothing).
    func answered(_ id: RequestID) {
        condition.withLock {
            guard let count = unanswered[id] else { return }
            unanswered[id] = count > 1 ? count - 1 : nil
            unansweredCount -= 1
            update()
        }
    }

    func eventYielded() {
        condition.withLock {
            unhandled += 1; update()
        }
    }

    func eventHandled() {
        condition.withLock {
            unhandled = max(0, unhandled - 1); update()
        }
    }

    /// The output queue now holds `bytes` (called by the queue, in order, under its lock).
    func outputQueued(_ bytes: Int) {
        condition.withLock {
            outputBytes = bytes; update()
        }
    }

    /// What one peer has waiting now (for logs and tests).
    var backlog: (unansweredRequests: Int, unhandledEvents: Int, queuedOutputBytes: Int, paused: Bool) {
        condition.withLock { (unansweredCount, unhandled, outputBytes, paused) }
    }

    /// Pauses at a bound, resumes at half of every bound (with the lock held).
    private func update() {
        guard enabled, !ended else { return }
        if paused {
            guard unansweredCount <= bounds.unansweredRequests / 2, unhandled <= bounds.unhandledEvents / 2,
                !polled || outputBytes <= bounds.queuedOutputBytes / 2
            else { return }
            paused = false
            condition.broadcast()
            if polled { ReadPoller.shared.wake() }
        } else if unansweredCount >= bounds.unansweredRequests || unhandled >= bounds.unhandledEvents
            || (polled && outputBytes >= bounds.queuedOutputBytes)
        {
            paused = true
        }
    }
}
