// The parser's view of its input bytes and the scanning helpers its hot paths share.

/// The input bytes and the scanning helpers the parser's hot paths share. A small value of its
/// own: a non-mutating method of `Parser` called from a mutating one made the compiler copy the
/// whole parser (145 bytes) on every call, a tenth of the parse (docs/contributing/performance.md).
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
