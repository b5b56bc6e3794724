// The version of plist-lsp: the server's `serverInfo.version` and `plist-lsp --version`.

/// The version of this build of plist-lsp.
public enum ToolVersion {
    public static let current = "0.1.0"
}
