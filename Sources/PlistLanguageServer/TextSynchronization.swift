// Applying `didChange` content changes to a snapshot, in order, through the incremental reparse.
import LanguageServerProtocol
import PlistSyntax

extension DocumentSnapshot {
    /// The snapshot after applying `changes` in order, with one message per change whose range
    /// had to be clamped (a position past the end of a line or of the text, inside a surrogate
    /// pair or a UTF-8 sequence, or a range whose end is before its start).
    ///
    /// Each ranged change is converted to bytes against the text left by the change before it and
    /// applied with `SyntaxTree.applying(_:)`, which only reparses the region it touches; a change
    /// without a range replaces the whole text.
    func applying(_ changes: [TextDocumentContentChangeEvent], version: Int, id: Int)
        -> (snapshot: DocumentSnapshot, clamped: [String])
    {
        var tree = self.tree
        var index: LineIndex? = lineIndex
        var clamped: [String] = []
        for (number, change) in changes.enumerated() {
            let replacement = Array(change.text.utf8)
            guard let range = change.range else {
                tree = SyntaxTree.parse(replacement)
                index = nil
                continue
            }
            let lines = index ?? LineIndex(tree.text)
            var start = lines.offset(of: LinePosition(line: range.start.line, character: range.start.character), in: encoding)
            var end = lines.offset(of: LinePosition(line: range.end.line, character: range.end.character), in: encoding)
            var problems: [String] = []
            if !Self.isExact(range.start, offset: start, index: lines, encoding: encoding) {
                problems.append("start \(range.start) → \(lines.position(of: start, in: encoding))")
            }
            if !Self.isExact(range.end, offset: end, index: lines, encoding: encoding) {
                problems.append("end \(range.end) → \(lines.position(of: end, in: encoding))")
            }
            if end < start {
                swap(&start, &end)
                problems.append("end before start, swapped")
            }
            if !problems.isEmpty {
                clamped.append("change \(number + 1) of version \(version) of \(uri) is out of range (\(lines.lineCount) lines, \(encoding.rawValue)); clamped: "
                    + problems.joined(separator: "; "))
            }
            tree = tree.applying(PlistSyntax.TextEdit(range: start..<end, replacement: replacement))
            index = nil
        }
        let snapshot = DocumentSnapshot(uri: uri, version: version, languageID: languageID, tree: tree,
                                        encoding: encoding, id: id, lineIndex: index)
        return (snapshot, clamped)
    }
}
