// Suppression comments: `<!-- plist-lsp-disable-next-entry RULE[, RULE] -->` silences rules for the
// entry that follows; `<!-- plist-lsp-disable RULE[, RULE] -->` for the whole file. Without rule
// ids they silence every rule.
import PlistSyntax

struct Suppressions {
    /// Rule ids disabled for the whole file ("*" for all).
    private(set) var file: Set<String> = []
    /// Byte ranges (an entry: key and value, or an array item) with the ids silenced there.
    private(set) var ranges: [(range: Range<Int>, ids: Set<String>)] = []

    static let nextEntry = Array("plist-lsp-disable-next-entry".utf8)
    static let whole = Array("plist-lsp-disable".utf8)

    var isEmpty: Bool { file.isEmpty && ranges.isEmpty }

    init(document: PlistDocument) {
        let text = document.tree.text
        var comments: [(end: Int, ids: Set<String>, next: Bool)] = []
        // A quick scan: most files have no suppression comment at all.
        var i = 0
        let marker = Array("<!--".utf8)
        while let start = Self.find(marker, in: text, from: i) {
            guard let close = Self.find(Array("-->".utf8), in: text, from: start + 4) else { break }
            i = close + 3
            var body = String(decoding: text[(start + 4)..<close], as: UTF8.self)[...]
            while body.first?.isWhitespace == true { body = body.dropFirst() }
            let next: Bool
            if body.hasPrefix("plist-lsp-disable-next-entry") { next = true; body = body.dropFirst(28) }
            else if body.hasPrefix("plist-lsp-disable") { next = false; body = body.dropFirst(17) }
            else { continue }
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

    func suppresses(_ d: Diagnostic) -> Bool {
        if disablesFile(d.code) { return true }
        return ranges.contains { r in
            (r.ids.contains(d.code) || r.ids.contains("*")) && r.range.lowerBound <= d.range.lowerBound && d.range.lowerBound < max(r.range.upperBound, r.range.lowerBound + 1)
        }
    }

    private static func collect(_ node: PlistNode, into out: inout [(start: Int, range: Range<Int>)]) {
        for e in node.entries {
            out.append((e.range.lowerBound, e.range))
            if let v = e.value { collect(v, into: &out) }
        }
        for item in node.items {
            out.append((item.element.start, item.element.range))
            collect(item, into: &out)
        }
    }

    static func find(_ needle: [UInt8], in text: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, needle.count <= text.count else { return nil }
        var i = from
        let last = text.count - needle.count
        while i <= last {
            if text[i] == first {
                var j = 1
                while j < needle.count && text[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }
}
