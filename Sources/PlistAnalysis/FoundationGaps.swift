// What the module used from full Foundation, rebuilt on the standard library and pthreads: the
// plist-lsp binary links FoundationEssentials only (full Foundation brings ICU, ~30 MB).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension StringProtocol {
    /// The text without leading and trailing white space: Unicode `White_Space` (spaces, tabs and
    /// line breaks), as Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`.
    func trimmingWhiteSpace() -> String {
        trimming { $0.properties.isWhitespace }
    }

    /// The text without leading and trailing tabs and space separators (no line breaks), as
    /// Foundation's `trimmingCharacters(in: .whitespaces)`.
    func trimmingBlanks() -> String {
        trimming { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isTrimmed($0) })!
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }
}

/// A non-recursive mutex (`pthread_mutex_t` at a stable address), in place of `NSLock`.
final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
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

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
