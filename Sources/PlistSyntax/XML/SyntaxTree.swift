// A parsed document: its bytes, its lossless tree, and incremental reparsing after an edit.

/// A replacement of a byte range of a text by new bytes: the one edit type of the analysis side
/// (an incremental reparse's input, a fix's edits). The server converts it to an LSP `TextEdit`.
public struct SourceEdit: Sendable, Hashable {
    /// The replaced range, in UTF-8 byte offsets of the text before the edit.
    public var range: Range<Int>
    public var replacement: [UInt8]
    public init(range: Range<Int>, replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }
    public init(range: Range<Int>, replacement: String) {
        self.init(range: range, replacement: Array(replacement.utf8))
    }
    /// The replacement as text (it is UTF-8).
    public var replacementText: String { String(decoding: replacement, as: UTF8.self) }
}

/// An immutable parsed document. Parsing never fails: problems are flags in the tree, turned into
/// messages by ``syntaxErrors``.
public struct SyntaxTree: Sendable {
    /// The document's bytes (UTF-8), shared with the versions it was edited from and to.
    public let text: SourceText
    /// The document node: the prolog, the root element and whatever surrounds them.
    public let root: SyntaxNode
    let context: ParseContext
    /// Index in `root.children` of the root element, if there is one.
    public let rootElementIndex: Int?
    /// What the incremental reparses that led to this tree replaced, relative to each of its
    /// last few ancestors (newest first): see `changedRegion(since:)`. Empty after a full parse.
    let lineage: [Change]
    /// Whether the text was left unparsed (`unparsed(_:)`): the tree is one text entry, and an edit
    /// leaves the new text unparsed too.
    public private(set) var isUnparsed = false

    /// The bytes of an ancestor tree that incremental reparses replaced on the way to this one.
    /// (Unchecked: its one reference is to a node's storage, immutable, like `SyntaxNode` itself.)
    struct Change: @unchecked Sendable {
        /// The ancestor's root node, held weakly: while it is alive it identifies the ancestor.
        weak let base: SyntaxNode.Storage?
        /// In the ancestor's text: every syntax entry wholly outside is in this tree too, unchanged,
        /// with the same bytes (moved by `delta` when after it).
        let range: Range<Int>
        let delta: Int

        /// This change followed by one that replaced `next` (in the text after this change) and moved
        /// what follows by `nextDelta`: what the two together replaced in the ancestor's text.
        func followed(by next: Range<Int>, _ nextDelta: Int) -> Change {
            let lower = min(range.lowerBound, next.lowerBound)
            // `next`'s end in the ancestor's text: within this change's new bytes, its end; after them, moved back.
            let upper = max(range.upperBound, next.upperBound <= range.upperBound + delta ? range.upperBound : next.upperBound - delta)
            return Change(base: base, range: lower..<upper, delta: delta + nextDelta)
        }
    }

    /// The bytes a region reparse of a text in pieces sees beyond the region, either side.
    static let parseWindowMargin = 4_096

    /// How many ancestors a tree remembers its change against.
    static let lineageDepth = 8

    /// What the incremental reparses from `ancestor` to this tree replaced: a range of `ancestor`'s
    /// text, outside which every syntax entry (and every byte) is unchanged, moved by `delta` when
    /// after it. Nil when this tree is not one of `ancestor`'s last few incremental descendants (a
    /// full parse on the way, or too many edits ago).
    public func changedRegion(since ancestor: SyntaxTree) -> (range: Range<Int>, delta: Int)? {
        if ancestor.root === root { return (0..<0, 0) }
        for change in lineage where change.base === ancestor.root.storage { return (change.range, change.delta) }
        return nil
    }

    /// Parses a document from scratch (a text in pieces is made one piece first).
    public static func parse(_ text: SourceText) -> SyntaxTree {
        let text = text.contiguous
        return text.withBytes(in: 0..<text.count) { buf in
            var parser = Parser(buf, context: ParseContext())
            let root = parser.parseDocument()
            return SyntaxTree(text: text, root: root, context: parser.context, rootElementIndex: parser.rootIndex, lineage: [])
        }
    }

    /// A tree of `text` not read as XML: the whole text is one text entry. For a file the server
    /// reads with a reader of its own (a translation's strings table or String Catalog), which
    /// used to be parsed as XML on every keystroke for nothing (issue #39, point 5): an edit of it
    /// only cuts the text's pieces.
    public static func unparsed(_ text: SourceText) -> SyntaxTree {
        var children = ContiguousArray<RawEntry>()
        if text.count > 0 {
            children.append(
                RawEntry(
                    offset: 0, width: UInt32(clamping: text.count), kind: .text, tag: .other, flags: [], startTagWidth: 0, endTagWidth: 0))
        }
        return SyntaxTree(
            text: text, root: SyntaxNode.make(children: children, nodes: ContiguousArray(), width: text.count),
            context: ParseContext(), rootElementIndex: nil, lineage: [], isUnparsed: true)
    }

    /// Parses a document from bytes.
    public static func parse(_ bytes: [UInt8]) -> SyntaxTree { parse(SourceText(bytes)) }

    /// Parses a document from a string.
    public static func parse(_ text: String) -> SyntaxTree { parse(SourceText(text)) }

    /// Whether the document is well-formed XML (the verdict libxml2 would give).
    public var isWellFormed: Bool { rootElementIndex != nil && !root.containsError }

    /// The document element (normally `<plist>`).
    public var rootElement: SyntaxElement? {
        rootElementIndex.map { SyntaxElement.child($0, of: root, ownerStart: 0) }
    }

    /// Every top-level entry of the document, in order, blank runs included.
    public var topLevel: [SyntaxElement] { document.children }

    // MARK: Incremental reparse

    /// Applies an edit and reparses only the smallest region it affects, reusing every subtree it
    /// does not touch. The result is identical to `SyntaxTree.parse` of the edited text.
    public func applying(_ edit: SourceEdit) -> SyntaxTree {
        let lo = max(0, min(edit.range.lowerBound, text.count))
        let hi = max(lo, min(edit.range.upperBound, text.count))
        // The old text's pieces, shared; only the edit's neighbourhood is new.
        let newText = text.replacing(lo..<hi, with: edit.replacement)
        if isUnparsed { return .unparsed(newText) }
        return reparsed(newText: newText, editRange: lo..<hi, insertedCount: edit.replacement.count)
    }

    /// Reparses `newText`, which is this tree's text with `editRange` replaced by `insertedCount` bytes.
    public func reparsed(newText: SourceText, editRange: Range<Int>, insertedCount: Int) -> SyntaxTree {
        let delta = insertedCount - editRange.count
        // A recovery decided by reading ahead may depend on the edited text: parse in full.
        if root.containsLookahead { return SyntaxTree.parse(newText) }
        // The recovery of a missing end tag reads indentation (docs/contributing/parser.md): at an end tag, the
        // blanks before it on its line and before the start tags of the open elements. An edit
        // that adds or removes a line break or lies in a line's leading blanks changes them for
        // the tags from the edit to the end of the line where it ends (`lineEnd`, in the new
        // text), and for no other tag. Where no decision was taken before, no flag says one may
        // be taken now, so every decision that reads such a tag is taken again: the region takes
        // in every element with a tag on those lines (the end tag's decision reads its own line
        // and its start tag's; a descendant's reads its start tag's), and the reparse does not
        // descend into an element whose end tag is on them.
        let lineEnd =
            changesIndentation(newText: newText, editRange: editRange, insertedCount: insertedCount)
            ? endOfLine(in: newText, from: editRange.lowerBound + insertedCount) : nil
        // Descend to the deepest element whose content strictly contains the edit.
        var path: [(node: SyntaxNode, index: Int, start: Int)] = []
        var contentEnd = text.count  // relative to `nodeStart`: where the current node's content ends
        var node = root
        var nodeStart = 0
        var frames = ContiguousArray<Frame>()
        frames.append(Frame(start: 0, tag: .other, nameStart: 0, nameLength: 0, startTagWidth: 0, flags: [], children: []))
        while true {
            let i = node.firstChild(endingAfter: editRange.lowerBound - nodeStart)
            guard i < node.children.count else { break }
            let e = node.children[i]
            let s = nodeStart + Int(e.offset)
            guard let child = node.node(of: e), e.kind == .element, e.endTagWidth > 0,
                !e.flags.contains(.startTagUnterminated),
                s + Int(e.startTagWidth) <= editRange.lowerBound,
                editRange.upperBound <= s + Int(e.width) - Int(e.endTagWidth),
                lineEnd.map({ s + Int(e.width) - Int(e.endTagWidth) + delta > $0 }) ?? true
            else { break }
            path.append((node, i, nodeStart))
            contentEnd = Int(e.width) - Int(e.endTagWidth)
            frames.append(
                Frame(
                    start: s, tag: e.tag, nameStart: s + 1, nameLength: nameLength(at: s + 1), startTagWidth: Int(e.startTagWidth),
                    flags: e.flags, children: []))
            node = child
            nodeStart = s
        }
        // Try the smallest region at each level, widening to the enclosing element on failure;
        // the document level is always parsed in full.
        var (first, last) = touchedRange(node: node, nodeStart: nodeStart, edit: editRange)
        if let lineEnd { (first, last) = widen(node: node, nodeStart: nodeStart, first: first, last: last, delta: delta, before: lineEnd) }
        while let up = path.last {
            if let replacement = reparseRegion(
                newText: newText, node: node, nodeStart: nodeStart, contentEnd: contentEnd, first: first, last: last, delta: delta,
                frames: frames)
            {
                var newNode = replacement
                for (parent, index, _) in path.reversed() {
                    var nodes = parent.nodes
                    nodes.replace(at: Int(parent.children[index].nodeIndex), with: newNode)
                    let child = newNode
                    newNode = SyntaxNode.make(copying: parent, nodes: nodes, width: parent.width + delta) { children in
                        children[index].width = UInt32(Int(children[index].width) + delta)
                        if child.containsError {
                            children[index].flags.insert(.childError)
                        } else {
                            children[index].flags.remove(.childError)
                        }
                        if child.containsLookahead {
                            children[index].flags.insert(.childLookahead)
                        } else {
                            children[index].flags.remove(.childLookahead)
                        }
                        for k in (index + 1)..<children.count { children[k].offset = UInt32(Int(children[k].offset) + delta) }
                    }
                }
                // What this reparse replaced: the region's bytes at the level it succeeded (every entry
                // outside it, at this level and above, was copied).
                let region = reparsedRange(
                    node: node, nodeStart: nodeStart, contentEnd: contentEnd, first: first, last: last, frames: frames)
                var lineage = [Change(base: root.storage, range: region, delta: delta)]
                for change in self.lineage.prefix(Self.lineageDepth - 1) where change.base != nil {
                    lineage.append(change.followed(by: region, delta))
                }
                return SyntaxTree(text: newText, root: newNode, context: context, rootElementIndex: rootElementIndex, lineage: lineage)
            }
            path.removeLast()
            frames.removeLast()
            node = up.node
            nodeStart = up.start
            if let owner = path.last {
                let e = owner.node.children[owner.index]
                contentEnd = Int(e.width) - Int(e.endTagWidth)
            }
            (first, last) = widen(node: node, first: up.index, last: up.index)
            if let lineEnd {
                (first, last) = widen(node: node, nodeStart: nodeStart, first: first, last: last, delta: delta, before: lineEnd)
            }
        }
        return SyntaxTree.parse(newText)
    }

    /// Whether the edit adds or removes a line break, or lies in the blanks that start a line.
    private func changesIndentation(newText: SourceText, editRange: Range<Int>, insertedCount: Int) -> Bool {
        let lo = editRange.lowerBound
        for i in editRange where text[i] == 0x0A || text[i] == 0x0D { return true }
        for i in lo..<(lo + insertedCount) where newText[i] == 0x0A || newText[i] == 0x0D { return true }
        var j = lo
        while j > 0 && (newText[j - 1] == 0x20 || newText[j - 1] == 0x09) { j -= 1 }
        return j == 0 || newText[j - 1] == 0x0A || newText[j - 1] == 0x0D
    }

    /// The first line break at or after `i` in `text`, or its end.
    private func endOfLine(in text: SourceText, from i: Int) -> Int {
        var j = i
        while j < text.count && text[j] != 0x0A && text[j] != 0x0D { j += 1 }
        return j
    }

    /// Widens a region of an edit that changed line starts over the entries after it that start
    /// before `lineEnd` in the new text (entries after the region are moved by `delta`), and
    /// over the text next to them as `widen` does.
    private func widen(node: SyntaxNode, nodeStart: Int, first: Int, last: Int, delta: Int, before lineEnd: Int) -> (Int, Int) {
        let c = node.children
        var l = last
        while l + 1 < c.count && nodeStart + Int(c[l + 1].offset) + delta < lineEnd { l += 1 }
        return l == last ? (first, last) : widen(node: node, first: first, last: l)
    }

    private func nameLength(at i: Int) -> Int {
        var j = i
        while j < text.count && !XMLChar.isSpace(text[j]) && text[j] != 0x3E && text[j] != 0x2F { j += 1 }
        return j - i
    }

    /// The entries of `node` that the edit touches (inclusively at both ends), widened as
    /// `widen` says. `first > last` means none: the edit lies in a blank run between entries.
    private func touchedRange(node: SyntaxNode, nodeStart: Int, edit: Range<Int>) -> (Int, Int) {
        let c = node.children
        let lo = edit.lowerBound - nodeStart, hi = edit.upperBound - nodeStart
        let first = node.firstChild(endingAfter: lo - 1)
        var last = first - 1
        while last + 1 < c.count && Int(c[last + 1].offset) <= hi { last += 1 }
        return widen(node: node, first: first, last: last)
    }

    /// Widens a region so that parsing it alone is the same as parsing it in context: adjacent text
    /// and directive lines join it (text runs merge), and so does an entry before it whose extent the region's first
    /// byte decided (an element closed only because the region's first tag began, a tag cut short
    /// by a `<`).
    private func widen(node: SyntaxNode, first: Int, last: Int) -> (Int, Int) {
        let c = node.children
        var f = first, l = last
        let openEnded: EntryFlags = [.endTagMissing, .startTagUnterminated, .endTagUnterminated, .unterminated]
        // Directive lines are pieces of a text run (whether a `#` starts one depends on the run
        // around it), so they join the region as text does.
        while f > 0
            && (c[f - 1].kind == .text || c[f - 1].kind == .directive || c[f - 1].kind == .bogus
                || !c[f - 1].flags.isDisjoint(with: openEnded))
        { f -= 1 }
        while l + 1 < c.count && (c[l + 1].kind == .text || c[l + 1].kind == .directive) { l += 1 }
        return (f, l)
    }

    /// The old text's bytes that `reparseRegion` replaces for entries `first...last` of `node`.
    private func reparsedRange(
        node: SyntaxNode, nodeStart: Int, contentEnd: Int, first: Int, last: Int, frames: ContiguousArray<Frame>
    ) -> Range<Int> {
        let c = node.children
        let regionStart = nodeStart + (first > 0 ? c[first - 1].end : Int(frames[frames.count - 1].startTagWidth))
        let regionEndOld = nodeStart + (last + 1 < c.count ? Int(c[last + 1].offset) : contentEnd)
        return regionStart..<max(regionStart, regionEndOld)
    }

    /// Reparses entries `first...last` of `node` and the blank runs around them in the new text;
    /// returns the new node, or nil when the region's new text is not self-contained.
    private func reparseRegion(
        newText: SourceText, node: SyntaxNode, nodeStart: Int, contentEnd: Int, first: Int, last: Int, delta: Int,
        frames: ContiguousArray<Frame>
    ) -> SyntaxNode? {
        let c = node.children
        let regionStart = nodeStart + (first > 0 ? c[first - 1].end : Int(frames[frames.count - 1].startTagWidth))
        let regionEndOld = nodeStart + (last + 1 < c.count ? Int(c[last + 1].offset) : contentEnd)
        let regionEnd = regionEndOld + delta
        guard regionEnd >= regionStart else { return nil }
        // A text in pieces is read through a window (`SourceText.withParseView`): the region, a
        // margin either side, and the enclosing start tags with the blanks before them, which is
        // all a parse of the region reads unless it reads ahead (the recoveries that do mark what
        // they decide with `lookahead`, and `parseRegion` refuses a change to the enclosing
        // frames). A result decided by reading ahead is made again from the whole text. Whatever
        // else a scan meets at the window's end, it has gone past the region's end, and the region
        // is refused as it would be in the whole text.
        func parse(_ view: UnsafeBufferPointer<UInt8>) -> (ContiguousArray<RawEntry>, ChildNodes)? {
            var parser = Parser(view, context: context)
            return parser.parseRegion(start: regionStart, regionEnd: regionEnd, frames: frames)
        }
        var region = newText.withParseView(
            region: regionStart..<regionEnd, frames: frames.lazy.map { ($0.start, $0.nameStart + $0.nameLength) },
            margin: Self.parseWindowMargin, parse)
        if !newText.isContiguous, let (entries, _) = region,
            entries.contains(where: { !$0.flags.isDisjoint(with: [.lookahead, .childLookahead]) })
        {
            let whole = newText.contiguous
            region = whole.withBytes(in: 0..<whole.count, parse)
        }
        guard let (entries, entryNodes) = region else { return nil }
        var children = ContiguousArray<RawEntry>()
        var nodes = ContiguousArray<SyntaxNode>()
        children.reserveCapacity(c.count - max(0, last - first + 1) + entries.count)
        func add(_ entry: RawEntry, _ child: SyntaxNode?, shift: Int) {
            var e = entry
            e.offset = UInt32(Int(e.offset) + shift)
            if let child { nodes.append(child); e.nodeIndex = Int32(nodes.count - 1) } else { e.nodeIndex = -1 }
            children.append(e)
        }
        for k in 0..<first { add(c[k], node.node(of: c[k]), shift: 0) }
        for e in entries { add(e, e.nodeIndex >= 0 ? entryNodes[Int(e.nodeIndex)] : nil, shift: 0) }
        if last + 1 < c.count {
            for k in (last + 1)..<c.count { add(c[k], node.node(of: c[k]), shift: delta) }
        }
        // A node whose content became plain text (or nothing) is stored inline by a full parse.
        if children.isEmpty || (children.count == 1 && children[0].kind == .text) { return nil }
        return SyntaxNode.make(children: children, nodes: nodes, width: node.width + delta)
    }
}

extension SyntaxTree {
    /// The ranges of containers whose end the parser placed by recovery (a missing end tag read
    /// from indentation, docs/contributing/parser.md), outermost first. Their structure is a guess: the
    /// analysis drops warnings inside them, which would only be follow-ons of that guess.
    public var recoveredContainerRanges: [Range<Int>] {
        var out: [Range<Int>] = []
        guard root.containsError else { return out }
        // Iterative: the tree may be deeper than the call stack allows.
        var pending: [(node: SyntaxNode, start: Int)] = [(root, 0)]
        while let (node, start) = pending.popLast() {
            for c in node.children where c.kind == .element && c.containsError {
                let s = start + Int(c.offset)
                if c.tag.isContainer && c.flags.isSuperset(of: [.endTagMissing, .lookahead]) {
                    out.append(s..<(s + Int(c.width)))
                }
                if let child = node.node(of: c), child.containsError { pending.append((child, s)) }
            }
        }
        return out.sorted { $0.lowerBound < $1.lowerBound }
    }
}
