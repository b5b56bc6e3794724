// The work in flight of one session: running it in order, cancelling it, invalidating stale work.
import LanguageServerProtocol
import PlistSupport

/// Owns the running work of a session (requests, diagnostics computations, global changes):
/// starts each as a task after the in-flight work `MessageKind.mustWait` names, cancels a
/// request on `$/cancelRequest`, cancels the work an update makes stale, and cancels everything
/// when the session ends. A cancelled piece of work learns why from its `Cancellation`.
///
/// At most `concurrencyLimit` pieces of one session's work run at once; the others wait their
/// turn, in arrival order, in the session (its lane of a `FairShare`), not in the cooperative pool
/// that every session of the daemon shares. The pool runs ready tasks in the order they became
/// ready; the daemon's sessions share one `FairShare`, which gives the places to the sessions in
/// turn and, with several sessions, leaves one core to the others, so another session's request
/// waits for at most one piece of work of a session that floods the daemon.
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
    /// This session's turn among the sessions sharing the process (one lane of a `FairShare`).
    private let lane: FairShare.Lane

    init(share: FairShare = .single()) {
        lane = share.lane()
    }

    deinit {
        lane.close()
    }

    /// The session ended: its lane leaves the turns (what it still runs is cancelled by then).
    func close() {
        lane.close()
    }

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
                let admitted = await lane.enter()
                let place = Place(lane: admitted ? lane : nil)
                await Place.$current.withValue(place) { await body(cancellation) }
                place.giveBack()
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

    /// Runs `body`, work of the message loop (an edit applied), holding a place in the session's
    /// lane while other sessions share the places (`FairShare.Lane.enterIfShared()`).
    func inLoop<T>(_ body: () throws -> T) async rethrows -> T {
        let admitted = await lane.enterIfShared()
        defer { if admitted { lane.leave() } }
        return try body()
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

    /// Runs `body`, which waits for something other than the processor (a read of projects, a
    /// timer), without holding the place of the work it belongs to: others of the session (and of
    /// the other sessions) run meanwhile. The place is taken back afterwards (or, when the task was
    /// cancelled meanwhile, not: it only has its error left to answer).
    static func waiting<T>(_ body: () async throws -> T) async rethrows -> T {
        guard let place = Place.current, place.giveBack() else { return try await body() }
        do {
            let result = try await body()
            await place.takeAgain()
            return result
        } catch {
            await place.takeAgain()
            throw error
        }
    }

    /// The place a piece of work holds in its lane, if it holds one (for `waiting(_:)`).
    final class Place: Sendable {
        @TaskLocal static var current: Place?
        private let lane: FairShare.Lane?
        private let holding: Locked<Bool>
        init(lane: FairShare.Lane?) {
            self.lane = lane
            holding = Locked(lane != nil)
        }
        /// Gives the place back if it is held; true if it was.
        @discardableResult
        func giveBack() -> Bool {
            guard let lane,
                holding.withLock({ held in
                    defer { held = false }; return held
                })
            else { return false }
            lane.leave()
            return true
        }
        func takeAgain() async {
            guard let lane else { return }
            holding.withLock { $0 = false }
            if await lane.enter() { holding.withLock { $0 = true } }
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

/// Admits the work of one or more sessions: at most `laneLimit` pieces of one session's work
/// (a lane) at once, at most `totalLimit` of all of them, the waiting ones of a lane in arrival
/// order, and the lanes in turn: a place given back goes to the next lane (round robin) that has
/// work waiting, never twice in a row to the same one while another waits. A task cancelled
/// before or while it waits is let through at once without taking a place (it has only its error
/// left to answer). What waits is bounded by each connection's flow control (64 unanswered requests).
///
/// A stdio session has one of its own (one lane: `WorkScheduler.concurrencyLimit` places). The
/// socket daemon's sessions share one (`daemon()`): alone, a session has those places; with
/// others connected it has one core fewer than the machine, and all of them together as many as
/// it has cores, so a client that floods the daemon leaves a core, and every other place in turn,
/// to the others: their requests wait for at most one of its pieces of work, not behind all of it.
final class FairShare: Sendable {
    /// One session's place in the share; `close()` it when the session ends.
    final class Lane: Sendable {
        let share: FairShare
        let id: Int
        init(share: FairShare, id: Int) { self.share = share; self.id = id }

        /// Waits for a place; true when one was taken (give it back with `leave()`), false when the
        /// task was cancelled instead.
        func enter() async -> Bool { await share.enter(id) }
        func leave() { share.leave(id) }
        /// For work done in the session's message loop (an edit applied): a place is taken only
        /// while other sessions share the places (true: give it back with `leave()`), so that a
        /// session sending edits without pause counts its loop among its places; alone, its loop
        /// takes none (its handlers may hold them all: the loop must go on reading). It goes
        /// before the session's work waiting in the lane (an edit cancels the requests it makes stale).
        func enterIfShared() async -> Bool { await share.enter(id, onlyWhenShared: true) }
        func close() { share.close(id) }
    }

    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Bool, Never>
    }
    private struct LaneState {
        var inside = 0
        var waiting: [Waiter] = []
    }
    private struct State {
        var lanes: [Int: LaneState] = [:]
        /// Lane ids in the order they take turns; `next` is the index of the next one asked.
        var order: [Int] = []
        var next = 0
        var inside = 0
        var nextLaneID = 0
        var nextWaiterID = 0
    }
    private let state = Locked(State())
    /// Places for one lane when it is alone, when others are open, and for all lanes together.
    private let aloneLimit, sharedLaneLimit, totalLimit: Int

    init(aloneLimit: Int, sharedLaneLimit: Int, totalLimit: Int) {
        self.aloneLimit = aloneLimit
        self.sharedLaneLimit = sharedLaneLimit
        self.totalLimit = totalLimit
    }

    /// One session's own: `limit` places.
    static func single(limit: Int = WorkScheduler.concurrencyLimit) -> FairShare {
        FairShare(aloneLimit: limit, sharedLaneLimit: limit, totalLimit: limit)
    }

    /// The socket daemon's, shared by its sessions (see the type's comment).
    static func daemon(cores: Int = sysconf(Int32(_SC_NPROCESSORS_ONLN))) -> FairShare {
        let cores = max(1, cores)
        return FairShare(
            aloneLimit: WorkScheduler.concurrencyLimit, sharedLaneLimit: max(1, cores - 1),
            totalLimit: max(2, cores))
    }

    func lane() -> Lane {
        let id = state.withLock { state -> Int in
            defer { state.nextLaneID += 1 }
            state.lanes[state.nextLaneID] = LaneState()
            state.order.append(state.nextLaneID)
            return state.nextLaneID
        }
        return Lane(share: self, id: id)
    }

    private func limits(_ state: State) -> (lane: Int, total: Int) {
        state.lanes.count <= 1 ? (aloneLimit, aloneLimit) : (sharedLaneLimit, totalLimit)
    }

    private func enter(_ lane: Int, onlyWhenShared: Bool = false) async -> Bool {
        if Task.isCancelled { return false }
        if onlyWhenShared && state.withLock({ $0.lanes.count <= 1 }) { return false }
        let id = state.withLock { state -> Int in
            defer { state.nextWaiterID += 1 }
            return state.nextWaiterID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let admitted = state.withLock { state -> Bool? in
                    if Task.isCancelled { return false }
                    guard var mine = state.lanes[lane] else { return false }
                    let (laneLimit, totalLimit) = limits(state)
                    // The loop's work goes first in its lane: an edit that cancels the requests
                    // waiting there must not wait for them.
                    if (mine.waiting.isEmpty || onlyWhenShared) && mine.inside < laneLimit && state.inside < totalLimit {
                        mine.inside += 1
                        state.inside += 1
                        state.lanes[lane] = mine
                        return true
                    }
                    let waiter = Waiter(id: id, continuation: continuation)
                    if onlyWhenShared { mine.waiting.insert(waiter, at: 0) } else { mine.waiting.append(waiter) }
                    state.lanes[lane] = mine
                    return nil
                }
                if let admitted { continuation.resume(returning: admitted) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.lanes[lane]?.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                return state.lanes[lane]?.waiting.remove(at: index)
            }
            waiter?.continuation.resume(returning: false)
        }
    }

    /// Gives a place back, and the free places to the lanes in turn.
    private func leave(_ lane: Int) {
        let admitted = state.withLock { state -> [Waiter] in
            // A closed lane's places were given back when it closed.
            guard state.lanes[lane] != nil else { return [] }
            state.inside -= 1
            state.lanes[lane]?.inside -= 1
            return Self.admitWaiting(&state, limits(state))
        }
        for waiter in admitted { waiter.continuation.resume(returning: true) }
    }

    /// The session ended: its lane leaves the turns (its waiting work, cancelled by then, answers
    /// its error), and the others may have more places.
    private func close(_ lane: Int) {
        let (released, admitted) = state.withLock { state -> ([Waiter], [Waiter]) in
            guard let closing = state.lanes.removeValue(forKey: lane) else { return ([], []) }
            state.inside -= closing.inside
            if let index = state.order.firstIndex(of: lane) {
                state.order.remove(at: index)
                if index < state.next { state.next -= 1 }
                if state.next >= state.order.count { state.next = 0 }
            }
            return (closing.waiting, Self.admitWaiting(&state, limits(state)))
        }
        for waiter in released { waiter.continuation.resume(returning: false) }
        for waiter in admitted { waiter.continuation.resume(returning: true) }
    }

    /// Takes waiters, one lane after the other from the one whose turn it is, while places are free.
    private static func admitWaiting(_ state: inout State, _ limits: (lane: Int, total: Int)) -> [Waiter] {
        var admitted: [Waiter] = []
        var skipped = 0
        while state.inside < limits.total && !state.order.isEmpty && skipped < state.order.count {
            if state.next >= state.order.count { state.next = 0 }
            let id = state.order[state.next]
            state.next += 1
            guard var lane = state.lanes[id], !lane.waiting.isEmpty, lane.inside < limits.lane else {
                skipped += 1
                continue
            }
            skipped = 0
            admitted.append(lane.waiting.removeFirst())
            lane.inside += 1
            state.inside += 1
            state.lanes[id] = lane
        }
        return admitted
    }
}
