// Start and end tags: attributes, the plain-tag fast path, the look-ahead that decides whether an
// end tag closes the open element, and what a stray or mismatched end tag does.

extension Parser {
    // MARK: Tags

    mutating func bogus(width: Int) {
        append(
            RawEntry(
                offset: UInt32(pos), width: UInt32(width), kind: .bogus, tag: .other, flags: .malformed, startTagWidth: 0, endTagWidth: 0))
        pos += width
    }

    mutating func startTag() {
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
            append(
                RawEntry(
                    offset: UInt32(start), width: UInt32(width), kind: .element, tag: tag, flags: flags, startTagWidth: UInt32(width),
                    endTagWidth: 0))
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
    func scanAttributes(_ i: inout Int, _ flags: inout EntryFlags) {
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
    mutating func closeScalarsBefore(_ offset: Int, opening tag: TagName) {
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
    func endTagFollows(from i0: Int, nameStart: Int, nameLength: Int) -> Bool {
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
    enum LookaheadTag {
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
    func nextLookaheadTag(_ i: inout Int, budget: inout Int) -> LookaheadTag {
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
                    if quote != 0 {
                        if b == quote { quote = 0 }
                    } else if b == 0x22 || b == 0x27 {
                        quote = b
                    } else if b == 0x3E || b == 0x3C {
                        break
                    }
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
    func slice(_ s: Int, _ n: Int) -> ArraySlice<UInt8> {
        ArraySlice(UnsafeBufferPointer(rebasing: p[s..<(s + n)]))
    }

    mutating func endTag() {
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
            append(
                RawEntry(
                    offset: UInt32(start), width: UInt32(width), kind: .strayEndTag, tag: .other, flags: flags.union(.malformed),
                    startTagWidth: 0, endTagWidth: 0))
        }
    }
}
