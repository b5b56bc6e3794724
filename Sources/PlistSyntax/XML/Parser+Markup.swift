// Markup that is not an element: comments, CDATA sections, the DOCTYPE and processing instructions
// (the XML declaration among them).

extension Parser {
    // MARK: Comments, CDATA, DOCTYPE, processing instructions

    @inline(__always)
    func hasPrefix(_ s: StaticString, at i: Int) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i + n <= end else { return false }
        let q = s.utf8Start
        for k in 0..<n where p[i + k] != q[k] { return false }
        return true
    }

    /// Validates characters in `from..<to`; returns false on an invalid one.
    func validChars(_ from: Int, _ to: Int) -> Bool {
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
    func find(_ terminator: StaticString, from i: Int) -> Int? {
        let first = terminator.utf8Start[0]
        var j = i
        while j < end {
            if p[j] == first && hasPrefix(terminator, at: j) { return j }
            j += 1
        }
        return nil
    }

    mutating func bang() {
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
            append(
                RawEntry(
                    offset: UInt32(start), width: UInt32(stop - start), kind: .comment, tag: .other, flags: flags, startTagWidth: 0,
                    endTagWidth: 0))
        } else if hasPrefix("<![CDATA[", at: pos) {
            var flags: EntryFlags = []
            let close = find("]]>", from: pos + 9)
            if !validChars(pos + 9, close ?? end) { flags.insert(.malformed) }
            let stop = close.map { $0 + 3 } ?? end
            if close == nil { flags.formUnion([.unterminated, .malformed]) }
            pos = stop
            append(
                RawEntry(
                    offset: UInt32(start), width: UInt32(stop - start), kind: .cdata, tag: .other, flags: flags, startTagWidth: 0,
                    endTagWidth: 0))
        } else if hasPrefix("<!DOCTYPE", at: pos) {
            var scanner = DoctypeScanner(p: p, end: end, start: pos)
            scanner.scan()
            var flags: EntryFlags = scanner.ok ? [] : .malformed
            if stack.count > 1 { flags.insert(.malformed) }
            if stack.count == 1 && !seenRoot && !seenDoctype && scanner.ok {
                context.declaredEntities = scanner.generalEntities
                context.unparsedEntities = scanner.unparsedEntities
                context.undeclaredEntityIsError =
                    !(scanner.hasExternalSubset || scanner.hasParameterReferences)
                    || standalone == true
            }
            if scanner.unterminated { flags.insert(.unterminated) }
            pos = scanner.pos
            append(
                RawEntry(
                    offset: UInt32(start), width: UInt32(pos - start), kind: .doctype, tag: .other, flags: flags, startTagWidth: 0,
                    endTagWidth: 0))
        } else {
            var j = pos + 2
            while j < end && p[j] != 0x3E && p[j] != 0x3C { j += 1 }
            if j < end && p[j] == 0x3E { j += 1 }
            bogus(width: j - pos)
        }
    }

    mutating func processingInstruction() {
        let start = pos
        let targetEnd = bytes.name(at: pos + 2)
        var flags: EntryFlags = []
        var kind = SyntaxKind.processingInstruction
        let targetLength = targetEnd - pos - 2
        if targetLength == 0 { flags.insert(.malformed) }
        if targetLength == 3 {
            let a = p[pos + 2] | 0x20, b = p[pos + 3] | 0x20, c = p[pos + 4] | 0x20
            if a == 0x78 && b == 0x6D && c == 0x6C {  // "xml" in any case
                if p[pos + 2] == 0x78 && p[pos + 3] == 0x6D && p[pos + 4] == 0x6C && start == documentStart && stack.count == 1
                    && stack[0].children.count == (documentStart == 0 ? 0 : 1)
                {
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
        append(
            RawEntry(
                offset: UInt32(start), width: UInt32(stop - start), kind: kind, tag: .other, flags: flags, startTagWidth: 0, endTagWidth: 0)
        )
    }
}
