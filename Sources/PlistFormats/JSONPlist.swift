// JSON property lists, as `plutil -convert json` writes and reads them: objects are dictionaries
// (their members in order), numbers integers or reals, `true`/`false`, strings, and `null`. JSON
// has no date, data or UID: writing one fails and names its key path, as plutil refuses.

import PlistSyntax

public enum JSONPlistWriter {
    /// Compact JSON text of `value` and a final newline.
    /// Fails past `maximumSize` bytes.
    public static func write(_ value: PropertyListObject, maximumSize: Int = PropertyListFormat.maximumOutputSize) throws(PropertyListFormatError) -> [UInt8] {
        var out: [UInt8] = []
        var path: [String] = []
        try append(value, path: &path, to: &out, maximumSize: maximumSize)
        out.append(0x0A)
        if out.count > maximumSize { throw PropertyListFormatError("the JSON form is larger than \(PropertyListFormat.sizeText(maximumSize)), the most written for one file") }
        return out
    }

    static func append(_ value: PropertyListObject, path: inout [String], to out: inout [UInt8], maximumSize: Int) throws(PropertyListFormatError) {
        if out.count > maximumSize {
            throw PropertyListFormatError("the JSON form is larger than \(PropertyListFormat.sizeText(maximumSize)), the most written for one file", path: path)
        }
        switch value {
        case .string(let s): appendString(s, to: &out)
        case .integer(let i): out += Array(i.description.utf8)
        case .real(let r):
            guard r.isFinite else { throw PropertyListFormatError("JSON cannot hold the real \(r)", path: path) }
            out += Array(r.description.utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .null: out += Array("null".utf8)
        case .date, .data, .uid, .set:
            throw PropertyListFormatError("JSON cannot hold a \(value.kindName) (plutil refuses it too)", path: path)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (k, item) in items.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                path.append("[\(k)]")
                try append(item, path: &path, to: &out, maximumSize: maximumSize)
                path.removeLast()
            }
            out.append(UInt8(ascii: "]"))
        case .dictionary(let entries):
            out.append(UInt8(ascii: "{"))
            for (k, entry) in entries.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                appendString(entry.key, to: &out)
                out.append(UInt8(ascii: ":"))
                path.append(entry.key)
                try append(entry.value, path: &path, to: &out, maximumSize: maximumSize)
                path.removeLast()
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func appendString(_ s: String, to out: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        out.append(0x22)
        for b in s.utf8 {
            switch b {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0x2F: out += [0x5C, 0x2F]
            case 0x00..<0x20: out += Array("\\u00".utf8) + [digits[Int(b >> 4)], digits[Int(b & 0x0F)]]
            default: out.append(b)
            }
        }
        out.append(0x22)
    }
}

/// A strict JSON reader (RFC 8259) that keeps the order of an object's members and reads an
/// integer as a plist integer (−2⁶³ … 2⁶⁴−1), any other number as a real. What a plist cannot
/// hold is refused with its key path, as plistlib and plutil refuse it: a member name twice in one
/// object (names compared by their exact Unicode scalars, as Core Foundation keeps `café` NFC and
/// NFD apart), a number beyond a 64-bit real (`1e400`, not infinity), nesting deeper than
/// `maximumDepth`. The root may be any value: a plist's root may be a string or a number.
public struct JSONPlistReader {
    let bytes: [UInt8]
    var position = 0
    /// The key path of the value being read, for errors.
    var path: [String] = []

    /// Containers nested deeper than this are refused (as in a binary plist).
    public static var maximumDepth: Int { BinaryPlistReader.maximumDepth }

    public static func read(_ bytes: [UInt8]) throws(PropertyListFormatError) -> PropertyListObject {
        var reader = JSONPlistReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.position == bytes.count else { throw reader.error("text after the JSON value") }
        return value
    }

    func error(_ message: String) -> PropertyListFormatError {
        let line = 1 + bytes[..<min(position, bytes.count)].lazy.filter { $0 == 0x0A }.count
        return PropertyListFormatError("JSON, line \(line): \(message)", path: path)
    }

    mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    mutating func expect(_ word: String) throws(PropertyListFormatError) {
        let w = Array(word.utf8)
        guard bytes.count - position >= w.count, bytes[position..<(position + w.count)].elementsEqual(w) else { throw error("expected \(word)") }
        position += w.count
    }

    mutating func value(depth: Int) throws(PropertyListFormatError) -> PropertyListObject {
        guard depth < Self.maximumDepth else {
            throw error("arrays and objects nested deeper than \(Self.maximumDepth) levels; a property list is read to that depth")
        }
        guard position < bytes.count else { throw error("unexpected end of the text") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            var entries: [PropertyListObject.Entry] = []
            var names: Set<[UInt32]> = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .dictionary(entries) }
            while true {
                skipSpace()
                guard position < bytes.count, bytes[position] == 0x22 else { throw error("expected a member name in quotes") }
                let key = try string()
                path.append(key)
                guard names.insert(key.unicodeScalars.map(\.value)).inserted else {
                    throw error("the key \"\(key)\" appears twice in one object; a property list dictionary holds each key once")
                }
                skipSpace()
                try expect(":")
                skipSpace()
                entries.append(.init(key, try value(depth: depth + 1)))
                path.removeLast()
                skipSpace()
                guard position < bytes.count else { throw error("unexpected end of the text in an object") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                try expect("}")
                return .dictionary(entries)
            }
        case UInt8(ascii: "["):
            position += 1
            var items: [PropertyListObject] = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
            while true {
                skipSpace()
                path.append("[\(items.count)]")
                items.append(try value(depth: depth + 1))
                path.removeLast()
                skipSpace()
                guard position < bytes.count else { throw error("unexpected end of the text in an array") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                try expect("]")
                return .array(items)
            }
        case 0x22: return .string(try string())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return try number()
        }
    }

    mutating func number() throws(PropertyListFormatError) -> PropertyListObject {
        let start = position
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let digitsStart = position
        while position < bytes.count, (0x30...0x39).contains(bytes[position]) { position += 1 }
        guard position > digitsStart, !(bytes[digitsStart] == 0x30 && position - digitsStart > 1) else { throw error("not a JSON value") }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            let f = position
            while position < bytes.count, (0x30...0x39).contains(bytes[position]) { position += 1 }
            guard position > f else { throw error("a digit must follow the decimal point") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            let e = position
            while position < bytes.count, (0x30...0x39).contains(bytes[position]) { position += 1 }
            guard position > e else { throw error("a digit must follow the exponent") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger {
            let negative = text.hasPrefix("-")
            if let m = UInt64(negative ? String(text.dropFirst()) : text), !negative || m <= UInt64(Int64.max) + 1 {
                return .integer(PlistInteger(isNegative: negative, magnitude: m))
            }
        }
        guard let r = Double(text), r.isFinite else {
            throw error("the number \(text) is beyond a 64-bit real (±1.8e308); a property list cannot hold it")
        }
        return .real(r)
    }

    mutating func string() throws(PropertyListFormatError) -> String {
        position += 1
        var out: [UInt8] = []
        var pendingHigh: UInt16? = nil
        func hex4() throws(PropertyListFormatError) -> UInt16 {
            guard bytes.count - position >= 4 else { throw error("a \\u escape needs four hexadecimal digits") }
            var v: UInt16 = 0
            for k in 0..<4 {
                let b = bytes[position + k]
                let d: UInt16
                switch b {
                case 0x30...0x39: d = UInt16(b - 0x30)
                case 0x61...0x66: d = UInt16(b - 0x61 + 10)
                case 0x41...0x46: d = UInt16(b - 0x41 + 10)
                default: throw error("a \\u escape needs four hexadecimal digits")
                }
                v = v << 4 | d
            }
            position += 4
            return v
        }
        while true {
            guard position < bytes.count else { throw error("unterminated string") }
            let b = bytes[position]
            if pendingHigh != nil && b != 0x5C { throw error("unpaired UTF-16 surrogate in a \\u escape") }
            switch b {
            case 0x22:
                position += 1
                guard let s = String(validating: out, as: UTF8.self) else { throw error("a string is not valid UTF-8") }
                return s
            case 0x5C:
                position += 1
                guard position < bytes.count else { throw error("unterminated string") }
                let e = bytes[position]
                position += 1
                if pendingHigh != nil && e != UInt8(ascii: "u") { throw error("unpaired UTF-16 surrogate in a \\u escape") }
                switch e {
                case 0x22, 0x5C, 0x2F: out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    let u = try hex4()
                    var scalar: Unicode.Scalar?
                    if let high = pendingHigh {
                        guard (0xDC00...0xDFFF).contains(u) else { throw error("unpaired UTF-16 surrogate in a \\u escape") }
                        scalar = Unicode.Scalar(0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(u - 0xDC00))
                        pendingHigh = nil
                    } else if (0xD800...0xDBFF).contains(u) {
                        pendingHigh = u
                    } else if (0xDC00...0xDFFF).contains(u) {
                        throw error("unpaired UTF-16 surrogate in a \\u escape")
                    } else {
                        scalar = Unicode.Scalar(u)
                    }
                    if let scalar { out += Array(String(Character(scalar)).utf8) }
                default: throw error("unknown escape \\\(String(decoding: [e], as: UTF8.self))")
                }
            case 0x00..<0x20: throw error("a control character in a string must be escaped")
            default:
                out.append(b)
                position += 1
            }
        }
    }
}
