// Scanners for the prolog: the XML declaration and the DOCTYPE (with its internal subset).
// They follow the XML 1.0 grammar as libxml2 enforces it; entities are recorded, never expanded.

/// Checks `<?xml version="1.0" encoding="UTF-8" standalone="no"?>` between the target and `?>`.
struct XMLDeclarationScanner {
    let p: UnsafeBufferPointer<UInt8>
    var i: Int
    let end: Int
    var standalone: Bool? = nil
    /// The declared encoding when it is not UTF-8 (we read UTF-8 only).
    var unsupportedEncoding: String? = nil

    init(p: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
        self.p = p
        self.i = start
        self.end = end
    }

    private mutating func space() -> Bool {
        let s = i
        while i < end && XMLChar.isSpace(p[i]) { i += 1 }
        return i > s
    }

    private mutating func word(_ w: StaticString) -> Bool {
        let n = w.utf8CodeUnitCount
        guard i + n <= end else { return false }
        for k in 0..<n where p[i + k] != w.utf8Start[k] { return false }
        i += n
        return true
    }

    /// `S? '=' S? quote` — returns the quote byte.
    private mutating func equalsQuote() -> UInt8? {
        _ = space()
        guard i < end, p[i] == 0x3D else { return nil }
        i += 1
        _ = space()
        guard i < end, p[i] == 0x22 || p[i] == 0x27 else { return nil }
        i += 1
        return p[i - 1]
    }

    /// Whether an encoding name (lowercased) is one property lists are read in: UTF-8 or UTF-16.
    static func isReadEncoding(_ lower: String) -> Bool {
        // UTF-16LE and UTF-16BE name a byte order, which `SourceDecoding.encodingMismatch`
        // checks against the bytes; the text parsed is Unicode already.
        lower == "utf-8" || lower == "utf8" || lower == "utf-16" || lower == "utf16"
            || lower == "utf-16le" || lower == "utf-16be" || lower == "utf16le" || lower == "utf16be"
    }

    /// Returns whether the declaration is well formed.
    mutating func scan() -> Bool {
        guard space(), word("version"), let q = equalsQuote() else { return false }
        let vs = i
        guard i < end, p[i] >= 0x30, p[i] <= 0x39 else { return false }
        i += 1
        guard i < end, p[i] == 0x2E else { return false }
        i += 1
        while i < end && p[i] >= 0x30 && p[i] <= 0x39 { i += 1 }
        // "1.x" is accepted (libxml2 warns); other versions are fatal.
        guard p[vs] == 0x31, i < end, p[i] == q else { return false }
        i += 1
        var hadSpace = space()
        if i == end { return true }
        if word("encoding") {
            guard hadSpace, let q = equalsQuote() else { return false }
            let s = i
            guard i < end, (p[i] | 0x20) >= 0x61, (p[i] | 0x20) <= 0x7A else { return false }
            i += 1
            while i < end {
                let b = p[i]
                let letter = (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A
                if letter || (b >= 0x30 && b <= 0x39) || b == 0x2E || b == 0x5F || b == 0x2D { i += 1 } else { break }
            }
            guard i < end, p[i] == q else { return false }
            let name = String(decoding: UnsafeBufferPointer(rebasing: p[s..<i]), as: UTF8.self)
            let lower = name.lowercased()
            // UTF-16 is read too: the text parsed is Unicode already (a file with a UTF-16 byte
            // order mark transcoded, or an editor's buffer); a UTF-8 file that declares UTF-16 is
            // reported by `Analyzer`, which sees the bytes.
            if !Self.isReadEncoding(lower) { unsupportedEncoding = name }
            i += 1
            hadSpace = space()
            if i == end { return unsupportedEncoding == nil }
        }
        if word("standalone") {
            guard hadSpace, let q = equalsQuote() else { return false }
            if word("yes") { standalone = true } else if word("no") { standalone = false } else { return false }
            guard i < end, p[i] == q else { return false }
            i += 1
            _ = space()
        }
        return i == end && unsupportedEncoding == nil
    }
}

/// Scans `<!DOCTYPE name ExternalID? [internal subset]? >` from its `<`.
struct DoctypeScanner {
    let p: UnsafeBufferPointer<UInt8>
    let end: Int
    let start: Int
    var pos: Int
    var ok = true
    var unterminated = false
    var hasExternalSubset = false
    var hasParameterReferences = false
    var generalEntities: Set<[UInt8]> = []
    /// General entities declared with NDATA: referencing them in content is an error.
    var unparsedEntities: Set<[UInt8]> = []
    private var parameterEntities: Set<[UInt8]> = []

    init(p: UnsafeBufferPointer<UInt8>, end: Int, start: Int) {
        self.p = p
        self.end = end
        self.start = start
        self.pos = start + 9
    }

    private mutating func space() -> Bool {
        let s = pos
        while pos < end && XMLChar.isSpace(p[pos]) { pos += 1 }
        return pos > s
    }

    private func has(_ w: StaticString) -> Bool {
        let n = w.utf8CodeUnitCount
        guard pos + n <= end else { return false }
        for k in 0..<n where p[pos + k] != w.utf8Start[k] { return false }
        return true
    }

    private mutating func name() -> Bool {
        guard pos < end else { return false }
        let (c, n) = XMLChar.decode(p, pos, end)
        guard XMLChar.isNameStart(c) else { return false }
        pos += n
        while pos < end {
            let (c, n) = XMLChar.decode(p, pos, end)
            if !XMLChar.isName(c) { break }
            pos += n
        }
        return true
    }

    /// A quoted literal of any characters (SystemLiteral, EntityValue).
    private mutating func literal() -> Bool {
        guard pos < end, p[pos] == 0x22 || p[pos] == 0x27 else { return false }
        let q = p[pos]
        pos += 1
        while pos < end && p[pos] != q {
            let (c, n) = XMLChar.decode(p, pos, end)
            if c < 0 || !XMLChar.isChar(c) { return false }
            pos += n
        }
        guard pos < end else { return false }
        pos += 1
        return true
    }

    private mutating func pubidLiteral() -> Bool {
        guard pos < end, p[pos] == 0x22 || p[pos] == 0x27 else { return false }
        let q = p[pos]
        pos += 1
        while pos < end && p[pos] != q && XMLChar.isPubid(p[pos]) { pos += 1 }
        guard pos < end, p[pos] == q else { return false }
        pos += 1
        return true
    }

    /// `SYSTEM S literal | PUBLIC S pubid S literal`; true when absent too (`present` says which).
    private mutating func externalID(present: inout Bool) -> Bool {
        if has("SYSTEM") {
            pos += 6
            present = true
            return space() && literal()
        }
        if has("PUBLIC") {
            pos += 6
            present = true
            return space() && pubidLiteral() && space() && literal()
        }
        return true
    }

    mutating func scan() {
        if !body() {
            ok = false
            // Recover at the first '>' after the keyword, so the root element that follows survives.
            var j = start + 9
            while j < end && p[j] != 0x3E { j += 1 }
            if j < end { pos = j + 1 } else { pos = end; unterminated = true }
        }
    }

    private mutating func body() -> Bool {
        _ = space()
        guard name() else { return false }
        _ = space()
        var external = false
        guard externalID(present: &external) else { return false }
        hasExternalSubset = external
        _ = space()
        if pos < end && p[pos] == 0x5B {  // '['
            pos += 1
            guard internalSubset() else { return false }
            _ = space()
        }
        guard pos < end, p[pos] == 0x3E else { return false }
        pos += 1
        return true
    }

    private mutating func internalSubset() -> Bool {
        while true {
            _ = space()
            guard pos < end else { return false }
            if p[pos] == 0x5D { pos += 1; return true }  // ']'
            if has("<!ENTITY") {
                pos += 8
                guard space() else { return false }
                var parameter = false
                if pos < end && p[pos] == 0x25 {  // '%'
                    pos += 1
                    guard space() else { return false }
                    parameter = true
                }
                let ns = pos
                guard name() else { return false }
                let entityName = Array(UnsafeBufferPointer(rebasing: p[ns..<pos]))
                guard space() else { return false }
                if pos < end && (p[pos] == 0x22 || p[pos] == 0x27) {
                    guard literal() else { return false }
                } else {
                    var present = false
                    guard externalID(present: &present), present else { return false }
                    let hadSpace = space()
                    if has("NDATA") {
                        guard hadSpace, !parameter else { return false }
                        pos += 5
                        guard space(), name() else { return false }
                        unparsedEntities.insert(entityName)
                    }
                }
                _ = space()
                guard pos < end, p[pos] == 0x3E else { return false }
                pos += 1
                if parameter { parameterEntities.insert(entityName) } else { generalEntities.insert(entityName) }
            } else if has("<!ELEMENT") || has("<!ATTLIST") || has("<!NOTATION") {
                // Declarations we do not interpret: skip to '>' outside quotes.
                pos += 2
                var quote: UInt8 = 0
                while pos < end {
                    let b = p[pos]
                    if quote != 0 { if b == quote { quote = 0 } } else if b == 0x22 || b == 0x27 { quote = b } else if b == 0x3E { break }
                    pos += 1
                }
                guard pos < end else { return false }
                pos += 1
            } else if has("<!--") {
                pos += 4
                while pos + 2 < end && !(p[pos] == 0x2D && p[pos + 1] == 0x2D) { pos += 1 }
                guard pos + 2 < end, p[pos + 2] == 0x3E else { return false }
                pos += 3
            } else if has("<?") {
                pos += 2
                while pos + 1 < end && !(p[pos] == 0x3F && p[pos + 1] == 0x3E) { pos += 1 }
                guard pos + 1 < end else { return false }
                pos += 2
            } else if p[pos] == 0x25 {  // %name;
                pos += 1
                let ns = pos
                guard name(), pos < end, p[pos] == 0x3B else { return false }
                // An undeclared parameter entity is fatal unless an external subset might declare it.
                if !hasExternalSubset && !parameterEntities.contains(Array(UnsafeBufferPointer(rebasing: p[ns..<pos]))) { return false }
                pos += 1
                hasParameterReferences = true
            } else {
                return false
            }
        }
    }
}
