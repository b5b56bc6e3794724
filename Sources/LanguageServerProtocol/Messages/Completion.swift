// textDocument/completion and completionItem/resolve.
import PlistSupport

public struct CompletionTriggerKind: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let invoked = CompletionTriggerKind(rawValue: 1)
    public static let triggerCharacter = CompletionTriggerKind(rawValue: 2)
    public static let triggerForIncompleteCompletions = CompletionTriggerKind(rawValue: 3)
}

/// How completion was triggered: sent by the client, only decoded.
public struct CompletionContext: Codable, Hashable, Sendable {
    public var triggerKind: CompletionTriggerKind
    public var triggerCharacter: String?
}

public struct CompletionRequest: TextDocumentRequest, Hashable {
    public static let method = "textDocument/completion"
    public typealias Response = CompletionList?
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var context: CompletionContext?
    public init(textDocument: TextDocumentIdentifier, position: Position, context: CompletionContext? = nil) {
        self.textDocument = textDocument
        self.position = position
        self.context = context
    }
}

public typealias CompletionParams = CompletionRequest

public struct CompletionItemKind: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = CompletionItemKind(rawValue: 1)
    public static let method = CompletionItemKind(rawValue: 2)
    public static let function = CompletionItemKind(rawValue: 3)
    public static let constructor = CompletionItemKind(rawValue: 4)
    public static let field = CompletionItemKind(rawValue: 5)
    public static let variable = CompletionItemKind(rawValue: 6)
    public static let `class` = CompletionItemKind(rawValue: 7)
    public static let interface = CompletionItemKind(rawValue: 8)
    public static let module = CompletionItemKind(rawValue: 9)
    public static let property = CompletionItemKind(rawValue: 10)
    public static let unit = CompletionItemKind(rawValue: 11)
    public static let value = CompletionItemKind(rawValue: 12)
    public static let `enum` = CompletionItemKind(rawValue: 13)
    public static let keyword = CompletionItemKind(rawValue: 14)
    public static let snippet = CompletionItemKind(rawValue: 15)
    public static let color = CompletionItemKind(rawValue: 16)
    public static let file = CompletionItemKind(rawValue: 17)
    public static let reference = CompletionItemKind(rawValue: 18)
    public static let folder = CompletionItemKind(rawValue: 19)
    public static let enumMember = CompletionItemKind(rawValue: 20)
    public static let constant = CompletionItemKind(rawValue: 21)
    public static let `struct` = CompletionItemKind(rawValue: 22)
    public static let event = CompletionItemKind(rawValue: 23)
    public static let `operator` = CompletionItemKind(rawValue: 24)
    public static let typeParameter = CompletionItemKind(rawValue: 25)
}

public struct CompletionItemTag: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let deprecated = CompletionItemTag(rawValue: 1)
}

/// How a client treats the white space of a completion's text (LSP 3.16).
public struct InsertTextMode: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The text is inserted as it is: its lines already carry their indentation.
    public static let asIs = InsertTextMode(rawValue: 1)
    /// The client indents every line after the first like the line the completion starts on.
    public static let adjustIndentation = InsertTextMode(rawValue: 2)
}

public struct InsertTextFormat: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let plainText = InsertTextFormat(rawValue: 1)
    public static let snippet = InsertTextFormat(rawValue: 2)
}

public struct CompletionItemLabelDetails: Codable, Hashable, Sendable {
    public var detail: String?
    public var description: String?
    public init(detail: String? = nil, description: String? = nil) {
        self.detail = detail
        self.description = description
    }
}

public struct InsertReplaceEdit: Codable, Hashable, Sendable {
    public var newText: String
    public var insert: LSPRange
    public var replace: LSPRange
    public init(newText: String, insert: LSPRange, replace: LSPRange) {
        self.newText = newText
        self.insert = insert
        self.replace = replace
    }
}

/// `TextEdit | InsertReplaceEdit`.
public enum CompletionTextEdit: Codable, Hashable, Sendable {
    case textEdit(TextEdit)
    case insertReplace(InsertReplaceEdit)
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let edit = try? c.decode(InsertReplaceEdit.self) {
            self = .insertReplace(edit)
        } else {
            self = .textEdit(try c.decode(TextEdit.self))
        }
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .textEdit(let edit): try c.encode(edit)
        case .insertReplace(let edit): try c.encode(edit)
        }
    }
}

public struct CompletionItem: Codable, Hashable, Sendable {
    public var label: String
    public var labelDetails: CompletionItemLabelDetails?
    public var kind: CompletionItemKind?
    public var tags: [CompletionItemTag]?
    public var detail: String?
    public var documentation: StringOrMarkupContent?
    public var deprecated: Bool?
    public var preselect: Bool?
    public var sortText: String?
    public var filterText: String?
    public var insertText: String?
    public var insertTextFormat: InsertTextFormat?
    public var insertTextMode: InsertTextMode?
    public var textEdit: CompletionTextEdit?
    public var additionalTextEdits: [TextEdit]?
    public var commitCharacters: [String]?
    public var command: Command?
    public var data: JSONValue?

    public init(
        label: String, labelDetails: CompletionItemLabelDetails? = nil, kind: CompletionItemKind? = nil,
        tags: [CompletionItemTag]? = nil, detail: String? = nil, documentation: StringOrMarkupContent? = nil,
        deprecated: Bool? = nil, preselect: Bool? = nil, sortText: String? = nil, filterText: String? = nil,
        insertText: String? = nil, insertTextFormat: InsertTextFormat? = nil, insertTextMode: InsertTextMode? = nil,
        textEdit: CompletionTextEdit? = nil,
        additionalTextEdits: [TextEdit]? = nil, commitCharacters: [String]? = nil, command: Command? = nil,
        data: JSONValue? = nil
    ) {
        self.label = label
        self.labelDetails = labelDetails
        self.kind = kind
        self.tags = tags
        self.detail = detail
        self.documentation = documentation
        self.deprecated = deprecated
        self.preselect = preselect
        self.sortText = sortText
        self.filterText = filterText
        self.insertText = insertText
        self.insertTextFormat = insertTextFormat
        self.insertTextMode = insertTextMode
        self.textEdit = textEdit
        self.additionalTextEdits = additionalTextEdits
        self.commitCharacters = commitCharacters
        self.command = command
        self.data = data
    }
}

public struct CompletionList: Codable, Hashable, Sendable {
    public var isIncomplete: Bool
    public var items: [CompletionItem]
    public init(isIncomplete: Bool, items: [CompletionItem]) {
        self.isIncomplete = isIncomplete
        self.items = items
    }
}

/// `completionItem/resolve`: params and result are both a `CompletionItem`.
public struct CompletionItemResolveRequest: LSPRequest, Hashable {
    public static let method = "completionItem/resolve"
    public typealias Response = CompletionItem
    public var item: CompletionItem
    public init(item: CompletionItem) { self.item = item }
    public init(from decoder: any Decoder) throws { item = try CompletionItem(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try item.encode(to: encoder) }
}
