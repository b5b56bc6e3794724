// $/setTrace and $/logTrace: the client's trace setting and the trace messages it asks for.

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
