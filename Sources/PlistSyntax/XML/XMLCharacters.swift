// XML 1.0 (fifth edition) character classes over UTF-8 bytes: Char, S, NameStartChar, NameChar.

enum XMLChar {
    /// Byte classes for the text scanner's fast path.
    static let textClass: [UInt8] = {
        // 0 = ordinary, 1 = stop/inspect ('<', '&', ']', control, non-ASCII)
        var t = [UInt8](repeating: 0, count: 256)
        for b in 0..<0x20 where b != 0x09 && b != 0x0A && b != 0x0D { t[b] = 1 }
        t[Int(UInt8(ascii: "<"))] = 1
        t[Int(UInt8(ascii: "&"))] = 1
        t[Int(UInt8(ascii: "]"))] = 1
        for b in 0x80..<0x100 { t[b] = 1 }
        return t
    }()

    /// `textClass` as a pointer that lives for the whole process (read-only).
    nonisolated(unsafe) static let textClassTable: UnsafePointer<UInt8> = {
        let t = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        t.initialize(from: textClass, count: 256)
        return UnsafePointer(t)
    }()

    /// `asciiName` as a pointer that lives for the whole process (read-only).
    nonisolated(unsafe) static let asciiNameTable: UnsafePointer<UInt8> = {
        let t = UnsafeMutablePointer<UInt8>.allocate(capacity: 128)
        t.initialize(from: asciiName, count: 128)
        return UnsafePointer(t)
    }()

    /// 1 = ASCII name-start char, 2 = ASCII name char only, 0 = neither (non-ASCII decided by decoding).
    static let asciiName: [UInt8] = {
        var t = [UInt8](repeating: 0, count: 128)
        for b in UInt8(ascii: "a")...UInt8(ascii: "z") { t[Int(b)] = 1 }
        for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { t[Int(b)] = 1 }
        t[Int(UInt8(ascii: "_"))] = 1
        t[Int(UInt8(ascii: ":"))] = 1
        for b in UInt8(ascii: "0")...UInt8(ascii: "9") { t[Int(b)] = 2 }
        t[Int(UInt8(ascii: "-"))] = 2
        t[Int(UInt8(ascii: "."))] = 2
        return t
    }()

    @inline(__always)
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }

    /// Decodes one UTF-8 scalar at `i` (< end). Returns (scalar, length), or (-1, 1) for an invalid
    /// sequence (bad lead, truncated, overlong, surrogate, above U+10FFFF).
    @inline(__always)
    static func decode(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> (Int, Int) {
        let b0 = Int(p[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xC2 { return (-1, 1) }
        if b0 < 0xE0 {
            guard i + 1 < end else { return (-1, 1) }
            let b1 = Int(p[i + 1])
            guard b1 & 0xC0 == 0x80 else { return (-1, 1) }
            return (((b0 & 0x1F) << 6) | (b1 & 0x3F), 2)
        }
        if b0 < 0xF0 {
            guard i + 2 < end else { return (-1, 1) }
            let b1 = Int(p[i + 1]), b2 = Int(p[i + 2])
            guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return (-1, 1) }
            let c = ((b0 & 0x0F) << 12) | ((b1 & 0x3F) << 6) | (b2 & 0x3F)
            if c < 0x800 || (c >= 0xD800 && c <= 0xDFFF) { return (-1, 1) }
            return (c, 3)
        }
        if b0 < 0xF5 {
            guard i + 3 < end else { return (-1, 1) }
            let b1 = Int(p[i + 1]), b2 = Int(p[i + 2]), b3 = Int(p[i + 3])
            guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80, b3 & 0xC0 == 0x80 else { return (-1, 1) }
            let c = ((b0 & 0x07) << 18) | ((b1 & 0x3F) << 12) | ((b2 & 0x3F) << 6) | (b3 & 0x3F)
            if c < 0x10000 || c > 0x10FFFF { return (-1, 1) }
            return (c, 4)
        }
        return (-1, 1)
    }

    /// XML `Char`.
    @inline(__always)
    static func isChar(_ c: Int) -> Bool {
        if c < 0x20 { return c == 0x09 || c == 0x0A || c == 0x0D }
        if c <= 0xD7FF { return true }
        if c < 0xE000 { return false }
        if c <= 0xFFFD { return true }
        return c >= 0x10000 && c <= 0x10FFFF
    }

    static func isNameStart(_ c: Int) -> Bool {
        if c < 0x80 { return c >= 0 && asciiName[c] == 1 }
        switch c {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
            0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD,
            0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    static func isName(_ c: Int) -> Bool {
        if c < 0x80 { return c >= 0 && asciiName[c] != 0 }
        if isNameStart(c) { return true }
        return c == 0xB7 || (c >= 0x300 && c <= 0x36F) || (c >= 0x203F && c <= 0x2040)
    }

    /// `PubidChar`.
    static func isPubid(_ b: UInt8) -> Bool {
        switch b {
        case 0x20, 0x0D, 0x0A: return true
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-'()+,./:=?;!*#@$_%".utf8.contains(b)
        }
    }
}
