// textDocument/publishDiagnostics (server → client): diagnostics pushed.

public struct PublishDiagnosticsNotification: LSPNotification, Hashable {
    public static let method = "textDocument/publishDiagnostics"
    public var uri: DocumentURI
    public var version: Int?
    public var diagnostics: [Diagnostic]
    public init(uri: DocumentURI, version: Int? = nil, diagnostics: [Diagnostic]) {
        self.uri = uri
        self.version = version
        self.diagnostics = diagnostics
    }
}
