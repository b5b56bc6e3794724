// Suppression comments: `<!-- plist-lsp-disable-next-entry RULE[, RULE] -->` silences rules for the
// entry that follows; `<!-- plist-lsp-disable RULE[, RULE] -->` for the whole file. Without rule
// ids they silence every rule.
import PlistSyntax

struct Suppressions {
    /// Rule ids disabled for the whole file ("*" for all).
    private(set) var file: Set<String> = []
    /// Byte ranges (an entry: key and value, or an array item) with the ids silenced there.
    private(set) var ranges: [(range: Range<Int>, ids: Set<String>)] = []

    var isEmpty: Bool { file.isEmpty && ranges.isEmpty }

    /// None: an input without suppression comments (strings tables and String Catalogs have no
    /// comment syntax for them).
    init() {}

    init(document: PlistDocument) {
        let text = document.tree.text
        var comments: [(end: Int, ids: Set<String>, next: Bool)] = []
        // Most files hold no comment at all: the tree says so, and where the comments are (no scan
        // of the text, which an edit would redo).
        guard document.tree.root.containsComment else { return }
        var spans: [Range<Int>] = []
        Self.comments(in: document.tree.root, ownerStart: 0, into: &spans)
        for span in spans {
            let start = span.lowerBound, close = span.upperBound - 3
            guard close >= start + 4 else { continue }
            var body = String(decoding: text[(start + 4)..<close], as: UTF8.self)[...]
            while body.first?.isWhitespace == true { body = body.dropFirst() }
            let next: Bool
            if body.hasPrefix("plist-lsp-disable-next-entry") {
                next = true; body = body.dropFirst(28)
            } else if body.hasPrefix("plist-lsp-disable") {
                next = false; body = body.dropFirst(17)
            } else {
                continue
            }
            guard body.first.map({ $0.isWhitespace || $0 == "," }) ?? true else { continue }
            let ids = body.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
            comments.append((close + 3, ids.isEmpty ? ["*"] : Set(ids), next))
        }
        guard !comments.isEmpty else { return }
        var starts: [(start: Int, range: Range<Int>)] = []
        if comments.contains(where: \.next), let root = document.root { Self.collect(root, into: &starts) }
        starts.sort { $0.start < $1.start }
        for c in comments {
            if !c.next { file.formUnion(c.ids); continue }
            if let target = starts.first(where: { $0.start >= c.end }) {
                ranges.append((target.range, c.ids))
            }
        }
    }

    func disablesFile(_ id: String) -> Bool { file.contains(id) || file.contains("*") }

    func suppresses(_ d: Finding) -> Bool {
        if disablesFile(d.code) { return true }
        return ranges.contains { r in
            (r.ids.contains(d.code) || r.ids.contains("*")) && r.range.lowerBound <= d.range.lowerBound
                && d.range.lowerBound < max(r.range.upperBound, r.range.lowerBound + 1)
        }
    }

    /// The start and range of every entry and array item below `root` (an explicit stack: nesting
    /// cannot overflow the thread's).
    private static func collect(_ root: PlistNode, into out: inout [(start: Int, range: Range<Int>)]) {
        var pending = [root]
        while let node = pending.popLast() {
            for e in node.entries {
                out.append((e.range.lowerBound, e.range))
                if let v = e.value { pending.append(v) }
            }
            for item in node.items {
                out.append((item.element.start, item.element.range))
                pending.append(item)
            }
        }
    }

    /// The ranges of every complete comment below `root`, in document order (an explicit stack of
    /// nodes and the next child of each, so nesting cannot overflow the thread's); nodes without
    /// any comment are skipped.
    static func comments(in root: SyntaxNode, ownerStart: Int, into out: inout [Range<Int>]) {
        var stack: [(node: SyntaxNode, start: Int, next: Int)] = [(root, ownerStart, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            let node = stack[top].node
            guard stack[top].next < node.children.count else { stack.removeLast(); continue }
            let entry = node.children[stack[top].next]
            stack[top].next += 1
            let start = stack[top].start + Int(entry.offset)
            if entry.kind == .comment && !entry.flags.contains(.unterminated) {
                out.append(start..<(start + Int(entry.width)))
            } else if let child = node.node(of: entry), child.containsComment {
                stack.append((child, start, 0))
            }
        }
    }
}
