// Small synchronisation helpers (the protocol module's own are internal to it) over its public
// pthread `Lock`: FoundationEssentials has no `NSLock`.
import LanguageServerProtocol

/// A value guarded by a lock. Keep critical sections short and never await inside one.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = Lock()

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// A value computed on first use, at most once, from any thread.
final class Lazy<Value: Sendable>: @unchecked Sendable {
    private var cached: Value?
    private var make: (@Sendable () -> Value)?
    private let lock = Lock()

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }
    init(value: Value) { self.cached = value }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        if let cached { return cached }
        let value = make!()
        cached = value
        make = nil
        return value
    }
}
