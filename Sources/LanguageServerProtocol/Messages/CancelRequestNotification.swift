// $/cancelRequest (either direction).

/// `$/cancelRequest` (either direction).
public struct CancelRequestNotification: LSPNotification, Hashable {
    public static let method = "$/cancelRequest"
    public var id: RequestID
    public init(id: RequestID) { self.id = id }
}
