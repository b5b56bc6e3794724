// Detached threads and a condition variable over pthreads: FoundationEssentials has neither
// `Thread` nor `NSCondition` (those live in full Foundation, which drags in ICU).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on a new detached thread (for blocking loops such as `read(2)` or `accept(2)`, which
/// must not occupy the cooperative pool). `name` shows in debuggers on Darwin (Glibc's module map
/// does not export `pthread_setname_np`).
public func startDetachedThread(name: String, _ body: @escaping @Sendable () -> Void) {
    final class Start {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
    let start = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
    #if canImport(Glibc)
    var thread = pthread_t()
    let result = pthread_create(
        &thread, nil,
        { raw in
            let start = Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue()
            start.body()
            return nil
        }, start)
    #else
    var thread: pthread_t?
    let result = pthread_create(
        &thread, nil,
        { raw in
            let start = Unmanaged<Start>.fromOpaque(raw).takeRetainedValue()
            _ = pthread_setname_np(start.name)
            start.body()
            return nil
        }, start)
    #endif
    guard result == 0 else {
        Unmanaged<Start>.fromOpaque(start).release()
        fatalError("pthread_create failed: \(result)")
    }
    #if canImport(Glibc)
    pthread_detach(thread)
    #else
    pthread_detach(thread!)
    #endif
}

/// A mutex with a condition variable (`pthread_cond_t`), for a thread that waits for work. It stays
/// on pthreads: `Synchronization.Mutex` has no condition variable to wait on.
public final class Condition: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        precondition(pthread_mutex_init(mutex, nil) == 0 && pthread_cond_init(condition, nil) == 0)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deinitialize(count: 1)
        condition.deallocate()
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }
    /// Wakes every waiter; call with the mutex held.
    public func broadcast() { pthread_cond_broadcast(condition) }
    /// Waits for `broadcast()` (the mutex must be held; spurious wake-ups happen, so loop).
    public func wait() { pthread_cond_wait(condition, mutex) }
    /// Waits for `broadcast()` at most `seconds`; false when the time ran out.
    public func wait(seconds: Double) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let total = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 + max(0, seconds)
        var deadline = timespec()
        deadline.tv_sec = time_t(total)
        deadline.tv_nsec = Int((total - Double(Int(total))) * 1e9)
        return pthread_cond_timedwait(condition, mutex, &deadline) == 0
    }

    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
