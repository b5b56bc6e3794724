// Requests a connection sends to its peer, and their responses routed back to the waiting caller.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSupport
import Synchronization

extension Connection {
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

    func cancelPending(_ id: RequestID) {
        guard let waiter = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return }
        waiter.resume(throwing: CancellationError())
        try? send(CancelRequestNotification(id: id))
    }
}
