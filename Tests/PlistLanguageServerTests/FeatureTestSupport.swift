// Marked text in LSP terms for the feature tests: markers become UTF-16 positions, counted here
// independently of the server's line index, and edits are applied the same way.
import Foundation
import LanguageServerProtocol
import PlistTestSupport
import PlistSupport

/// Removes the emoji markers (1️⃣ 2️⃣ …) and returns the text with each marker's UTF-16 position.
func lspMarked(_ s: String) -> (text: String, positions: [Position]) {
    let (text, offsets) = markedText(s)
    return (text, offsets.map { lspPosition(of: text.utf8.index(text.startIndex, offsetBy: $0), in: text) })
}

/// The UTF-16 position of a string index.
func lspPosition(of index: String.Index, in text: String) -> Position {
    let before = text[..<index]
    let line = before.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
    let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
    return Position(line: line, character: text.utf16.distance(from: lineStart, to: index))
}

/// The string index of a UTF-16 position.
func stringIndex(of position: Position, in text: String) -> String.Index {
    var index = text.startIndex
    var line = 0
    while line < position.line, let newline = text[index...].firstIndex(of: "\n") {
        index = text.index(after: newline)
        line += 1
    }
    return text.utf16.index(index, offsetBy: position.character)
}

/// `text` with an LSP edit applied.
func applying(_ edit: TextEdit, to text: String) -> String {
    let lo = stringIndex(of: edit.range.start, in: text), hi = stringIndex(of: edit.range.end, in: text)
    return text.replacingCharacters(in: lo..<hi, with: edit.newText)
}

let featureURI = "file:///App/Info.plist"

/// Client capabilities of an editor with snippets, label details, tags and Markdown.
func richClient(snippets: Bool = true, markdown: Bool = true) -> ClientCapabilities {
    // A client like VS Code: it applies each item's range itself (insertReplaceSupport says so).
    var item = TextDocumentClientCapabilities.Completion.CompletionItem(
        snippetSupport: snippets, documentationFormat: [markdown ? .markdown : .plaintext], insertReplaceSupport: true,
        labelDetailsSupport: true)
    item.tagSupport = ValueSet(valueSet: [.deprecated])
    return ClientCapabilities(
        textDocument: TextDocumentClientCapabilities(
            completion: .init(completionItem: item),
            hover: .init(contentFormat: [markdown ? .markdown : .plaintext]),
            documentSymbol: .init(hierarchicalDocumentSymbolSupport: true)))
}

/// A started server with one open document.
func openedClient(
    _ text: String, uri: DocumentURI = featureURI, capabilities: ClientCapabilities = richClient(), options: JSONValue? = nil
) async throws -> TestClient {
    let client = try TestClient()
    try await client.initialize(capabilities, options: options)
    try client.open(uri, text)
    return client
}

/// `text` after the edits of `edit` for `uri`.
func apply(_ edit: WorkspaceEdit?, to text: String, uri: String = featureURI) -> String {
    let edits = edit?.changes?[uri] ?? edit?.documentChanges?.first?.edits ?? []
    return edits.sorted { $0.range.start > $1.range.start }.reduce(text) { applying($1, to: $0) }
}

/// The code actions the server offers for `range` of `uri`.
func codeActions(
    _ client: TestClient, _ range: LSPRange, uri: DocumentURI = featureURI, only: [CodeActionKind]? = nil
) async throws -> [CodeAction] {
    let result = try await client.request(
        CodeActionRequest(
            textDocument: .init(uri: uri), range: range,
            context: CodeActionContext(diagnostics: [], only: only)))
    return (result ?? []).compactMap {
        if case .codeAction(let a) = $0 { return a }; return nil
    }
}
