// The work in flight of one session: running it in order, cancelling it, invalidating stale work.
import LanguageServerProtocol
import PlistSupport

/// Owns the running work of a session (requests, diagnostics computations, global changes):
/// starts each as a task after the in-flight work `MessageKind.mustWait` names, cancels a
/// request on `$/cancelRequest`, cancels the work an update makes stale, and cancels everything
/// when the session ends. A cancelled piece of work learns why from its `Cancellation`.
///
/// At most `concurrencyLimit` pieces of one session's work run at once; the others wait their
/// turn, in arrival order, in the session (a `Turnstile`), not in the cooperative pool that every
/// session of the daemon shares. The pool runs ready tasks in the order they became ready, so
/// another session's request waits behind at most that many of this one's, however many it sent.
final class WorkScheduler: Sendable {
    /// How many pieces of one session's work may compute at once: twice the cores, at least 4
    /// (a blocked handler must not hold up the rest of its session: the tests block two).
    static let concurrencyLimit = max(4, 2 * sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    /// Why a piece of work was cancelled, set before its task is cancelled.
    final class Cancellation: Sendable {
        private let reason = Locked<ResponseError?>(nil)
        func set(_ error: ResponseError) { reason.withLock { if $0 == nil { $0 = error } } }
        /// The first reason set (`RequestCancelled` if none was).
        var error: ResponseError { reason.withLock { $0 } ?? .requestCancelled }
    }

    /// Work in flight.
    private struct Work {
        let kind: MessageKind
        let task: Task<Void, Never>
        let cancellation: Cancellation
    }

    private struct State {
        var work: [Int: Work] = [:]
        var requests: [RequestID: Int] = [:]
        var nextWorkID = 0
    }

    private let state = Locked(State())
    private let turnstile = Turnstile(limit: WorkScheduler.concurrencyLimit)

    /// Runs `body` as a task after the in-flight work that `MessageKind.mustWait` names.
    /// `requestID` makes the work cancellable by `$/cancelRequest`.
    func schedule(
        _ kind: MessageKind, requestID: RequestID?,
        _ body: @escaping @Sendable (Cancellation) async -> Void
    ) {
        let cancellation = Cancellation()
        state.withLock { state in
            let workID = state.nextWorkID
            state.nextWorkID += 1
            let dependencies = state.work.values.filter { MessageKind.mustWait(kind, for: $0.kind) }.map(\.task)
            // Created under the lock, so the task cannot finish (and unregister) before it is registered.
            let task = Task { [self] in
                for dependency in dependencies { await dependency.value }
                // Cancelled work skips the queue: it only answers its error.
                let admitted = await turnstile.enter()
                await body(cancellation)
                if admitted { turnstile.leave() }
                self.state.withLock { state in
                    state.work[workID] = nil
                    if let requestID, state.requests[requestID] == workID { state.requests[requestID] = nil }
                }
            }
            state.work[workID] = Work(kind: kind, task: task, cancellation: cancellation)
            if let requestID { state.requests[requestID] = workID }
        }
    }

    /// `$/cancelRequest`: the request answers `RequestCancelled` (unless it already answered).
    /// Returns false when no such request is in flight.
    func cancel(requestID: RequestID) -> Bool {
        guard let work = state.withLock({ state in state.requests[requestID].flatMap { state.work[$0] } }) else {
            return false
        }
        work.cancellation.set(.requestCancelled)
        work.task.cancel()
        return true
    }

    /// Cancels the in-flight work an update makes stale (`MessageKind.invalidates`); requests
    /// answer `ContentModified`.
    func invalidate(for update: MessageKind) {
        let stale = state.withLock { state in state.work.values.filter { update.invalidates($0.kind) } }
        for work in stale {
            work.cancellation.set(ResponseError(code: .contentModified, message: "the document changed"))
            work.task.cancel()
        }
    }

    /// Cancels everything in flight without waiting (requests answer `error`).
    func cancelAll(_ error: ResponseError) {
        let work = state.withLock { Array($0.work.values) }
        for item in work {
            item.cancellation.set(error)
            item.task.cancel()
        }
    }
}

/// Lets at most `limit` tasks through at once; the others wait in arrival order. A task cancelled
/// before or while it waits is let through at once without taking a place (it has only its error
/// left to answer). What waits is bounded by the connection's flow control (64 unanswered requests).
final class Turnstile: Sendable {
    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Bool, Never>
    }
    private struct State {
        var inside = 0
        var waiting: [Waiter] = []
        var nextID = 0
    }
    private let limit: Int
    private let state = Locked(State())

    init(limit: Int) { self.limit = limit }

    /// Waits for a place; true when one was taken (give it back with `leave()`), false when the
    /// task was cancelled instead.
    func enter() async -> Bool {
        if Task.isCancelled { return false }
        let id = state.withLock { state -> Int in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let admitted = state.withLock { state -> Bool? in
                    if Task.isCancelled { return false }
                    if state.inside < limit && state.waiting.isEmpty {
                        state.inside += 1
                        return true
                    }
                    state.waiting.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                if let admitted { continuation.resume(returning: admitted) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiting.remove(at: index)
            }
            waiter?.continuation.resume(returning: false)
        }
    }

    /// Gives a place back: to the first waiter, if any.
    func leave() {
        let next = state.withLock { state -> Waiter? in
            if state.waiting.isEmpty {
                state.inside -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.continuation.resume(returning: true)
    }
}
