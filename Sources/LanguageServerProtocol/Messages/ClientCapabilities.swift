// What the client declares in `initialize`: only what this server reads; unknown members are ignored
// and malformed members are treated as absent, so an unusual client never fails `initialize`.
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
    public var workspace: WorkspaceClientCapabilities?
    public var textDocument: TextDocumentClientCapabilities?
    public var window: WindowClientCapabilities?
    public var general: GeneralClientCapabilities?
    public var experimental: JSONValue?

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

    enum CodingKeys: String, CodingKey { case workspace, textDocument, window, general, experimental }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        workspace = c.lenient(WorkspaceClientCapabilities.self, forKey: .workspace)
        textDocument = c.lenient(TextDocumentClientCapabilities.self, forKey: .textDocument)
        window = c.lenient(WindowClientCapabilities.self, forKey: .window)
        general = c.lenient(GeneralClientCapabilities.self, forKey: .general)
        experimental = c.lenient(JSONValue.self, forKey: .experimental)
    }
}

public struct GeneralClientCapabilities: Codable, Hashable, Sendable {
    public var positionEncodings: [PositionEncodingKind]?
    public init(positionEncodings: [PositionEncodingKind]? = nil) { self.positionEncodings = positionEncodings }
    enum CodingKeys: String, CodingKey { case positionEncodings }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        positionEncodings = c.lenient([PositionEncodingKind].self, forKey: .positionEncodings)
    }
}

public struct WindowClientCapabilities: Codable, Hashable, Sendable {
    public var workDoneProgress: Bool?
    public init(workDoneProgress: Bool? = nil) { self.workDoneProgress = workDoneProgress }
    enum CodingKeys: String, CodingKey { case workDoneProgress }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        workDoneProgress = c.lenient(Bool.self, forKey: .workDoneProgress)
    }
}

public struct WorkspaceClientCapabilities: Codable, Hashable, Sendable {
    public struct WorkspaceEditCapabilities: Codable, Hashable, Sendable {
        public var documentChanges: Bool?
        /// LSP 3.18: `TextDocumentEdit.edits` may hold `SnippetTextEdit`s.
        public var snippetEditSupport: Bool?
        public init(documentChanges: Bool? = nil, snippetEditSupport: Bool? = nil) {
            self.documentChanges = documentChanges
            self.snippetEditSupport = snippetEditSupport
        }
        enum CodingKeys: String, CodingKey { case documentChanges, snippetEditSupport }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            documentChanges = c.lenient(Bool.self, forKey: .documentChanges)
            snippetEditSupport = c.lenient(Bool.self, forKey: .snippetEditSupport)
        }
    }
    public struct RefreshSupport: Codable, Hashable, Sendable {
        public var refreshSupport: Bool?
        public init(refreshSupport: Bool? = nil) { self.refreshSupport = refreshSupport }
    }

    public var applyEdit: Bool?
    public var workspaceEdit: WorkspaceEditCapabilities?
    public var didChangeConfiguration: DynamicRegistrationCapability?
    public var didChangeWatchedFiles: DynamicRegistrationCapability?
    public var executeCommand: DynamicRegistrationCapability?
    public var workspaceFolders: Bool?
    public var configuration: Bool?
    public var inlayHint: RefreshSupport?
    public var diagnostics: RefreshSupport?

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

    enum CodingKeys: String, CodingKey {
        case applyEdit, workspaceEdit, didChangeConfiguration, didChangeWatchedFiles, executeCommand, workspaceFolders,
            configuration, inlayHint, diagnostics
    }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        applyEdit = c.lenient(Bool.self, forKey: .applyEdit)
        workspaceEdit = c.lenient(WorkspaceEditCapabilities.self, forKey: .workspaceEdit)
        didChangeConfiguration = c.lenient(DynamicRegistrationCapability.self, forKey: .didChangeConfiguration)
        didChangeWatchedFiles = c.lenient(DynamicRegistrationCapability.self, forKey: .didChangeWatchedFiles)
        executeCommand = c.lenient(DynamicRegistrationCapability.self, forKey: .executeCommand)
        workspaceFolders = c.lenient(Bool.self, forKey: .workspaceFolders)
        configuration = c.lenient(Bool.self, forKey: .configuration)
        inlayHint = c.lenient(RefreshSupport.self, forKey: .inlayHint)
        diagnostics = c.lenient(RefreshSupport.self, forKey: .diagnostics)
    }
}

public struct TextDocumentClientCapabilities: Codable, Hashable, Sendable {
    public struct Synchronization: Codable, Hashable, Sendable {
        public var dynamicRegistration: Bool?
        public var willSave: Bool?
        public var willSaveWaitUntil: Bool?
        public var didSave: Bool?
        public init(dynamicRegistration: Bool? = nil, willSave: Bool? = nil, willSaveWaitUntil: Bool? = nil, didSave: Bool? = nil) {
            self.dynamicRegistration = dynamicRegistration
            self.willSave = willSave
            self.willSaveWaitUntil = willSaveWaitUntil
            self.didSave = didSave
        }
    }

    public struct Completion: Codable, Hashable, Sendable {
        public struct CompletionItem: Codable, Hashable, Sendable {
            public struct ResolveSupport: Codable, Hashable, Sendable {
                public var properties: [String]
                public init(properties: [String]) { self.properties = properties }
            }
            public var snippetSupport: Bool?
            public var commitCharactersSupport: Bool?
            public var documentationFormat: [MarkupKind]?
            public var deprecatedSupport: Bool?
            public var preselectSupport: Bool?
            public var tagSupport: ValueSet<CompletionItemTag>?
            public var insertReplaceSupport: Bool?
            public var resolveSupport: ResolveSupport?
            /// The `InsertTextMode`s the client takes (1 asIs, 2 adjustIndentation).
            public var insertTextModeSupport: ValueSet<Int>?
            public var labelDetailsSupport: Bool?
            public init(snippetSupport: Bool? = nil, documentationFormat: [MarkupKind]? = nil, insertReplaceSupport: Bool? = nil,
                        labelDetailsSupport: Bool? = nil, insertTextModeSupport: ValueSet<Int>? = nil) {
                self.snippetSupport = snippetSupport
                self.documentationFormat = documentationFormat
                self.insertReplaceSupport = insertReplaceSupport
                self.labelDetailsSupport = labelDetailsSupport
                self.insertTextModeSupport = insertTextModeSupport
            }
            enum CodingKeys: String, CodingKey {
                case snippetSupport, commitCharactersSupport, documentationFormat, deprecatedSupport, preselectSupport,
                    tagSupport, insertReplaceSupport, resolveSupport, insertTextModeSupport, labelDetailsSupport
            }
            public init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                snippetSupport = c.lenient(Bool.self, forKey: .snippetSupport)
                commitCharactersSupport = c.lenient(Bool.self, forKey: .commitCharactersSupport)
                documentationFormat = c.lenient([MarkupKind].self, forKey: .documentationFormat)
                deprecatedSupport = c.lenient(Bool.self, forKey: .deprecatedSupport)
                preselectSupport = c.lenient(Bool.self, forKey: .preselectSupport)
                tagSupport = c.lenient(ValueSet<CompletionItemTag>.self, forKey: .tagSupport)
                insertReplaceSupport = c.lenient(Bool.self, forKey: .insertReplaceSupport)
                resolveSupport = c.lenient(ResolveSupport.self, forKey: .resolveSupport)
                insertTextModeSupport = c.lenient(ValueSet<Int>.self, forKey: .insertTextModeSupport)
                labelDetailsSupport = c.lenient(Bool.self, forKey: .labelDetailsSupport)
            }
        }
        public var dynamicRegistration: Bool?
        public var completionItem: CompletionItem?
        public var completionItemKind: ValueSet<CompletionItemKind>?
        public var contextSupport: Bool?
        public init(completionItem: CompletionItem? = nil, contextSupport: Bool? = nil) {
            self.completionItem = completionItem
            self.contextSupport = contextSupport
        }
        enum CodingKeys: String, CodingKey { case dynamicRegistration, completionItem, completionItemKind, contextSupport }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            dynamicRegistration = c.lenient(Bool.self, forKey: .dynamicRegistration)
            completionItem = c.lenient(CompletionItem.self, forKey: .completionItem)
            completionItemKind = c.lenient(ValueSet<CompletionItemKind>.self, forKey: .completionItemKind)
            contextSupport = c.lenient(Bool.self, forKey: .contextSupport)
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
            public init(codeActionKind: ValueSet<CodeActionKind>) { self.codeActionKind = codeActionKind }
        }
        public struct ResolveSupport: Codable, Hashable, Sendable {
            public var properties: [String]
            public init(properties: [String]) { self.properties = properties }
        }
        public var dynamicRegistration: Bool?
        public var codeActionLiteralSupport: LiteralSupport?
        public var isPreferredSupport: Bool?
        public var disabledSupport: Bool?
        public var dataSupport: Bool?
        public var resolveSupport: ResolveSupport?
        public init(codeActionLiteralSupport: LiteralSupport? = nil, isPreferredSupport: Bool? = nil, dataSupport: Bool? = nil, resolveSupport: ResolveSupport? = nil) {
            self.codeActionLiteralSupport = codeActionLiteralSupport
            self.isPreferredSupport = isPreferredSupport
            self.dataSupport = dataSupport
            self.resolveSupport = resolveSupport
        }
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
        public init(rangeLimit: Int? = nil, lineFoldingOnly: Bool? = nil) {
            self.rangeLimit = rangeLimit
            self.lineFoldingOnly = lineFoldingOnly
        }
    }

    public struct PublishDiagnostics: Codable, Hashable, Sendable {
        public var relatedInformation: Bool?
        public var tagSupport: ValueSet<DiagnosticTag>?
        public var versionSupport: Bool?
        public var codeDescriptionSupport: Bool?
        public var dataSupport: Bool?
        public init(relatedInformation: Bool? = nil, tagSupport: ValueSet<DiagnosticTag>? = nil, versionSupport: Bool? = nil, codeDescriptionSupport: Bool? = nil, dataSupport: Bool? = nil) {
            self.relatedInformation = relatedInformation
            self.tagSupport = tagSupport
            self.versionSupport = versionSupport
            self.codeDescriptionSupport = codeDescriptionSupport
            self.dataSupport = dataSupport
        }
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
        public var dynamicRegistration: Bool?
        /// Whether a token may span lines (otherwise the server splits it per line).
        public var multilineTokenSupport: Bool?
        public var overlappingTokenSupport: Bool?
        public init(multilineTokenSupport: Bool? = nil, overlappingTokenSupport: Bool? = nil) {
            self.multilineTokenSupport = multilineTokenSupport
            self.overlappingTokenSupport = overlappingTokenSupport
        }
        enum CodingKeys: String, CodingKey { case dynamicRegistration, multilineTokenSupport, overlappingTokenSupport }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            dynamicRegistration = c.lenient(Bool.self, forKey: .dynamicRegistration)
            multilineTokenSupport = c.lenient(Bool.self, forKey: .multilineTokenSupport)
            overlappingTokenSupport = c.lenient(Bool.self, forKey: .overlappingTokenSupport)
        }
    }

    public var synchronization: Synchronization?
    public var completion: Completion?
    public var hover: Hover?
    public var codeAction: CodeAction?
    public var documentSymbol: DocumentSymbol?
    public var foldingRange: FoldingRange?
    public var selectionRange: DynamicRegistrationCapability?
    public var publishDiagnostics: PublishDiagnostics?
    public var diagnostic: Diagnostic?
    public var inlayHint: InlayHint?
    public var semanticTokens: SemanticTokens?

    public init(
        synchronization: Synchronization? = nil, completion: Completion? = nil, hover: Hover? = nil,
        codeAction: CodeAction? = nil, documentSymbol: DocumentSymbol? = nil, foldingRange: FoldingRange? = nil,
        selectionRange: DynamicRegistrationCapability? = nil, publishDiagnostics: PublishDiagnostics? = nil,
        diagnostic: Diagnostic? = nil, inlayHint: InlayHint? = nil, semanticTokens: SemanticTokens? = nil
    ) {
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

    enum CodingKeys: String, CodingKey {
        case synchronization, completion, hover, codeAction, documentSymbol, foldingRange, selectionRange,
            publishDiagnostics, diagnostic, inlayHint, semanticTokens
    }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        synchronization = c.lenient(Synchronization.self, forKey: .synchronization)
        completion = c.lenient(Completion.self, forKey: .completion)
        hover = c.lenient(Hover.self, forKey: .hover)
        codeAction = c.lenient(CodeAction.self, forKey: .codeAction)
        documentSymbol = c.lenient(DocumentSymbol.self, forKey: .documentSymbol)
        foldingRange = c.lenient(FoldingRange.self, forKey: .foldingRange)
        selectionRange = c.lenient(DynamicRegistrationCapability.self, forKey: .selectionRange)
        publishDiagnostics = c.lenient(PublishDiagnostics.self, forKey: .publishDiagnostics)
        diagnostic = c.lenient(Diagnostic.self, forKey: .diagnostic)
        inlayHint = c.lenient(InlayHint.self, forKey: .inlayHint)
        semanticTokens = c.lenient(SemanticTokens.self, forKey: .semanticTokens)
    }
}
