// A tolerant reader of strings tables (`InfoPlist.strings`): `"key" = "value";` entries with
// `/* */` and `//` comments, unquoted keys and OpenStep escapes (`\n`, `\"`, `\U00E9`, octal) —
// the OpenStep dictionary syntax without its braces, read with the OpenStep reader's pieces.
// Every entry keeps the byte ranges of its key and value in the UTF-8 text; reading never fails
// (problems are listed at their place, the entries around them are kept).

/// One `key = value;` entry of a strings table.
public struct StringsEntry: Sendable, Hashable {
    /// The key's decoded text.
    public let key: String
    /// The key's bytes (with its quotes when quoted).
    public let keyRange: Range<Int>
    /// The value's decoded text (the key again for a `"key";` entry).
    public let value: String
    /// The value's bytes (with its quotes); the key's range for a `"key";` entry.
    public let valueRange: Range<Int>
    /// The whole entry, from the key to its `;` (or the end of the value when the `;` is missing).
    public let range: Range<Int>
}

/// A problem found while reading a strings table.
public struct StringsProblem: Sendable, Hashable {
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// A `;` missing after an entry.
        case missingSemicolon = "strings-missing-semicolon"
        /// A quoted string (or a comment) that the file ends inside.
        case unterminated = "strings-unterminated"
        /// Text that is not an entry: a missing `=`, key or value, a stray character.
        case unexpectedText = "strings-unexpected-text"
        /// Bytes that are not a strings table at all (binary, invalid UTF-16).
        case unreadable = "strings-unreadable"
    }

    public let code: Code
    public let message: String
    public let range: Range<Int>
}

/// The entries of a strings table in file order, in blocks shared by the versions of the table
/// that keep them (`EntryBlocks`): a keystroke in a table of 100,000 entries copies a few hundred
/// integers, not every entry (issue #39, point 5).
public typealias StringsEntries = EntryBlocks<StringsEntry>

extension StringsEntry: BlockedEntry {
    /// The entry with its ranges moved by `delta` bytes.
    public func shifted(by delta: Int) -> StringsEntry {
        delta == 0
            ? self
            : StringsEntry(
                key: key, keyRange: keyRange.shifted(by: delta), value: value,
                valueRange: valueRange.shifted(by: delta), range: range.shifted(by: delta))
    }
}

/// A strings table read from a file's bytes.
public struct StringsTable: Sendable {
    /// The UTF-8 text the ranges refer to (UTF-16 transcoded; a UTF-8 byte order mark kept).
    public let text: [UInt8]
    public let entries: StringsEntries
    public let problems: [StringsProblem]

    /// Reads a file's raw bytes: UTF-8 (with or without a byte order mark), or UTF-16 with one.
    public init(raw: [UInt8]) {
        switch SourceDecoding.decode(raw) {
        case .success(let text): self.init(text: text)
        case .failure(.empty), .failure(.openStepOrJSON):
            // `{`/`(` first: a strings table may be a dictionary in braces; UTF-16 is transcoded.
            guard case .success(let text) = SourceDecoding.unicodeText(raw) else { self.init(text: raw); return }
            self.init(text: text)
        case .failure(.binaryPropertyList):
            self.init(
                text: raw, entries: StringsEntries([StringsEntry]()),
                problems: [
                    StringsProblem(
                        code: .unreadable,
                        message: "a compiled (binary) strings file; the source is a text file of \"key\" = \"value\"; lines", range: 0..<0)
                ])
        case .failure(.invalidUTF16):
            self.init(
                text: raw, entries: StringsEntries([StringsEntry]()),
                problems: [StringsProblem(code: .unreadable, message: SourceDecodingError.invalidUTF16.description, range: 0..<0)])
        }
    }

    /// Reads a file's raw bytes that are an edit of `previous`'s (an editor's next version):
    /// `init(text:reusing:)` on the decoded text.
    public init(raw: [UInt8], reusing previous: StringsTable?) {
        guard let previous, case .success(let text) = SourceDecoding.decode(raw) else { self.init(raw: raw); return }
        self.init(text: text, reusing: previous)
    }

    private init(text: [UInt8], entries: StringsEntries, problems: [StringsProblem]) {
        self.text = text
        self.entries = entries
        self.problems = problems
    }

    /// A table of the given entries (absolute ranges in `text`) and problems, as read elsewhere.
    public init(text: [UInt8], entries: some Collection<StringsEntry>, problems: [StringsProblem]) {
        self.init(text: text, entries: StringsEntries(entries), problems: problems)
    }

    /// Reads UTF-8 text (an editor's buffer).
    public init(text: [UInt8]) {
        let bom = text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF
        var parser = StringsTableParser(text: text, position: bom ? 3 : 0)
        parser.run(resync: nil)
        self.init(text: text, entries: StringsEntries(parser.entries), problems: parser.problems)
    }

    /// Reads UTF-8 text that is an edit of `previous.text` (an editor's next version), reading only
    /// what the edit can have changed (see `init(text:replacing:count:of:)`); the changed bytes are
    /// found by comparing the two texts.
    public init(text: [UInt8], reusing previous: StringsTable) {
        let old = previous.text
        let (prefix, suffix) = commonEnds(text, old)
        if prefix == old.count && prefix == text.count { self = previous; return }
        self.init(text: text, replacing: prefix..<(old.count - suffix), count: text.count - suffix - prefix, of: previous)
    }

    /// Reads UTF-8 text that is `previous.text` with its bytes `replaced` replaced by `count` bytes
    /// (an editor's next version, the change known), reading only what the edit can have changed:
    /// the entries before the changed bytes are `previous`'s, and reading stops where it lines up
    /// with `previous`'s again (just after an entry's `;`, past the changed bytes) and takes the
    /// rest of its entries, moved by the change in length (their blocks shared, see
    /// `StringsEntries`). The result equals `StringsTable(text:)`; a keystroke in a table of
    /// 100,000 entries reads a few and copies no entry.
    public init(text: [UInt8], replacing replaced: Range<Int>, count: Int, of previous: StringsTable) {
        let old = previous.text
        let prefix = replaced.lowerBound
        // A byte order mark or a file's first bytes (which say what it is) changed, or so many
        // problems that the cap on them counts: read it all.
        guard prefix >= 8, replaced.upperBound <= old.count, old.count - replaced.count + count == text.count,
            previous.problems.count < StringsTableParser.maximumProblems / 2,
            !previous.problems.contains(where: { $0.code == .unreadable })
        else { self.init(raw: text); return }
        let delta = count - replaced.count
        let changedEnd = prefix + count  // in the new text: from here on it equals the old one
        let entries = previous.entries
        // Restart after the last entry that ends with its `;` before the first changed byte.
        var kept = entries.partitionPoint { $0.range.upperBound > prefix }
        while kept > 0 && !(entries[kept - 1].range.upperBound > 0 && old[entries[kept - 1].range.upperBound - 1] == UInt8(ascii: ";")) {
            kept -= 1
        }
        let bom = text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF
        var parser = StringsTableParser(text: text, position: kept > 0 ? entries[kept - 1].range.upperBound : (bom ? 3 : 0))
        parser.problems = previous.problems.filter { $0.range.lowerBound < parser.reader.position }
        let resumed = parser.run { end in
            // After an entry's `;` at `end` (new text), past the change: does an old entry end there too?
            guard end >= changedEnd else { return nil }
            let oldEnd = end - delta
            let i = entries.partitionPoint { $0.range.upperBound >= oldEnd }
            guard i < entries.count, entries[i].range.upperBound == oldEnd, old[oldEnd - 1] == UInt8(ascii: ";") else { return nil }
            return i + 1
        }
        if let next = resumed {
            let oldEnd = entries[next - 1].range.upperBound
            for p in previous.problems where p.range.lowerBound >= oldEnd {
                parser.problems.append(StringsProblem(code: p.code, message: p.message, range: p.range.shifted(by: delta)))
            }
            guard parser.problems.count <= StringsTableParser.maximumProblems else { self.init(text: text); return }
        }
        self.init(
            text: text, entries: entries.splicing(kept: kept, middle: parser.entries, resume: resumed, delta: delta),
            problems: parser.problems)
    }
}

/// The strings-table reading loop, from any position where an entry may start.
struct StringsTableParser {
    static let maximumProblems = 100
    let text: [UInt8]
    var reader: OpenStepReader
    var entries: [StringsEntry] = []
    var problems: [StringsProblem] = []

    init(text: [UInt8], position: Int) {
        self.text = text
        reader = OpenStepReader(text: text)
        reader.position = position
    }

    mutating func problem(_ code: StringsProblem.Code, _ message: String, _ range: Range<Int>) {
        if problems.count < Self.maximumProblems { problems.append(StringsProblem(code: code, message: message, range: range)) }
    }

    mutating func skipTrivia() {
        let before = reader.problems.count
        reader.skipTrivia()
        if reader.problems.count > before {
            problem(
                .unterminated, "unterminated comment: '/*' has no '*/'",
                reader.problems[before].range.lowerBound..<reader.problems[before].range.lowerBound + 2)
        }
    }

    /// Skips to just after the next `;`, or to the start of the next line that starts like an entry.
    mutating func recover() {
        while reader.position < text.count {
            let c = text[reader.position]
            reader.position += 1
            if c == UInt8(ascii: ";") { return }
            if c == 0x0A { return }
        }
    }

    /// A string at the reader's position: quoted, or bare.
    mutating func string() -> (text: String, range: Range<Int>)? {
        guard reader.position < text.count else { return nil }
        let c = text[reader.position]
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
            let before = reader.problems.count
            let node = reader.quoted(quote: c)
            if reader.problems.count > before {
                problem(
                    .unterminated, "unterminated string: the file ends before its closing quote",
                    node.range.lowerBound..<node.range.lowerBound + 1)
            }
            return (node.text, node.range)
        }
        guard OpenStepReader.isBare(c) else { return nil }
        let start = reader.position
        while reader.position < text.count && OpenStepReader.isBare(text[reader.position]) { reader.position += 1 }
        return (String(decoding: text[start..<reader.position], as: UTF8.self), start..<reader.position)
    }

    /// Reads entries to the end of the text; or, after an entry's `;` where `resync` gives the
    /// index of the previous reading's entry to go on with, stops there and returns that index.
    @discardableResult
    mutating func run(resync: ((Int) -> Int?)?) -> Int? {
        while true {
            skipTrivia()
            guard reader.position < text.count else { break }
            let start = reader.position
            guard let key = string() else {
                problem(.unexpectedText, "expected a key (a quoted string) here", start..<start + 1)
                recover()
                continue
            }
            skipTrivia()
            var value = (text: key.text, range: key.range)
            if reader.position < text.count, text[reader.position] == UInt8(ascii: ";") {
                // `"key";`: the value is the key.
            } else if reader.position < text.count, text[reader.position] == UInt8(ascii: "=") {
                reader.position += 1
                skipTrivia()
                guard let v = string() else {
                    let at = min(reader.position, text.count)
                    problem(.unexpectedText, "expected a value (a quoted string) after '\(key.text)' =", at..<min(at + 1, text.count))
                    recover()
                    continue
                }
                value = v
            } else {
                let at = reader.position
                problem(.unexpectedText, "expected '=' after the key '\(key.text)'", key.range)
                if at >= text.count { break }
                recover()
                continue
            }
            let valueEnd = value.range.upperBound
            skipTrivia()
            if reader.position < text.count, text[reader.position] == UInt8(ascii: ";") {
                reader.position += 1
                entries.append(
                    StringsEntry(
                        key: key.text, keyRange: key.range, value: value.text, valueRange: value.range, range: start..<reader.position))
                if let resync, let next = resync(reader.position) { return next }
            } else {
                // After an unterminated string the file has ended: no follow-on problem.
                if !problems.contains(where: { $0.code == .unterminated && $0.range.lowerBound == value.range.lowerBound }) {
                    problem(.missingSemicolon, "missing ';' after the value of '\(key.text)'", valueEnd..<valueEnd)
                }
                entries.append(
                    StringsEntry(key: key.text, keyRange: key.range, value: value.text, valueRange: value.range, range: start..<valueEnd))
            }
        }
        return nil
    }
}
