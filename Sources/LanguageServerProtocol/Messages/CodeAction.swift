// textDocument/codeAction and codeAction/resolve.
import PlistSupport

/// Hierarchical, dot-separated kind (`quickfix`, `source.fixAll`, …); open set.
public struct CodeActionKind: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let empty = CodeActionKind("")
    public static let quickFix = CodeActionKind("quickfix")
    public static let refactor = CodeActionKind("refactor")
    public static let refactorExtract = CodeActionKind("refactor.extract")
    public static let refactorInline = CodeActionKind("refactor.inline")
    public static let refactorRewrite = CodeActionKind("refactor.rewrite")
    public static let source = CodeActionKind("source")
    public static let sourceOrganizeImports = CodeActionKind("source.organizeImports")
    public static let sourceFixAll = CodeActionKind("source.fixAll")

    /// Whether `self` equals `other` or is a sub-kind of it (`source.fixAll` ⊂ `source`).
    /// Everything is a sub-kind of `empty`.
    public func isSubkind(of other: CodeActionKind) -> Bool {
        other.rawValue.isEmpty || rawValue == other.rawValue || rawValue.hasPrefix(other.rawValue + ".")
    }
}

public struct CodeActionTriggerKind: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let invoked = CodeActionTriggerKind(rawValue: 1)
    public static let automatic = CodeActionTriggerKind(rawValue: 2)
}

public struct CodeActionContext: Codable, Hashable, Sendable {
    public var diagnostics: [Diagnostic]
    public var only: [CodeActionKind]?
    public var triggerKind: CodeActionTriggerKind?
    public init(diagnostics: [Diagnostic] = [], only: [CodeActionKind]? = nil, triggerKind: CodeActionTriggerKind? = nil) {
        self.diagnostics = diagnostics
        self.only = only
        self.triggerKind = triggerKind
    }
}

public struct CodeActionRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/codeAction"
    public typealias Response = [CodeActionOrCommand]?
    public var textDocument: TextDocumentIdentifier
    public var range: LSPRange
    public var context: CodeActionContext
    public init(textDocument: TextDocumentIdentifier, range: LSPRange, context: CodeActionContext) {
        self.textDocument = textDocument
        self.range = range
        self.context = context
    }
}

public typealias CodeActionParams = CodeActionRequest

/// Why a code action cannot be applied. This server never disables one: it is only decoded.
public struct CodeActionDisabled: Codable, Hashable, Sendable {
    public var reason: String
}

public struct CodeAction: Codable, Hashable, Sendable {
    public var title: String
    public var kind: CodeActionKind?
    public var diagnostics: [Diagnostic]?
    public var isPreferred: Bool?
    public var disabled: CodeActionDisabled?
    public var edit: WorkspaceEdit?
    public var command: Command?
    public var data: JSONValue?
    public init(
        title: String, kind: CodeActionKind? = nil, diagnostics: [Diagnostic]? = nil, isPreferred: Bool? = nil,
        disabled: CodeActionDisabled? = nil, edit: WorkspaceEdit? = nil, command: Command? = nil,
        data: JSONValue? = nil
    ) {
        self.title = title
        self.kind = kind
        self.diagnostics = diagnostics
        self.isPreferred = isPreferred
        self.disabled = disabled
        self.edit = edit
        self.command = command
        self.data = data
    }
}

/// `Command | CodeAction`: a `Command` when it reads as one (its `command` member is a string; a
/// `CodeAction`'s is an object or absent).
public enum CodeActionOrCommand: Codable, Hashable, Sendable {
    case command(Command)
    case codeAction(CodeAction)
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let command = try? c.decode(Command.self) {
            self = .command(command)
        } else {
            self = .codeAction(try c.decode(CodeAction.self))
        }
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .command(let command): try c.encode(command)
        case .codeAction(let action): try c.encode(action)
        }
    }
}

/// `codeAction/resolve`: params and result are both a `CodeAction`.
public struct CodeActionResolveRequest: LSPRequest, Hashable {
    public static let method = "codeAction/resolve"
    public typealias Response = CodeAction
    public var codeAction: CodeAction
    public init(from decoder: any Decoder) throws { codeAction = try CodeAction(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try codeAction.encode(to: encoder) }
}
