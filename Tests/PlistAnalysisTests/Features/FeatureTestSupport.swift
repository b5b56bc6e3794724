// Completion on marked text (markers and prefixes: PlistTestSupport).
import PlistAnalysis
import PlistSyntax
import PlistTestSupport

/// Completion at the single marker of `marked`, in an Info.plist.
func complete(
    _ marked: String, kind: FileKind = .infoPlist, snippets: Bool = true, limit: Int = 100,
    multiLine: Bool = true
) -> (text: String, result: CompletionResult) {
    let (text, at) = markedText(marked)
    let document = PlistDocument(text: Array(text.utf8))
    return (
        text,
        Completion.complete(
            in: document, at: at[0], fileKind: kind,
            options: CompletionStyle(snippets: snippets, limit: limit, multiLine: multiLine))
    )
}

/// `text` after applying a suggestion's edit.
func applying(_ item: CompletionSuggestion, to text: String) -> String {
    var bytes = Array(text.utf8)
    bytes.replaceSubrange(item.edit.range, with: Array(item.edit.replacementText.utf8))
    return String(decoding: bytes, as: UTF8.self)
}

extension CompletionResult {
    var labels: [String] { items.map(\.label) }
    func item(_ label: String) -> CompletionSuggestion? { items.first { $0.label == label } }
}
