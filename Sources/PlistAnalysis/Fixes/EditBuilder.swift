// Edits in the file's own style: entries inserted with the indentation of their neighbours (tabs
// or spaces) and the file's line ending; entries removed with their whole lines.
import PlistSchema
import PlistSyntax

/// Builds text edits for one document.
public struct EditBuilder: Sendable {
    public let text: SourceText

    public init(_ text: SourceText) { self.text = text }

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
    public func appendingEntry(key: String, valueXML: String, to dictionary: PlistNode) -> SourceEdit? {
        appendingEntry(key: key, valueLines: [(0, valueXML)], to: dictionary)
    }

    /// Inserts `<key>key</key>` and a value written on several lines (each with its nesting depth
    /// below the entry's indentation) as the last entry of `dictionary`.
    public func appendingEntry(key: String, valueLines: [(depth: Int, text: String)], to dictionary: PlistNode) -> SourceEdit? {
        appending([(0, "<key>\(Self.escape(key))</key>")] + valueLines, to: dictionary)
    }

    /// Inserts `<key>key</key>` and a value written on several lines (each with its nesting depth
    /// below the entry's indentation) into `dictionary` where a reader looks for it: at its
    /// alphabetical place when the dictionary's keys are in alphabetical order; else beside the keys
    /// of its family (usage descriptions together, in order when they are); else as the last entry.
    /// The new entry lies in the dictionary's own preprocessor region (`conditionals`), never
    /// inside another `#if` branch; it gets the indentation of its neighbours and the file's line ending.
    public func insertingEntry(
        key: String, valueLines: [(depth: Int, text: String)], into dictionary: PlistNode,
        conditionals: ConditionalStructure
    ) -> SourceEdit? {
        let lines = [(0, "<key>\(Self.escape(key))</key>")] + valueLines
        switch placement(of: key, in: dictionary, conditionals: conditionals) {
        case .end:
            return appending(lines, to: dictionary)
        case .after(let entry):
            let at = entry.upperBound, indent = indentation(ofLineAt: entry.lowerBound)
            return SourceEdit(
                range: at..<at, replacement: lineEnding + indent + block(lines, indent: indent, unit: indentUnit(of: dictionary)))
        case .afterStartTag:
            let unit = indentUnit(of: dictionary)
            var inner = indentation(ofLineAt: dictionary.element.start) + unit
            if let first = dictionary.entries.first?.range.lowerBound, startsLine(first) { inner = indentation(ofLineAt: first) }
            let at = dictionary.element.startTagRange.upperBound
            return SourceEdit(range: at..<at, replacement: lineEnding + inner + block(lines, indent: inner, unit: unit))
        }
    }

    /// Where `insertingEntry` puts a new key.
    enum Placement: Equatable {
        /// Right after this entry, on a line of its own.
        case after(Range<Int>)
        /// Right after the dictionary's start tag (the key sorts first).
        case afterStartTag
        /// After the last entry.
        case end

        static func after(_ entry: PlistEntry) -> Placement { .after(entry.range) }
    }

    /// The family of a key, whose members belong together: usage descriptions (purpose strings).
    static func family(of key: String) -> String? {
        KeySuffix.split(key).base.hasSuffix("UsageDescription") ? "UsageDescription" : nil
    }

    func placement(of key: String, in dictionary: PlistNode, conditionals: ConditionalStructure) -> Placement {
        guard !dictionary.element.flags.contains(.selfClosing), dictionary.element.endTagRange != nil else { return .end }
        let region = conditionals.path(at: dictionary.element.startTagRange.upperBound)
        // An entry the new one may follow: in the dictionary's own region, alone on its lines.
        func isAnchor(_ entry: PlistEntry) -> Bool {
            entry.key != nil && entry.value != nil && startsLine(entry.range.lowerBound) && endsLine(entry.range.upperBound)
                && conditionals.path(at: entry.range.lowerBound) == region && conditionals.path(at: entry.range.upperBound) == region
        }
        let keyed = dictionary.entries.filter { $0.key != nil }
        let names = keyed.map { $0.key!.text }
        // Ordered as Xcode sorts (by code point) or ignoring case.
        let orders: [(String, String) -> Bool] = [{ $0 < $1 }, { $0.lowercased() < $1.lowercased() }]
        func sorted(_ list: [String]) -> ((String, String) -> Bool)? {
            orders.first { less in zip(list, list.dropFirst()).allSatisfy { !less($1, $0) } }
        }
        /// After the last of `members` that sorts before `key`, or before the first of them.
        func ordered(_ members: [PlistEntry], _ less: (String, String) -> Bool) -> Placement {
            if let before = members.last(where: { less($0.key!.text, key) }) { return isAnchor(before) ? .after(before.range) : .end }
            guard let first = members.first, let i = dictionary.entries.firstIndex(where: { $0.range == first.range }) else { return .end }
            if i == 0 { return conditionals.path(at: first.range.lowerBound) == region ? .afterStartTag : .end }
            return isAnchor(dictionary.entries[i - 1]) ? .after(dictionary.entries[i - 1].range) : .end
        }
        if names.count >= 2, let less = sorted(names) { return ordered(keyed, less) }
        if let family = Self.family(of: key) {
            let members = keyed.filter { Self.family(of: $0.key!.text) == family }
            if !members.isEmpty {
                if members.count >= 2, let less = sorted(members.map { $0.key!.text }) { return ordered(members, less) }
                if members.count == 1 { return ordered(members, orders[0]) }
                return isAnchor(members.last!) ? .after(members.last!.range) : .end
            }
        }
        return .end
    }

    /// Whether only spaces and tabs lie between `offset` and the end of its line.
    func endsLine(_ offset: Int) -> Bool {
        var e = offset
        while e < text.count && (text[e] == 0x20 || text[e] == 0x09) { e += 1 }
        return e == text.count || text[e] == 0x0A || text[e] == 0x0D
    }

    /// `lines` joined with the file's line ending, each after the first indented by `indent` plus
    /// `unit` per depth.
    private func block(_ lines: [(depth: Int, text: String)], indent: String, unit: String) -> String {
        lines.enumerated().map { i, line in
            (i == 0 ? "" : indent + String(repeating: unit, count: line.depth)) + line.text
        }.joined(separator: lineEnding)
    }

    /// Inserts a value written on several lines (each with its nesting depth below the item's
    /// indentation) as the last item of `array`.
    public func appendingItem(lines: [(depth: Int, text: String)], to array: PlistNode) -> SourceEdit? {
        appending(lines, to: array)
    }

    /// Appends items (each the XML of one value) at the end of `array`, one per line, indented like
    /// its items (a self-closing `<array/>` is opened).
    public func appendingItems(_ items: [String], to array: PlistNode) -> SourceEdit? {
        appending(items.map { (0, $0) }, to: array)
    }

    /// Inserts `lines` after the last entry or item of `container` (a `<dict>` or `<array>`), each
    /// line indented like that entry plus one unit per depth, with the file's line ending; an
    /// empty `<dict/>` or `<array/>` is opened.
    private func appending(_ lines: [(depth: Int, text: String)], to container: PlistNode) -> SourceEdit? {
        let el = container.element
        let nl = lineEnding
        let outer = indentation(ofLineAt: el.start)
        let unit = indentUnit(of: container)
        let inner: String
        let last = container.kind == .dictionary ? container.entries.last?.range.lowerBound : container.items.last?.element.start
        if let last, startsLine(last) {
            inner = indentation(ofLineAt: last)
        } else {
            inner = outer + indentUnit(of: container)
        }
        let block = self.block(lines, indent: inner, unit: unit)
        if el.flags.contains(.selfClosing) {
            // <dict/> → <dict> block </dict>
            let name = container.kind == .dictionary ? "dict" : "array"
            return SourceEdit(range: el.startTagRange, replacement: "<\(name)>\(nl)\(inner)\(block)\(nl)\(outer)</\(name)>")
        }
        guard let endTag = el.endTagRange else { return nil }
        var p = endTag.lowerBound
        while p > el.contentRange.lowerBound && [0x20, 0x09, 0x0A, 0x0D].contains(text[p - 1]) { p -= 1 }
        if startsLine(endTag.lowerBound) && p < endTag.lowerBound {
            // `…last</string>⏎</dict>`: insert after the last entry's line.
            return SourceEdit(range: p..<p, replacement: "\(nl)\(inner)\(block)")
        }
        return SourceEdit(range: endTag.lowerBound..<endTag.lowerBound, replacement: "\(block)")
    }

    /// Removes a dictionary entry (key and value), with its line when it has one to itself.
    public func removing(_ entry: PlistEntry) -> SourceEdit {
        removingLines(entry.range)
    }

    /// Removes an array item, with its line when it has one to itself.
    public func removing(item: PlistNode) -> SourceEdit {
        removingLines(item.element.range)
    }

    /// Removes `range`, with its whole line when nothing else is on it.
    private func removingLines(_ range: Range<Int>) -> SourceEdit {
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
        return SourceEdit(range: s..<e, replacement: "")
    }

    /// Replaces a key's text.
    public func renaming(_ key: PlistKey, to name: String) -> SourceEdit {
        if key.element.flags.contains(.selfClosing) {
            return SourceEdit(range: key.element.range, replacement: "<key>\(Self.escape(name))</key>")
        }
        return SourceEdit(range: key.textRange, replacement: Self.escape(name))
    }

    /// Replaces a whole value element.
    public func replacing(_ node: PlistNode, with xml: String) -> SourceEdit {
        SourceEdit(range: node.element.range, replacement: xml)
    }

    /// Replaces a scalar's content (the text between its tags).
    public func replacingContent(of node: PlistNode, with value: String) -> SourceEdit {
        if node.element.flags.contains(.selfClosing) || node.element.endTagRange == nil {
            let name = node.kind == .misplacedKey ? "key" : node.kind.rawValue
            return SourceEdit(range: node.element.range, replacement: "<\(name)>\(Self.escape(value))</\(name)>")
        }
        return SourceEdit(range: node.element.contentRange, replacement: Self.escape(value))
    }

    /// Text escaped for element content (`XMLEscaping.content`: `&`, `<`, `>`, a CR as `&#13;`, and
    /// what XML 1.0 forbids as references, as `convert` and `format` write them).
    public static func escape(_ s: String) -> String {
        String(decoding: XMLEscaping.content(s), as: UTF8.self)
    }
}
