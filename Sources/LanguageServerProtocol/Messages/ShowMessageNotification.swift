// window/showMessage (server → client).

public struct ShowMessageNotification: LSPNotification, Hashable {
    public static let method = "window/showMessage"
    public var type: MessageType
    public var message: String
    public init(type: MessageType, message: String) {
        self.type = type
        self.message = message
    }
}
