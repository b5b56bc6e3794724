// Lifecycle and protocol-level messages: initialized, shutdown, exit, $/cancelRequest,
// $/setTrace, $/logTrace.

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

/// `$/cancelRequest` (either direction).
public struct CancelRequestNotification: LSPNotification, Hashable {
    public static let method = "$/cancelRequest"
    public var id: RequestID
    public init(id: RequestID) { self.id = id }
}

/// `$/setTrace` (client → server).
public struct SetTraceNotification: LSPNotification, Hashable {
    public static let method = "$/setTrace"
    public var value: TraceValue
    public init(value: TraceValue) { self.value = value }
}

/// `$/logTrace` (server → client).
public struct LogTraceNotification: LSPNotification, Hashable {
    public static let method = "$/logTrace"
    public var message: String
    public var verbose: String?
    public init(message: String, verbose: String? = nil) {
        self.message = message
        self.verbose = verbose
    }
}
