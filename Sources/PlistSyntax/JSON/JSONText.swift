// The one positional JSON reader: every value with its byte range, and every RFC 8259 violation as
// a problem with its range, reading on past it (String Catalogs want all of them, with places).
// JSON property lists (`PlistFormats`) are a strict mapping from it: any problem refuses the file.
// The protocol's reader (`PlistSupport.JSONReader`) stays apart: it keeps no positions and is fast.

/// One JSON value with its place in the text.
public struct JSONNode: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case object, array, string, number, bool, null }
    public let kind: Kind
    /// The value's bytes (a string's quotes included).
    public let range: Range<Int>
    /// A string's decoded text, a number's or literal's text.
    public let text: String
    /// An object's members in file order, each with its name's range.
    public let members: [Member]
    public let items: [JSONNode]

    public struct Member: Sendable, Hashable {
        public let name: String
        public let nameRange: Range<Int>
        public let value: JSONNode
    }

    /// The value of the member `name` (the last one when it repeats).
    public subscript(name: String) -> JSONNode? { members.last { $0.name == name }?.value }
}

extension JSONNode.Kind {
    /// "an array", "a string"…: for messages.
    public var described: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a Boolean"
        case .null: return "null"
        }
    }
}

/// Something RFC 8259 forbids (or the reader's depth limit refuses), with its bytes.
public struct JSONProblem: Sendable, Hashable {
    public let message: String
    public let range: Range<Int>
    public init(message: String, range: Range<Int>) {
        self.message = message
        self.range = range
    }
}

/// A JSON text read with positions: its root value (nil when there is none) and its problems in
/// file order.
public struct JSONText: Sendable {
    public let root: JSONNode?
    public let problems: [JSONProblem]
    /// Where reading started: after a UTF-8 byte order mark, if any (RFC 8259 lets a reader skip it).
    public let start: Int
    /// Where the reader was when it found each problem (`JSONTextReader.foundAt`).
    let foundAt: [Int]
    /// Whether a value was too deep to read (said once, by the first).
    let nestedTooDeep: Bool

    /// Reads UTF-8 `text`. Containers nested deeper than `maximumDepth` are skipped whole with one
    /// problem; at most `maximumProblems` problems are kept.
    public init(_ text: [UInt8], maximumDepth: Int = 256, maximumProblems: Int = 100) {
        var reader = JSONTextReader(text: text, maximumDepth: maximumDepth, maximumProblems: maximumProblems)
        if text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF { reader.position = 3 }
        start = reader.position
        if let encoding = Self.otherEncoding(text) {
            // RFC 8259 §8.1: JSON exchanged between systems is UTF-8; nothing of it can be read as such.
            self.root = nil
            self.problems = [
                JSONProblem(
                    message: "the text is \(encoding), not UTF-8: JSON text is UTF-8 (RFC 8259 §8.1)", range: 0..<min(text.count, 4))
            ]
            self.foundAt = [0]
            self.nestedTooDeep = false
            return
        }
        reader.skipSpace()
        var root: JSONNode? = nil
        if reader.position < text.count {
            root = reader.value(depth: 0)
            reader.skipSpace()
            if reader.position < text.count { reader.problem("text after the JSON value", reader.position..<text.count) }
        } else {
            reader.problem("no JSON value: the text is empty", text.count..<text.count)
        }
        self.root = root
        self.problems = reader.problems
        self.foundAt = reader.foundAt
        self.nestedTooDeep = reader.reportedDepth
    }
}

extension JSONText {
    /// "UTF-16 (little-endian)"… when `text` starts with a byte order mark of UTF-16 or UTF-32, or
    /// with the NUL bytes a UTF-16 or UTF-32 text's first ASCII character has (RFC 8259 §8.1's
    /// own way of telling): nil for UTF-8 and anything else.
    static func otherEncoding(_ text: [UInt8]) -> String? {
        let b = (0..<4).map { $0 < text.count ? text[$0] : 0xAA }
        switch (b[0], b[1], b[2], b[3]) {
        case (0x00, 0x00, 0xFE, 0xFF): return "UTF-32 (big-endian)"
        case (0xFF, 0xFE, 0x00, 0x00): return "UTF-32 (little-endian)"
        case (0xFE, 0xFF, _, _): return "UTF-16 (big-endian)"
        case (0xFF, 0xFE, _, _): return "UTF-16 (little-endian)"
        case (0x00, 0x00, 0x00, let c) where c != 0 && text.count >= 4: return "UTF-32 (big-endian)"
        case (let c, 0x00, 0x00, 0x00) where c != 0 && text.count >= 4: return "UTF-32 (little-endian)"
        case (0x00, let c, _, _) where c != 0 && c < 0x80 && text.count >= 2: return "UTF-16 (big-endian)"
        case (let c, 0x00, _, _) where c != 0 && c < 0x80 && text.count >= 2: return "UTF-16 (little-endian)"
        default: return nil
        }
    }

    /// `s` as JSON string text: `"…"` with `"`, `\` and control characters escaped (what the
    /// fixes and renames write into a String Catalog).
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if c.value < 0x20 {
                    let hex = String(c.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out + "\""
    }
}

struct JSONTextReader {
    let text: [UInt8]
    var position = 0
    var problems: [JSONProblem] = []
    /// Where the reader was when it found each problem (in order: the position only grows), which
    /// says what part of the text a problem comes from, whatever its range.
    var foundAt: [Int] = []
    let maximumDepth: Int
    let maximumProblems: Int
    var reportedDepth = false

    init(text: [UInt8], maximumDepth: Int, maximumProblems: Int) {
        self.text = text
        self.maximumDepth = maximumDepth
        self.maximumProblems = maximumProblems
    }

    mutating func problem(_ message: String, _ range: Range<Int>) {
        if problems.count < maximumProblems {
            problems.append(JSONProblem(message: message, range: range))
            foundAt.append(position)
        }
    }

    mutating func skipSpace() {
        while position < text.count, text[position] == 0x20 || text[position] == 0x0A || text[position] == 0x0D || text[position] == 0x09 {
            position += 1
        }
    }

    mutating func value(depth: Int) -> JSONNode? {
        guard position < text.count else { problem("the text ends where a value should be", text.count..<text.count); return nil }
        let start = position
        if depth > maximumDepth {
            skipValue()
            if !reportedDepth {
                reportedDepth = true
                problem("arrays and objects nested deeper than \(maximumDepth) levels: this value is not read", start..<position)
            }
            return nil
        }
        switch text[position] {
        case UInt8(ascii: "{"):
            position += 1
            let members = objectMembers(openedAt: start, depth: depth, resync: nil)
            return JSONNode(kind: .object, range: start..<position, text: "", members: members, items: [])
        case UInt8(ascii: "["):
            position += 1
            var items: [JSONNode] = []
            var afterComma: Int? = nil
            while true {
                skipSpace()
                guard position < text.count else { problem("missing ']' at the end of the array", start..<start + 1); break }
                if text[position] == UInt8(ascii: "]") {
                    if let comma = afterComma { problem("a ',' before ']': JSON allows no trailing comma", comma..<comma + 1) }
                    position += 1
                    break
                }
                let before = position
                afterComma = nil
                if let v = value(depth: depth + 1) { items.append(v) }
                skipSpace()
                if position < text.count, text[position] == UInt8(ascii: ",") { afterComma = position; position += 1; continue }
                if position < text.count, text[position] == UInt8(ascii: "]") { continue }
                if position == before { position += 1 }
                if position < text.count { problem("expected ',' or ']' after an item", position..<position + 1) }
            }
            return JSONNode(kind: .array, range: start..<position, text: "", members: [], items: items)
        case UInt8(ascii: "\""):
            let s = string()
            return JSONNode(kind: .string, range: s.range, text: s.text, members: [], items: [])
        default:
            while position < text.count, !Self.isDelimiter(text[position]) { position += 1 }
            let word = text[start..<position]
            switch String(decoding: word, as: UTF8.self) {
            case "true", "false":
                return JSONNode(kind: .bool, range: start..<position, text: String(decoding: word, as: UTF8.self), members: [], items: [])
            case "null": return JSONNode(kind: .null, range: start..<position, text: "null", members: [], items: [])
            default:
                if !word.isEmpty, word.allSatisfy({ Self.isNumberByte($0) }) {
                    if !Self.isNumber(word) { problem("\(String(decoding: word, as: UTF8.self)) is not a JSON number", start..<position) }
                    return JSONNode(
                        kind: .number, range: start..<position, text: String(decoding: word, as: UTF8.self), members: [], items: [])
                }
                if position == start { position += 1 }
                if word.starts(with: [0xEF, 0xBB, 0xBF]) {
                    problem("a byte order mark (U+FEFF) is allowed only as the text's first character", start..<start + 3)
                } else {
                    problem("expected a JSON value", start..<position)
                }
                return nil
            }
        }
    }

    /// The members of the object at `depth` whose `{` is at `start`, read from `position` (just
    /// after the `{`, or where one of its members' name starts) to its `}` or the text's end.
    /// Where a member's name starts nothing read before matters but the position (and the
    /// problems' count and the depth report): `resync`, asked there, may stop the reading, leaving
    /// the position at that name (a String Catalog's edited entry is read so, up to the entry where
    /// the reading lines up with the previous one's).
    mutating func objectMembers(openedAt start: Int, depth: Int, resync: ((Int) -> Bool)?) -> [JSONNode.Member] {
        var members: [JSONNode.Member] = []
        var afterComma: Int? = nil
        while true {
            skipSpace()
            guard position < text.count else { problem("missing '}' at the end of the object", start..<start + 1); break }
            if text[position] == UInt8(ascii: "}") {
                if let comma = afterComma { problem("a ',' before '}': JSON allows no trailing comma", comma..<comma + 1) }
                position += 1
                break
            }
            guard text[position] == UInt8(ascii: "\"") else {
                problem("expected a member name (a quoted string)", position..<position + 1)
                skipToMemberEnd()
                continue
            }
            if let resync, resync(position) { break }
            // A comma before a member is not a trailing one, whatever the member turns out to be.
            afterComma = nil
            let name = string()
            skipSpace()
            guard position < text.count, text[position] == UInt8(ascii: ":") else {
                problem("expected ':' after \"\(name.text)\"", name.range)
                skipToMemberEnd()
                continue
            }
            position += 1
            skipSpace()
            guard let v = value(depth: depth + 1) else { skipToMemberEnd(); continue }
            members.append(JSONNode.Member(name: name.text, nameRange: name.range, value: v))
            skipSpace()
            if position < text.count, text[position] == UInt8(ascii: ",") { afterComma = position; position += 1; continue }
            if position < text.count, text[position] == UInt8(ascii: "}") { continue }
            if position < text.count { problem("expected ',' or '}' after a member", position..<position + 1) }
        }
        return members
    }

    static func isDelimiter(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 || c == UInt8(ascii: ",") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]")
            || c == UInt8(ascii: ":") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "{") || c == UInt8(ascii: "[")
    }

    static func isNumberByte(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
            || c | 0x20 == UInt8(ascii: "e")
    }

    /// RFC 8259's number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isNumber(_ word: ArraySlice<UInt8>) -> Bool {
        var i = word.startIndex
        func digits() -> Int {
            let s = i
            while i < word.endIndex, (0x30...0x39).contains(word[i]) { i += 1 }
            return i - s
        }
        if i < word.endIndex, word[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        let n = digits()
        guard n > 0, !(word[intStart] == 0x30 && n > 1) else { return false }
        if i < word.endIndex, word[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < word.endIndex, word[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < word.endIndex, word[i] == UInt8(ascii: "+") || word[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == word.endIndex
    }

    /// Past the value at `position` without reading it: to its matching close bracket (strings
    /// and their escapes respected), or past a scalar.
    mutating func skipValue() {
        var open = 0
        repeat {
            guard position < text.count else { return }
            let c = text[position]
            if c == UInt8(ascii: "\"") {
                position += 1
                while position < text.count, text[position] != UInt8(ascii: "\"") {
                    position += text[position] == UInt8(ascii: "\\") ? 2 : 1
                }
                position = min(position + 1, text.count)
                continue
            }
            if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                open += 1
            } else if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
                open -= 1
            } else if open == 0 && Self.isDelimiter(c) {
                return
            }
            position += 1
        } while open > 0
    }

    /// After a broken member: to the next `,` or `}` of this object.
    mutating func skipToMemberEnd() {
        while position < text.count {
            let c = text[position]
            if c == UInt8(ascii: "}") { return }
            position += 1
            if c == UInt8(ascii: ",") { return }
        }
    }

    /// A quoted string at `position`. A raw line feed ends it (an unterminated string, read no
    /// further); a raw control character, an unknown escape, a short `\u`, a lone surrogate or
    /// bytes that are not UTF-8 are problems, and the string is read on.
    mutating func string() -> (text: String, range: Range<Int>) {
        let start = position
        position += 1
        var out: [UInt8] = []
        var pendingHigh: (value: UInt32, at: Int)? = nil
        func lone(_ reader: inout JSONTextReader, _ at: Int) {
            reader.problem(
                "a lone UTF-16 surrogate in a \\u escape: JSON text is Unicode, and no character has this code",
                at..<min(at + 6, reader.text.count))
        }
        while position < text.count, text[position] != UInt8(ascii: "\"") {
            let c = text[position]
            if c == 0x0A { break }
            let at = position
            position += 1
            if let high = pendingHigh, !(c == UInt8(ascii: "\\") && position < text.count && text[position] == UInt8(ascii: "u")) {
                lone(&self, high.at); pendingHigh = nil
            }
            guard c == UInt8(ascii: "\\") else {
                if c < 0x20 {
                    problem(
                        "a control character in a string must be escaped (\\u00\(c < 16 ? "0" : "")\(String(c, radix: 16, uppercase: true)))",
                        at..<at + 1)
                }
                out.append(c)
                continue
            }
            guard position < text.count else { break }
            let e = text[position]
            position += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                var value: UInt32 = 0, n = 0
                while n < 4, position < text.count, let d = OpenStepReader.hex(text[position]) {
                    value = value * 16 + d; position += 1; n += 1
                }
                guard n == 4 else { problem("a \\u escape needs four hexadecimal digits", at..<position); continue }
                if (0xD800...0xDBFF).contains(value) {
                    if let high = pendingHigh { lone(&self, high.at) }
                    pendingHigh = (value, at)
                    continue
                }
                if (0xDC00...0xDFFF).contains(value) {
                    guard let high = pendingHigh else { lone(&self, at); continue }
                    value = 0x10000 + ((high.value - 0xD800) << 10) + (value - 0xDC00)
                    pendingHigh = nil
                } else if let high = pendingHigh {
                    lone(&self, high.at)
                    pendingHigh = nil
                }
                if let scalar = Unicode.Scalar(value) { out.append(contentsOf: String(Character(scalar)).utf8) }
            default:
                // The whole character after the backslash (a range never splits one).
                while position < text.count, text[position] & 0xC0 == 0x80, e >= 0xC0 { position += 1 }
                let escaped = text[(at + 1)..<position]
                problem(
                    "\\\(String(decoding: escaped, as: UTF8.self)) is not a JSON escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
                    at..<position)
                out.append(contentsOf: escaped)
            }
        }
        if let high = pendingHigh { lone(&self, high.at) }
        if position < text.count, text[position] == UInt8(ascii: "\"") {
            position += 1
        } else {
            problem("unterminated string: missing its closing quote", start..<start + 1)
        }
        let decoded: String
        if let valid = String(validating: out, as: UTF8.self) {
            decoded = valid
        } else {
            problem("a string that is not valid UTF-8", start..<position)
            decoded = String(decoding: out, as: UTF8.self)
        }
        return (decoded, start..<position)
    }
}
