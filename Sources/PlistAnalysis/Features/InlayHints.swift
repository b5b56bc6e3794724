// Inlay hints: Xcode's display name after each known key, as Xcode's property list editor shows it.
import PlistSchema
import PlistSyntax

/// A label to show at an offset.
public struct InlayHintItem: Sendable, Hashable {
    /// Where the label goes: right after the key's `</key>`.
    public var offset: Int
    public var label: String
    /// The key's summary.
    public var tooltip: String?
}

/// Inlay hints; pure.
public enum InlayHints {
    /// Hints for the keys that start inside `range` (the visible part of the file).
    public static func hints(in document: PlistDocument, fileKind: FileKind, range: Range<Int>) -> [InlayHintItem] {
        guard let domain = fileKind.keyDomain, let root = document.root else { return [] }
        var out: [InlayHintItem] = []
        // An explicit stack (nesting cannot overflow the thread's); hints are sorted at the end.
        // No key the database knows lies deeper than a few levels: below `schemaDepth` the path
        // is dropped (nil), so deep nesting costs no path copies.
        let schemaDepth = 16
        var pending: [(node: PlistNode, path: [PathComponent]?)] = [(root, [])]
        while let (node, path) = pending.popLast() {
            guard node.element.start <= range.upperBound, node.element.end >= range.lowerBound else { continue }
            switch node.kind {
            case .dictionary:
                let parent = path
                for entry in node.entries {
                    if let parent, let key = entry.key, range.contains(key.element.start) || key.element.start == range.upperBound,
                        let definition = KeyDatabase.shared.definition(for: key.text, at: parent, domain: domain),
                        let xcode = definition.xcodeName, xcode != key.text
                    {
                        let at = key.element.endTagRange?.upperBound ?? key.textRange.upperBound
                        out.append(InlayHintItem(offset: at, label: xcode, tooltip: definition.summary))
                    }
                    if let value = entry.value, let key = entry.key {
                        pending.append((value, path.flatMap { $0.count < schemaDepth ? $0 + [.key(key.text)] : nil }))
                    }
                }
            case .array:
                for (i, item) in node.items.enumerated() {
                    pending.append((item, path.flatMap { $0.count < schemaDepth ? $0 + [.index(i)] : nil }))
                }
            default:
                break
            }
        }
        out.sort { $0.offset < $1.offset }
        return out
    }
}
