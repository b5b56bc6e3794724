// window/logMessage (server → client).

public struct LogMessageNotification: LSPNotification, Hashable {
    public static let method = "window/logMessage"
    public var type: MessageType
    public var message: String
    public init(type: MessageType, message: String) {
        self.type = type
        self.message = message
    }
}
