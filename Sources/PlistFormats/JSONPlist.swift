// JSON property lists, as `plutil -convert json` writes and reads them: objects are dictionaries
// (their members in order), numbers integers or reals, `true`/`false`, strings, and `null`. JSON
// has no date, data or UID: writing one fails and names its key path, as plutil refuses.

import PlistSyntax

public enum JSONPlistWriter {
    /// Compact JSON text of `value` and a final newline.
    /// Fails past `maximumSize` bytes.
    public static func write(
        _ value: PropertyListObject, maximumSize: Int = PropertyListFormat.maximumOutputSize
    ) throws(PropertyListFormatError) -> [UInt8] {
        var out: [UInt8] = []
        var path: [String] = []
        try append(value, path: &path, to: &out, maximumSize: maximumSize)
        out.append(0x0A)
        if out.count > maximumSize {
            throw PropertyListFormatError(
                "the JSON form is larger than \(PropertyListFormat.sizeText(maximumSize)), the most written for one file")
        }
        return out
    }

    static func append(
        _ value: PropertyListObject, path: inout [String], to out: inout [UInt8], maximumSize: Int
    ) throws(PropertyListFormatError) {
        if out.count > maximumSize {
            throw PropertyListFormatError(
                "the JSON form is larger than \(PropertyListFormat.sizeText(maximumSize)), the most written for one file", path: path)
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
/// integer as a plist integer (−2⁶³ … 2⁶⁴−1), any other number as a real: a strict mapping from the
/// one positional reader (`JSONText`, in `PlistSyntax`), where any problem refuses the file. What a
/// plist cannot hold is refused with its key path, as plistlib and plutil refuse it: a member name
/// twice in one object (names compared by their exact Unicode scalars, as Core Foundation keeps
/// `café` NFC and NFD apart), a number beyond a 64-bit real (`1e400`, not infinity), nesting deeper
/// than `maximumDepth`. The root may be any value: a plist's root may be a string or a number.
public enum JSONPlistReader {
    /// Containers nested deeper than this are refused (as in a binary plist).
    public static var maximumDepth: Int { BinaryPlistReader.maximumDepth }

    public static func read(_ bytes: [UInt8]) throws(PropertyListFormatError) -> PropertyListObject {
        let json = JSONText(bytes, maximumDepth: maximumDepth, maximumProblems: 1)
        let syntax = json.problems.first
        guard let root = json.root else {
            let p = syntax ?? JSONProblem(message: "no JSON value", range: 0..<0)
            throw error(p.message, at: p.range.lowerBound, in: bytes, path: [])
        }
        var mapping = Mapping(bytes: bytes)
        do throws(PropertyListFormatError) {
            let value = try mapping.value(root, depth: 0)
            if let syntax {
                throw error(syntax.message, at: syntax.range.lowerBound, in: bytes, path: path(to: syntax.range.lowerBound, in: root))
            }
            return value
        } catch {
            // The first refusal in file order: the mapping's, or a syntax problem before it.
            if let syntax, syntax.range.lowerBound < mapping.failedAt {
                throw Self.error(syntax.message, at: syntax.range.lowerBound, in: bytes, path: path(to: syntax.range.lowerBound, in: root))
            }
            throw error
        }
    }

    static func error(_ message: String, at offset: Int, in bytes: [UInt8], path: [String]) -> PropertyListFormatError {
        let line = 1 + bytes[..<min(offset, bytes.count)].lazy.filter { $0 == 0x0A }.count
        return PropertyListFormatError("JSON, line \(line): \(message)", path: path)
    }

    /// The key path of the innermost value holding `offset`.
    static func path(to offset: Int, in root: JSONNode) -> [String] {
        var path: [String] = []
        var node = root
        while true {
            if let m = node.members.first(where: { ($0.nameRange.lowerBound..<$0.value.range.upperBound).contains(offset) }) {
                path.append(m.name); node = m.value
            } else if let k = node.items.firstIndex(where: { $0.range.contains(offset) }) {
                path.append("[\(k)]"); node = node.items[k]
            } else {
                return path
            }
        }
    }

    struct Mapping {
        let bytes: [UInt8]
        var path: [String] = []
        /// Where the refusal thrown lies (`Int.max` while none is).
        var failedAt = Int.max

        mutating func fail(_ message: String, at offset: Int) -> PropertyListFormatError {
            failedAt = offset
            return JSONPlistReader.error(message, at: offset, in: bytes, path: path)
        }

        mutating func value(_ node: JSONNode, depth: Int) throws(PropertyListFormatError) -> PropertyListObject {
            guard depth < JSONPlistReader.maximumDepth else {
                throw fail(
                    "arrays and objects nested deeper than \(JSONPlistReader.maximumDepth) levels; a property list is read to that depth",
                    at: node.range.lowerBound)
            }
            switch node.kind {
            case .object:
                var entries: [PropertyListObject.Entry] = []
                entries.reserveCapacity(node.members.count)
                var names: Set<ExactText> = []
                for member in node.members {
                    path.append(member.name)
                    guard names.insert(ExactText(member.name)).inserted else {
                        throw fail(
                            "the key \"\(member.name)\" appears twice in one object; a property list dictionary holds each key once",
                            at: member.nameRange.lowerBound)
                    }
                    entries.append(.init(member.name, try value(member.value, depth: depth + 1)))
                    path.removeLast()
                }
                return .dictionary(entries)
            case .array:
                var items: [PropertyListObject] = []
                items.reserveCapacity(node.items.count)
                for (k, item) in node.items.enumerated() {
                    path.append("[\(k)]")
                    items.append(try value(item, depth: depth + 1))
                    path.removeLast()
                }
                return .array(items)
            case .string: return .string(node.text)
            case .bool: return .bool(node.text == "true")
            case .null: return .null
            case .number: return try number(node)
            }
        }

        mutating func number(_ node: JSONNode) throws(PropertyListFormatError) -> PropertyListObject {
            let text = node.text
            if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
                let negative = text.hasPrefix("-")
                if let m = UInt64(negative ? String(text.dropFirst()) : text), !negative || m <= UInt64(Int64.max) + 1 {
                    return .integer(PlistInteger(isNegative: negative, magnitude: m))
                }
            }
            guard let r = Double(text), r.isFinite else {
                throw fail(
                    "the number \(text) is beyond a 64-bit real (±1.8e308); a property list cannot hold it", at: node.range.lowerBound)
            }
            return .real(r)
        }
    }
}
