// Writes a value as the XML property list `plutil -convert xml1` writes: Apple's declaration and
// DOCTYPE, one element per line indented by tabs, `<true/>`, `<dict/>`, text escaped as
// Core Foundation escapes it (and a CR as `&#13;`), `<data>` in base64 lines as CF wraps them, UIDs as
// `<dict><key>CF$UID</key><integer>N</integer></dict>`. Dictionary entries keep their order.
// Bytes are appended to one buffer (no string per element): binary → XML is bounded by the
// speed of this loop (issue #39, point 11), and by `maximumSize` bytes of output (point 1).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlistSyntax

public enum XMLPlistWriter {
    /// The XML text of `value`; fails on what XML cannot hold (null, sets, dates outside the years
    /// 0000 to 9999), naming its key path, and when the text would exceed `maximumSize` bytes.
    public static func write(
        _ value: PropertyListObject, maximumSize: Int = PropertyListFormat.maximumOutputSize
    ) throws(PropertyListFormatError) -> [UInt8] {
        try write(value, expectedSize: 3600, maximumSize: maximumSize)
    }

    /// The bytes of `value` written after a capacity guess: `expectedSize` (a binary plist's
    /// lower bound of its XML size) reserves the buffer once instead of doubling it up to the
    /// size of the output.
    public static func write(
        _ value: PropertyListObject, expectedSize: Int, maximumSize: Int = PropertyListFormat.maximumOutputSize
    ) throws(PropertyListFormatError) -> [UInt8] {
        var writer = Writer(maximumSize: maximumSize, capacity: min(maximumSize, expectedSize + expectedSize / 8) + 256)
        writer.append(header)
        var path = KeyPathSteps()
        try writer.value(value, level: 0, path: &path)
        writer.append("</plist>\n")
        try writer.checkSize(path)
        return writer.out.takeBytes()
    }

    struct Writer: ~Copyable {
        var out: ByteOutput
        let maximumSize: Int
        /// The name of a key a path holds as an object of a binary plist (`BinaryToXML`).
        var naming: (Int) -> String = { _ in "?" }

        /// The key path as errors name it.
        func names(_ path: KeyPathSteps) -> [String] { path.components(naming: naming) }

        init(maximumSize: Int, capacity: Int = 4096) {
            self.maximumSize = maximumSize
            out = ByteOutput(capacity: capacity)
        }

        @inline(__always)
        mutating func append(_ s: StaticString) {
            s.withUTF8Buffer { out.append(contentsOf: $0) }
        }

        @inline(__always)
        mutating func indent(_ level: Int) {
            out.append(repeating: 0x09, count: level)
        }

        mutating func checkSize(_ path: KeyPathSteps) throws(PropertyListFormatError) {
            if out.count > maximumSize { throw XMLPlistWriter.tooLarge(maximumSize, path: names(path)) }
        }

        /// The decimal digits of `v`.
        mutating func appendDecimal(_ v: UInt64) {
            if v < 10 { out.append(0x30 + UInt8(v)); return }
            var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
            var n = 0
            var rest = v
            withUnsafeMutableBytes(of: &digits) { buffer in
                while rest > 0 {
                    buffer[n] = 0x30 + UInt8(rest % 10)
                    rest /= 10
                    n += 1
                }
                for k in stride(from: n - 1, through: 0, by: -1) { out.append(buffer[k]) }
            }
        }

        mutating func twoDigits(_ v: Int64) {
            out.append(0x30 + UInt8(v / 10))
            out.append(0x30 + UInt8(v % 10))
        }

        /// Makes room for `bytes` more: past the capacity reserved for the expected size, the
        /// buffer grows by a quarter (an array doubles, which held up to twice the output).
        @inline(__always)
        mutating func makeRoom(_ bytes: Int) {
            if out.capacity - out.count < bytes { grow(bytes) }
        }

        mutating func grow(_ bytes: Int) {
            out.reserveCapacity(out.count + max(bytes, out.count / 4, 4096))
        }

        mutating func value(_ value: PropertyListObject, level: Int, path: inout KeyPathSteps) throws(PropertyListFormatError) {
            makeRoom(2 * level + 128)
            switch value {
            case .string(let s):
                try stringElement(s, level: level, path: path)
            case .integer(let i):
                integerElement(i, level: level)
            case .real(let r):
                realElement(r, level: level)
            case .bool(let b):
                boolElement(b, level: level)
            case .date(let d):
                try dateElement(d, level: level, path: path)
            case .data(let d):
                try checkData(d.count, path: path)
                d.withUnsafeBufferPointer { b in dataBody(b, level: level) }
                try checkSize(path)
            case .uid(let u):
                uidElement(u, level: level)
            case .array(let items):
                if items.isEmpty { emptyContainer(dictionary: false, level: level); return }
                openContainer(dictionary: false, level: level)
                for (k, item) in items.enumerated() {
                    path.push(index: k)
                    try self.value(item, level: level + 1, path: &path)
                    path.pop()
                }
                try closeContainer(dictionary: false, level: level, path: path)
            case .dictionary(let entries):
                if entries.isEmpty { emptyContainer(dictionary: true, level: level); return }
                openContainer(dictionary: true, level: level)
                for entry in entries {
                    keyElement(entry.key, level: level + 1)
                    path.push(key: entry.key)
                    try self.value(entry.value, level: level + 1, path: &path)
                    path.pop()
                }
                try closeContainer(dictionary: true, level: level, path: path)
            case .set:
                throw PropertyListFormatError("a set has no XML form", path: names(path))
            case .null:
                throw PropertyListFormatError("a null value has no XML form", path: names(path))
            }
        }

        // The elements, one a call: what `value` writes for a `PropertyListObject`, and what
        // binary → XML writes straight from a binary plist's objects (`BinaryPlistReader.writeXML`).

        mutating func stringElement(_ s: String, level: Int, path: KeyPathSteps) throws(PropertyListFormatError) {
            indent(level)
            append("<string>")
            escaped(s)
            append("</string>\n")
            try checkSize(path)
        }

        /// A string of ASCII bytes (a binary plist's `0x5` string).
        mutating func asciiStringBody(_ bytes: UnsafeBufferPointer<UInt8>, level: Int) {
            indent(level)
            append("<string>")
            escaped(ascii: bytes)
            append("</string>\n")
        }

        /// A string of big-endian UTF-16 units (a binary plist's `0x6` string, checked: no unpaired
        /// surrogate), written as UTF-8 with no `String` made for it.
        mutating func utf16StringBody(_ bytes: UnsafeBufferPointer<UInt8>, level: Int) {
            indent(level)
            append("<string>")
            escaped(utf16: bytes)
            append("</string>\n")
        }

        mutating func utf16KeyElement(_ bytes: UnsafeBufferPointer<UInt8>, level: Int) {
            makeRoom(level + 64)
            indent(level)
            append("<key>")
            escaped(utf16: bytes)
            append("</key>\n")
        }

        mutating func keyElement(_ key: String, level: Int) {
            makeRoom(level + 64)
            indent(level)
            append("<key>")
            escaped(key)
            append("</key>\n")
        }

        mutating func asciiKeyElement(_ bytes: UnsafeBufferPointer<UInt8>, level: Int) {
            makeRoom(level + 64)
            indent(level)
            append("<key>")
            escaped(ascii: bytes)
            append("</key>\n")
        }

        mutating func integerElement(_ i: PlistInteger, level: Int) {
            indent(level)
            append("<integer>")
            if i.isNegative { out.append(0x2D) }
            appendDecimal(i.magnitude)
            append("</integer>\n")
        }

        mutating func realElement(_ r: Double, level: Int) {
            indent(level)
            append("<real>")
            var text = XMLPlistWriter.realText(r)
            text.withUTF8 { out.append(contentsOf: $0) }
            append("</real>\n")
        }

        mutating func boolElement(_ b: Bool, level: Int) {
            indent(level)
            if b { append("<true/>\n") } else { append("<false/>\n") }
        }

        mutating func dateElement(_ d: Double, level: Int, path: KeyPathSteps) throws(PropertyListFormatError) {
            guard let whole = PropertyListDates.xmlSeconds(d) else {
                throw PropertyListFormatError(XMLPlistWriter.dateRefusal(d), path: names(path))
            }
            indent(level)
            append("<date>")
            dateDigits(whole)
            append("</date>\n")
        }

        /// `YYYY-MM-DDTHH:MM:SSZ` of whole seconds since 1970 (`PropertyListDates.xmlSeconds`: a
        /// date rounded to the microsecond, then down to the second, as plistlib writes it).
        mutating func dateDigits(_ whole: Int64) {
            var days = whole / 86400
            var rest = whole % 86400
            if rest < 0 { rest += 86400; days -= 1 }
            let (y, m, d) = XMLPlistWriter.civil(fromDays: days)
            twoDigits(y / 100)
            twoDigits(y % 100)
            out.append(0x2D)
            twoDigits(m)
            out.append(0x2D)
            twoDigits(d)
            out.append(0x54)
            twoDigits(rest / 3600)
            out.append(0x3A)
            twoDigits(rest % 3600 / 60)
            out.append(0x3A)
            twoDigits(rest % 60)
            out.append(0x5A)
        }

        mutating func dataElement(_ d: UnsafeBufferPointer<UInt8>, level: Int, path: KeyPathSteps) throws(PropertyListFormatError) {
            try checkData(d.count, path: path)
            dataBody(d, level: level)
            try checkSize(path)
        }

        /// A `<data>` of `count` bytes is refused before its base64 is made when it alone would exceed the limit.
        func checkData(_ count: Int, path: KeyPathSteps) throws(PropertyListFormatError) {
            if out.count + count / 3 * 4 > maximumSize { throw XMLPlistWriter.tooLarge(maximumSize, path: names(path)) }
        }

        mutating func dataBody(_ d: UnsafeBufferPointer<UInt8>, level: Int) {
            indent(level)
            append("<data>")
            base64Lines(d, level: level)
            append("</data>\n")
        }

        mutating func uidElement(_ u: UInt64, level: Int) {
            indent(level); append("<dict>\n")
            indent(level + 1); append("<key>CF$UID</key>\n")
            indent(level + 1); append("<integer>"); appendDecimal(u); append("</integer>\n")
            indent(level); append("</dict>\n")
        }

        mutating func emptyContainer(dictionary: Bool, level: Int) {
            indent(level)
            if dictionary { append("<dict/>\n") } else { append("<array/>\n") }
        }

        mutating func openContainer(dictionary: Bool, level: Int) {
            indent(level)
            if dictionary { append("<dict>\n") } else { append("<array>\n") }
        }

        mutating func closeContainer(dictionary: Bool, level: Int, path: KeyPathSteps) throws(PropertyListFormatError) {
            makeRoom(level + 64)
            indent(level)
            if dictionary { append("</dict>\n") } else { append("</array>\n") }
            try checkSize(path)
        }

        /// ASCII bytes escaped as `escaped(_:)` escapes their string.
        mutating func escaped(ascii bytes: UnsafeBufferPointer<UInt8>) {
            let plain = !bytes.contains(where: XMLEscaping.mayNeedEscaping)
            if plain {
                makeRoom(bytes.count + 128)
                out.append(contentsOf: bytes)
            } else {
                escaped(String(decoding: bytes, as: UTF8.self))
            }
        }

        /// Big-endian UTF-16 units (no unpaired surrogate) transcoded to UTF-8 and escaped by the
        /// one policy (`XMLEscaping.replacement`, which `escaped(_:)` applies to a string's UTF-8).
        /// The binary → XML route's strings that are not ASCII: made into a `String` first, they
        /// took a quarter of the conversion.
        mutating func escaped(utf16 bytes: UnsafeBufferPointer<UInt8>) {
            let units = bytes.count / 2
            makeRoom(3 * units + 128)
            var k = 0
            while k < units {
                let u = UInt32(bytes[2 * k]) << 8 | UInt32(bytes[2 * k + 1])
                k += 1
                if u < 0x80 {
                    if let r = XMLEscaping.replacement(u) { append(r) } else { out.append(UInt8(u)) }
                } else if u < 0x800 {
                    out.append(0xC0 | UInt8(u >> 6))
                    out.append(0x80 | UInt8(u & 0x3F))
                } else if u & 0xF800 == 0xD800 {
                    let low = k < units ? UInt32(bytes[2 * k]) << 8 | UInt32(bytes[2 * k + 1]) : 0
                    guard u & 0xFC00 == 0xD800, low & 0xFC00 == 0xDC00 else {
                        // Unpaired (the reader refuses it before): U+FFFD, as `String(decoding:)` repairs it.
                        append("\u{FFFD}")
                        continue
                    }
                    k += 1
                    let scalar = 0x10000 + ((u & 0x3FF) << 10) + (low & 0x3FF)
                    out.append(0xF0 | UInt8(scalar >> 18))
                    out.append(0x80 | UInt8(scalar >> 12 & 0x3F))
                    out.append(0x80 | UInt8(scalar >> 6 & 0x3F))
                    out.append(0x80 | UInt8(scalar & 0x3F))
                } else if u >= 0xFFFE, let r = XMLEscaping.replacement(u) {
                    append(r)
                } else {
                    out.append(0xE0 | UInt8(u >> 12))
                    out.append(0x80 | UInt8(u >> 6 & 0x3F))
                    out.append(0x80 | UInt8(u & 0x3F))
                }
            }
        }

        /// Text escaped by the one policy of every plist writer here (`XMLEscaping`, PlistSyntax):
        /// a string with nothing to escape (the common case) is copied in one step; any other goes
        /// through the shared escaper.
        mutating func escaped(_ s: String) {
            var s = s
            let plain = s.withUTF8 { bytes in
                !bytes.contains(where: XMLEscaping.mayNeedEscaping)
            }
            if plain {
                s.withUTF8 { bytes in out.append(contentsOf: bytes) }
            } else {
                makeRoom(s.utf8.count * 2 + 128)
                XMLEscaping.content(s).withUnsafeBufferPointer { out.append(contentsOf: $0) }
            }
        }

        /// Base64 lines as Core Foundation writes them: a line holds 76 characters minus eight per
        /// level of indentation (at most 8 levels), each indented like the `<data>` tag.
        mutating func base64Lines(_ b: UnsafeBufferPointer<UInt8>, level: Int) {
            let levels = min(level, 8)
            let limit = 76 - 8 * levels  // a multiple of 4
            let groupsPerLine = limit / 4
            out.append(0x0A)
            let count = b.count
            makeRoom(count / 3 * 4 + 4 + (count / (groupsPerLine * 3) + 2) * (levels + 1) + levels)
            XMLPlistWriter.base64Table.withUnsafeBufferPointer { table in
                do {
                    var i = 0
                    var inLine = 0
                    while i + 3 <= count {
                        if inLine == 0 { for _ in 0..<levels { out.append(0x09) } }
                        let b0 = b[i], b1 = b[i + 1], b2 = b[i + 2]
                        out.append(table[Int(b0 >> 2)])
                        out.append(table[Int((b0 & 0x03) << 4 | b1 >> 4)])
                        out.append(table[Int((b1 & 0x0F) << 2 | b2 >> 6)])
                        out.append(table[Int(b2 & 0x3F)])
                        i += 3
                        inLine += 1
                        if inLine == groupsPerLine { out.append(0x0A); inLine = 0 }
                    }
                    if i < count {
                        if inLine == 0 { for _ in 0..<levels { out.append(0x09) } }
                        let b0 = b[i], b1 = i + 1 < count ? b[i + 1] : 0
                        out.append(table[Int(b0 >> 2)])
                        out.append(table[Int((b0 & 0x03) << 4 | b1 >> 4)])
                        out.append(i + 1 < count ? table[Int((b1 & 0x0F) << 2)] : 0x3D)
                        out.append(0x3D)
                        inLine += 1
                    }
                    if inLine > 0 { out.append(0x0A) }
                }
            }
            for _ in 0..<levels { out.append(0x09) }
        }
    }

    /// What every XML plist starts with, as Core Foundation writes it.
    static let header: StaticString = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    static let base64Table: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func tooLarge(_ maximumSize: Int, path: [String]) -> PropertyListFormatError {
        PropertyListFormatError(
            "the XML form is larger than \(PropertyListFormat.sizeText(maximumSize)), the most written for one file", path: path)
    }

    /// The shortest text that reads back as the same double; `nan`, `+infinity`, `-infinity` as CF writes them.
    static func realText(_ r: Double) -> String {
        if r.isNaN { return "nan" }
        if r.isInfinite { return r < 0 ? "-infinity" : "+infinity" }
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) == "0" && r.sign == .minus ? "-0" : String(Int64(r)) }
        return r.description
    }

    /// Why a date has no XML form.
    static func dateRefusal(_ since2001: Double) -> String {
        guard since2001.isFinite else { return "a date that is not a number (\(since2001)) has no XML form" }
        return "a date \(since2001) seconds from 2001-01-01 is outside the years 0000 to 9999, which XML dates hold"
    }

    /// Year, month, day of a day count since 1970-01-01 (proleptic Gregorian).
    static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }
}

/// The dates a property list holds in every format: Core Foundation's seconds since 2001 that an
/// XML `<date>` can write, years 0000 to 9999 (issue #39, point 3).
public enum PropertyListDates {
    /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z, in seconds since 1970.
    public static let earliestSecondsSince1970: Int64 = -62_167_219_200
    public static let latestSecondsSince1970: Int64 = 253_402_300_799

    /// The whole seconds since 1970 XML writes for a date (rounded to the microsecond, then down
    /// to the second), or nil when it is not a number or outside the years 0000 to 9999.
    public static func xmlSeconds(_ since2001: Double) -> Int64? {
        guard since2001.isFinite, abs(since2001) < 1e12 else { return nil }
        let micro = Int64((since2001 * 1_000_000).rounded(.toNearestOrEven))
        var seconds = micro / 1_000_000
        if micro % 1_000_000 < 0 { seconds -= 1 }
        let whole = seconds + Int64(PropertyListObject.referenceDateSince1970)
        guard whole >= earliestSecondsSince1970, whole <= latestSecondsSince1970 else { return nil }
        return whole
    }
}

/// The bytes a writer appends, in one buffer it owns: appending is a store and a count, with no
/// uniqueness or capacity check of an array per call (binary → XML appends a few bytes at a time,
/// and `Array.append` took a fifth of the conversion; issue #39, point 11). The buffer grows as
/// `Writer.grow` asks (`realloc`, which moves a large block's pages rather than copying them).
struct ByteOutput: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = Self.resized(nil, self.capacity)
    }

    deinit { free(base) }

    private static func resized(_ block: UnsafeMutablePointer<UInt8>?, _ size: Int) -> UnsafeMutablePointer<UInt8> {
        guard let raw = realloc(block, size) else { fatalError("out of memory: \(size) bytes of XML") }
        return raw.bindMemory(to: UInt8.self, capacity: size)
    }

    /// What was written, as an array; the writer holds nothing after. It is copied from its end a
    /// megabyte at a time, the buffer shrunk after each (a large block gives its pages back), so
    /// that the array and the buffer are never both held whole: binary → XML's peak memory is
    /// the XML once, not twice.
    mutating func takeBytes() -> [UInt8] {
        let n = count
        let result = [UInt8](unsafeUninitializedCapacity: n) { target, initialized in
            var end = n
            while end > 0 {
                let start = max(0, end - (1 << 20))
                (target.baseAddress! + start).initialize(from: base + start, count: end - start)
                end = start
                if end > 0 {
                    base = Self.resized(base, end)
                    capacity = end
                }
            }
            initialized = n
        }
        base = Self.resized(base, 16)
        capacity = 16
        count = 0
        return result
    }

    /// Room for `capacity` bytes in all (nothing when there is room already).
    mutating func reserveCapacity(_ newCapacity: Int) {
        guard newCapacity > capacity else { return }
        base = Self.resized(base, newCapacity)
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { reserveCapacity(capacity + max(capacity / 4, 4096)) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        if capacity - count < bytes.count { reserveCapacity(count + max(bytes.count, count / 4, 4096)) }
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
        count += bytes.count
    }

    @inline(__always)
    mutating func append(repeating byte: UInt8, count n: Int) {
        guard n > 0 else { return }
        if capacity - count < n { reserveCapacity(count + max(n, count / 4, 4096)) }
        (base + count).initialize(repeating: byte, count: n)
        count += n
    }
}
