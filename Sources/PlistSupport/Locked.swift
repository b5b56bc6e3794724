// Values guarded by the toolchain's `Synchronization.Mutex`: it links no Foundation (whose `NSLock`
// would bring in ICU) and, unlike a `pthread_mutex_t`, needs no stable address of our own.
import Synchronization

/// A value shared between threads, read and changed only under its lock. Keep critical sections
/// short and never await inside one. A class, so that closures and several owners can share it
/// (`Mutex` itself cannot be copied or captured).
public final class Locked<Value>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: sending Value) { mutex = Mutex(value) }

    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock(body)
    }
}

/// A value computed on first use, at most once, from any thread.
public final class Lazy<Value: Sendable>: Sendable {
    private enum State {
        case pending(@Sendable () -> Value)
        case ready(Value)
    }

    private let state: Mutex<State>

    public init(_ make: @escaping @Sendable () -> Value) { state = Mutex(.pending(make)) }
    public init(value: Value) { state = Mutex(.ready(value)) }

    /// The value if it was computed already (never computes it).
    public var computedValue: Value? {
        state.withLock { state in
            if case .ready(let value) = state { return value }
            return nil
        }
    }

    public var value: Value {
        state.withLock { state in
            switch state {
            case .ready(let value):
                return value
            case .pending(let make):
                let value = make()
                state = .ready(value)
                return value
            }
        }
    }
}
