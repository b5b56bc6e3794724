// The tolerant XML parser: one pass over UTF-8 bytes that never fails, builds the lossless tree,
// flags every well-formedness problem on the entry that holds it, and recovers the way a person
// typing would expect (see docs/contributing/parser.md for the recovery rules). This file holds the parser's
// state, its entry points, main loop and tree building; what it parses is in a file each, named
// for it: `Parser+Tags`, `Parser+Text` (character data, references), `Parser+Directives`
// (preprocessor lines), `Parser+Markup` (comments, CDATA, DOCTYPE, processing instructions),
// `Parser+IndentationRecovery`; its byte helpers are `ByteView`.

/// What the prolog (XML declaration and DOCTYPE) says that changes how content parses.
struct ParseContext: Sendable, Equatable {
    /// General entities declared in the internal subset.
    var declaredEntities: Set<[UInt8]> = []
    /// Entities declared with NDATA (unparsed): a reference to one in content is an error.
    var unparsedEntities: Set<[UInt8]> = []
    /// Whether a reference to an undeclared entity breaks well-formedness. It does unless the
    /// document has an external subset (or parameter-entity references) and is not standalone —
    /// then it is only a validity problem, as in libxml2.
    var undeclaredEntityIsError = true
}

/// An element that is open while parsing.
struct Frame {
    var start: Int
    var tag: TagName
    var nameStart: Int
    var nameLength: Int
    var startTagWidth: Int
    var flags: EntryFlags
    var children: ContiguousArray<RawEntry>
    /// The child nodes made so far, each holding one reference (`Unmanaged`, so that the array
    /// is plain data): when the element closes, its node takes them over into a collection of
    /// exactly their count (`SyntaxNode.makeReference`; `Parser.takeNodes` for the document and a
    /// reparsed region), and the frame's buffer is reused without reallocating. Handing the
    /// buffer itself to the node grew a new one from nothing for every element, a quarter of a
    /// parse's allocations.
    var nodes: ContiguousArray<Unmanaged<SyntaxNode.Storage>> = []
}

struct Parser {
    let p: UnsafeBufferPointer<UInt8>
    let end: Int
    var pos: Int
    var context: ParseContext
    var stack: ContiguousArray<Frame> = []
    var pool: [ContiguousArray<RawEntry>] = []
    var nodePool: [ContiguousArray<Unmanaged<SyntaxNode.Storage>>] = []
    /// Frames below this index belong to the enclosing context of a region reparse and must not be closed.
    var contextDepth = 1
    var escaped = false
    /// Document-level state (full parses only).
    var documentStart = 0
    var seenRoot = false
    var seenDoctype = false
    var rootIndex: Int? = nil
    /// The `standalone` value of the XML declaration, once seen.
    var standalone: Bool? = nil

    /// Lookup tables, held as pointers so the hot loops need no lazy-global checks.
    let textClass = XMLChar.textClassTable
    /// The scanning helpers the hot paths call (see `ByteView`).
    let bytes: ByteView

    init(_ p: UnsafeBufferPointer<UInt8>, context: ParseContext) {
        self.p = p
        self.end = p.count
        self.bytes = ByteView(p: p)
        self.pos = 0
        self.context = context
    }

    // MARK: Entry points

    /// Parses a whole document.
    mutating func parseDocument() -> SyntaxNode {
        stack = [Frame(start: 0, tag: .other, nameStart: 0, nameLength: 0, startTagWidth: 0, flags: [], children: [])]
        contextDepth = 1
        if end >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF {
            append(RawEntry(offset: 0, width: 3, kind: .byteOrderMark, tag: .other, flags: [], startTagWidth: 0, endTagWidth: 0))
            pos = 3
            documentStart = 3
        }
        run(until: end)
        while stack.count > 1 { close(at: end, endTagWidth: 0, flags: .endTagMissing) }
        return SyntaxNode.make(children: stack[0].children, nodes: Self.takeNodes(&stack[0].nodes), width: end)
    }

    /// Parses `start..<regionEnd` as content of the innermost of `frames`. Returns the entries
    /// (offsets relative to that frame's start), or nil when the region does not parse to a
    /// self-contained sequence of entries ending exactly at `regionEnd`.
    mutating func parseRegion(start: Int, regionEnd: Int, frames: ContiguousArray<Frame>) -> (ContiguousArray<RawEntry>, ChildNodes)? {
        stack = frames
        contextDepth = frames.count
        pos = start
        seenRoot = true
        run(until: regionEnd)
        // The region may change the enclosing elements themselves: a plist tag typed inside a
        // scalar (`<key>…<string></string>&…</key>`) makes the scalar's nesting a look-ahead
        // decision, recorded on its entry, which lies outside the region. Widen instead.
        if escaped || pos != regionEnd || stack.count != contextDepth
            || (0..<contextDepth).contains(where: { stack[$0].flags != frames[$0].flags })
        {
            releaseNodes()
            return nil
        }
        return (stack[contextDepth - 1].children, Self.takeNodes(&stack[contextDepth - 1].nodes))
    }

    /// Releases the child nodes every open frame holds (a region reparse given up).
    mutating func releaseNodes() {
        for k in stack.indices {
            for n in stack[k].nodes { n.release() }
            stack[k].nodes.removeAll(keepingCapacity: true)
        }
    }

    /// Moves the nodes out of `nodes` (which is left empty, its buffer kept) into a `ChildNodes`
    /// of exactly their count: each reference `nodes` held is the new collection's, taken over
    /// as it is.
    static func takeNodes(_ nodes: inout ContiguousArray<Unmanaged<SyntaxNode.Storage>>) -> ChildNodes {
        let taken = nodes.withUnsafeBufferPointer { ChildNodes(takingReferences: $0) }
        nodes.removeAll(keepingCapacity: true)
        return taken
    }

    // MARK: Main loop

    mutating func run(until limit: Int) {
        while pos < limit && !escaped {
            if p[pos] != 0x3C { text(); continue }
            if pos + 1 >= end { bogus(width: 1); continue }
            switch p[pos + 1] {
            case 0x2F: endTag()  // '/'
            case 0x21: bang()  // '!'
            case 0x3F: processingInstruction()  // '?'
            default: startTag()
            }
        }
    }

    // MARK: Tree building

    @inline(__always)
    mutating func append(_ entry: RawEntry) {
        var e = entry
        let top = stack.count - 1
        e.offset = UInt32(truncatingIfNeeded: Int(entry.offset) - stack[top].start)
        // The document level apart, so that in the common case the entry is never passed by
        // address and stays in registers until it is stored in the array (stores to a stack copy
        // read back whole stalled the parse).
        if top == 0 { appendAtDocumentLevel(e); return }
        stack[top].children.append(e)
    }

    @inline(never)
    mutating func appendAtDocumentLevel(_ entry: RawEntry) {
        var e = entry
        documentLevel(&e)
        stack[0].children.append(e)
    }

    /// Rules that hold only between the root element and the document's edges.
    mutating func documentLevel(_ e: inout RawEntry) {
        switch e.kind {
        case .element:
            if seenRoot { e.flags.insert(.malformed) } else { rootIndex = stack[0].children.count }
            seenRoot = true
        case .text:
            if !e.flags.contains(.whitespaceOnly) { e.flags.insert(.malformed) }
        case .cdata:
            e.flags.insert(.malformed)
        case .doctype:
            if seenDoctype || seenRoot { e.flags.insert(.malformed) }
            seenDoctype = true
        default:
            break
        }
    }

    /// Opens an element, with arrays from the pools: made with the frame, its arrays would be
    /// empty ones released again when replaced (a tenth of the releases of a parse).
    mutating func push(start: Int, tag: TagName, nameLength: Int, startTagWidth: Int, flags: EntryFlags) {
        stack.append(
            Frame(
                start: start, tag: tag, nameStart: start + 1, nameLength: nameLength, startTagWidth: startTagWidth, flags: flags,
                children: pool.popLast() ?? [], nodes: nodePool.popLast() ?? []))
    }

    /// Closes the innermost element; its end tag (if any) spans `endTagStart ..< endTagStart + endTagWidth`.
    mutating func close(at endTagStart: Int, endTagWidth: Int, flags extra: EntryFlags) {
        if stack.count - 1 < contextDepth { escaped = true; return }
        var f = stack.removeLast()
        // An element that is never closed ends at its last non-blank byte: the blank before the
        // tag that closed it belongs to the parent (`<key>NSCam⏎<key>B</key>` keeps "NSCam").
        var elementEnd = endTagStart + endTagWidth
        if endTagWidth == 0 {
            if let last = f.children.last {
                elementEnd = f.start + last.end
                if last.kind == .text {
                    let textStart = f.start + Int(last.offset)
                    var j = elementEnd
                    while j > textStart && XMLChar.isSpace(p[j - 1]) { j -= 1 }
                    f.children[f.children.count - 1].width = UInt32(j - textStart)
                    elementEnd = j
                }
            } else {
                elementEnd = f.start + f.startTagWidth
            }
        }
        var entry = RawEntry(
            offset: UInt32(f.start), width: UInt32(elementEnd - f.start), kind: .element, tag: f.tag,
            flags: f.flags.union(extra), startTagWidth: UInt32(f.startTagWidth), endTagWidth: UInt32(endTagWidth))
        if f.children.isEmpty {
            // Only blank runs (which are not stored) or nothing: say so, as `leaf` does.
            entry.flags.insert(.whitespaceOnly)
        } else if f.children.count == 1 && f.children[0].kind == .text {
            entry.flags.formUnion(f.children[0].flags.intersection([.hasReferences, .malformed]))
        } else {
            // The entries are copied into the node's own allocation and the child nodes' references
            // taken over into a collection of their count (`makeReference`: no retain or release):
            // the node keeps no spare capacity, and the frame's pooled buffers stay unshared, so
            // reusing them never reallocates.
            let (node, containsError, containsLookahead) = f.children.withUnsafeBufferPointer { entries in
                f.nodes.withUnsafeBufferPointer {
                    SyntaxNode.makeReference(entries: entries, takingReferences: $0, width: Int(entry.width))
                }
            }
            if containsError { entry.flags.insert(.childError) }
            if containsLookahead { entry.flags.insert(.childLookahead) }
            let parent = stack.count - 1
            stack[parent].nodes.append(node)
            entry.nodeIndex = Int32(stack[parent].nodes.count - 1)
        }
        // The frame's buffers go back to the pools moved, not copied (a copy is a retain of the
        // buffer now and a release when the frame dies).
        var children = ContiguousArray<RawEntry>(), nodes = ContiguousArray<Unmanaged<SyntaxNode.Storage>>()
        swap(&children, &f.children)
        swap(&nodes, &f.nodes)
        children.removeAll(keepingCapacity: true)
        nodes.removeAll(keepingCapacity: true)  // their references are the node's now
        pool.append(consume children)
        nodePool.append(consume nodes)
        append(entry)
    }
}
