// A positioned view of one tree entry: absolute byte ranges of its parts and its children.

/// An entry of the syntax tree together with its absolute position in the document.
public struct SyntaxElement: Sendable {
    /// The raw entry (relative offsets are already resolved into `start`).
    public let entry: RawEntry
    /// Absolute offset of the entry's first byte.
    public let start: Int
    /// The entry's child node (elements whose content holds markup).
    public let node: SyntaxNode?

    init(entry: RawEntry, start: Int, node: SyntaxNode?) {
        self.entry = entry
        self.start = start
        self.node = node
    }

    /// The element for child `i` of `node`, whose owner starts at `ownerStart`.
    @inline(__always)
    static func child(_ i: Int, of node: SyntaxNode, ownerStart: Int) -> SyntaxElement {
        let c = node.children[i]
        return SyntaxElement(entry: c, start: ownerStart + Int(c.offset), node: node.node(of: c))
    }

    public var kind: SyntaxKind { entry.kind }
    public var tag: TagName { entry.tag }
    public var flags: EntryFlags { entry.flags }
    public var end: Int { start + Int(entry.width) }
    /// The whole entry.
    public var range: Range<Int> { start..<end }
    /// For elements: `<key>` (or `<true/>`).
    public var startTagRange: Range<Int> { start..<(start + Int(entry.startTagWidth)) }
    /// For elements: the bytes between the start and end tags (empty for `<x/>`).
    public var contentRange: Range<Int> {
        let s = start + Int(entry.startTagWidth)
        return s..<max(s, end - Int(entry.endTagWidth))
    }
    /// For elements with an end tag: `</key>`.
    public var endTagRange: Range<Int>? {
        entry.endTagWidth > 0 ? (end - Int(entry.endTagWidth))..<end : nil
    }
    /// The element name's range inside the start tag.
    public func nameRange<Text: RandomAccessCollection<UInt8>>(in text: Text) -> Range<Int> where Text.Index == Int {
        var j = start + 1
        while j < end && !XMLChar.isSpace(text[j]) && text[j] != 0x3E && text[j] != 0x2F && text[j] != 0x3C { j += 1 }
        return (start + 1)..<j
    }
    /// Whether the element's content holds markup (child elements, comments, CDATA…).
    public var hasChildNode: Bool { node != nil }

    /// The entries inside the element, blank runs included (for an element with text-only
    /// content: one text entry, or none when empty). Offsets are absolute.
    public var children: [SyntaxElement] {
        if node != nil {
            var out: [SyntaxElement] = []
            forEachChild { out.append($0) }
            return out
        }
        return inlineContent
    }

    /// A blank run (white space between markup), which the tree stores as the gap between entries.
    static func blank(_ range: Range<Int>) -> SyntaxElement {
        SyntaxElement(
            entry: RawEntry(
                offset: 0, width: UInt32(range.count), kind: .text, tag: .other, flags: .whitespaceOnly, startTagWidth: 0, endTagWidth: 0),
            start: range.lowerBound, node: nil)
    }

    private var inlineContent: [SyntaxElement] {
        guard kind == .element else { return [] }
        let content = contentRange
        guard !content.isEmpty else { return [] }
        // An element's `whitespaceOnly` flag says its inline content is blank (the parser records
        // it because blank runs are not stored); `malformed` belongs to the tags, not the text.
        let flags = entry.flags.intersection([.hasReferences, .whitespaceOnly])
        let text = RawEntry(
            offset: 0, width: UInt32(content.count), kind: .text, tag: .other, flags: flags, startTagWidth: 0, endTagWidth: 0)
        return [SyntaxElement(entry: text, start: content.lowerBound, node: nil)]
    }

    /// The child entries that are elements.
    public var childElements: [SyntaxElement] {
        guard let node else { return [] }
        var out: [SyntaxElement] = []
        for i in node.children.indices where node.children[i].kind == .element {
            out.append(SyntaxElement.child(i, of: node, ownerStart: start))
        }
        return out
    }

    /// Calls `body` for each child entry, blank runs included, without allocating an array.
    public func forEachChild(_ body: (SyntaxElement) -> Void) {
        guard let node else {
            for c in inlineContent { body(c) }
            return
        }
        var cursor = contentRange.lowerBound
        for i in node.children.indices {
            let c = SyntaxElement.child(i, of: node, ownerStart: start)
            if c.start > cursor { body(SyntaxElement.blank(cursor..<c.start)) }
            body(c)
            cursor = c.end
        }
        let contentEnd = contentRange.upperBound
        if contentEnd > cursor { body(SyntaxElement.blank(cursor..<contentEnd)) }
    }

    /// The innermost entry that contains `offset` (an entry contains its start, not its end),
    /// with the chain of ancestors, outermost first.
    public func path(to offset: Int) -> [SyntaxElement] {
        var out = [self]
        var current = self
        while let node = current.node {
            let rel = offset - current.start
            let i = node.firstChild(endingAfter: rel)
            guard i < node.children.count, Int(node.children[i].offset) <= rel else {
                // In a blank run between entries.
                let from = i > 0 ? current.start + node.children[i - 1].end : current.contentRange.lowerBound
                let to = i < node.children.count ? current.start + Int(node.children[i].offset) : current.contentRange.upperBound
                if from < to && offset >= from && offset < to { out.append(SyntaxElement.blank(from..<to)) }
                break
            }
            current = SyntaxElement.child(i, of: node, ownerStart: current.start)
            out.append(current)
        }
        return out
    }
}

extension SyntaxTree {
    /// The document as an element-like entry whose children are the top-level entries.
    public var document: SyntaxElement {
        SyntaxElement(
            entry: RawEntry(offset: 0, width: UInt32(text.count), kind: .element, tag: .other, flags: [], startTagWidth: 0, endTagWidth: 0),
            start: 0, node: root)
    }

    /// The chain of entries containing `offset`, outermost (the document) first.
    public func entries(at offset: Int) -> [SyntaxElement] {
        document.path(to: offset)
    }

    /// The bytes of a range as a String (invalid UTF-8 repaired).
    public func string(_ range: Range<Int>) -> String {
        let r = max(0, min(range.lowerBound, text.count))..<max(0, min(range.upperBound, text.count))
        return String(decoding: text[r], as: UTF8.self)
    }
}
