// Decoded plist scalars: entity-resolved text, integers, reals, ISO 8601 dates and base64 data,
// decoded the way Foundation's property-list reader accepts them.

/// An integer as plists allow it: −2⁶³ … 2⁶⁴−1.
public struct PlistInteger: Hashable, Sendable, CustomStringConvertible {
    public var isNegative: Bool
    public var magnitude: UInt64
    public init(isNegative: Bool, magnitude: UInt64) {
        self.isNegative = isNegative && magnitude != 0
        self.magnitude = magnitude
    }
    /// The value as an `Int64` when it fits.
    public var int64: Int64? {
        if isNegative {
            return magnitude <= UInt64(Int64.max) + 1 ? (magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }
    public var description: String { (isNegative ? "-" : "") + String(magnitude) }
}

/// A `<date>`: a UTC instant with whole seconds.
public struct PlistDate: Hashable, Sendable, CustomStringConvertible {
    public var secondsSince1970: Int64
    public init(secondsSince1970: Int64) { self.secondsSince1970 = secondsSince1970 }
    public var description: String { "\(secondsSince1970)s since 1970" }
}

/// A decoded, position-free plist value.
public indirect enum PlistValue: Hashable, Sendable {
    case string(String)
    case integer(PlistInteger)
    case real(Double)
    case bool(Bool)
    case date(PlistDate)
    case data([UInt8])
    case array([PlistValue])
    /// Entries in document order, duplicates included (Foundation keeps the last).
    case dictionary([Entry])

    public struct Entry: Hashable, Sendable {
        public var key: String
        public var value: PlistValue
        public init(key: String, value: PlistValue) {
            self.key = key
            self.value = value
        }
    }
}

enum ValueDecoder {
    @inline(__always) static func isSpace(_ b: UInt8) -> Bool { XMLChar.isSpace(b) }

    /// Resolves references in `text[range]`. Unknown entity references are kept as written.
    static func decodeText(_ source: SourceText, _ range: Range<Int>) -> String {
        source.withBytes(in: range) { decodeText($0) }
    }

    /// Resolves references in `text` (bytes of a document).
    static func decodeText(_ text: UnsafeBufferPointer<UInt8>) -> String {
        if !text.contains(0x26) { return String(decoding: text, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = 0
        while i < text.count {
            let b = text[i]
            guard b == 0x26, let semi = text[i...].firstIndex(of: 0x3B), semi - i <= 40 else {
                out.append(b); i += 1; continue
            }
            let name = Array(text[(i + 1)..<semi])
            var scalar: UInt32? = nil
            switch name {
            case Array("lt".utf8): scalar = 0x3C
            case Array("gt".utf8): scalar = 0x3E
            case Array("amp".utf8): scalar = 0x26
            case Array("apos".utf8): scalar = 0x27
            case Array("quot".utf8): scalar = 0x22
            default:
                if name.first == 0x23 {
                    let hex = name.count > 1 && name[1] == 0x78
                    let digits = String(decoding: name.dropFirst(hex ? 2 : 1), as: UTF8.self)
                    scalar = UInt32(digits, radix: hex ? 16 : 10)
                }
            }
            if let s = scalar, let u = Unicode.Scalar(s) {
                out.append(contentsOf: Array(String(Character(u)).utf8))
                i = semi + 1
            } else {
                out.append(b); i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `[+-] (digits | 0x hexdigits)`, within −2⁶³ … 2⁶⁴−1, read as Core Foundation reads it
    /// (`parseIntegerTag`): blanks before the number and after its sign are skipped; a blank after
    /// the digits is refused.
    static func integer(_ s: String) -> PlistInteger? {
        var u = Array(s.utf8)[...]
        while let f = u.first, isSpace(f) { u = u.dropFirst() }
        var negative = false
        if u.first == 0x2D { negative = true; u = u.dropFirst() } else if u.first == 0x2B { u = u.dropFirst() }
        while let f = u.first, isSpace(f) { u = u.dropFirst() }
        var radix: UInt64 = 10
        if u.count > 2, u[u.startIndex] == 0x30, u[u.startIndex + 1] | 0x20 == 0x78 { radix = 16; u = u.dropFirst(2) }
        guard !u.isEmpty else { return nil }
        var value: UInt64 = 0
        for b in u {
            let d: UInt64
            switch b {
            case 0x30...0x39: d = UInt64(b - 0x30)
            case 0x61...0x66 where radix == 16: d = UInt64(b - 0x61 + 10)
            case 0x41...0x46 where radix == 16: d = UInt64(b - 0x41 + 10)
            default: return nil
            }
            let (m, o1) = value.multipliedReportingOverflow(by: radix)
            let (a, o2) = m.addingReportingOverflow(d)
            if o1 || o2 { return nil }
            value = a
        }
        if negative && value > UInt64(Int64.max) + 1 { return nil }
        return PlistInteger(isNegative: negative, magnitude: value)
    }

    /// A decimal number or nan/inf. No blanks: Foundation refuses them.
    static func real(_ s: String) -> Double? {
        let t = s
        switch t.lowercased() {
        case "nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        guard let f = t.utf8.first, f == 0x2B || f == 0x2D || f == 0x2E || (f >= 0x30 && f <= 0x39) else { return nil }
        if t.utf8.contains(where: { $0 == 0x78 || $0 == 0x58 || $0 == 0x70 || $0 == 0x50 }) { return nil }  // no hex floats
        return Double(t)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`.
    static func date(_ s: String) -> PlistDate? {
        let u = Array(s.trimmingXMLSpace().utf8)
        guard u.count == 20, u[4] == 0x2D, u[7] == 0x2D, u[10] == 0x54, u[13] == 0x3A, u[16] == 0x3A, u[19] == 0x5A else { return nil }
        func num(_ a: Int, _ n: Int) -> Int? {
            var v = 0
            for k in a..<(a + n) {
                guard u[k] >= 0x30 && u[k] <= 0x39 else { return nil }
                v = v * 10 + Int(u[k] - 0x30)
            }
            return v
        }
        guard let y = num(0, 4), let mo = num(5, 2), let d = num(8, 2), let h = num(11, 2), let mi = num(14, 2), let se = num(17, 2),
            (1...12).contains(mo), d >= 1, d <= daysIn(month: mo, year: y), h < 24, mi < 60, se < 60
        else { return nil }
        let days = daysFromCivil(y, mo, d)
        return PlistDate(secondsSince1970: Int64(days) * 86400 + Int64(h * 3600 + mi * 60 + se))
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// The 6-bit value of a base64 alphabet byte ('=' excluded).
    @inline(__always)
    static func base64Digit(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x41...0x5A: return UInt32(b - 0x41)
        case 0x61...0x7A: return UInt32(b - 0x61 + 26)
        case 0x30...0x39: return UInt32(b - 0x30 + 52)
        case 0x2B: return 62
        case 0x2F: return 63
        default: return nil
        }
    }

    /// The bytes of a `<data>` as Foundation reads them: characters outside the base64 alphabet
    /// are skipped (use `data(_:)` to know whether there were any).
    static func lenientData(_ s: String) -> [UInt8] {
        // Core Foundation's reading: '=' is a zero digit, other characters outside the alphabet are
        // skipped, bytes come per complete group of four, and trailing '='s trim the last group.
        var out: [UInt8] = []
        var acc: UInt32 = 0
        var count = 0
        var equals = 0
        for b in s.utf8 {
            if b == 0x3D { equals += 1 } else if !isSpace(b) { equals = 0 }
            guard let v = b == 0x3D ? 0 : base64Digit(b) else { continue }
            acc = (acc << 6) | v
            count += 1
            if count % 4 == 0 {
                out.append(UInt8((acc >> 16) & 0xFF))
                if equals < 2 { out.append(UInt8((acc >> 8) & 0xFF)) }
                if equals < 1 { out.append(UInt8(acc & 0xFF)) }
            }
        }
        return out
    }

    /// The number of base64 digits (padding excluded) in `s`.
    static func base64DigitCount(_ s: String) -> Int {
        var n = 0
        for b in s.utf8 where base64Digit(b) != nil { n += 1 }
        return n
    }

    /// The number of base64 characters, padding included, in `s`.
    static func base64Length(_ s: String) -> Int {
        var n = 0
        for b in s.utf8 where b == 0x3D || base64Digit(b) != nil { n += 1 }
        return n
    }

    /// Whether `s` is clean base64 (what `data(_:)` accepts), without building the bytes.
    static func isValidBase64(_ s: String) -> Bool {
        var padding = 0
        for b in s.utf8 {
            if base64Digit(b) != nil {
                if padding > 0 { return false }
            } else if b == 0x3D {
                padding += 1
            } else if !isSpace(b) {
                return false
            }
        }
        return padding <= 2
    }

    /// Base64 with XML white space anywhere; nil on any other character or bad padding.
    static func data(_ s: String) -> [UInt8]? {
        var out: [UInt8] = []
        var acc: UInt32 = 0
        var bits = 0
        var padding = 0
        for b in s.utf8 {
            if b == 0x3D { padding += 1; continue }
            guard let v = base64Digit(b) else {
                if isSpace(b) { continue }
                return nil
            }
            if padding > 0 { return nil }
            acc = (acc << 6) | v
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((acc >> UInt32(bits)) & 0xFF))
            }
        }
        if padding > 2 { return nil }
        return out
    }
}

extension String {
    func trimmingXMLSpace() -> String {
        var u = Array(utf8)[...]
        while let f = u.first, XMLChar.isSpace(f) { u = u.dropFirst() }
        while let l = u.last, XMLChar.isSpace(l) { u = u.dropLast() }
        return String(decoding: u, as: UTF8.self)
    }
}
