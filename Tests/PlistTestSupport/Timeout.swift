// The one bound on a test's waiting: a test that waits for something (an answer, a child process,
// a file, a socket) gives up after a generous deadline and says what it waited for. A guard against
// hanging, never a timing assertion: speed is measured in plist-bench.
import Foundation

/// What a test waited for in vain, and how long.
public struct TimedOut: Error, CustomStringConvertible {
    public let what: String
    public let seconds: Double
    public init(what: String, seconds: Double) {
        self.what = what
        self.seconds = seconds
    }
    public var description: String { "timed out after \(seconds) s waiting for \(what)" }
}

/// The wait a test gives anything by default: generous, because on a loaded two-core machine the
/// cooperative pool's two threads can be held by CPU-heavy suites for more than a minute (a 60 s
/// default failed `serverToClientRequests` in a full CI run while it passes alone in milliseconds).
public let defaultTimeout: Double = 300

/// Runs `body`, throwing `TimedOut` when it has not finished after `seconds` (it is then cancelled).
@discardableResult
public func withTimeout<T: Sendable>(
    _ what: String = "the test's work", seconds: Double = defaultTimeout, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            return nil
        }
        let first = try await group.next()
        group.cancelAll()
        guard let first, let value = first else { throw TimedOut(what: what, seconds: seconds) }
        return value
    }
}

/// Polls `condition` until it holds, throwing `TimedOut` after `seconds` (for what a test can only
/// look at: a file appearing, a process's descriptors, a log line).
public func waitUntil(_ what: String, seconds: Double = defaultTimeout, _ condition: () throws -> Bool) throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while try !condition() {
        guard ContinuousClock.now < deadline else { throw TimedOut(what: what, seconds: seconds) }
        usleep(5_000)
    }
}
