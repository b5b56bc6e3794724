// Document links: each key the database knows opens its documentation page (Apple's, from the
// key database's `docURL`; the server never fetches it).
import PlistSchema
import PlistSyntax

/// Documentation links; pure.
public enum DocumentationLinks {
    /// A link for every key the database knows at its place, in document order; none for a file
    /// kind without a key domain.
    public static func links(in document: PlistDocument, fileKind: FileKind) -> [DocumentationLink] {
        guard let domain = fileKind.keyDomain, let root = document.root else { return [] }
        var out: [DocumentationLink] = []
        // An explicit stack (nesting cannot overflow the thread's); below `schemaDepth` no key is known.
        var pending: [(node: PlistNode, path: [PathComponent])] = [(root, [])]
        while let (node, path) = pending.popLast() {
            guard path.count < SemanticHighlighting.schemaDepth else { continue }
            switch node.kind {
            case .dictionary:
                for entry in node.entries {
                    guard let key = entry.key else { continue }
                    let definition = KeyDatabase.shared.definition(for: key.text, at: path, domain: domain)
                    if let definition, !key.textRange.isEmpty {
                        let title = definition.xcodeName.map { $0 == key.text ? key.text : "\(key.text) (\($0))" } ?? key.text
                        out.append(DocumentationLink(range: key.textRange, url: definition.docURL, title: title))
                    }
                    if let value = entry.value, value.kind == .dictionary || value.kind == .array {
                        pending.append((value, path + [.key(key.text)]))
                    }
                }
            case .array:
                for (i, item) in node.items.enumerated() { pending.append((item, path + [.index(i)])) }
            default:
                break
            }
        }
        out.sort { $0.range.lowerBound < $1.range.lowerBound }
        return out
    }
}
