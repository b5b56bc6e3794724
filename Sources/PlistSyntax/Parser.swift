// The tolerant XML parser: one pass over UTF-8 bytes that never fails, builds the lossless tree,
// flags every well-formedness problem on the entry that holds it, and recovers the way a person
// typing would expect (see docs/parser.md for the recovery rules).

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
    private var pool: [ContiguousArray<RawEntry>] = []
    private var nodePool: [ContiguousArray<Unmanaged<SyntaxNode.Storage>>] = []
    /// Frames below this index belong to the enclosing context of a region reparse and must not be closed.
    var contextDepth = 1
    var escaped = false
    /// Document-level state (full parses only).
    private var documentStart = 0
    private var seenRoot = false
    private var seenDoctype = false
    var rootIndex: Int? = nil

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
        if escaped || pos != regionEnd || stack.count != contextDepth || (0..<contextDepth).contains(where: { stack[$0].flags != frames[$0].flags }) {
            releaseNodes()
            return nil
        }
        return (stack[contextDepth - 1].children, Self.takeNodes(&stack[contextDepth - 1].nodes))
    }

    /// Releases the child nodes every open frame holds (a region reparse given up).
    private mutating func releaseNodes() {
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

    private mutating func run(until limit: Int) {
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
    private mutating func append(_ entry: RawEntry) {
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
    private mutating func appendAtDocumentLevel(_ entry: RawEntry) {
        var e = entry
        documentLevel(&e)
        stack[0].children.append(e)
    }

    /// Rules that hold only between the root element and the document's edges.
    private mutating func documentLevel(_ e: inout RawEntry) {
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
    private mutating func push(start: Int, tag: TagName, nameLength: Int, startTagWidth: Int, flags: EntryFlags) {
        stack.append(Frame(start: start, tag: tag, nameStart: start + 1, nameLength: nameLength, startTagWidth: startTagWidth, flags: flags,
                           children: pool.popLast() ?? [], nodes: nodePool.popLast() ?? []))
    }

    /// Closes the innermost element; its end tag (if any) spans `endTagStart ..< endTagStart + endTagWidth`.
    private mutating func close(at endTagStart: Int, endTagWidth: Int, flags extra: EntryFlags) {
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
                f.nodes.withUnsafeBufferPointer { SyntaxNode.makeReference(entries: entries, takingReferences: $0, width: Int(entry.width)) }
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

    // MARK: Text and references

    /// Character data. Blank runs between markup are not stored: they are the gaps between
    /// entries, and iteration (`SyntaxElement.forEachChild`) gives them back.
    @inline(__always)
    private mutating func text() {
        let start = pos
        let (stop, flags) = scanText(from: pos)
        pos = stop
        if flags.contains(.whitespaceOnly) { return }
        // Only non-blank text outside scalars can hold preprocessor directives (rare in a valid
        // file), so the common paths never look for '#'.
        if !stack[stack.count - 1].tag.isScalar && splitDirectives(start, stop) { return }
        append(RawEntry(offset: UInt32(start), width: UInt32(stop - start), kind: .text, tag: .other, flags: flags, startTagWidth: 0, endTagWidth: 0))
    }

    // MARK: Preprocessor directives

    /// Splits the text run `start..<stop` into text and `.directive` entries when a line of it is a
    /// C-preprocessor directive; returns false (appending nothing) when none is. Whether a `#`
    /// starts a directive reads only the run's own bytes (a run starts after markup, never after a
    /// newline, except at offset 0), so a region reparse, which always takes whole text runs,
    /// decides as a full parse does. The preprocessor reads a directive to the end of its line, so
    /// the entry does too, past any `<` (`#include <Config.h>`): parsing goes on after the line.
    /// A region reparse whose directive runs past the region's end is refused and widened.
    private mutating func splitDirectives(_ start: Int, _ stop: Int) -> Bool {
        var cursor = start
        var found = false
        var i = start
        while i < stop {
            if p[i] == 0x23, let lineEnd = directiveEnd(at: i, runStart: start) {
                found = true
                appendTextPiece(cursor, i)
                append(RawEntry(offset: UInt32(i), width: UInt32(lineEnd - i), kind: .directive, tag: .other, flags: [], startTagWidth: 0, endTagWidth: 0))
                if lineEnd > stop { pos = lineEnd; return true }
                cursor = lineEnd
                i = lineEnd
                continue
            }
            i += 1
        }
        guard found else { return false }
        appendTextPiece(cursor, stop)
        return true
    }

    /// Appends `from..<to` as a text entry unless it is blank (blank runs are gaps).
    private mutating func appendTextPiece(_ from: Int, _ to: Int) {
        var i = from
        while i < to && XMLChar.isSpace(p[i]) { i += 1 }
        guard i < to else { return }
        var flags: EntryFlags = []
        let table = textClass
        while i < to {
            let b = p[i]
            if table[Int(b)] == 0 { i += 1; continue }
            switch b {
            case 0x26:
                flags.insert(.hasReferences)
                let (n, ok) = reference(at: i)
                if !ok { flags.insert(.malformed) }
                i += n
            case 0x5D:
                if i + 2 < to && p[i + 1] == 0x5D && p[i + 2] == 0x3E { flags.insert(.malformed) }
                i += 1
            case 0x80...0xFF:
                let (c, n) = XMLChar.decode(p, i, end)
                if c < 0 || !XMLChar.isChar(c) { flags.insert(.malformed) }
                i += n
            default:
                flags.insert(.malformed)
                i += 1
            }
        }
        append(RawEntry(offset: UInt32(from), width: UInt32(to - from), kind: .text, tag: .other, flags: flags, startTagWidth: 0, endTagWidth: 0))
    }

    /// When the `#` at `i` starts a directive line (only blanks before it on its line, then a
    /// directive word), the end of that line (before its newline, or the end of the file); nil
    /// otherwise.
    func directiveEnd(at i: Int, runStart: Int) -> Int? {
        let stop = end
        var k = i
        while k > runStart && (p[k - 1] == 0x20 || p[k - 1] == 0x09) { k -= 1 }
        guard k == 0 || (k > runStart && (p[k - 1] == 0x0A || p[k - 1] == 0x0D)) else { return nil }
        var j = i + 1
        while j < stop && (p[j] == 0x20 || p[j] == 0x09) { j += 1 }
        let wordStart = j
        while j < stop && p[j] >= 0x61 && p[j] <= 0x7A { j += 1 }
        if j < stop {
            let b = p[j]
            if (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F { return nil }
        }
        guard let base = p.baseAddress, Self.isDirectiveWord(base + wordStart, j - wordStart) else { return nil }
        while j < stop && p[j] != 0x0A && p[j] != 0x0D { j += 1 }
        return j
    }

    /// The words of C-preprocessor directives.
    static func isDirectiveWord(_ w: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        let word = UnsafeBufferPointer(start: w, count: n)
        return directiveWords.contains { $0.count == n && $0.elementsEqual(word) }
    }

    static let directiveWords: [[UInt8]] = ["if", "ifdef", "ifndef", "elif", "else", "endif", "include", "import",
                                            "define", "undef", "error", "warning", "pragma", "line"].map { Array($0.utf8) }

    /// Scans character data from `start` to the next `<` (or the end); returns where it stops and
    /// the text's flags.
    @inline(__always)
    private mutating func scanText(from start: Int) -> (Int, EntryFlags) {
        var i = start
        var flags: EntryFlags = []
        while i < end && XMLChar.isSpace(p[i]) { i += 1 }
        if i >= end || p[i] == 0x3C { flags.insert(.whitespaceOnly) }
        let table = textClass
        let base = p.baseAddress
        scan: while i < end {
            // Eight bytes at a time while none of them needs a look (most of a key or a string).
            if let base {
                while i + 8 <= end && !Self.mayNeedInspection(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) { i += 8 }
            }
            while i < end && table[Int(p[i])] == 0 { i += 1 }
            if i >= end { break }
            let b = p[i]
            switch b {
            case 0x3C:
                break scan
            case 0x26:  // '&'
                flags.insert(.hasReferences)
                // Through the static form: calling a method of `self` here made every scan start
                // with a copy of the whole parser.
                let (n, ok) = Self.reference(at: i, in: p, context: context)
                if !ok { flags.insert(.malformed) }
                i += n
            case 0x5D:  // ']'
                if i + 2 < end && p[i + 1] == 0x5D && p[i + 2] == 0x3E { flags.insert(.malformed) }
                i += 1
            case 0x80...0xFF:
                let (c, n) = XMLChar.decode(p, i, end)
                if c < 0 || !XMLChar.isChar(c) { flags.insert(.malformed) }
                i += n
            default:  // control character
                flags.insert(.malformed)
                i += 1
            }
        }
        return (i, flags)
    }

    /// The common case `<key>text</key>`: text without markup closed by its own end tag becomes one
    /// inline entry without opening a frame. Returns false (changing nothing) otherwise.
    @inline(__always)
    private mutating func leaf(start: Int, contentStart: Int, nameStart: Int, nameLength: Int, tag: TagName, flags: EntryFlags) -> Bool {
        let (textEnd, textFlags) = scanText(from: contentStart)
        // Non-blank text directly in a container may hold directive lines: the frame path splits it.
        if !tag.isScalar && textEnd > contentStart && !textFlags.contains(.whitespaceOnly) { return false }
        var j = textEnd + 2
        guard j + nameLength < end, p[textEnd] == 0x3C, p[textEnd + 1] == 0x2F, bytes.memeq(nameStart, j, nameLength) else { return false }
        j += nameLength
        while j < end && XMLChar.isSpace(p[j]) { j += 1 }
        guard j < end, p[j] == 0x3E else { return false }
        if stack.count - 1 < contextDepth - 1 { return false }
        var entryFlags = textEnd > contentStart ? flags.union(textFlags.intersection([.hasReferences, .malformed])) : flags
        // Blank (or empty) inline content is recorded on the element: the tree does not store
        // blank runs, so readers of inline content could not tell `<dict>⏎⇥</dict>` from text.
        if textFlags.contains(.whitespaceOnly) { entryFlags.insert(.whitespaceOnly) }
        pos = j + 1
        append(RawEntry(offset: UInt32(start), width: UInt32(j + 1 - start), kind: .element, tag: tag, flags: entryFlags,
                        startTagWidth: UInt32(contentStart - start), endTagWidth: UInt32(j + 1 - textEnd)))
        return true
    }

    /// Whether any of the eight bytes of `w` may need the text scanner's attention: a byte the
    /// `textClass` table marks (`<`, `&`, `]`, a control character, a non-ASCII byte), or a tab,
    /// LF or CR (which it does not; the byte loop passes them). Never false for such a word.
    @inline(__always)
    static func mayNeedInspection(_ w: UInt64) -> Bool {
        // Bytes below 0x20: the zero-byte test against 0x20 (a borrow may also flag a byte above
        // such a one, which only makes the word looked at; non-ASCII bytes are flagged anyway).
        let control = (w &- 0x2020_2020_2020_2020) & ~w & 0x8080_8080_8080_8080
        let marks = byteBits(w, equalTo: 0x3C) | byteBits(w, equalTo: 0x26) | byteBits(w, equalTo: 0x5D)
        return nonASCIIBits(w) | control | marks != 0
    }

    /// Checks the reference at `i` (`p[i] == '&'`). Returns the bytes it spans and whether it is valid.
    func reference(at i: Int) -> (Int, Bool) {
        Self.reference(at: i, in: p, context: context)
    }

    @inline(never)
    static func reference(at i: Int, in p: UnsafeBufferPointer<UInt8>, context: ParseContext) -> (Int, Bool) {
        let end = p.count
        var j = i + 1
        if j < end && p[j] == 0x23 {  // '#'
            j += 1
            var hex = false
            if j < end && p[j] == 0x78 { hex = true; j += 1 }
            var value = 0
            let digitsStart = j
            while j < end {
                let b = p[j]
                var d = -1
                if b >= 0x30 && b <= 0x39 { d = Int(b) - 0x30 }
                else if hex && b >= 0x61 && b <= 0x66 { d = Int(b) - 0x61 + 10 }
                else if hex && b >= 0x41 && b <= 0x46 { d = Int(b) - 0x41 + 10 }
                if d < 0 { break }
                value = min(value * (hex ? 16 : 10) + d, 0x11_0000)
                j += 1
            }
            guard j > digitsStart, j < end, p[j] == 0x3B else { return (max(1, j - i), false) }
            return (j + 1 - i, XMLChar.isChar(value))
        }
        guard j < end else { return (1, false) }
        let (c0, n0) = XMLChar.decode(p, j, end)
        guard XMLChar.isNameStart(c0) else { return (1, false) }
        j += n0
        while j < end {
            let (c, n) = XMLChar.decode(p, j, end)
            if !XMLChar.isName(c) { break }
            j += n
        }
        guard j < end, p[j] == 0x3B else { return (j - i, false) }
        let name = UnsafeBufferPointer(rebasing: p[(i + 1)..<j])
        if Self.isPredefinedEntity(name) { return (j + 1 - i, true) }
        if context.declaredEntities.contains(Array(name)) { return (j + 1 - i, !context.unparsedEntities.contains(Array(name))) }
        return (j + 1 - i, !context.undeclaredEntityIsError)
    }

    static func isPredefinedEntity(_ n: UnsafeBufferPointer<UInt8>) -> Bool {
        switch n.count {
        case 2: return (n[0] == 0x6C || n[0] == 0x67) && n[1] == 0x74  // lt gt
        case 3: return n[0] == 0x61 && n[1] == 0x6D && n[2] == 0x70  // amp
        case 4: return (n[0] == 0x61 && n[1] == 0x70 && n[2] == 0x6F && n[3] == 0x73)  // apos
            || (n[0] == 0x71 && n[1] == 0x75 && n[2] == 0x6F && n[3] == 0x74)  // quot
        default: return false
        }
    }

    // MARK: Tags

    private mutating func bogus(width: Int) {
        append(RawEntry(offset: UInt32(pos), width: UInt32(width), kind: .bogus, tag: .other, flags: .malformed, startTagWidth: 0, endTagWidth: 0))
        pos += width
    }

    private mutating func startTag() {
        let start = pos
        let nameEnd: Int, tag: TagName
        var flags: EntryFlags = []
        var i: Int
        if let known = Self.plainStartTag(p, at: pos) {
            // `<key>`, `<string>`, `<dict>`…: what the scan below finds for them, without it.
            nameEnd = pos + 1 + known.nameLength
            tag = known.tag
            i = nameEnd + 1
        } else {
            nameEnd = bytes.name(at: pos + 1)
            if nameEnd == pos + 1 { bogus(width: 1); return }
            tag = p.baseAddress.map { TagName.classify($0 + pos + 1, nameEnd - pos - 1) } ?? .other
            i = nameEnd
            scanAttributes(&i, &flags)
        }
        let width = i - start
        if flags.contains(.selfClosing) || (flags.contains(.startTagUnterminated) && !tag.isContainer) {
            closeScalarsBefore(start, opening: tag)
            if escaped { return }
            pos = i
            append(RawEntry(offset: UInt32(start), width: UInt32(width), kind: .element, tag: tag, flags: flags, startTagWidth: UInt32(width), endTagWidth: 0))
            return
        }
        closeScalarsBefore(start, opening: tag)
        if escaped { return }
        if leaf(start: start, contentStart: i, nameStart: start + 1, nameLength: nameEnd - start - 1, tag: tag, flags: flags) { return }
        pos = i
        push(start: start, tag: tag, nameLength: nameEnd - start - 1, startTagWidth: width, flags: flags)
    }

    /// Reads a start tag's attributes, from `i` (just after its name) to just after its `>` (or
    /// where it stops without one), recording what is wrong in `flags`.
    private func scanAttributes(_ i: inout Int, _ flags: inout EntryFlags) {
        // Made at the first attribute (a plist's only one is `version`): an empty array is still
        // released when the function returns.
        var attributeNames: [(Int, Int)]? = nil
        // Past a few attributes, duplicates are found by hashing: a pairwise check is quadratic
        // (200,000 attributes on one tag took half a minute).
        var attributeSet: Set<ArraySlice<UInt8>>? = nil
        tagLoop: while true {
            let hadSpace = bytes.skipSpace(&i)
            if i >= end { flags.insert(.startTagUnterminated); break }
            switch p[i] {
            case 0x3E:  // '>'
                i += 1
                break tagLoop
            case 0x2F:  // '/'
                if i + 1 < end && p[i + 1] == 0x3E { i += 2; flags.insert(.selfClosing); break tagLoop }
                flags.insert(.malformed)
                i += 1
            case 0x3C:  // '<'
                flags.insert(.startTagUnterminated)
                break tagLoop
            default:
                let attrEnd = bytes.name(at: i)
                if attrEnd == i {  // garbage
                    flags.insert(.malformed)
                    i += XMLChar.decode(p, i, end).1
                    continue
                }
                if !hadSpace { flags.insert(.malformed) }
                var names = attributeNames ?? []
                if attributeSet != nil || names.count >= 8 {
                    if attributeSet == nil {
                        var set = Set<ArraySlice<UInt8>>(minimumCapacity: 32)
                        for (s, n) in names { set.insert(slice(s, n)) }
                        attributeSet = set
                    }
                    if !attributeSet!.insert(slice(i, attrEnd - i)).inserted { flags.insert(.malformed) }
                } else {
                    for (s, n) in names where n == attrEnd - i && bytes.memeq(s, i, n) { flags.insert(.malformed) }
                }
                attributeNames = nil  // `names` the only reference: appending does not copy
                names.append((i, attrEnd - i))
                attributeNames = names
                i = attrEnd
                _ = bytes.skipSpace(&i)
                guard i < end, p[i] == 0x3D else { flags.insert(.malformed); continue }  // '='
                i += 1
                _ = bytes.skipSpace(&i)
                guard i < end, p[i] == 0x22 || p[i] == 0x27 else { flags.insert(.malformed); continue }
                let quote = p[i]
                i += 1
                while true {
                    if i >= end { flags.formUnion([.startTagUnterminated, .malformed]); break tagLoop }
                    let b = p[i]
                    if b == quote { i += 1; break }
                    if b == 0x3C { flags.formUnion([.startTagUnterminated, .malformed]); break tagLoop }
                    if b == 0x26 {
                        let (n, ok) = reference(at: i)
                        if !ok { flags.insert(.malformed) }
                        i += n
                    } else if b >= 0x80 {
                        let (c, n) = XMLChar.decode(p, i, end)
                        if c < 0 || !XMLChar.isChar(c) { flags.insert(.malformed) }
                        i += n
                    } else {
                        if b < 0x20 && !XMLChar.isSpace(b) { flags.insert(.malformed) }
                        i += 1
                    }
                }
            }
        }
    }

    /// The tag and name length when the start tag at `i` (`p[i] == '<'`) is a plain start tag of
    /// a plist element (`<key>`, `<string>`…), read from the eight bytes after `<`; nil for any
    /// other (then the byte-by-byte scan reads it). Exactly what that scan finds for such a tag:
    /// the name ends at the `>`, which ends the tag.
    @inline(__always)
    static func plainStartTag(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> (tag: TagName, nameLength: Int)? {
        guard i + 9 <= p.count, let base = p.baseAddress else { return nil }
        let w = UInt64(littleEndian: UnsafeRawPointer(base + i + 1).loadUnaligned(as: UInt64.self))
        switch w & 0xFF {
        case 0x6B: if w & 0xFFFF_FFFF == 0x3E79_656B { return (.key, 3) }
        case 0x73: if w & 0xFF_FFFF_FFFF_FFFF == 0x3E67_6E69_7274_73 { return (.string, 6) }
        case 0x64:
            switch w & 0xFF_FFFF_FFFF {
            case 0x3E74_6369_64: return (.dict, 4)
            case 0x3E65_7461_64: return (.date, 4)
            case 0x3E61_7461_64: return (.data, 4)
            default: break
            }
        case 0x61: if w & 0xFFFF_FFFF_FFFF == 0x3E79_6172_7261 { return (.array, 5) }
        case 0x69: if w == 0x3E72_6567_6574_6E69 { return (.integer, 7) }
        case 0x72: if w & 0xFF_FFFF_FFFF == 0x3E6C_6165_72 { return (.real, 4) }
        default: break
        }
        return nil
    }

    /// A plist element cannot live inside a scalar (`<key>NSCam` followed by `<string>` on the next
    /// line): the new tag ends the scalar, which keeps the rest of the dictionary intact while typing.
    /// But only when XML agrees the scalar is broken: if the scalar's own end tag follows after
    /// balanced markup (`<key>a<true/>b</key>`), the XML nests, and so do we — the plist layer
    /// reports the element inside the scalar, and the well-formedness verdict stays XML's.
    @inline(__always)
    private mutating func closeScalarsBefore(_ offset: Int, opening tag: TagName) {
        guard tag != .other else { return }
        while stack.count > 1 && stack[stack.count - 1].tag.isScalar && !escaped {
            let top = stack[stack.count - 1]
            if endTagFollows(from: offset, nameStart: top.nameStart, nameLength: top.nameLength) {
                stack[stack.count - 1].flags.insert(.lookahead)
                return
            }
            close(at: offset, endTagWidth: 0, flags: [.endTagMissing, .lookahead])
        }
    }

    /// Whether, reading XML markup from `i`, the element named by `nameStart/nameLength` is closed
    /// by its own end tag after balanced content. A mismatch, an unterminated construct or the end
    /// of the file says no. Past a budget of tags it says yes (nesting, as XML does, keeps the
    /// verdict exact; only the recovery is less helpful).
    private func endTagFollows(from i0: Int, nameStart: Int, nameLength: Int) -> Bool {
        var open: [(Int, Int)] = []
        var i = i0
        var budget = 4096
        while true {
            switch nextLookaheadTag(&i, budget: &budget) {
            case .outOfBudget:
                return true
            case .unreadable, .endOfInput:
                return false
            case .start(let s, let n, let selfClosing):
                if !selfClosing { open.append((s, n)) }
            case .end(let s, let n):
                guard let (top, len) = open.last else { return n == nameLength && bytes.memeq(nameStart, s, n) }
                guard len == n && bytes.memeq(top, s, n) else { return false }
                open.removeLast()
            }
        }
    }

    /// A tag the look-ahead reads.
    private enum LookaheadTag {
        case start(nameStart: Int, nameLength: Int, selfClosing: Bool)
        case end(nameStart: Int, nameLength: Int)
        /// An unterminated comment, CDATA section or PI, `<!…` markup in content, a tag without `>`.
        case unreadable
        case endOfInput
        /// More than the budget of `<` was read.
        case outOfBudget
    }

    /// The next tag from `i`, skipping text, comments, CDATA sections and processing instructions,
    /// with `i` moved past it; each `<` read costs one unit of `budget`. Shared by the look-aheads
    /// of recovery (`endTagFollows`, `balancedAhead`), which differ only in what they conclude.
    private func nextLookaheadTag(_ i: inout Int, budget: inout Int) -> LookaheadTag {
        while i < end {
            if p[i] != 0x3C { i += 1; continue }
            budget -= 1
            if budget == 0 { return .outOfBudget }
            if hasPrefix("<!--", at: i) {
                guard let e = find("-->", from: i + 4) else { return .unreadable }
                i = e + 3
            } else if hasPrefix("<![CDATA[", at: i) {
                guard let e = find("]]>", from: i + 9) else { return .unreadable }
                i = e + 3
            } else if hasPrefix("<?", at: i) {
                guard let e = find("?>", from: i + 2) else { return .unreadable }
                i = e + 2
            } else if i + 1 < end && p[i + 1] == 0x21 {
                return .unreadable  // DOCTYPE or bogus markup inside content
            } else if i + 1 < end && p[i + 1] == 0x2F {
                let ne = bytes.name(at: i + 2)
                let n = ne - i - 2
                var j = ne
                while j < end && XMLChar.isSpace(p[j]) { j += 1 }
                guard n > 0, j < end, p[j] == 0x3E else { return .unreadable }
                let start = i + 2
                i = j + 1
                return .end(nameStart: start, nameLength: n)
            } else {
                let ne = bytes.name(at: i + 1)
                guard ne > i + 1 else { return .unreadable }
                var j = ne
                var quote: UInt8 = 0
                while j < end {
                    let b = p[j]
                    if quote != 0 { if b == quote { quote = 0 } }
                    else if b == 0x22 || b == 0x27 { quote = b }
                    else if b == 0x3E || b == 0x3C { break }
                    j += 1
                }
                guard j < end, p[j] == 0x3E else { return .unreadable }
                let start = i + 1
                i = j + 1
                return .start(nameStart: start, nameLength: ne - start, selfClosing: p[j - 1] == 0x2F)
            }
        }
        return .endOfInput
    }

    /// A copy of `n` bytes from `s`, as a hashable slice.
    private func slice(_ s: Int, _ n: Int) -> ArraySlice<UInt8> {
        ArraySlice(UnsafeBufferPointer(rebasing: p[s..<(s + n)]))
    }

    private mutating func endTag() {
        let start = pos
        let nameEnd = bytes.name(at: pos + 2)
        if nameEnd == pos + 2 { bogus(width: 2); return }
        var i = nameEnd
        var flags: EntryFlags = []
        _ = bytes.skipSpace(&i)
        if i < end && p[i] == 0x3E {
            i += 1
        } else {
            // Garbage before '>' (`</key x>`), or no '>' at all.
            var j = i
            while j < end && p[j] != 0x3E && p[j] != 0x3C { j += 1 }
            if j < end && p[j] == 0x3E { i = j + 1; flags.insert(.malformed) } else { i = j; flags.insert(.endTagUnterminated) }
        }
        let width = i - start
        let nameStart = pos + 2, nameLength = nameEnd - nameStart
        // Which open element does it close?
        var k = stack.count - 1
        while k >= 1 {
            if stack[k].nameLength == nameLength && bytes.memeq(stack[k].nameStart, nameStart, nameLength) { break }
            k -= 1
        }
        let top = stack.count - 1
        var recovering = false
        if k >= 1, let j = indentationRecovery(endTagStart: start, matching: k) { k = j; recovering = true }
        if k >= 1 {
            if k < contextDepth { escaped = true; return }
            while stack.count - 1 > k && !escaped {
                if recovering { closeMissingByIndentation(at: start) } else { close(at: start, endTagWidth: 0, flags: .endTagMissing) }
            }
            pos = i
            close(at: start, endTagWidth: width, flags: flags)
        } else if top >= 1 && !stack[top].tag.isContainer {
            pos = i
            close(at: start, endTagWidth: width, flags: flags.union(.endTagMismatched))
        } else {
            pos = i
            append(RawEntry(offset: UInt32(start), width: UInt32(width), kind: .strayEndTag, tag: .other, flags: flags.union(.malformed), startTagWidth: 0, endTagWidth: 0))
        }
    }

    // MARK: Recovery of a missing end tag from indentation

    /// The indentation of the line holding `i` when only blanks precede `i` on it (nil otherwise),
    /// as the range of those blanks.
    private func lineIndentation(before i: Int) -> Range<Int>? {
        var j = i
        while j > 0 && (p[j - 1] == 0x20 || p[j - 1] == 0x09) { j -= 1 }
        guard j == 0 || p[j - 1] == 0x0A || p[j - 1] == 0x0D else { return nil }
        return j..<i
    }

    enum IndentationOrder { case shallower, same, deeper }

    /// How indentation `a` compares with `b`: deeper when `b`'s blanks begin it and it has more,
    /// the same when the blanks are equal, nil when neither begins the other (tabs against spaces:
    /// a person's editor shows a tab at 2, 4 or 8 columns, so no reading of the two lines is sure).
    /// A half-typed entry indented with tabs in a file indented with spaces keeps its place.
    private func depth(_ a: Range<Int>, comparedWith b: Range<Int>) -> IndentationOrder? {
        let n = min(a.count, b.count)
        guard n == 0 || bytes.memeq(a.lowerBound, b.lowerBound, n) else { return nil }
        return a.count > b.count ? .deeper : a.count == b.count ? .same : .shallower
    }

    /// A person reads a missing end tag from indentation: with `</dict>` deleted after an
    /// exception domain's last entry, the next `</dict>` (one level less indented) closes the
    /// *outer* dictionary its indentation lines up with, and the inner one is the unclosed one.
    /// Returns the index of the frame this end tag closes instead of `k` (the nearest open
    /// element of its name), or nil to keep XML's reading. It applies only when the end tag
    /// starts its line, is less indented than frame `k`'s start tag and every frame above the
    /// chosen one, lines up exactly with the chosen one, and a look-ahead confirms that XML's
    /// reading leaves the rest of the document unbalanced while this one balances it: a valid
    /// file, however indented, never gets an error. The decision read ahead, so the entries it
    /// touches carry `lookahead` (an edit then reparses in full).
    private mutating func indentationRecovery(endTagStart x: Int, matching k: Int) -> Int? {
        guard let indent = lineIndentation(before: x),
              let innerIndent = lineIndentation(before: stack[k].start), depth(innerIndent, comparedWith: indent) == .deeper else { return nil }
        // The outer open element of the same name that the end tag lines up with.
        var j = k - 1
        var found: Int? = nil
        while j >= 1 {
            guard let ind = lineIndentation(before: stack[j].start) else { break }
            let order = depth(ind, comparedWith: indent)
            if order == .same {
                if stack[j].nameLength == stack[k].nameLength && bytes.memeq(stack[j].nameStart, stack[k].nameStart, stack[k].nameLength) { found = j }
                break
            }
            // Less indented, or indented with other blanks (tabs against spaces): nothing lines up.
            if order != .deeper { break }
            j -= 1
        }
        guard let outer = found else { return nil }
        // Every frame the recovery closes must be more indented than the end tag.
        for f in (outer + 1)..<stack.count {
            guard let ind = lineIndentation(before: stack[f].start), depth(ind, comparedWith: indent) == .deeper else { return nil }
        }
        // XML's reading must fail and the recovered one succeed (nil: could not tell).
        guard balancedAhead(from: x, open: 1..<stack.count) == false,
              balancedAhead(from: x, open: 1..<(outer + 1)) == true else {
            stack[k].flags.insert(.lookahead)
            return nil
        }
        for f in outer..<stack.count { stack[f].flags.insert(.lookahead) }
        return outer
    }

    /// Closes the innermost element as missing where its indentation says it ended: its content
    /// is the lines indented deeper than its start tag; the first child that starts a line no
    /// deeper (`<key>` lined up with `<dict>`), and everything after it, goes to the parent.
    private mutating func closeMissingByIndentation(at x: Int) {
        let top = stack.count - 1
        guard top >= contextDepth, let indent = lineIndentation(before: stack[top].start) else {
            close(at: x, endTagWidth: 0, flags: .endTagMissing)
            return
        }
        let f = stack[top]
        var cut = f.children.count
        for (i, c) in f.children.enumerated() {
            if let ind = lineIndentation(before: f.start + Int(c.offset)),
               let order = depth(ind, comparedWith: indent), order != .deeper { cut = i; break }
        }
        guard cut < f.children.count else {
            close(at: x, endTagWidth: 0, flags: .endTagMissing)
            return
        }
        // Child nodes are appended in child order, so the moved entries own the last nodes.
        if let firstNode = f.children[cut...].first(where: { $0.nodeIndex >= 0 }).map({ Int($0.nodeIndex) }) {
            stack[top].nodes.removeSubrange(firstNode...)
        }
        stack[top].children.removeSubrange(cut...)
        close(at: x, endTagWidth: 0, flags: .endTagMissing)
        let parent = stack.count - 1
        for var e in f.children[cut...] {
            e.offset = UInt32(f.start + Int(e.offset))  // absolute; `append` makes it relative
            if e.nodeIndex >= 0 {
                stack[parent].nodes.append(f.nodes[Int(e.nodeIndex)])
                e.nodeIndex = Int32(stack[parent].nodes.count - 1)
            }
            append(e)
        }
    }

    /// Whether the markup from `i` closes exactly the frames `open` (innermost last), each by its
    /// own end tag, and then ends the document with nothing else open or stray. Nil when the
    /// look-ahead budget runs out or the markup cannot be read (unterminated constructs).
    private func balancedAhead(from i0: Int, open frames: Range<Int>) -> Bool? {
        var open: [(Int, Int)] = frames.map { (stack[$0].nameStart, stack[$0].nameLength) }
        var i = i0
        var budget = 4096
        while true {
            switch nextLookaheadTag(&i, budget: &budget) {
            case .outOfBudget, .unreadable:
                return nil
            case .endOfInput:
                return open.isEmpty
            case .start(let s, let n, let selfClosing):
                if !selfClosing { open.append((s, n)) }
            case .end(let s, let n):
                guard let (top, len) = open.last, len == n, bytes.memeq(top, s, n) else { return false }
                open.removeLast()
            }
        }
    }

    // MARK: Comments, CDATA, DOCTYPE, processing instructions

    @inline(__always)
    private func hasPrefix(_ s: StaticString, at i: Int) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i + n <= end else { return false }
        let q = s.utf8Start
        for k in 0..<n where p[i + k] != q[k] { return false }
        return true
    }

    /// Validates characters in `from..<to`; returns false on an invalid one.
    private func validChars(_ from: Int, _ to: Int) -> Bool {
        var i = from
        while i < to {
            let b = p[i]
            if b < 0x80 {
                if b < 0x20 && !XMLChar.isSpace(b) { return false }
                i += 1
            } else {
                let (c, n) = XMLChar.decode(p, i, end)
                if c < 0 || !XMLChar.isChar(c) { return false }
                i += n
            }
        }
        return true
    }

    /// Finds `terminator` from `i`; returns its start or nil.
    private func find(_ terminator: StaticString, from i: Int) -> Int? {
        let first = terminator.utf8Start[0]
        var j = i
        while j < end {
            if p[j] == first && hasPrefix(terminator, at: j) { return j }
            j += 1
        }
        return nil
    }

    private mutating func bang() {
        let start = pos
        if hasPrefix("<!--", at: pos) {
            var flags: EntryFlags = []
            var i = pos + 4
            var close: Int? = nil
            while i + 1 < end {
                if p[i] == 0x2D && p[i + 1] == 0x2D {
                    if i + 2 < end && p[i + 2] == 0x3E { close = i; break }
                    flags.insert(.malformed)
                    i += 1
                    continue
                }
                i += 1
            }
            let contentEnd = close ?? end
            if !validChars(pos + 4, contentEnd) { flags.insert(.malformed) }
            let stop = close.map { $0 + 3 } ?? end
            if close == nil { flags.formUnion([.unterminated, .malformed]) }
            pos = stop
            append(RawEntry(offset: UInt32(start), width: UInt32(stop - start), kind: .comment, tag: .other, flags: flags, startTagWidth: 0, endTagWidth: 0))
        } else if hasPrefix("<![CDATA[", at: pos) {
            var flags: EntryFlags = []
            let close = find("]]>", from: pos + 9)
            if !validChars(pos + 9, close ?? end) { flags.insert(.malformed) }
            let stop = close.map { $0 + 3 } ?? end
            if close == nil { flags.formUnion([.unterminated, .malformed]) }
            pos = stop
            append(RawEntry(offset: UInt32(start), width: UInt32(stop - start), kind: .cdata, tag: .other, flags: flags, startTagWidth: 0, endTagWidth: 0))
        } else if hasPrefix("<!DOCTYPE", at: pos) {
            var scanner = DoctypeScanner(p: p, end: end, start: pos)
            scanner.scan()
            var flags: EntryFlags = scanner.ok ? [] : .malformed
            if stack.count > 1 { flags.insert(.malformed) }
            if stack.count == 1 && !seenRoot && !seenDoctype && scanner.ok {
                context.declaredEntities = scanner.generalEntities
                context.unparsedEntities = scanner.unparsedEntities
                context.undeclaredEntityIsError = !(scanner.hasExternalSubset || scanner.hasParameterReferences)
                    || standalone == true
            }
            if scanner.unterminated { flags.insert(.unterminated) }
            pos = scanner.pos
            append(RawEntry(offset: UInt32(start), width: UInt32(pos - start), kind: .doctype, tag: .other, flags: flags, startTagWidth: 0, endTagWidth: 0))
        } else {
            var j = pos + 2
            while j < end && p[j] != 0x3E && p[j] != 0x3C { j += 1 }
            if j < end && p[j] == 0x3E { j += 1 }
            bogus(width: j - pos)
        }
    }

    /// The `standalone` value of the XML declaration, once seen.
    private var standalone: Bool? = nil

    private mutating func processingInstruction() {
        let start = pos
        let targetEnd = bytes.name(at: pos + 2)
        var flags: EntryFlags = []
        var kind = SyntaxKind.processingInstruction
        let targetLength = targetEnd - pos - 2
        if targetLength == 0 { flags.insert(.malformed) }
        if targetLength == 3 {
            let a = p[pos + 2] | 0x20, b = p[pos + 3] | 0x20, c = p[pos + 4] | 0x20
            if a == 0x78 && b == 0x6D && c == 0x6C {  // "xml" in any case
                if p[pos + 2] == 0x78 && p[pos + 3] == 0x6D && p[pos + 4] == 0x6C && start == documentStart && stack.count == 1 && stack[0].children.count == (documentStart == 0 ? 0 : 1) {
                    kind = .xmlDeclaration
                } else {
                    flags.insert(.malformed)
                }
            }
        }
        let close = find("?>", from: targetEnd)
        let stop = close.map { $0 + 2 } ?? end
        if close == nil { flags.formUnion([.unterminated, .malformed]) }
        if kind == .xmlDeclaration {
            var decl = XMLDeclarationScanner(p: p, start: targetEnd, end: close ?? end)
            if !decl.scan() { flags.insert(.malformed) }
            standalone = decl.standalone
        } else if targetLength > 0 {
            let contentEnd = close ?? end
            if targetEnd < contentEnd && !XMLChar.isSpace(p[targetEnd]) { flags.insert(.malformed) }
            if !validChars(targetEnd, contentEnd) { flags.insert(.malformed) }
        }
        pos = stop
        append(RawEntry(offset: UInt32(start), width: UInt32(stop - start), kind: kind, tag: .other, flags: flags, startTagWidth: 0, endTagWidth: 0))
    }
}

/// The input bytes and the scanning helpers the parser's hot paths share. A small value of its
/// own: a non-mutating method of `Parser` called from a mutating one made the compiler copy the
/// whole parser (145 bytes) on every call, a tenth of the parse (docs/performance.md).
struct ByteView {
    let p: UnsafeBufferPointer<UInt8>
    let end: Int
    /// ASCII name characters, held as a pointer so the hot loops need no lazy-global checks.
    let nameClass = XMLChar.asciiNameTable

    init(p: UnsafeBufferPointer<UInt8>) {
        self.p = p
        self.end = p.count
    }

    /// Scans a Name at `i`; returns its end, or `i` when no name starts there.
    @inline(__always)
    func name(at i: Int) -> Int {
        guard i < end else { return i }
        let b = p[i]
        var j = i
        if b < 0x80 {
            guard nameClass[Int(b)] == 1 else { return i }
            j += 1
        } else {
            let (c, n) = XMLChar.decode(p, i, end)
            guard XMLChar.isNameStart(c) else { return i }
            j += n
        }
        while j < end {
            let b = p[j]
            if b < 0x80 {
                if nameClass[Int(b)] == 0 { break }
                j += 1
            } else {
                let (c, n) = XMLChar.decode(p, j, end)
                if !XMLChar.isName(c) { break }
                j += n
            }
        }
        return j
    }

    @inline(__always)
    func skipSpace(_ i: inout Int) -> Bool {
        let s = i
        while i < end && XMLChar.isSpace(p[i]) { i += 1 }
        return i > s
    }

    /// Whether the `n` bytes at `a` equal those at `b`. Tag names are short: up to 8 bytes are
    /// compared as one word when both words lie inside the text.
    @inline(__always)
    func memeq(_ a: Int, _ b: Int, _ n: Int) -> Bool {
        if n <= 8 && a + 8 <= end && b + 8 <= end, let base = p.baseAddress {
            let x = UnsafeRawPointer(base + a).loadUnaligned(as: UInt64.self)
            let y = UnsafeRawPointer(base + b).loadUnaligned(as: UInt64.self)
            let mask: UInt64 = n == 8 ? ~0 : (1 &<< UInt64(n * 8)) &- 1
            return (x ^ y) & mask.littleEndian == 0
        }
        for k in 0..<n where p[a + k] != p[b + k] { return false }
        return true
    }
}
