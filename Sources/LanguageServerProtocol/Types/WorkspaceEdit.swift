/// `{changes?: {[uri]: TextEdit[]}, documentChanges?: TextDocumentEdit[]}`.
/// (Create/rename/delete file operations are not modelled; this server never emits them.)
public struct WorkspaceEdit: Codable, Hashable, Sendable {
    public var changes: [DocumentURI: [TextEdit]]?
    public var documentChanges: [TextDocumentEdit]?
    public init(changes: [DocumentURI: [TextEdit]]? = nil, documentChanges: [TextDocumentEdit]? = nil) {
        self.changes = changes
        self.documentChanges = documentChanges
    }
}
