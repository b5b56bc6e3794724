// The work in flight of one session: running it in order, cancelling it, invalidating stale work.
import LanguageServerProtocol
import PlistSupport

/// Owns the running work of a session (requests, diagnostics computations, global changes):
/// starts each as a task after the in-flight work `MessageKind.mustWait` names, cancels a
/// request on `$/cancelRequest`, cancels the work an update makes stale, and cancels everything
/// when the session ends. A cancelled piece of work learns why from its `Cancellation`.
final class WorkScheduler: Sendable {
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
                await body(cancellation)
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
