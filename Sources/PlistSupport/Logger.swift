// A small leveled logger for the server and the command line: lines go to stderr (never stdout,
// the protocol stream under stdio) or to any other sink, such as one forwarding to the client.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Where log lines go.
public protocol LogSink: Sendable {
    func log(level: Logger.Level, label: String, message: String)
}

/// A tiny leveled logger. Never writes to stdout (that is the protocol stream under stdio).
public struct Logger: Sendable {
    public enum Level: Int, Comparable, Sendable, CaseIterable, CustomStringConvertible {
        case debug, info, warning, error
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
        public var description: String {
            switch self {
            case .debug: return "debug"
            case .info: return "info"
            case .warning: return "warning"
            case .error: return "error"
            }
        }
        /// Parses `debug`, `info`, `warning`/`warn`, `error` (case-insensitive).
        public init?(name: String) {
            switch name.lowercased() {
            case "debug": self = .debug
            case "info": self = .info
            case "warning", "warn": self = .warning
            case "error": self = .error
            default: return nil
            }
        }
    }

    public var label: String
    public var minimumLevel: Level
    public var sinks: [any LogSink]

    public init(label: String, minimumLevel: Level = .info, sinks: [any LogSink] = [StandardErrorLogSink.shared]) {
        self.label = label
        self.minimumLevel = minimumLevel
        self.sinks = sinks
    }

    /// A logger that drops everything.
    public static let disabled = Logger(label: "", minimumLevel: .error, sinks: [])

    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level >= minimumLevel, !sinks.isEmpty else { return }
        let text = message()
        for sink in sinks { sink.log(level: level, label: label, message: text) }
    }

    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }

    /// A copy with another sink added (e.g. one forwarding to `window/logMessage`).
    public func adding(_ sink: any LogSink) -> Logger {
        var copy = self
        copy.sinks.append(sink)
        return copy
    }
}

/// Writes `[level] label: message` lines to a file descriptor (stderr by default), one
/// `write` per line under a lock so lines from different threads never mix.
public final class StandardErrorLogSink: LogSink {
    public static let shared = StandardErrorLogSink()
    private let fd: Int32
    private let lock = Mutex(())

    public init(fileDescriptor: Int32 = STDERR_FILENO) {
        self.fd = fileDescriptor
    }

    public func log(level: Logger.Level, label: String, message: String) {
        var line = label.isEmpty ? "[\(level)] \(message)\n" : "[\(level)] \(label): \(message)\n"
        line.withUTF8 { bytes in
            lock.withLock { _ in try? writeAll(fd, UnsafeRawBufferPointer(bytes)) }
        }
    }
}

/// Forwards log lines to a closure (e.g. to send `window/logMessage`).
public struct ClosureLogSink: LogSink {
    private let body: @Sendable (Logger.Level, String, String) -> Void
    public init(_ body: @escaping @Sendable (_ level: Logger.Level, _ label: String, _ message: String) -> Void) {
        self.body = body
    }
    public func log(level: Logger.Level, label: String, message: String) { body(level, label, message) }
}
