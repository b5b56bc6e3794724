// A small, tolerant reader of the YAML an XcodeGen `project.yml` is written in: block mappings and
// sequences by indentation, flow `[a, b]` and `{a: b}`, plain and quoted scalars, `#` comments,
// `|`/`>` block scalars. Anchors, tags and multi-document streams are not interpreted (an anchor
// is dropped, an alias is read as a plain scalar). Every node keeps its byte range.

/// A YAML node with its place in the text.
public indirect enum YAMLNode: Sendable, Hashable {
    case scalar(String, Range<Int>)
    case sequence([YAMLNode], Range<Int>)
    case mapping([YAMLPair], Range<Int>)

    public var range: Range<Int> {
        switch self {
        case .scalar(_, let r), .sequence(_, let r), .mapping(_, let r): return r
        }
    }

    /// A scalar's text.
    public var string: String? {
        if case .scalar(let s, _) = self { return s }
        return nil
    }

    /// A mapping's pairs (empty for other nodes).
    public var pairs: [YAMLPair] {
        if case .mapping(let p, _) = self { return p }
        return []
    }

    /// A sequence's items (empty for other nodes).
    public var items: [YAMLNode] {
        if case .sequence(let i, _) = self { return i }
        return []
    }

    /// The value of `key` in a mapping.
    public subscript(key: String) -> YAMLNode? {
        pairs.last { $0.key.string == key }?.value
    }
}

/// A key and its value in a YAML mapping.
public struct YAMLPair: Sendable, Hashable {
    public let key: YAMLNode
    public let value: YAMLNode
}

/// Reads YAML text into nodes.
public enum YAMLReader {
    /// How deeply blocks may nest before the reader stops descending.
    static let maximumDepth = 64

    /// The document's top-level node (nil when there is none).
    public static func read(_ text: [UInt8]) -> YAMLNode? {
        var lines: [Line] = []
        var start = 0
        while start < text.count {
            var end = start
            while end < text.count && text[end] != 0x0A { end += 1 }
            var indent = start
            while indent < end && text[indent] == 0x20 { indent += 1 }
            var contentEnd = commentStart(text, indent, end)
            while contentEnd > indent && (text[contentEnd - 1] == 0x20 || text[contentEnd - 1] == 0x09 || text[contentEnd - 1] == 0x0D) {
                contentEnd -= 1
            }
            let isDocumentMarker =
                contentEnd - indent == 3
                && (text[indent..<contentEnd].elementsEqual("---".utf8) || text[indent..<contentEnd].elementsEqual("...".utf8))
            lines.append(
                Line(indent: indent - start, start: indent, end: contentEnd, lineEnd: end, blank: contentEnd <= indent || isDocumentMarker))
            start = end + 1
        }
        var parser = Parser(text: text, lines: lines)
        parser.skipBlank()
        guard parser.index < lines.count else { return nil }
        return parser.block(indent: lines[parser.index].indent, depth: 0)
    }

    struct Line {
        let indent: Int
        let start: Int
        let end: Int
        let lineEnd: Int
        let blank: Bool
    }

    /// Where a `#` comment starts on the line (outside quotes, after white space), else `end`.
    static func commentStart(_ text: [UInt8], _ from: Int, _ end: Int) -> Int {
        var quote: UInt8? = nil
        var i = from
        while i < end {
            let c = text[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                if i == from
                    || [0x20, 0x09, UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: "-")].contains(
                        text[i - 1])
                {
                    quote = c
                }
            } else if c == UInt8(ascii: "#"), i == from || text[i - 1] == 0x20 || text[i - 1] == 0x09 {
                return i
            }
            i += 1
        }
        return end
    }

    struct Parser {
        let text: [UInt8]
        let lines: [Line]
        var index = 0

        mutating func skipBlank() {
            while index < lines.count && lines[index].blank { index += 1 }
        }

        func isSequenceItem(_ line: Line) -> Bool {
            text[line.start] == UInt8(ascii: "-") && (line.end == line.start + 1 || text[line.start + 1] == 0x20)
        }

        /// The block starting at the current line, whose lines are indented `indent`.
        mutating func block(indent: Int, depth: Int) -> YAMLNode {
            skipBlank()
            guard index < lines.count else { return .scalar("", text.count..<text.count) }
            let first = lines[index]
            if depth > YAMLReader.maximumDepth {
                while index < lines.count && (lines[index].blank || lines[index].indent >= indent) { index += 1 }
                return .scalar("", first.start..<first.start)
            }
            if isSequenceItem(first) { return sequence(indent: indent, depth: depth) }
            if findColon(first.start, first.end) != nil { return mapping(indent: indent, depth: depth) }
            // A plain scalar on its own line (continuation lines are not joined).
            index += 1
            return scalar(from: first.start, to: first.end)
        }

        mutating func sequence(indent: Int, depth: Int) -> YAMLNode {
            var items: [YAMLNode] = []
            let start = lines[index].start
            var end = lines[index].end
            while index < lines.count {
                skipBlank()
                guard index < lines.count else { break }
                let line = lines[index]
                guard line.indent == indent, isSequenceItem(line) else { break }
                var contentStart = line.start + 1
                while contentStart < line.end && text[contentStart] == 0x20 { contentStart += 1 }
                if contentStart >= line.end {
                    index += 1
                    skipBlank()
                    if index < lines.count && lines[index].indent > indent {
                        items.append(block(indent: lines[index].indent, depth: depth + 1))
                    } else {
                        items.append(.scalar("", line.end..<line.end))
                    }
                } else {
                    // `- key: value` opens a mapping whose further keys are indented like `key`.
                    let column = line.indent + (contentStart - line.start)
                    items.append(inline(from: contentStart, line: line, column: column, depth: depth + 1))
                }
                end = items.last?.range.upperBound ?? end
            }
            return .sequence(items, start..<max(start, end))
        }

        /// The node starting at `from` on `line` (after `- `), which may continue on the next lines.
        mutating func inline(from: Int, line: Line, column: Int, depth: Int) -> YAMLNode {
            if findColon(from, line.end) != nil && text[from] != UInt8(ascii: "[") && text[from] != UInt8(ascii: "{") {
                // Pretend the line starts at `from`: a mapping indented `column`.
                var pairs: [YAMLPair] = []
                let (pair, next) = pairOnLine(from: from, line: line, indent: column, depth: depth)
                index = next
                if let pair { pairs.append(pair) }
                if index < lines.count {
                    skipBlank()
                    if index < lines.count && lines[index].indent == column && !isSequenceItem(lines[index]) {
                        if case .mapping(let more, _) = mapping(indent: column, depth: depth) { pairs += more }
                    }
                }
                return .mapping(pairs, from..<(pairs.last?.value.range.upperBound ?? line.end))
            }
            index += 1
            return value(from: from, to: line.end, afterIndent: column, depth: depth)
        }

        mutating func mapping(indent: Int, depth: Int) -> YAMLNode {
            var pairs: [YAMLPair] = []
            let start = lines[index].start
            while index < lines.count {
                skipBlank()
                guard index < lines.count else { break }
                let line = lines[index]
                guard line.indent == indent, !isSequenceItem(line) else { break }
                let here = index
                let (pair, next) = pairOnLine(from: line.start, line: line, indent: indent, depth: depth)
                if let pair { pairs.append(pair) }
                index = max(next, here + 1)
            }
            return .mapping(pairs, start..<(pairs.last?.value.range.upperBound ?? start))
        }

        /// Reads `key: value` starting at `from` on `line`; returns the pair and the index of the line after it.
        mutating func pairOnLine(from: Int, line: Line, indent: Int, depth: Int) -> (YAMLPair?, Int) {
            guard let colon = findColon(from, line.end) else { return (nil, index + 1) }
            let key = scalar(from: from, to: colon)
            var valueStart = colon + 1
            while valueStart < line.end && text[valueStart] == 0x20 { valueStart += 1 }
            let lineIndex = index
            if valueStart >= line.end {
                index = lineIndex + 1
                skipBlank()
                if index < lines.count, lines[index].indent > indent || (lines[index].indent == indent && isSequenceItem(lines[index])) {
                    let nested = block(indent: lines[index].indent, depth: depth + 1)
                    return (YAMLPair(key: key, value: nested), index)
                }
                return (YAMLPair(key: key, value: .scalar("", line.end..<line.end)), lineIndex + 1)
            }
            index = lineIndex + 1
            let value = value(from: valueStart, to: line.end, afterIndent: indent, depth: depth)
            return (YAMLPair(key: key, value: value), index)
        }

        /// A value written after `key:` or `- ` on one line (flow collections, block scalars, scalars).
        mutating func value(from: Int, to end: Int, afterIndent indent: Int, depth: Int) -> YAMLNode {
            var from = from
            // An anchor or a tag before the value is not interpreted.
            while from < end, text[from] == UInt8(ascii: "&") || text[from] == UInt8(ascii: "!") {
                while from < end && text[from] != 0x20 { from += 1 }
                while from < end && text[from] == 0x20 { from += 1 }
            }
            guard from < end else {
                skipBlank()
                if index < lines.count && lines[index].indent > indent { return block(indent: lines[index].indent, depth: depth + 1) }
                return .scalar("", end..<end)
            }
            let c = text[from]
            if c == UInt8(ascii: "|") || c == UInt8(ascii: ">") {
                var parts: [String] = []
                var last = end
                while index < lines.count, lines[index].blank || lines[index].indent > indent {
                    if !lines[index].blank {
                        parts.append(String(decoding: text[lines[index].start..<lines[index].lineEnd], as: UTF8.self))
                        last = lines[index].lineEnd
                    }
                    index += 1
                }
                return .scalar(parts.joined(separator: c == UInt8(ascii: "|") ? "\n" : " "), from..<last)
            }
            if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                var flow = FlowParser(text: text, position: from, end: end)
                return flow.node(depth: depth)
            }
            return scalar(from: from, to: end)
        }

        /// The `:` that ends a key on this line (followed by a space or the line's end), outside quotes and brackets.
        func findColon(_ from: Int, _ end: Int) -> Int? {
            var quote: UInt8? = nil
            var i = from
            if text[from] == UInt8(ascii: "[") || text[from] == UInt8(ascii: "{") { return nil }
            while i < end {
                let c = text[i]
                if let q = quote {
                    if c == q { quote = nil }
                } else if (c == UInt8(ascii: "\"") || c == UInt8(ascii: "'")) && i == from {
                    quote = c
                } else if c == UInt8(ascii: ":"), i + 1 == end || text[i + 1] == 0x20 || text[i + 1] == 0x09 {
                    return i
                }
                i += 1
            }
            return nil
        }

        func scalar(from: Int, to end: Int) -> YAMLNode { YAMLReader.scalar(text, from: from, to: end) }
    }

    /// A scalar from its source text: quotes removed (with `""`'s escapes and `''`'s doubling).
    static func scalar(_ text: [UInt8], from: Int, to end: Int) -> YAMLNode {
        var a = from, b = end
        while a < b && text[a] == 0x20 { a += 1 }
        while b > a && (text[b - 1] == 0x20 || text[b - 1] == 0x09) { b -= 1 }
        guard a < b else { return .scalar("", a..<a) }
        let q = text[a]
        if (q == UInt8(ascii: "\"") || q == UInt8(ascii: "'")) && b - a >= 2 && text[b - 1] == q {
            var out: [UInt8] = []
            var i = a + 1
            while i < b - 1 {
                let c = text[i]
                if q == UInt8(ascii: "'") && c == q && i + 1 < b - 1 && text[i + 1] == q { out.append(q); i += 2; continue }
                if q == UInt8(ascii: "\"") && c == UInt8(ascii: "\\") && i + 1 < b - 1 {
                    let e = text[i + 1]
                    out.append(e == UInt8(ascii: "n") ? 0x0A : e == UInt8(ascii: "t") ? 0x09 : e)
                    i += 2
                    continue
                }
                out.append(c)
                i += 1
            }
            return .scalar(String(decoding: out, as: UTF8.self), a..<b)
        }
        return .scalar(String(decoding: text[a..<b], as: UTF8.self), a..<b)
    }

    /// `[a, b]` and `{a: b, c: [d]}` on one line.
    struct FlowParser {
        let text: [UInt8]
        var position: Int
        let end: Int

        mutating func skipSpaces() { while position < end && (text[position] == 0x20 || text[position] == 0x09) { position += 1 } }

        mutating func node(depth: Int) -> YAMLNode {
            skipSpaces()
            guard position < end else { return .scalar("", end..<end) }
            let start = position
            let c = text[position]
            if (c == UInt8(ascii: "[") || c == UInt8(ascii: "{")) && depth < YAMLReader.maximumDepth {
                let close = c == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
                position += 1
                var items: [YAMLNode] = []
                var pairs: [YAMLPair] = []
                while true {
                    skipSpaces()
                    guard position < end else { break }
                    if text[position] == close { position += 1; break }
                    if text[position] == UInt8(ascii: ",") { position += 1; continue }
                    let before = position
                    let item = node(depth: depth + 1)
                    skipSpaces()
                    if c == UInt8(ascii: "{") {
                        if position < end, text[position] == UInt8(ascii: ":") {
                            position += 1
                            pairs.append(YAMLPair(key: item, value: node(depth: depth + 1)))
                        } else {
                            pairs.append(YAMLPair(key: item, value: .scalar("", item.range.upperBound..<item.range.upperBound)))
                        }
                    } else {
                        items.append(item)
                    }
                    if position == before { position += 1 }
                }
                return c == UInt8(ascii: "[") ? .sequence(items, start..<position) : .mapping(pairs, start..<position)
            }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                position += 1
                while position < end && text[position] != c { position += 1 }
                position = min(position + 1, end)
                return YAMLReader.scalar(text, from: start, to: position)
            }
            while position < end {
                let d = text[position]
                if d == UInt8(ascii: ",") || d == UInt8(ascii: "]") || d == UInt8(ascii: "}") { break }
                if d == UInt8(ascii: ":"), position + 1 >= end || text[position + 1] == 0x20 { break }
                position += 1
            }
            return YAMLReader.scalar(text, from: start, to: position)
        }
    }
}
