// Semantic highlighting: what each piece of a plist's text is (a key Apple documents, a deprecated
// or custom key, a value of some type, a build-setting reference, a preprocessor line, a comment),
// as byte ranges, so that editor themes can colour what the XML grammar cannot know.
import PlistSchema
import PlistSyntax

/// Semantic tokens; pure.
public enum SemanticHighlighting {
    /// Every token of the document, sorted, non-overlapping and non-empty. Keys carry modifiers
    /// only when the file kind has a key domain (Info.plist, entitlements, privacy manifest).
    /// Build-setting references, preprocessor lines and comments cut the value they lie in.
    public static func tokens(in document: PlistDocument, fileKind: FileKind) -> [SemanticToken] {
        let text = document.tree.text
        var base: [SemanticToken] = []
        var overlays: [SemanticToken] = []
        if let root = document.root {
            walk(root, domain: fileKind.keyDomain, text: text, base: &base, overlays: &overlays)
        }
        for directive in document.conditionals.directives {
            overlays.append(SemanticToken(range: directive.range, kind: .directive))
        }
        comments(in: document.tree, into: &overlays)
        return merge(base: base, overlays: overlays)
    }

    /// Below this many levels the key path is dropped: no key the database knows lies deeper.
    static let schemaDepth = 16

    private struct Pending {
        let node: PlistNode
        /// The schema path of `node`; nil below `schemaDepth`.
        let path: [PathComponent]?
        /// The keys of this dictionary are names the developer chooses.
        let customChildren: Bool
    }

    /// Keys and values, walked with an explicit stack (nesting cannot overflow the thread's).
    private static func walk(
        _ root: PlistNode, domain: PlistDomain?, text: SourceText,
        base: inout [SemanticToken], overlays: inout [SemanticToken]
    ) {
        var pending = [Pending(node: root, path: [], customChildren: false)]
        while let next = pending.popLast() {
            let node = next.node
            switch node.kind {
            case .dictionary:
                for entry in node.entries {
                    var definition: KeyDefinition?
                    if let key = entry.key {
                        var modifiers: SemanticToken.Modifiers = []
                        if let domain {
                            if !next.customChildren, let path = next.path {
                                definition = KeyDatabase.shared.definition(for: key.text, at: path, domain: domain)
                            }
                            modifiers = self.modifiers(of: definition)
                        }
                        if !key.textRange.isEmpty { base.append(SemanticToken(range: key.textRange, kind: .key, modifiers: modifiers)) }
                    }
                    if let value = entry.value {
                        let path = next.path.flatMap { path in entry.key.flatMap { path.count < schemaDepth ? path + [.key($0.text)] : nil }
                        }
                        pending.append(Pending(node: value, path: path, customChildren: definition?.allowsCustomChildKeys ?? false))
                    }
                }
            case .array:
                for (i, item) in node.items.enumerated() {
                    pending.append(
                        Pending(
                            node: item, path: next.path.flatMap { $0.count < schemaDepth ? $0 + [.index(i)] : nil },
                            customChildren: false))
                }
            case .string:
                let content = node.element.contentRange
                if !content.isEmpty { base.append(SemanticToken(range: content, kind: .string)) }
                for span in TextScan.buildSettingSpans(in: text, content: content) {
                    overlays.append(SemanticToken(range: span, kind: .buildSetting))
                }
            case .integer, .real:
                scalar(node, .number, into: &base)
            case .date:
                scalar(node, .date, into: &base)
            case .data:
                scalar(node, .data, into: &base)
            case .boolean:
                base.append(SemanticToken(range: node.element.range, kind: .boolean))
            case .misplacedKey, .unknown:
                break
            }
        }
    }

    /// What a key's definition (nil: none at its place) makes of its token.
    public static func modifiers(of definition: KeyDefinition?) -> SemanticToken.Modifiers {
        guard let definition else { return .custom }
        var modifiers: SemanticToken.Modifiers = .known
        if definition.status.kind != .active { modifiers.insert(.deprecated) }
        if definition.isThirdParty { modifiers.insert(.thirdParty) }
        return modifiers
    }

    private static func scalar(_ node: PlistNode, _ kind: SemanticToken.Kind, into out: inout [SemanticToken]) {
        let content = node.element.contentRange
        if !content.isEmpty { out.append(SemanticToken(range: content, kind: kind)) }
    }

    /// Every comment of the tree, wherever it lies (an explicit stack, as for folding).
    private static func comments(in tree: SyntaxTree, into out: inout [SemanticToken]) {
        var pending = [tree.document]
        while let element = pending.popLast() {
            element.forEachChild { child in
                switch child.kind {
                case .comment: out.append(SemanticToken(range: child.range, kind: .comment))
                case .element where child.hasChildNode: pending.append(child)
                default: break
                }
            }
        }
    }

    /// The base tokens (keys, values) with the overlays (build settings, directives, comments)
    /// cut out of them, and the overlays themselves: sorted, non-overlapping. An overlay that
    /// overlaps an earlier one (a `$(VAR)` on a directive line) is dropped.
    static func merge(base: [SemanticToken], overlays: [SemanticToken]) -> [SemanticToken] {
        var cuts: [SemanticToken] = []
        for overlay in overlays.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where !overlay.range.isEmpty {
            if let last = cuts.last, last.range.upperBound > overlay.range.lowerBound { continue }
            cuts.append(overlay)
        }
        var out: [SemanticToken] = []
        out.reserveCapacity(base.count + cuts.count)
        var c = 0
        for token in base.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            var start = token.range.lowerBound
            // Cuts ending before this token were emitted already.
            while c < cuts.count && cuts[c].range.upperBound <= start {
                out.append(cuts[c])
                c += 1
            }
            var k = c
            while k < cuts.count && cuts[k].range.lowerBound < token.range.upperBound {
                let cut = cuts[k].range
                if cut.lowerBound > start {
                    out.append(SemanticToken(range: start..<cut.lowerBound, kind: token.kind, modifiers: token.modifiers))
                }
                start = max(start, cut.upperBound)
                if cut.upperBound > token.range.upperBound { break }
                out.append(cuts[k])
                k += 1
                c = k
            }
            if start < token.range.upperBound {
                out.append(SemanticToken(range: start..<token.range.upperBound, kind: token.kind, modifiers: token.modifiers))
            }
        }
        out.append(contentsOf: cuts[c...])
        return out
    }
}
