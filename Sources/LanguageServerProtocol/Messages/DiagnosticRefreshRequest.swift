// workspace/diagnostic/refresh (server → client).

/// `workspace/diagnostic/refresh` (server → client): asks a client that pulls diagnostics to pull
/// them again (sent when something besides the documents changed them); the response is `null`.
public struct DiagnosticRefreshRequest: LSPRequest, LSPMessageWithoutParams, Hashable {
    public static let method = "workspace/diagnostic/refresh"
    public typealias Response = VoidResponse
    public init() {}
}
