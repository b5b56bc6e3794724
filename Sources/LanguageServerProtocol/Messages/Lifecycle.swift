// The session's lifecycle after `initialize`: initialized, shutdown, exit.

/// `initialized` (client → server), params `{}`.
public struct InitializedNotification: LSPNotification, Hashable {
    public static let method = "initialized"
    public init() {}
}

/// `shutdown`: no params; the response is `result: null`.
public struct ShutdownRequest: LSPRequest, LSPMessageWithoutParams, Hashable {
    public static let method = "shutdown"
    public typealias Response = VoidResponse
    public init() {}
}

/// `exit`: no params.
public struct ExitNotification: LSPNotification, LSPMessageWithoutParams, Hashable {
    public static let method = "exit"
    public init() {}
}
