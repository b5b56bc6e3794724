// window/logMessage and window/showMessage (server → client notifications).
import PlistSupport

public struct MessageType: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let error = MessageType(rawValue: 1)
    public static let warning = MessageType(rawValue: 2)
    public static let info = MessageType(rawValue: 3)
    public static let log = MessageType(rawValue: 4)
    /// LSP 3.18; clients that do not know it usually treat it like `log`.
    public static let debug = MessageType(rawValue: 5)
}

extension Logger.Level {
    /// The matching `window/logMessage` type.
    public var messageType: MessageType {
        switch self {
        case .debug: return .log
        case .info: return .info
        case .warning: return .warning
        case .error: return .error
        }
    }
}

public struct LogMessageNotification: LSPNotification, Hashable {
    public static let method = "window/logMessage"
    public var type: MessageType
    public var message: String
    public init(type: MessageType, message: String) {
        self.type = type
        self.message = message
    }
}

public struct ShowMessageNotification: LSPNotification, Hashable {
    public static let method = "window/showMessage"
    public var type: MessageType
    public var message: String
    public init(type: MessageType, message: String) {
        self.type = type
        self.message = message
    }
}
