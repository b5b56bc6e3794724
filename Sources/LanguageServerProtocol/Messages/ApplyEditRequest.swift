// workspace/applyEdit (server → client) and its result.

/// `workspace/applyEdit` (server → client).
public struct ApplyEditRequest: LSPRequest, Hashable {
    public static let method = "workspace/applyEdit"
    public typealias Response = ApplyWorkspaceEditResult
    public var label: String?
    public var edit: WorkspaceEdit
    public init(label: String? = nil, edit: WorkspaceEdit) {
        self.label = label
        self.edit = edit
    }
}

/// The client's answer: only decoded.
public struct ApplyWorkspaceEditResult: Codable, Hashable, Sendable {
    public var applied: Bool
    public var failureReason: String?
    public var failedChange: Int?
}
