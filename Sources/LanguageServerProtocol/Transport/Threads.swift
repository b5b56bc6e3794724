// A mutex and detached threads over pthreads: the module links FoundationEssentials only, which has
// neither `NSLock` nor `Thread` (those live in full Foundation, which drags in ICU).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-recursive mutex (`pthread_mutex_t` at a stable address). Keep critical sections short
/// and never await inside one.
public final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }

    public func unlock() { pthread_mutex_unlock(mutex) }

    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

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
    let result = pthread_create(&thread, nil, { raw in
        let start = Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue()
        start.body()
        return nil
    }, start)
    #else
    var thread: pthread_t?
    let result = pthread_create(&thread, nil, { raw in
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
