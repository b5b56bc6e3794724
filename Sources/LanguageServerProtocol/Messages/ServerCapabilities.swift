// What the server declares in its `initialize` result: the features it offers and their options.
import PlistSupport

public struct TextDocumentSyncKind: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let none = TextDocumentSyncKind(rawValue: 0)
    public static let full = TextDocumentSyncKind(rawValue: 1)
    public static let incremental = TextDocumentSyncKind(rawValue: 2)
}

public struct SaveOptions: Codable, Hashable, Sendable {
    public var includeText: Bool?
    public init(includeText: Bool? = nil) { self.includeText = includeText }
}

public struct TextDocumentSyncOptions: Codable, Hashable, Sendable {
    public var openClose: Bool?
    public var change: TextDocumentSyncKind?
    public var save: ValueOrBool<SaveOptions>?
    public init(openClose: Bool? = nil, change: TextDocumentSyncKind? = nil, save: ValueOrBool<SaveOptions>? = nil) {
        self.openClose = openClose
        self.change = change
        self.save = save
    }
}

public struct CompletionOptions: Codable, Hashable, Sendable {
    public struct CompletionItemOptions: Codable, Hashable, Sendable {
        public var labelDetailsSupport: Bool?
        public init(labelDetailsSupport: Bool? = nil) { self.labelDetailsSupport = labelDetailsSupport }
    }
    public var triggerCharacters: [String]?
    public var allCommitCharacters: [String]?
    public var resolveProvider: Bool?
    public var completionItem: CompletionItemOptions?
    public init(
        triggerCharacters: [String]? = nil, allCommitCharacters: [String]? = nil, resolveProvider: Bool? = nil,
        completionItem: CompletionItemOptions? = nil
    ) {
        self.triggerCharacters = triggerCharacters
        self.allCommitCharacters = allCommitCharacters
        self.resolveProvider = resolveProvider
        self.completionItem = completionItem
    }
}

public struct CodeActionOptions: Codable, Hashable, Sendable {
    public var codeActionKinds: [CodeActionKind]?
    public var resolveProvider: Bool?
    public init(codeActionKinds: [CodeActionKind]? = nil, resolveProvider: Bool? = nil) {
        self.codeActionKinds = codeActionKinds
        self.resolveProvider = resolveProvider
    }
}

public struct InlayHintOptions: Codable, Hashable, Sendable {
    public var resolveProvider: Bool?
    public init(resolveProvider: Bool? = nil) { self.resolveProvider = resolveProvider }
}

/// Options with no members of interest (`HoverOptions`, `FoldingRangeOptions`, …).
public struct EmptyOptions: Codable, Hashable, Sendable {
    public var workDoneProgress: Bool?
    public init(workDoneProgress: Bool? = nil) { self.workDoneProgress = workDoneProgress }
}

public struct DiagnosticOptions: Codable, Hashable, Sendable {
    public var identifier: String?
    public var interFileDependencies: Bool
    public var workspaceDiagnostics: Bool
    public init(identifier: String? = nil, interFileDependencies: Bool, workspaceDiagnostics: Bool) {
        self.identifier = identifier
        self.interFileDependencies = interFileDependencies
        self.workspaceDiagnostics = workspaceDiagnostics
    }
}

public struct ExecuteCommandOptions: Codable, Hashable, Sendable {
    public var commands: [String]
    public init(commands: [String]) { self.commands = commands }
}

public struct ServerCapabilities: Codable, Hashable, Sendable {
    public var positionEncoding: PositionEncodingKind?
    public var textDocumentSync: TextDocumentSyncOptions?
    public var completionProvider: CompletionOptions?
    public var hoverProvider: ValueOrBool<EmptyOptions>?
    public var definitionProvider: ValueOrBool<EmptyOptions>?
    public var renameProvider: ValueOrBool<RenameOptions>?
    public var referencesProvider: ValueOrBool<EmptyOptions>?
    public var codeActionProvider: ValueOrBool<CodeActionOptions>?
    public var documentSymbolProvider: ValueOrBool<EmptyOptions>?
    public var foldingRangeProvider: ValueOrBool<EmptyOptions>?
    public var selectionRangeProvider: ValueOrBool<EmptyOptions>?
    public var inlayHintProvider: ValueOrBool<InlayHintOptions>?
    public var semanticTokensProvider: SemanticTokensOptions?
    public var documentLinkProvider: DocumentLinkOptions?
    public var documentFormattingProvider: ValueOrBool<EmptyOptions>?
    public var documentRangeFormattingProvider: ValueOrBool<EmptyOptions>?
    public var diagnosticProvider: DiagnosticOptions?
    public var executeCommandProvider: ExecuteCommandOptions?
    public var experimental: JSONValue?
    public var documentHighlightProvider: ValueOrBool<EmptyOptions>? = nil
    public var linkedEditingRangeProvider: ValueOrBool<EmptyOptions>? = nil
    public var documentOnTypeFormattingProvider: DocumentOnTypeFormattingOptions? = nil

    public init(
        positionEncoding: PositionEncodingKind? = nil, textDocumentSync: TextDocumentSyncOptions? = nil,
        completionProvider: CompletionOptions? = nil, hoverProvider: ValueOrBool<EmptyOptions>? = nil,
        codeActionProvider: ValueOrBool<CodeActionOptions>? = nil,
        documentSymbolProvider: ValueOrBool<EmptyOptions>? = nil,
        foldingRangeProvider: ValueOrBool<EmptyOptions>? = nil,
        selectionRangeProvider: ValueOrBool<EmptyOptions>? = nil,
        inlayHintProvider: ValueOrBool<InlayHintOptions>? = nil,
        semanticTokensProvider: SemanticTokensOptions? = nil, documentLinkProvider: DocumentLinkOptions? = nil,
        diagnosticProvider: DiagnosticOptions? = nil,
        executeCommandProvider: ExecuteCommandOptions? = nil, experimental: JSONValue? = nil,
        documentFormattingProvider: ValueOrBool<EmptyOptions>? = nil,
        documentRangeFormattingProvider: ValueOrBool<EmptyOptions>? = nil,
        definitionProvider: ValueOrBool<EmptyOptions>? = nil
    ) {
        self.definitionProvider = definitionProvider
        self.documentFormattingProvider = documentFormattingProvider
        self.documentRangeFormattingProvider = documentRangeFormattingProvider
        self.positionEncoding = positionEncoding
        self.textDocumentSync = textDocumentSync
        self.completionProvider = completionProvider
        self.hoverProvider = hoverProvider
        self.codeActionProvider = codeActionProvider
        self.documentSymbolProvider = documentSymbolProvider
        self.foldingRangeProvider = foldingRangeProvider
        self.selectionRangeProvider = selectionRangeProvider
        self.inlayHintProvider = inlayHintProvider
        self.semanticTokensProvider = semanticTokensProvider
        self.documentLinkProvider = documentLinkProvider
        self.diagnosticProvider = diagnosticProvider
        self.executeCommandProvider = executeCommandProvider
        self.experimental = experimental
    }
}
