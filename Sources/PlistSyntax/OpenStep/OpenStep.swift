// A tolerant reader of OpenStep (old-style ASCII) property lists, the format of `project.pbxproj`:
// `{ key = value; }`, `( a, b )`, quoted and bare strings, `<hex data>`, `//` and `/* */` comments.
// Every value keeps its byte range; reading never fails (problems are listed, the rest is kept).

/// One value of an OpenStep property list with its place in the text.
public struct OpenStepNode: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case string, data, array, dictionary }

    public let kind: Kind
    /// The value's bytes (the quotes of a quoted string and the braces of a container included).
    public let range: Range<Int>
    /// A string's decoded text (escapes resolved) or a data value's hex digits; "" for containers.
    public let text: String
    /// An array's items.
    public let items: [OpenStepNode]
    /// A dictionary's entries in file order.
    public let entries: [OpenStepEntry]
    /// A large dictionary's entries by key (the last one's index when a key repeats): a
    /// `project.pbxproj`'s `objects` holds thousands, each looked up many times while a project
    /// is read, and a search through them each time made reading a project quadratic.
    private let lookup: [ExactText: Int]?

    /// Dictionaries with more entries than this get `lookup`; smaller ones are searched.
    static let indexedSize = 8

    public init(kind: Kind, range: Range<Int>, text: String = "", items: [OpenStepNode] = [], entries: [OpenStepEntry] = []) {
        self.kind = kind
        self.range = range
        self.text = text
        self.items = items
        self.entries = entries
        if entries.count > Self.indexedSize {
            var lookup: [ExactText: Int] = [:]
            lookup.reserveCapacity(entries.count)
            for (index, entry) in entries.enumerated() { lookup[ExactText(entry.key.text)] = index }
            self.lookup = lookup
        } else {
            lookup = nil
        }
    }

    /// The value of `key` in a dictionary (the last one when the key repeats), compared by exact
    /// scalars.
    public subscript(key: String) -> OpenStepNode? {
        if let lookup { return lookup[ExactText(key)].map { entries[$0].value } }
        return entries.last { ExactText.equal($0.key.text, key) }?.value
    }

    /// The string value of `key` in a dictionary.
    public func string(_ key: String) -> String? {
        guard let value = self[key], value.kind == .string else { return nil }
        return value.text
    }
}

/// A key and its value in an OpenStep dictionary.
public struct OpenStepEntry: Sendable, Hashable {
    /// The key, always a string node.
    public let key: OpenStepNode
    public let value: OpenStepNode
}

/// A problem found while reading an OpenStep property list.
public struct OpenStepProblem: Sendable, Hashable {
    public let message: String
    public let range: Range<Int>
}

/// An OpenStep property list read from UTF-8 bytes.
public struct OpenStepDocument: Sendable {
    /// The top-level value (nil for an empty or unreadable file).
    public let root: OpenStepNode?
    /// What could not be read; the values around it are kept.
    public let problems: [OpenStepProblem]

    /// How deeply containers may nest before the reader stops descending.
    public static let maximumDepth = 256

    /// Reads `text` (UTF-8).
    public init(text: [UInt8]) {
        var reader = OpenStepReader(text: text)
        reader.skipTrivia()
        var root: OpenStepNode? = nil
        if reader.position < text.count {
            root = reader.value(depth: 0)
            reader.skipTrivia()
            if reader.position < text.count {
                // A strings file (`"key" = "value";` at top level) reads as a dictionary.
                if root?.kind == .string, text[reader.position] == UInt8(ascii: "=") {
                    reader.position = root!.range.lowerBound
                    root = reader.entries(until: nil, start: reader.position, depth: 0)
                } else {
                    reader.problem("unexpected text after the top-level value", reader.position..<text.count)
                }
            }
        }
        self.root = root
        problems = reader.problems
    }

    /// Whether `text` looks like an OpenStep property list rather than JSON: JSON separates keys
    /// from values with `:` and uses no `=`.
    public static func looksLikeOpenStep(_ text: [UInt8]) -> Bool {
        var reader = OpenStepReader(text: text)
        reader.skipTrivia()
        guard reader.position < text.count else { return false }
        let first = text[reader.position]
        if first == UInt8(ascii: "(") { return true }  // JSON's arrays use brackets
        guard first == UInt8(ascii: "{") else { return first == UInt8(ascii: "\"") }
        // The first separator after the first key decides.
        reader.position += 1
        reader.skipTrivia()
        _ = reader.value(depth: 1)
        reader.skipTrivia()
        guard reader.position < text.count else { return true }
        return text[reader.position] != UInt8(ascii: ":")
    }
}

struct OpenStepReader {
    let text: [UInt8]
    var position = 0
    var problems: [OpenStepProblem] = []

    init(text: [UInt8]) { self.text = text }

    mutating func problem(_ message: String, _ range: Range<Int>) {
        if problems.count < 100 { problems.append(OpenStepProblem(message: message, range: range)) }
    }

    /// Skips white space and comments.
    mutating func skipTrivia() {
        while position < text.count {
            let c = text[position]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C { position += 1; continue }
            if c == UInt8(ascii: "/"), position + 1 < text.count {
                let n = text[position + 1]
                if n == UInt8(ascii: "/") {
                    while position < text.count && text[position] != 0x0A && text[position] != 0x0D { position += 1 }
                    continue
                }
                if n == UInt8(ascii: "*") {
                    let start = position
                    position += 2
                    while position + 1 < text.count && !(text[position] == UInt8(ascii: "*") && text[position + 1] == UInt8(ascii: "/")) {
                        position += 1
                    }
                    if position + 1 >= text.count {
                        problem("unterminated comment", start..<text.count)
                        position = text.count
                    } else {
                        position += 2
                    }
                    continue
                }
            }
            return
        }
    }

    static func isBare(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c >= 0x80
            || c == UInt8(ascii: "_") || c == UInt8(ascii: "$") || c == UInt8(ascii: "+") || c == UInt8(ascii: "/")
            || c == UInt8(ascii: ":") || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
    }

    /// Reads one value at `position` (trivia already skipped).
    mutating func value(depth: Int) -> OpenStepNode? {
        guard position < text.count else { return nil }
        let start = position
        let c = text[position]
        switch c {
        case UInt8(ascii: "{"):
            position += 1
            if depth >= OpenStepDocument.maximumDepth { return skipContainer(start, kind: .dictionary) }
            return entries(until: UInt8(ascii: "}"), start: start, depth: depth + 1)
        case UInt8(ascii: "("):
            position += 1
            if depth >= OpenStepDocument.maximumDepth { return skipContainer(start, kind: .array) }
            var items: [OpenStepNode] = []
            while true {
                skipTrivia()
                guard position < text.count else {
                    problem("missing ')' at the end of the array", start..<start + 1)
                    break
                }
                if text[position] == UInt8(ascii: ")") { position += 1; break }
                let before = position
                if let item = value(depth: depth + 1) { items.append(item) }
                skipTrivia()
                if position < text.count, text[position] == UInt8(ascii: ",") { position += 1; continue }
                if position < text.count, text[position] == UInt8(ascii: ")") { continue }
                if position == before {
                    problem("unexpected character in an array", position..<position + 1); position += 1
                } else if position < text.count {
                    problem("expected ',' or ')' in an array", position..<position + 1)
                }
            }
            return OpenStepNode(kind: .array, range: start..<position, items: items)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return quoted(quote: c)
        case UInt8(ascii: "<"):
            position += 1
            var digits: [UInt8] = []
            while position < text.count && text[position] != UInt8(ascii: ">") {
                let d = text[position]
                if d != 0x20 && d != 0x0A && d != 0x09 && d != 0x0D { digits.append(d) }
                position += 1
            }
            if position < text.count { position += 1 } else { problem("missing '>' at the end of the data", start..<start + 1) }
            return OpenStepNode(kind: .data, range: start..<position, text: String(decoding: digits, as: UTF8.self))
        default:
            guard Self.isBare(c) else { return nil }
            while position < text.count && Self.isBare(text[position]) { position += 1 }
            return OpenStepNode(kind: .string, range: start..<position, text: String(decoding: text[start..<position], as: UTF8.self))
        }
    }

    /// Reads `key = value;` entries up to `close` (nil: the end of the text).
    mutating func entries(until close: UInt8?, start: Int, depth: Int) -> OpenStepNode {
        var entries: [OpenStepEntry] = []
        while true {
            skipTrivia()
            guard position < text.count else {
                if close != nil { problem("missing '}' at the end of the dictionary", start..<start + 1) }
                break
            }
            if let close, text[position] == close { position += 1; break }
            let keyStart = position
            guard let key = value(depth: depth), key.kind == .string else {
                problem("expected a key", keyStart..<min(keyStart + 1, text.count))
                recover(close)
                continue
            }
            skipTrivia()
            guard position < text.count, text[position] == UInt8(ascii: "=") else {
                problem("expected '=' after the key '\(key.text)'", key.range)
                recover(close)
                continue
            }
            position += 1
            skipTrivia()
            guard let value = value(depth: depth) else {
                problem("expected a value for the key '\(key.text)'", position..<min(position + 1, text.count))
                recover(close)
                continue
            }
            entries.append(OpenStepEntry(key: key, value: value))
            skipTrivia()
            if position < text.count, text[position] == UInt8(ascii: ";") {
                position += 1
            } else {
                problem("missing ';' after the value of '\(key.text)'", value.range.upperBound..<value.range.upperBound)
            }
        }
        return OpenStepNode(kind: .dictionary, range: start..<position, entries: entries)
    }

    /// Skips to just after the next `;` (or before `close`).
    mutating func recover(_ close: UInt8?) {
        while position < text.count {
            let c = text[position]
            if c == UInt8(ascii: ";") { position += 1; return }
            if let close, c == close { return }
            position += 1
        }
    }

    mutating func skipContainer(_ start: Int, kind: OpenStepNode.Kind) -> OpenStepNode {
        problem("nested too deeply (more than \(OpenStepDocument.maximumDepth) levels)", start..<start + 1)
        var level = 1
        while position < text.count && level > 0 {
            let c = text[position]
            if c == UInt8(ascii: "{") || c == UInt8(ascii: "(") { level += 1 }
            if c == UInt8(ascii: "}") || c == UInt8(ascii: ")") { level -= 1 }
            position += 1
        }
        return OpenStepNode(kind: kind, range: start..<position)
    }

    mutating func quoted(quote: UInt8) -> OpenStepNode {
        let start = position
        position += 1
        var out: [UInt8] = []
        while position < text.count && text[position] != quote {
            let c = text[position]
            guard c == UInt8(ascii: "\\"), position + 1 < text.count else { out.append(c); position += 1; continue }
            position += 1
            let e = text[position]
            position += 1
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var value: UInt32 = 0, n = 0
                while n < 4, position < text.count, let d = Self.hex(text[position]) { value = value * 16 + d; position += 1; n += 1 }
                // A high surrogate followed by `\Uxxxx` with the low one: one character (strings files write emoji so).
                if (0xD800...0xDBFF).contains(value), position + 5 < text.count, text[position] == UInt8(ascii: "\\"),
                    text[position + 1] == UInt8(ascii: "U") || text[position + 1] == UInt8(ascii: "u")
                {
                    var low: UInt32 = 0, m = 0
                    while m < 4, let d = Self.hex(text[position + 2 + m]) { low = low * 16 + d; m += 1 }
                    if m == 4, (0xDC00...0xDFFF).contains(low) {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00); position += 6
                    }
                }
                if let scalar = Unicode.Scalar(value) { out.append(contentsOf: String(Character(scalar)).utf8) }
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(e - 0x30), n = 1
                while n < 3, position < text.count, text[position] >= 0x30, text[position] <= 0x37 {
                    value = value * 8 + UInt32(text[position] - 0x30); position += 1; n += 1
                }
                if let scalar = Unicode.Scalar(value) { out.append(contentsOf: String(Character(scalar)).utf8) }
            default: out.append(e)
            }
        }
        if position < text.count { position += 1 } else { problem("missing closing quote", start..<start + 1) }
        return OpenStepNode(kind: .string, range: start..<position, text: String(decoding: out, as: UTF8.self))
    }

    static func hex(_ c: UInt8) -> UInt32? {
        switch c {
        case 0x30...0x39: return UInt32(c - 0x30)
        case 0x41...0x46: return UInt32(c - 0x41 + 10)
        case 0x61...0x66: return UInt32(c - 0x61 + 10)
        default: return nil
        }
    }
}
