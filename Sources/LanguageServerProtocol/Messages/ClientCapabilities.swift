// What the client declares in `initialize`: only what this server reads; unknown members are ignored
// and malformed members are treated as absent, so an unusual client never fails `initialize`.
// A type has a public init where the test client builds it; the others are only decoded.
import PlistSupport

public struct ValueSet<T: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    public var valueSet: [T]?
    public init(valueSet: [T]? = nil) { self.valueSet = valueSet }
}

public struct DynamicRegistrationCapability: Codable, Hashable, Sendable {
    public var dynamicRegistration: Bool?
    public init(dynamicRegistration: Bool? = nil) { self.dynamicRegistration = dynamicRegistration }
}

public struct ClientCapabilities: Codable, Hashable, Sendable {
    @Lenient public var workspace: WorkspaceClientCapabilities?
    @Lenient public var textDocument: TextDocumentClientCapabilities?
    @Lenient public var window: WindowClientCapabilities?
    @Lenient public var general: GeneralClientCapabilities?
    @Lenient public var experimental: JSONValue?

    public init(
        workspace: WorkspaceClientCapabilities? = nil, textDocument: TextDocumentClientCapabilities? = nil,
        window: WindowClientCapabilities? = nil, general: GeneralClientCapabilities? = nil,
        experimental: JSONValue? = nil
    ) {
        self.workspace = workspace
        self.textDocument = textDocument
        self.window = window
        self.general = general
        self.experimental = experimental
    }
}

public struct GeneralClientCapabilities: Codable, Hashable, Sendable {
    @Lenient public var positionEncodings: [PositionEncodingKind]?
    public init(positionEncodings: [PositionEncodingKind]? = nil) { self.positionEncodings = positionEncodings }
}

public struct WindowClientCapabilities: Codable, Hashable, Sendable {
    @Lenient public var workDoneProgress: Bool?
}

public struct WorkspaceClientCapabilities: Codable, Hashable, Sendable {
    public struct WorkspaceEditCapabilities: Codable, Hashable, Sendable {
        @Lenient public var documentChanges: Bool?
        /// LSP 3.18: `TextDocumentEdit.edits` may hold `SnippetTextEdit`s.
        @Lenient public var snippetEditSupport: Bool?
        public init(documentChanges: Bool? = nil, snippetEditSupport: Bool? = nil) {
            self.documentChanges = documentChanges
            self.snippetEditSupport = snippetEditSupport
        }
    }
    public struct RefreshSupport: Codable, Hashable, Sendable {
        public var refreshSupport: Bool?
        public init(refreshSupport: Bool? = nil) { self.refreshSupport = refreshSupport }
    }

    @Lenient public var applyEdit: Bool?
    @Lenient public var workspaceEdit: WorkspaceEditCapabilities?
    @Lenient public var didChangeConfiguration: DynamicRegistrationCapability?
    @Lenient public var didChangeWatchedFiles: DynamicRegistrationCapability?
    @Lenient public var executeCommand: DynamicRegistrationCapability?
    @Lenient public var workspaceFolders: Bool?
    @Lenient public var configuration: Bool?
    @Lenient public var inlayHint: RefreshSupport?
    @Lenient public var diagnostics: RefreshSupport?

    public init(
        applyEdit: Bool? = nil, workspaceEdit: WorkspaceEditCapabilities? = nil,
        didChangeConfiguration: DynamicRegistrationCapability? = nil,
        didChangeWatchedFiles: DynamicRegistrationCapability? = nil,
        executeCommand: DynamicRegistrationCapability? = nil, workspaceFolders: Bool? = nil,
        configuration: Bool? = nil, inlayHint: RefreshSupport? = nil, diagnostics: RefreshSupport? = nil
    ) {
        self.applyEdit = applyEdit
        self.workspaceEdit = workspaceEdit
        self.didChangeConfiguration = didChangeConfiguration
        self.didChangeWatchedFiles = didChangeWatchedFiles
        self.executeCommand = executeCommand
        self.workspaceFolders = workspaceFolders
        self.configuration = configuration
        self.inlayHint = inlayHint
        self.diagnostics = diagnostics
    }
}

public struct TextDocumentClientCapabilities: Codable, Hashable, Sendable {
    public struct Synchronization: Codable, Hashable, Sendable {
        public var dynamicRegistration: Bool?
        public var willSave: Bool?
        public var willSaveWaitUntil: Bool?
        public var didSave: Bool?
    }

    public struct Completion: Codable, Hashable, Sendable {
        public struct CompletionItem: Codable, Hashable, Sendable {
            public struct ResolveSupport: Codable, Hashable, Sendable {
                public var properties: [String]
            }
            @Lenient public var snippetSupport: Bool?
            @Lenient public var commitCharactersSupport: Bool?
            @Lenient public var documentationFormat: [MarkupKind]?
            @Lenient public var deprecatedSupport: Bool?
            @Lenient public var preselectSupport: Bool?
            @Lenient public var tagSupport: ValueSet<CompletionItemTag>?
            @Lenient public var insertReplaceSupport: Bool?
            @Lenient public var resolveSupport: ResolveSupport?
            /// The `InsertTextMode`s the client takes (1 asIs, 2 adjustIndentation).
            @Lenient public var insertTextModeSupport: ValueSet<Int>?
            @Lenient public var labelDetailsSupport: Bool?
            public init(
                snippetSupport: Bool? = nil, documentationFormat: [MarkupKind]? = nil, insertReplaceSupport: Bool? = nil,
                labelDetailsSupport: Bool? = nil, insertTextModeSupport: ValueSet<Int>? = nil
            ) {
                self.snippetSupport = snippetSupport
                self.documentationFormat = documentationFormat
                self.insertReplaceSupport = insertReplaceSupport
                self.labelDetailsSupport = labelDetailsSupport
                self.insertTextModeSupport = insertTextModeSupport
            }
        }
        @Lenient public var dynamicRegistration: Bool?
        @Lenient public var completionItem: CompletionItem?
        @Lenient public var completionItemKind: ValueSet<CompletionItemKind>?
        @Lenient public var contextSupport: Bool?
        public init(completionItem: CompletionItem? = nil, contextSupport: Bool? = nil) {
            self.completionItem = completionItem
            self.contextSupport = contextSupport
        }
    }

    public struct Hover: Codable, Hashable, Sendable {
        public var dynamicRegistration: Bool?
        public var contentFormat: [MarkupKind]?
        public init(contentFormat: [MarkupKind]? = nil) { self.contentFormat = contentFormat }
    }

    public struct CodeAction: Codable, Hashable, Sendable {
        public struct LiteralSupport: Codable, Hashable, Sendable {
            public var codeActionKind: ValueSet<CodeActionKind>
        }
        public struct ResolveSupport: Codable, Hashable, Sendable {
            public var properties: [String]
        }
        public var dynamicRegistration: Bool?
        public var codeActionLiteralSupport: LiteralSupport?
        public var isPreferredSupport: Bool?
        public var disabledSupport: Bool?
        public var dataSupport: Bool?
        public var resolveSupport: ResolveSupport?
    }

    public struct DocumentSymbol: Codable, Hashable, Sendable {
        public var dynamicRegistration: Bool?
        public var hierarchicalDocumentSymbolSupport: Bool?
        public init(hierarchicalDocumentSymbolSupport: Bool? = nil) {
            self.hierarchicalDocumentSymbolSupport = hierarchicalDocumentSymbolSupport
        }
    }

    public struct FoldingRange: Codable, Hashable, Sendable {
        public var dynamicRegistration: Bool?
        public var rangeLimit: Int?
        public var lineFoldingOnly: Bool?
    }

    public struct PublishDiagnostics: Codable, Hashable, Sendable {
        public var relatedInformation: Bool?
        public var tagSupport: ValueSet<DiagnosticTag>?
        public var versionSupport: Bool?
        public var codeDescriptionSupport: Bool?
        public var dataSupport: Bool?
    }

    /// `textDocument.diagnostic`: presence means the client supports pull diagnostics.
    public struct Diagnostic: Codable, Hashable, Sendable {
        public var dynamicRegistration: Bool?
        public var relatedDocumentSupport: Bool?
        public init(dynamicRegistration: Bool? = nil, relatedDocumentSupport: Bool? = nil) {
            self.dynamicRegistration = dynamicRegistration
            self.relatedDocumentSupport = relatedDocumentSupport
        }
    }

    public struct InlayHint: Codable, Hashable, Sendable {
        public var dynamicRegistration: Bool?
        public init(dynamicRegistration: Bool? = nil) { self.dynamicRegistration = dynamicRegistration }
    }

    public struct SemanticTokens: Codable, Hashable, Sendable {
        @Lenient public var dynamicRegistration: Bool?
        /// Whether a token may span lines (otherwise the server splits it per line).
        @Lenient public var multilineTokenSupport: Bool?
        @Lenient public var overlappingTokenSupport: Bool?
    }

    /// `textDocument.rename`: `prepareSupport` says the client asks `prepareRename` first.
    public struct Rename: Codable, Hashable, Sendable {
        @Lenient public var dynamicRegistration: Bool?
        @Lenient public var prepareSupport: Bool?
        public init(prepareSupport: Bool? = nil) { self.prepareSupport = prepareSupport }
    }

    @Lenient public var synchronization: Synchronization?
    @Lenient public var completion: Completion?
    @Lenient public var hover: Hover?
    @Lenient public var codeAction: CodeAction?
    @Lenient public var documentSymbol: DocumentSymbol?
    @Lenient public var foldingRange: FoldingRange?
    @Lenient public var selectionRange: DynamicRegistrationCapability?
    @Lenient public var publishDiagnostics: PublishDiagnostics?
    @Lenient public var diagnostic: Diagnostic?
    @Lenient public var inlayHint: InlayHint?
    @Lenient public var semanticTokens: SemanticTokens?
    @Lenient public var rename: Rename?

    public init(
        synchronization: Synchronization? = nil, completion: Completion? = nil, hover: Hover? = nil,
        codeAction: CodeAction? = nil, documentSymbol: DocumentSymbol? = nil, foldingRange: FoldingRange? = nil,
        selectionRange: DynamicRegistrationCapability? = nil, publishDiagnostics: PublishDiagnostics? = nil,
        diagnostic: Diagnostic? = nil, inlayHint: InlayHint? = nil, semanticTokens: SemanticTokens? = nil,
        rename: Rename? = nil
    ) {
        self.rename = rename
        self.synchronization = synchronization
        self.completion = completion
        self.hover = hover
        self.codeAction = codeAction
        self.documentSymbol = documentSymbol
        self.foldingRange = foldingRange
        self.selectionRange = selectionRange
        self.publishDiagnostics = publishDiagnostics
        self.diagnostic = diagnostic
        self.inlayHint = inlayHint
        self.semanticTokens = semanticTokens
    }
}
