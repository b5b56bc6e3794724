// The single list of every message type this module knows. Add new types here.

extension MessageRegistry {
    /// All LSP requests and notifications defined in this module.
    public static let lsp = MessageRegistry(
        requests: [
            InitializeRequest.self,
            ShutdownRequest.self,
            DocumentDiagnosticRequest.self,
            CompletionRequest.self,
            CompletionItemResolveRequest.self,
            HoverRequest.self,
            DefinitionRequest.self,
            CodeActionRequest.self,
            CodeActionResolveRequest.self,
            DocumentSymbolRequest.self,
            FoldingRangeRequest.self,
            SelectionRangeRequest.self,
            InlayHintRequest.self,
            SemanticTokensRequest.self,
            SemanticTokensDeltaRequest.self,
            DocumentLinkRequest.self,
            DocumentFormattingRequest.self,
            DocumentRangeFormattingRequest.self,
            ExecuteCommandRequest.self,
            // server → client
            ConfigurationRequest.self,
            ApplyEditRequest.self,
            RegisterCapabilityRequest.self,
            DiagnosticRefreshRequest.self,
        ],
        notifications: [
            InitializedNotification.self,
            ExitNotification.self,
            CancelRequestNotification.self,
            SetTraceNotification.self,
            LogTraceNotification.self,
            LogMessageNotification.self,
            ShowMessageNotification.self,
            DidOpenTextDocumentNotification.self,
            DidChangeTextDocumentNotification.self,
            DidCloseTextDocumentNotification.self,
            DidSaveTextDocumentNotification.self,
            PublishDiagnosticsNotification.self,
            DidChangeConfigurationNotification.self,
            DidChangeWatchedFilesNotification.self,
        ]
    )
}
