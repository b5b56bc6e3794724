// Tag editing answers (issue #42): the tag pair's highlights, linked ranges, the matching-tag jump,
// the close tag as `>` is typed, and close-tag completion after `</` — in process on the 40 KB
// Info.plist of the features section and on the generated 10 MB plist, against hover in the same
// run. Target: p99 under 1 ms on 40 KB, and no growth with the file's size (each answer walks one
// path of the tree: O(depth · log n)).
import Foundation
import PlistAnalysis
import PlistSyntax

struct TagEditingSection: BenchmarkSection {
    let id = "tags"
    let title = "Tag editing: highlight, linked editing, jump, close tag (40 KB and 10 MB)"

    func run(_ context: BenchContext) {
        let iterations = context.iterations(full: 2000, quick: 200)
        var table = Table("Request", "Document", "Runs", "p50", "p99", "Target")
        let (text40, points) = FeatureBenchDocument.make()
        let hover40 = points.first { $0.kind == .hover }!.offset
        measureDocument(Array(text40.utf8), label: "40 KB", hoverAt: hover40, iterations: iterations, target: "p99 < 1 ms", into: &table)
        if let file = BenchData.files.first(where: { $0.name == "info-10m.plist" }) {
            let bytes = context.data.bytes(of: file)
            measureDocument(bytes, label: "10 MB", hoverAt: nil, iterations: iterations, target: "≈ 40 KB", into: &table)
        }
        table.print()
    }

    /// The middle `<string>` start tag from `from` on: the offset of its name.
    static func stringTag(in bytes: [UInt8], from: Int) -> Int? {
        let needle = Array("<string>".utf8)
        var i = from
        while i + needle.count < bytes.count {
            if bytes[i] == 0x3C && Array(bytes[i..<(i + needle.count)]) == needle { return i + 1 }
            i += 1
        }
        return nil
    }

    /// The first line start at or after `from`.
    static func lineStart(in bytes: [UInt8], from: Int) -> Int {
        var i = from
        while i < bytes.count && bytes[i] != 0x0A { i += 1 }
        return min(i + 1, bytes.count)
    }

    func measureDocument(_ bytes: [UInt8], label: String, hoverAt: Int?, iterations: Int, target: String, into table: inout Table) {
        let middle = bytes.count / 2
        guard let name = Self.stringTag(in: bytes, from: middle) else { return }
        let tree = SyntaxTree.parse(bytes)
        let document = PlistDocument(tree)
        // A `<string>` just typed on a line of its own, and a value's `</` being typed.
        let line = Self.lineStart(in: bytes, from: middle)
        let insertion = Array("\t<string>\n".utf8)
        let typedTree = tree.applying(SourceEdit(range: line..<line, replacement: insertion))
        let afterGreaterThan = line + insertion.count - 1
        let slash = Array("\t<string>x</\n".utf8)
        let slashTree = tree.applying(SourceEdit(range: line..<line, replacement: slash))
        let slashDocument = PlistDocument(slashTree)
        let afterSlash = line + slash.count - 1
        guard TagEditing.closeTag(in: typedTree, afterTypingAt: afterGreaterThan) != nil,
            TagEditing.matchingTag(in: tree, at: name) != nil
        else {
            printError("plist-bench: tags: the \(label) document's places do not answer")
            return
        }
        var hover = hoverAt
        if hover == nil {
            // The key before the middle `<string>`.
            var k = name
            while k > 0 && !(bytes[k] == 0x3E && bytes[k - 1] == 0x79 && bytes[k - 2] == 0x65 && bytes[k - 3] == 0x6B) { k -= 1 }
            hover = k + 2
        }
        let runs: [(String, () -> Int)] = [
            ("documentHighlight on <string>", { TagEditing.highlights(in: tree, at: name + 2).count }),
            ("linkedEditingRange on <string>", { TagEditing.linkedRanges(in: tree, at: name + 2)?.count ?? 0 }),
            ("plist/matchingTag on <string>", { TagEditing.matchingTag(in: tree, at: name + 2) ?? 0 }),
            (
                "onTypeFormatting `>` of <string>",
                { TagEditing.closeTag(in: typedTree, afterTypingAt: afterGreaterThan)?.replacement.count ?? 0 }
            ),
            ("completion after <string>x</", { Completion.complete(in: slashDocument, at: afterSlash, fileKind: .infoPlist).items.count }),
            ("hover on a key (reference)", { HoverProvider.hover(in: document, at: hover!, fileKind: .infoPlist)?.text.count ?? 0 }),
        ]
        for (request, body) in runs {
            let sample = measure(warmups: 20, iterations: iterations, body)
            table.add(request, label, "\(iterations)", formatTime(sample.median), formatTime(sample.percentile(99)), target)
        }
    }
}
