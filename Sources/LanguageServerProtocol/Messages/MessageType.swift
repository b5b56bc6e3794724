// The severity of a window/logMessage or window/showMessage, and the logger's level as one.
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
