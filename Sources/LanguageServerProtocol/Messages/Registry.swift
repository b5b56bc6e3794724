// The single list of every message type this module knows. Add new types here.

extension MessageRegistry {
    /// All LSP requests and notifications defined in this module.
    public static let lsp = MessageRegistry(
        requests: [
            .init(InitializeRequest.self),
            .init(ShutdownRequest.self),
            .init(DocumentDiagnosticRequest.self),
            .init(WorkspaceDiagnosticRequest.self),
            .init(CompletionRequest.self),
            .init(CompletionItemResolveRequest.self),
            .init(HoverRequest.self),
            .init(DefinitionRequest.self),
            .init(PrepareRenameRequest.self),
            .init(RenameRequest.self),
            .init(ReferencesRequest.self),
            .init(CodeActionRequest.self),
            .init(CodeActionResolveRequest.self),
            .init(DocumentSymbolRequest.self),
            .init(FoldingRangeRequest.self),
            .init(SelectionRangeRequest.self),
            .init(InlayHintRequest.self),
            .init(SemanticTokensRequest.self),
            .init(SemanticTokensDeltaRequest.self),
            .init(DocumentLinkRequest.self),
            .init(DocumentFormattingRequest.self),
            .init(DocumentRangeFormattingRequest.self),
            .init(ExecuteCommandRequest.self),
            .init(DocumentHighlightRequest.self),
            .init(LinkedEditingRangeRequest.self),
            .init(DocumentOnTypeFormattingRequest.self),
            .init(MatchingTagRequest.self),
            // server → client
            .init(ConfigurationRequest.self),
            .init(ApplyEditRequest.self),
            .init(RegisterCapabilityRequest.self),
            .init(DiagnosticRefreshRequest.self),
        ],
        notifications: [
            .init(InitializedNotification.self),
            .init(ExitNotification.self),
            .init(CancelRequestNotification.self),
            .init(SetTraceNotification.self),
            .init(LogTraceNotification.self),
            .init(LogMessageNotification.self),
            .init(ShowMessageNotification.self),
            .init(DidOpenTextDocumentNotification.self),
            .init(DidChangeTextDocumentNotification.self),
            .init(DidCloseTextDocumentNotification.self),
            .init(DidSaveTextDocumentNotification.self),
            .init(PublishDiagnosticsNotification.self),
            .init(DidChangeConfigurationNotification.self),
            .init(DidChangeWatchedFilesNotification.self),
        ]
    )
}
