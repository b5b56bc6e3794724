// Edits in the file's own style: entries inserted with the indentation of their neighbours (tabs
// or spaces) and the file's line ending; entries removed with their whole lines.
import PlistSyntax

/// Builds text edits for one document.
public struct EditBuilder: Sendable {
    public let text: [UInt8]

    public init(_ text: [UInt8]) { self.text = text }

    /// `\r\n` when the file's first line ends so, else `\n`.
    public var lineEnding: String {
        guard let nl = text.firstIndex(of: 0x0A) else { return "\n" }
        return nl > 0 && text[nl - 1] == 0x0D ? "\r\n" : "\n"
    }

    /// The white space from the start of the line holding `offset` up to the first other byte.
    public func indentation(ofLineAt offset: Int) -> String {
        var s = min(offset, text.count)
        while s > 0 && text[s - 1] != 0x0A && text[s - 1] != 0x0D { s -= 1 }
        var e = s
        while e < text.count && (text[e] == 0x20 || text[e] == 0x09) { e += 1 }
        return String(decoding: text[s..<e], as: UTF8.self)
    }

    /// Whether only spaces and tabs lie between the start of the line and `offset`.
    func startsLine(_ offset: Int) -> Bool {
        var s = offset
        while s > 0 && (text[s - 1] == 0x20 || text[s - 1] == 0x09) { s -= 1 }
        return s == 0 || text[s - 1] == 0x0A || text[s - 1] == 0x0D
    }

    /// One level of indentation as the file writes it: the difference between a dictionary's
    /// start-tag line and its first entry's line, else a tab.
    public func indentUnit(of dictionary: PlistNode) -> String {
        let outer = indentation(ofLineAt: dictionary.element.start)
        if let first = dictionary.entries.first?.range.lowerBound ?? dictionary.items.first?.element.start, startsLine(first) {
            let inner = indentation(ofLineAt: first)
            if inner.hasPrefix(outer), inner.count > outer.count { return String(inner.dropFirst(outer.count)) }
        }
        // Guess from the file: the first indented line.
        var i = 0
        while i < text.count {
            if text[i] == 0x0A, i + 1 < text.count, text[i + 1] == 0x09 { return "\t" }
            if text[i] == 0x0A, i + 1 < text.count, text[i + 1] == 0x20 {
                var n = 0
                while i + 1 + n < text.count && text[i + 1 + n] == 0x20 { n += 1 }
                if n > 0 && n <= 8 { return String(repeating: " ", count: n) }
            }
            i += 1
        }
        return "\t"
    }

    /// Inserts `<key>key</key>` and `valueXML` as the last entry of `dictionary`, before its end tag.
    public func appendingEntry(key: String, valueXML: String, to dictionary: PlistNode) -> TextReplacement? {
        appending(to: dictionary, lastChild: dictionary.entries.last?.range.lowerBound, tag: "dict") { nl, inner in
            ["<key>\(Self.escape(key))</key>\(nl)\(inner)\(valueXML)"]
        }
    }

    /// Removes a dictionary entry (key and value), with its line when it has one to itself.
    public func removing(_ entry: PlistEntry) -> TextReplacement {
        removingLines(entry.range)
    }

    /// Removes an array item, with its line when it has one to itself.
    public func removing(item: PlistNode) -> TextReplacement {
        removingLines(item.element.range)
    }

    /// Appends items (each the XML of one value) at the end of `array`, one per line, indented like
    /// its items (a self-closing `<array/>` is opened).
    public func appendingItems(_ items: [String], to array: PlistNode) -> TextReplacement? {
        appending(to: array, lastChild: array.items.last?.element.start, tag: "array") { _, _ in items }
    }

    /// Inserts children at the end of `container` (a `<tag>` whose last child starts at `lastChild`):
    /// each on a line of its own indented like its siblings when the container spans lines, inline
    /// before the end tag when it does not. `children` gets the line ending and that indentation.
    private func appending(to container: PlistNode, lastChild: Int?, tag: String,
                           _ children: (_ lineEnding: String, _ indentation: String) -> [String]) -> TextReplacement? {
        let el = container.element
        let nl = lineEnding
        let outer = indentation(ofLineAt: el.start)
        let inner: String
        if let lastChild, startsLine(lastChild) {
            inner = indentation(ofLineAt: lastChild)
        } else {
            inner = outer + indentUnit(of: container)
        }
        let texts = children(nl, inner)
        let lines = texts.map { "\(nl)\(inner)\($0)" }.joined()
        if el.flags.contains(.selfClosing) {
            // <dict/> → <dict> children </dict>
            return TextReplacement(range: el.startTagRange, newText: "<\(tag)>\(lines)\(nl)\(outer)</\(tag)>")
        }
        guard let endTag = el.endTagRange else { return nil }
        var p = endTag.lowerBound
        while p > el.contentRange.lowerBound && [0x20, 0x09, 0x0A, 0x0D].contains(text[p - 1]) { p -= 1 }
        if startsLine(endTag.lowerBound) && p < endTag.lowerBound {
            // `…last</string>⏎</dict>`: insert after the last child's line.
            return TextReplacement(range: p..<p, newText: lines)
        }
        return TextReplacement(range: endTag.lowerBound..<endTag.lowerBound, newText: texts.joined())
    }

    /// Removes `range`, with its whole line when nothing else is on it.
    private func removingLines(_ range: Range<Int>) -> TextReplacement {
        var s = range.lowerBound, e = range.upperBound
        var ls = s
        while ls > 0 && (text[ls - 1] == 0x20 || text[ls - 1] == 0x09) { ls -= 1 }
        var le = e
        while le < text.count && (text[le] == 0x20 || text[le] == 0x09) { le += 1 }
        let lineStart = ls == 0 || text[ls - 1] == 0x0A || text[ls - 1] == 0x0D
        let lineEnd = le == text.count || text[le] == 0x0A || text[le] == 0x0D
        if lineStart && lineEnd {
            s = ls
            e = le
            if e < text.count && text[e] == 0x0D { e += 1 }
            if e < text.count && text[e] == 0x0A { e += 1 }
        }
        return TextReplacement(range: s..<e, newText: "")
    }

    /// Replaces a key's text.
    public func renaming(_ key: PlistKey, to name: String) -> TextReplacement {
        if key.element.flags.contains(.selfClosing) {
            return TextReplacement(range: key.element.range, newText: "<key>\(Self.escape(name))</key>")
        }
        return TextReplacement(range: key.textRange, newText: Self.escape(name))
    }

    /// Replaces a whole value element.
    public func replacing(_ node: PlistNode, with xml: String) -> TextReplacement {
        TextReplacement(range: node.element.range, newText: xml)
    }

    /// Replaces a scalar's content (the text between its tags).
    public func replacingContent(of node: PlistNode, with value: String) -> TextReplacement {
        if node.element.flags.contains(.selfClosing) || node.element.endTagRange == nil {
            let name = node.kind == .misplacedKey ? "key" : node.kind.rawValue
            return TextReplacement(range: node.element.range, newText: "<\(name)>\(Self.escape(value))</\(name)>")
        }
        return TextReplacement(range: node.element.contentRange, newText: Self.escape(value))
    }

    /// Text escaped for element content.
    public static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(c)
            }
        }
        return out
    }
}
