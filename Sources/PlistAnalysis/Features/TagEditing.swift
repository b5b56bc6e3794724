// Editing tags by hand, as an XML editor helps: the start and end tag of one element as a pair
// (highlight, linked editing, jump), the close tag to insert as `>` is typed, and the element a
// `</` or a `<` after a value's text closes. Pure: byte offsets of the syntax tree, which keeps
// half-typed text and `#if` lines as they are (an element is paired as the parser read it).
import PlistSyntax

/// The two tags of one element, by their names' byte ranges.
public struct TagPair: Sendable, Hashable {
    /// The element's name in its start tag: `string` of `<string>`.
    public var startName: Range<Int>
    /// The name in its end tag (`string` of `</string>`); nil when the element has none.
    public var endName: Range<Int>?
    /// Whether the cursor was on the end tag's name.
    public var onEndTag: Bool
}

/// Tag-pair features over the syntax tree; pure.
public enum TagEditing {
    /// The element whose start or end tag name holds `offset` (its ends included).
    public static func pair(in tree: SyntaxTree, at offset: Int) -> TagPair? {
        let text = tree.text
        guard offset >= 0, offset <= text.count else { return nil }
        // The name ends where the tag may end: at `offset - 1` the entry is the element itself.
        for probe in [offset, offset - 1] where probe >= 0 && probe < text.count {
            guard let element = innermostElement(tree.entries(at: probe)) else { continue }
            let start = element.nameRange(in: text)
            let end = endName(of: element, in: text)
            if start.contains(offset) || start.upperBound == offset, !start.isEmpty {
                return TagPair(startName: start, endName: end, onEndTag: false)
            }
            if let end, end.contains(offset) || end.upperBound == offset {
                return TagPair(startName: start, endName: end, onEndTag: true)
            }
        }
        return nil
    }

    /// The names to highlight for the cursor at `offset`: the start tag's and the end tag's.
    public static func highlights(in tree: SyntaxTree, at offset: Int) -> [Range<Int>] {
        guard let pair = pair(in: tree, at: offset) else { return [] }
        return [pair.startName] + (pair.endName.map { [$0] } ?? [])
    }

    /// The ranges an editor edits together (`textDocument/linkedEditingRange`): both names, when the
    /// element has an end tag of the same name (a mismatched pair is left to the user).
    public static func linkedRanges(in tree: SyntaxTree, at offset: Int) -> [Range<Int>]? {
        guard let pair = pair(in: tree, at: offset), let end = pair.endName,
            tree.text[pair.startName].elementsEqual(tree.text[end])
        else { return nil }
        return [pair.startName, end]
    }

    /// Where the matching tag's name starts: from a start tag to its end tag and back. Nil when
    /// the cursor is on no tag or the element has no end tag.
    public static func matchingTag(in tree: SyntaxTree, at offset: Int) -> Int? {
        guard let pair = pair(in: tree, at: offset), let end = pair.endName else { return nil }
        return pair.onEndTag ? pair.startName.lowerBound : end.lowerBound
    }

    /// The close tag to insert at `offset` right after the `>` of a start tag was typed: `</string>`
    /// when the element has no end tag (the parser closed it at a line break, at its container's
    /// end tag or at the end of the file), or when it took the end tag of an outer element of its
    /// name (`<dict>` typed inside a dictionary: the outer one is now the unclosed one). Nothing
    /// when text other than a tag follows on the line (a close tag there would wrap that text),
    /// for `<x/>`, and when the element already has its end tag.
    ///
    /// And the other way round: when the `>` ends an end tag typed in full right before the one
    /// added earlier (`<key>A</key>|</key>`, the second closing nothing), the edit removes that
    /// one, as an editor types over an automatic close tag: never a duplicate.
    public static func closeTag(in tree: SyntaxTree, afterTypingAt offset: Int) -> SourceEdit? {
        let text = tree.text
        guard offset >= 2, offset <= text.count, text[offset - 1] == 0x3E, text[offset - 2] != 0x2F else { return nil }
        if let typeOver = typedOverCloseTag(tree, offset) { return typeOver }
        let chain = tree.entries(at: offset - 1)
        guard let index = chain.lastIndex(where: { $0.kind == .element && $0.entry.startTagWidth > 0 }) else { return nil }
        let element = chain[index]
        guard element.startTagRange.upperBound == offset, !element.flags.contains(.selfClosing),
            !element.flags.contains(.startTagUnterminated)
        else { return nil }
        let name = element.nameRange(in: text)
        guard !name.isEmpty, name.allSatisfy({ XMLNameByte.isNameByte(text[$0]) }) else { return nil }
        var needed = element.flags.contains(.endTagMissing)
        if !needed && !element.flags.contains(.endTagMismatched) {
            needed = chain[..<index].contains { outer in
                outer.kind == .element && outer.entry.startTagWidth > 0 && outer.flags.contains(.endTagMissing)
                    && text[outer.nameRange(in: text)].elementsEqual(text[name])
            }
        }
        guard needed, restOfLineAllowsCloseTag(text, offset) else { return nil }
        return SourceEdit(range: offset..<offset, replacement: [0x3C, 0x2F] + Array(text[name]) + [0x3E])
    }

    /// The name of the element that a close tag typed with its `<` at `lessThan` would close: the
    /// innermost element there still lacking its end tag (or whose end tag starts there), or a
    /// value the parser closed right before it at a line break (`<string>x<`).
    public static func elementToClose(in tree: SyntaxTree, lessThan: Int) -> String? {
        let text = tree.text
        guard lessThan >= 0, lessThan < text.count else { return nil }
        if lessThan > 0, let before = innermostElement(tree.entries(at: lessThan - 1)), before.end == lessThan,
            before.flags.contains(.endTagMissing), !before.flags.contains(.selfClosing)
        {
            return name(of: before, in: text)
        }
        guard let element = innermostElement(tree.entries(at: lessThan)), element.start < lessThan else { return nil }
        if element.flags.contains(.endTagMissing) || element.endTagRange?.lowerBound == lessThan {
            return name(of: element, in: text)
        }
        return nil
    }

    /// `</name>` typed right before a `</name>` that closes nothing: that one removed.
    static func typedOverCloseTag(_ tree: SyntaxTree, _ offset: Int) -> SourceEdit? {
        let text = tree.text
        var lt = offset - 2
        while lt > 0 && XMLNameByte.isNameByte(text[lt]) { lt -= 1 }
        guard lt >= 1, text[lt] == 0x2F, text[lt - 1] == 0x3C, lt + 1 < offset - 1 else { return nil }
        let typed = text[(lt - 1)..<offset]
        let following = offset..<(offset + typed.count)
        guard following.upperBound <= text.count, text[following].elementsEqual(typed),
            let stray = tree.entries(at: offset).last, stray.kind == .strayEndTag, stray.range == following
        else { return nil }
        return SourceEdit(range: following, replacement: [UInt8]())
    }

    // MARK: Helpers

    static func innermostElement(_ chain: [SyntaxElement]) -> SyntaxElement? {
        chain.last { $0.kind == .element && $0.entry.startTagWidth > 0 }
    }

    static func name(of element: SyntaxElement, in text: SourceText) -> String? {
        let range = element.nameRange(in: text)
        guard !range.isEmpty, range.allSatisfy({ XMLNameByte.isNameByte(text[$0]) }) else { return nil }
        return String(decoding: text[range], as: UTF8.self)
    }

    /// The name in an element's end tag (`</name>` or an unterminated `</name`).
    static func endName(of element: SyntaxElement, in text: SourceText) -> Range<Int>? {
        guard let end = element.endTagRange, end.count >= 2 else { return nil }
        let from = end.lowerBound + 2
        var j = from
        while j < end.upperBound && XMLNameByte.isNameByte(text[j]) { j += 1 }
        return from..<j
    }

    /// Whether the line goes on after `offset` with blanks only.
    static func restOfLineIsBlank(_ text: SourceText, _ offset: Int) -> Bool {
        var j = offset
        while j < text.count && (text[j] == 0x20 || text[j] == 0x09) { j += 1 }
        return j == text.count || text[j] == 0x0A || text[j] == 0x0D
    }

    /// Whether the line goes on after `offset` with blanks only, or with a tag.
    static func restOfLineAllowsCloseTag(_ text: SourceText, _ offset: Int) -> Bool {
        var j = offset
        while j < text.count && (text[j] == 0x20 || text[j] == 0x09) { j += 1 }
        return j == text.count || text[j] == 0x0A || text[j] == 0x0D || text[j] == 0x3C
    }
}
