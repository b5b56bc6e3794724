// Marked text for feature tests: emoji markers (1️⃣ 2️⃣ …) stand for cursor positions.
import PlistAnalysis
import PlistSyntax

/// Removes the markers from `s` and returns the text with the UTF-8 offset of each marker, in marker order.
func markedText(_ s: String) -> (text: String, offsets: [Int]) {
    let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣"]
    var text = s
    var found: [(Int, Int)] = []
    for (n, m) in markers.enumerated() {
        guard let r = text.range(of: m) else { continue }
        let at = text.utf8.distance(from: text.startIndex, to: r.lowerBound)
        text.removeSubrange(r)
        for k in found.indices where found[k].1 > at { found[k].1 -= m.utf8.count }
        found.append((n, at))
    }
    return (text, found.sorted { $0.0 < $1.0 }.map(\.1))
}

/// The text before the root that the multi-byte variants of the tests insert.
let multiBytePrefix = "<!-- 🔥中é -->"

/// `text` with `prefix` inserted right after `<plist>` (or at the start when there is none).
func withPrefix(_ text: String, _ prefix: String) -> String {
    guard !prefix.isEmpty else { return text }
    if let r = text.range(of: "<plist>") { return text.replacingCharacters(in: r, with: "<plist>" + prefix) }
    return prefix + text
}

/// Completion at the single marker of `marked`, in an Info.plist.
func complete(_ marked: String, kind: FileKind = .infoPlist, snippets: Bool = true, limit: Int = 100,
              multiLine: Bool = true) -> (text: String, result: CompletionResult) {
    let (text, at) = markedText(marked)
    let document = PlistDocument(text: Array(text.utf8))
    return (text, Completion.complete(in: document, at: at[0], fileKind: kind,
                                      options: CompletionStyle(snippets: snippets, limit: limit, multiLine: multiLine)))
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
