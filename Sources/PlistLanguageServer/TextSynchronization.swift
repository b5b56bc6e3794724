// Applying `didChange` content changes to a snapshot, in order, through the incremental reparse.
import LanguageServerProtocol
import PlistSyntax

extension DocumentSnapshot {
    /// The snapshot after applying `changes` in order, with one message per change whose range
    /// had to be clamped (a position past the end of a line or of the text, or a range whose end
    /// is before its start).
    ///
    /// Each ranged change is converted to bytes against the text left by the change before it and
    /// applied with `SyntaxTree.applying(_:)`, which only reparses the region it touches; a change
    /// without a range replaces the whole text.
    ///
    /// A range boundary inside a character (between the halves of a UTF-16 surrogate pair, or inside
    /// a UTF-8 sequence) splits that character, as it does in the editor's buffer: the part outside
    /// the range survives, and since a lone surrogate or a partial UTF-8 sequence is not text, it
    /// becomes U+FFFD — exactly what the editor's text gives when it is sent in full (a lone
    /// surrogate escape in JSON decodes as U+FFFD, see `JSONReader.parseMessage`); two surviving halves that
    /// the edit joins form their character again, as in the editor. So the server's text stays
    /// equal to a fresh `didOpen` of the editor's. See docs/contributing/server.md ("Positions").
    func applying(
        _ changes: [TextDocumentContentChangeEvent], version: Int, id: Int
    )
        -> (snapshot: DocumentSnapshot, clamped: [String])
    {
        var tree = self.tree
        var index: LineIndex? = lineIndex
        var clamped: [String] = []
        // What the changes together replaced (nil once one replaced the whole text).
        var changed: TextChange? = TextChange(range: 0..<0, count: 0)
        for (number, change) in changes.enumerated() {
            let replacement = Array(change.text.utf8)
            guard let range = change.range else {
                // A translation file stays unparsed: its own reader reads it (issue #39, point 5).
                tree = tree.isUnparsed ? SyntaxTree.unparsed(SourceText(replacement)) : SyntaxTree.parse(replacement)
                index = nil
                changed = nil
                continue
            }
            let lines = index ?? LineIndex(tree.text)
            var start = lines.resolve(LinePosition(line: range.start.line, character: range.start.character), in: encoding)
            var end = lines.resolve(LinePosition(line: range.end.line, character: range.end.character), in: encoding)
            var problems: [String] = []
            if start.clamped { problems.append("start \(range.start) → \(lines.position(of: start.offset, in: encoding))") }
            if end.clamped { problems.append("end \(range.end) → \(lines.position(of: end.offset, in: encoding))") }
            if (end.offset, end.unitsInside) < (start.offset, start.unitsInside) {
                swap(&start, &end)
                problems.append("end before start, swapped")
            }
            if !problems.isEmpty {
                clamped.append(
                    "change \(number + 1) of version \(version) of \(uri) is out of range (\(lines.lineCount) lines, \(encoding.rawValue)); clamped: "
                        + problems.joined(separator: "; "))
            }
            var bytes = start.offset..<end.offset
            var edit = replacement
            if start.unitsInside > 0 || end.unitsInside > 0 {
                // Splice in the client's own units over the whole characters the boundaries split.
                bytes = start.offset..<(end.unitsInside > 0 ? end.characterEnd : end.offset)
                edit = splicing(
                    ArraySlice(tree.text[bytes]), from: start.unitsInside,
                    to: end.unitsInside + unitCount(ArraySlice(tree.text[start.offset..<end.offset])), with: change.text)
            }
            tree = tree.applying(SourceEdit(range: bytes, replacement: edit))
            index = lines.applying(bytes, newText: tree.text)
            changed = changed.map {
                number == 0 ? TextChange(range: bytes, count: edit.count) : $0.followed(by: TextChange(range: bytes, count: edit.count))
            }
        }
        let snapshot = DocumentSnapshot(
            uri: uri, version: version, languageID: languageID, tree: tree,
            encoding: encoding, id: id, lineIndex: index, previous: self, change: changed)
        return (snapshot, clamped)
    }

    /// `region` (whole characters) with its client units `from..<to` replaced by `text`, decoded
    /// back to UTF-8 as the editor's buffer would be read: a lone surrogate or a partial UTF-8
    /// sequence becomes U+FFFD, and two halves that meet again form their character.
    private func splicing(_ region: ArraySlice<UInt8>, from: Int, to: Int, with text: String) -> [UInt8] {
        switch encoding {
        case .utf8:
            let units = Array(region)
            let joined = Array(units[..<from]) + Array(text.utf8) + Array(units[to...])
            return Array(String(decoding: joined, as: UTF8.self).utf8)
        case .utf16, .utf32:
            // UTF-32 positions never fall inside a character; UTF-16 ones may split a pair.
            let units = Array(String(decoding: region, as: UTF8.self).utf16)
            let joined = Array(units[..<from]) + Array(text.utf16) + Array(units[to...])
            return Array(String(decoding: joined, as: UTF16.self).utf8)
        }
    }

    /// The number of client units in `bytes` (whole characters).
    private func unitCount(_ bytes: ArraySlice<UInt8>) -> Int {
        switch encoding {
        case .utf8: return bytes.count
        case .utf16: return String(decoding: bytes, as: UTF8.self).utf16.count
        case .utf32: return String(decoding: bytes, as: UTF8.self).unicodeScalars.count
        }
    }
}
