// A tolerant reader of String Catalogs (`InfoPlist.xcstrings`, JSON): `sourceLanguage`, and
// `strings` → key → `localizations` → locale → `stringUnit` { `state`, `value` } (or `variations`).
// A small JSON reader of its own keeps every value's byte range (the project's `JSONReader`, in
// `PlistSupport`, is strict and keeps none, and this module imports nothing of ours).

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

/// A problem found while reading a String Catalog.
public struct StringCatalogProblem: Sendable, Hashable {
    public let message: String
    public let range: Range<Int>
}

/// A String Catalog read from UTF-8 bytes.
public struct StringCatalog: Sendable {
    /// One translation of a string.
    public struct Localization: Sendable, Hashable {
        public let locale: String
        public let localeRange: Range<Int>
        /// `translated`, `new`, `needs_review`, `stale`, `machine_translated`… ("" when absent).
        public let state: String
        public let stateRange: Range<Int>?
        /// The string unit's value (nil when the translation has only variations, or none).
        public let value: String?
        public let valueRange: Range<Int>?
        /// Whether the translation is split into variations (plural, device).
        public let hasVariations: Bool
    }

    /// One key of the catalog.
    public struct Entry: Sendable, Hashable {
        public let key: String
        public let keyRange: Range<Int>
        public let localizations: [Localization]
        /// `extractionState` ("" when absent): `manual`, `extracted_with_value`, `stale`…
        public let extractionState: String
        public let extractionStateRange: Range<Int>?
    }

    public let text: [UInt8]
    public let root: JSONNode?
    public let sourceLanguage: String?
    public let entries: [Entry]
    public let problems: [StringCatalogProblem]

    /// Reads UTF-8 text (a byte order mark is skipped).
    public init(text: [UInt8]) {
        self.text = text
        var reader = JSONTextReader(text: text)
        if text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF { reader.position = 3 }
        reader.skipSpace()
        var root: JSONNode? = nil
        if reader.position < text.count {
            root = reader.value(depth: 0)
            reader.skipSpace()
            if reader.position < text.count { reader.problem("unexpected text after the catalog's closing '}'", reader.position..<text.count) }
        } else {
            reader.problem("empty file: a String Catalog is a JSON object with \"sourceLanguage\" and \"strings\"", 0..<0)
        }
        self.root = root
        var problems = reader.problems
        var entries: [Entry] = []
        if let root, root.kind == .object {
            sourceLanguage = root["sourceLanguage"].flatMap { $0.kind == .string ? $0.text : nil }
            if let strings = root["strings"], strings.kind == .object {
                for member in strings.members {
                    var localizations: [Localization] = []
                    for l in member.value["localizations"]?.members ?? [] {
                        let unit = l.value["stringUnit"]
                        let state = unit?["state"]
                        let value = unit?["value"]
                        localizations.append(Localization(
                            locale: l.name, localeRange: l.nameRange, state: state?.text ?? "", stateRange: state?.range,
                            value: value?.kind == .string ? value?.text : nil, valueRange: value?.range,
                            hasVariations: l.value["variations"] != nil))
                    }
                    let extraction = member.value["extractionState"]
                    entries.append(Entry(key: member.name, keyRange: member.nameRange, localizations: localizations,
                                         extractionState: extraction?.text ?? "", extractionStateRange: extraction?.range))
                }
            } else if let strings = root["strings"] {
                problems.append(StringCatalogProblem(
                    message: "\"strings\" is \(strings.kind.described), not an object of keys and their translations: Xcode reads no translation from this catalog",
                    range: strings.range))
            } else {
                problems.append(StringCatalogProblem(message: "a String Catalog needs a \"strings\" object", range: root.range.lowerBound..<root.range.lowerBound + 1))
            }
        } else {
            sourceLanguage = nil
            if let root { problems.append(StringCatalogProblem(message: "a String Catalog is a JSON object", range: root.range)) }
        }
        self.entries = entries
        self.problems = problems
    }
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

struct JSONTextReader {
    let text: [UInt8]
    var position = 0
    var problems: [StringCatalogProblem] = []
    /// Values nested deeper are skipped whole (brackets balanced, strings respected) with one
    /// problem saying so, not read as broken syntax.
    static let maximumDepth = 256
    var reportedDepth = false

    init(text: [UInt8]) { self.text = text }

    mutating func problem(_ message: String, _ range: Range<Int>) {
        if problems.count < 100 { problems.append(StringCatalogProblem(message: message, range: range)) }
    }

    mutating func skipSpace() {
        while position < text.count, text[position] == 0x20 || text[position] == 0x0A || text[position] == 0x0D || text[position] == 0x09 { position += 1 }
    }

    mutating func value(depth: Int) -> JSONNode? {
        guard position < text.count else { problem("the file ends where a value should be", text.count..<text.count); return nil }
        let start = position
        if depth > Self.maximumDepth {
            skipValue()
            if !reportedDepth {
                reportedDepth = true
                problem("arrays and objects nested deeper than \(Self.maximumDepth) levels: this value is not read (no String Catalog nests so deep)", start..<position)
            }
            return nil
        }
        switch text[position] {
        case UInt8(ascii: "{"):
            position += 1
            var members: [JSONNode.Member] = []
            while true {
                skipSpace()
                guard position < text.count else { problem("missing '}' at the end of the object", start..<start + 1); break }
                if text[position] == UInt8(ascii: "}") { position += 1; break }
                guard text[position] == UInt8(ascii: "\"") else {
                    problem("expected a member name (a quoted string)", position..<position + 1)
                    skipToMemberEnd()
                    continue
                }
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
                if position < text.count, text[position] == UInt8(ascii: ",") { position += 1; continue }
                if position < text.count, text[position] == UInt8(ascii: "}") { continue }
                if position < text.count { problem("expected ',' or '}' after a member", position..<position + 1) }
            }
            return JSONNode(kind: .object, range: start..<position, text: "", members: members, items: [])
        case UInt8(ascii: "["):
            position += 1
            var items: [JSONNode] = []
            while true {
                skipSpace()
                guard position < text.count else { problem("missing ']' at the end of the array", start..<start + 1); break }
                if text[position] == UInt8(ascii: "]") { position += 1; break }
                let before = position
                if let v = value(depth: depth + 1) { items.append(v) }
                skipSpace()
                if position < text.count, text[position] == UInt8(ascii: ",") { position += 1; continue }
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
            let word = String(decoding: text[start..<position], as: UTF8.self)
            switch word {
            case "true", "false": return JSONNode(kind: .bool, range: start..<position, text: word, members: [], items: [])
            case "null": return JSONNode(kind: .null, range: start..<position, text: word, members: [], items: [])
            case _ where !word.isEmpty && word.allSatisfy({ "0123456789+-.eE".contains($0) }):
                return JSONNode(kind: .number, range: start..<position, text: word, members: [], items: [])
            default:
                if position == start { position += 1 }
                problem("expected a JSON value", start..<position)
                return nil
            }
        }
    }

    static func isDelimiter(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 || c == UInt8(ascii: ",") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]")
            || c == UInt8(ascii: ":") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "{") || c == UInt8(ascii: "[")
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
            if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { open += 1 }
            else if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") { open -= 1 }
            else if open == 0 && Self.isDelimiter(c) { return }
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

    /// A quoted string at `position`.
    mutating func string() -> (text: String, range: Range<Int>) {
        let start = position
        position += 1
        var out: [UInt8] = []
        var pendingHigh: UInt32? = nil
        while position < text.count, text[position] != UInt8(ascii: "\"") {
            let c = text[position]
            if c == 0x0A { break }
            position += 1
            guard c == UInt8(ascii: "\\"), position < text.count else { out.append(c); continue }
            let e = text[position]
            position += 1
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                var value: UInt32 = 0, n = 0
                while n < 4, position < text.count, let d = OpenStepReader.hex(text[position]) { value = value * 16 + d; position += 1; n += 1 }
                if (0xD800...0xDBFF).contains(value) { pendingHigh = value; continue }
                if let high = pendingHigh, (0xDC00...0xDFFF).contains(value) { value = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00) }
                pendingHigh = nil
                if let scalar = Unicode.Scalar(value) { out.append(contentsOf: String(Character(scalar)).utf8) }
            default: out.append(e)
            }
        }
        if position < text.count, text[position] == UInt8(ascii: "\"") { position += 1 }
        else { problem("unterminated string: missing its closing quote", start..<start + 1) }
        return (String(decoding: out, as: UTF8.self), start..<position)
    }
}
