// A small, strict JSON reader (RFC 8259) into `JSONValue`. It is fast where `JSONDecoder` is not:
// decoding a `JSONValue` with `JSONDecoder` tries each kind in turn and every failed try throws;
// and it is lean: a string is decoded straight into its storage, where `JSONDecoder` took four
// times a 10 MB `didOpen` message while decoding it. The key database's data file is read with
// it at start-up, the server's incoming messages (then `JSONValueDecoder`), and the test client
// reads the server's messages with it.

/// Invalid JSON: what is wrong and the line (from 1) where it was found.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public let line: Int
    public var description: String { "line \(line): \(message)" }
}

/// Reads one JSON document. Control characters in strings, lone surrogates, duplicate member
/// names and text after the value are errors (`parse`); a protocol message is read leniently
/// (`parseMessage`).
public struct JSONReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// A message's reading: lone surrogates as U+FFFD, the first of duplicate members kept.
    private let lenient: Bool
    /// The first member name that occurred again in its object (lenient reading).
    private var firstDuplicate: String? = nil
    private var index = 0

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in try read(buffer, lenient: false).value }
    }

    /// Reads a protocol message. A lone surrogate escape (`\uD800` without its pair: an editor's
    /// buffer holds half a pair while a character is typed) decodes as U+FFFD, which is one
    /// UTF-16 unit like it, so positions stay aligned with the editor's text. A member name that
    /// occurs again in its object keeps its first value, and the first such name (in document
    /// order, at any depth, escapes decoded) is returned for the caller to judge: parsers disagree
    /// on which one counts.
    public static func parseMessage(
        _ bytes: UnsafeBufferPointer<UInt8>
    ) throws(JSONSyntaxError) -> (value: JSONValue, firstDuplicateMember: String?) {
        try read(bytes, lenient: true)
    }

    private static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, lenient: Bool
    ) throws(JSONSyntaxError) -> (value: JSONValue, firstDuplicateMember: String?) {
        var reader = JSONReader(bytes: bytes, lenient: lenient)
        reader.skipWhitespace()
        let value = try reader.parseValue()
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("unexpected text after the JSON value") }
        return (value, reader.firstDuplicate)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, lenient: Bool) {
        self.bytes = bytes
        self.lenient = lenient
    }

    private func error(_ message: String) -> JSONSyntaxError {
        let line = bytes[..<min(index, bytes.count)].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        return JSONSyntaxError(message: message, line: line)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character")
        }
    }

    private mutating func expect(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected in
            index + count <= bytes.count && zip(expected, bytes[index..<(index + count)]).allSatisfy { $0 == $1 }
        }
        guard matches else { throw error("unexpected literal") }
        index += count
    }

    /// An integer when the text has no fraction or exponent and fits in `Int`; a double otherwise.
    /// The grammar is RFC 8259's: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` (no `+1`,
    /// `01`, `1.` or `.5`, which `Int` and `Double` would read).
    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        var isInteger = true
        if byte(is: UInt8(ascii: "-")) { index += 1 }
        if byte(is: UInt8(ascii: "0")) {
            index += 1
        } else if digitCount() == 0 {
            throw numberError(from: start)
        }
        if byte(is: UInt8(ascii: ".")) {
            isInteger = false
            index += 1
            guard digitCount() > 0 else { throw numberError(from: start) }
        }
        if byte(is: UInt8(ascii: "e")) || byte(is: UInt8(ascii: "E")) {
            isInteger = false
            index += 1
            if byte(is: UInt8(ascii: "+")) || byte(is: UInt8(ascii: "-")) { index += 1 }
            guard digitCount() > 0 else { throw numberError(from: start) }
        }
        // A number ends where its grammar does; a digit or sign right after it (`01`, `1-2`) is not
        // another token.
        if index < bytes.count, Self.isNumberByte(bytes[index]) { throw numberError(from: start) }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { throw error("invalid number \(text)") }
        return .double(value)
    }

    private func byte(is expected: UInt8) -> Bool { index < bytes.count && bytes[index] == expected }

    /// Skips the decimal digits at the reading position; returns how many there were.
    private mutating func digitCount() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    /// An error naming the number's text as far as it goes (every byte a number could hold).
    private mutating func numberError(from start: Int) -> JSONSyntaxError {
        var end = start
        while end < bytes.count, Self.isNumberByte(bytes[end]) { end += 1 }
        return error("invalid number \(String(decoding: bytes[start..<end], as: UTF8.self))")
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default:
            return false
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var object: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(object) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name") }
            let key = try parseString()
            let isDuplicate = object[key] != nil
            if isDuplicate {
                guard lenient else { throw error("member \"\(key)\" appears twice") }
                if firstDuplicate == nil { firstDuplicate = key }
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after \"\(key)\"") }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            if !isDuplicate { object[key] = value }
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(object) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var array: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(array) }
        while true {
            skipWhitespace()
            array.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(array) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in a string") }
            index += 1
        }
        // Escapes: find the closing quote (one not escaped), then decode into the string's own
        // storage, which the raw length bounds (no escape decodes to more bytes than it takes).
        var end = index
        while end < bytes.count && bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
        guard end < bytes.count else { throw error("unterminated string") }
        var failure: JSONSyntaxError? = nil
        let text = String(unsafeUninitializedCapacity: end - start) { out in
            var count = index - start
            _ = out.initialize(from: bytes[start..<index])
            do throws(JSONSyntaxError) {
                while index < end {
                    let byte = bytes[index]
                    guard byte == UInt8(ascii: "\\") else {
                        if byte < 0x20 { throw error("control character in a string") }
                        out[count] = byte
                        count += 1
                        index += 1
                        continue
                    }
                    index += 1
                    let escape = bytes[index]
                    index += 1
                    var decoded = escape
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): break
                    case UInt8(ascii: "b"): decoded = 0x08
                    case UInt8(ascii: "f"): decoded = 0x0C
                    case UInt8(ascii: "n"): decoded = 0x0A
                    case UInt8(ascii: "r"): decoded = 0x0D
                    case UInt8(ascii: "t"): decoded = 0x09
                    case UInt8(ascii: "u"):
                        var code = try parseHex4(before: end)
                        let pairs = index + 1 < end && bytes[index] == UInt8(ascii: "\\") && bytes[index + 1] == UInt8(ascii: "u")
                        if (0xD800...0xDBFF).contains(code), pairs, let low = hex4(at: index + 2, before: end),
                            (0xDC00...0xDFFF).contains(low)
                        {
                            index += 6
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else if (0xD800...0xDFFF).contains(code) {
                            // A lone half: U+FFFD when reading a message (what follows is read on its own).
                            guard lenient else {
                                if code >= 0xDC00 { throw error("invalid \\u escape") }
                                if !pairs { throw error("lone surrogate in \\u escape") }
                                index += 2
                                _ = try parseHex4(before: end)
                                throw error("bad surrogate pair")
                            }
                            code = 0xFFFD
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                        for unit in UTF8.encode(scalar)! {
                            out[count] = unit
                            count += 1
                        }
                        continue
                    default:
                        throw error("unknown escape")
                    }
                    out[count] = decoded
                    count += 1
                }
            } catch {
                failure = error
            }
            return count
        }
        if let failure { throw failure }
        index = end + 1
        return text
    }

    private mutating func parseHex4(before end: Int) throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= end else { throw error("short \\u escape") }
        guard let value = hex4(at: index, before: end) else { throw error("bad hex digit in \\u escape") }
        index += 4
        return value
    }

    /// The four hex digits at `at`, if there are four before `end`.
    private func hex4(at: Int, before end: Int) -> UInt32? {
        guard at + 4 <= end else { return nil }
        var value: UInt32 = 0
        for byte in bytes[at..<(at + 4)] {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value * 16 + digit
        }
        return value
    }
}
