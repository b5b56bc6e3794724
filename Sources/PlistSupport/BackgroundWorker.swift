// A queue of jobs and the thread that works through it, started when a job arrives and ended when
// the queue is empty: the machinery the server's background readers (the source scan, the project
// loader) share, so that an idle session holds no thread.

/// Jobs run in batches on a detached thread of their own. Whatever is queued while a batch runs
/// becomes the next batch (so a burst of requests for the same work runs it once more, not once per
/// request). After a batch that changed something, the change handler is called on that thread.
public final class BackgroundWorker<Job: Sendable>: Sendable {
    private struct State {
        var jobs: [Job] = []
        var working = false
        var closed = false
        var work: (@Sendable ([Job]) -> Bool)?
        var onChange: (@Sendable () -> Void)?
        var onSettled: (@Sendable () -> Void)?
    }

    private let name: String
    private let state = Locked(State())

    /// `name` is the thread's (shown in debuggers on Darwin).
    public init(name: String) {
        self.name = name
    }

    /// What a batch does; it returns whether it changed something (then the change handler runs).
    /// Set once, before the first job (an owner hands in a closure holding itself weakly).
    public func setWork(_ work: @escaping @Sendable (_ batch: [Job]) -> Bool) {
        state.withLock { $0.work = work }
    }

    /// Called on the worker's thread after a batch that changed something.
    public func onChange(_ body: @escaping @Sendable () -> Void) {
        state.withLock { $0.onChange = body }
    }

    /// Called on the worker's thread when the queue is empty and the thread ends, whether or not
    /// the last batch changed anything.
    public func onSettled(_ body: @escaping @Sendable () -> Void) {
        state.withLock { $0.onSettled = body }
    }

    /// Whether a batch runs or waits (false once the queue is drained, before `onSettled` runs).
    public var isWorking: Bool { state.withLock { $0.working && !$0.closed } }

    /// Whether `close()` was called.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Queues `job`, starting the thread when none runs. False (and nothing queued) once closed.
    @discardableResult
    public func enqueue(_ job: Job) -> Bool {
        let (queued, start) = state.withLock { state -> (Bool, Bool) in
            guard !state.closed else { return (false, false) }
            state.jobs.append(job)
            defer { state.working = true }
            return (true, !state.working)
        }
        if start { startDetachedThread(name: name) { [self] in drain() } }
        return queued
    }

    /// Drops the queued jobs and the change handler; a batch in progress finishes, and no other starts.
    public func close() {
        state.withLock { state in
            state.closed = true
            state.jobs = []
            state.onChange = nil
            state.onSettled = nil
        }
    }

    /// Runs the queued batches until none is left, then lets the thread end.
    private func drain() {
        while true {
            var settled: (@Sendable () -> Void)?
            let next = state.withLock { state -> ([Job], @Sendable ([Job]) -> Bool)? in
                guard !state.jobs.isEmpty, !state.closed, let work = state.work else {
                    state.working = false
                    settled = state.closed ? nil : state.onSettled
                    return nil
                }
                defer { state.jobs = [] }
                return (state.jobs, work)
            }
            guard let (jobs, work) = next else {
                settled?()
                return
            }
            guard work(jobs) else { continue }
            state.withLock { $0.onChange }?()
        }
    }
}
