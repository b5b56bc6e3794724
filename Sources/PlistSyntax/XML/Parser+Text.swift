// Character data and references: text runs between markup, the inline `<key>text</key>` leaf,
// and the check of `&…;` references.

extension Parser {
    // MARK: Text and references

    /// Character data. Blank runs between markup are not stored: they are the gaps between
    /// entries, and iteration (`SyntaxElement.forEachChild`) gives them back.
    @inline(__always)
    mutating func text() {
        let start = pos
        let (stop, flags) = scanText(from: pos)
        pos = stop
        if flags.contains(.whitespaceOnly) { return }
        // Only non-blank text outside scalars can hold preprocessor directives (rare in a valid
        // file), so the common paths never look for '#'.
        if !stack[stack.count - 1].tag.isScalar && splitDirectives(start, stop) { return }
        append(
            RawEntry(
                offset: UInt32(start), width: UInt32(stop - start), kind: .text, tag: .other, flags: flags, startTagWidth: 0, endTagWidth: 0
            ))
    }

    /// Scans character data from `start` to the next `<` (or the end); returns where it stops and
    /// the text's flags.
    @inline(__always)
    mutating func scanText(from start: Int) -> (Int, EntryFlags) {
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
    mutating func leaf(start: Int, contentStart: Int, nameStart: Int, nameLength: Int, tag: TagName, flags: EntryFlags) -> Bool {
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
        append(
            RawEntry(
                offset: UInt32(start), width: UInt32(j + 1 - start), kind: .element, tag: tag, flags: entryFlags,
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
                if b >= 0x30 && b <= 0x39 {
                    d = Int(b) - 0x30
                } else if hex && b >= 0x61 && b <= 0x66 {
                    d = Int(b) - 0x61 + 10
                } else if hex && b >= 0x41 && b <= 0x46 {
                    d = Int(b) - 0x41 + 10
                }
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
        case 4:
            return (n[0] == 0x61 && n[1] == 0x70 && n[2] == 0x6F && n[3] == 0x73)  // apos
                || (n[0] == 0x71 && n[1] == 0x75 && n[2] == 0x6F && n[3] == 0x74)  // quot
        default: return false
        }
    }
}
