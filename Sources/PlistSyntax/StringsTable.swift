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

/// A strings table read from a file's bytes.
public struct StringsTable: Sendable {
    /// The UTF-8 text the ranges refer to (UTF-16 transcoded; a UTF-8 byte order mark kept).
    public let text: [UInt8]
    public let entries: [StringsEntry]
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
            self.init(text: raw, entries: [], problems: [StringsProblem(code: .unreadable, message: "a compiled (binary) strings file; the source is a text file of \"key\" = \"value\"; lines", range: 0..<0)])
        case .failure(.invalidUTF16):
            self.init(text: raw, entries: [], problems: [StringsProblem(code: .unreadable, message: SourceDecodingError.invalidUTF16.description, range: 0..<0)])
        }
    }

    private init(text: [UInt8], entries: [StringsEntry], problems: [StringsProblem]) {
        self.text = text
        self.entries = entries
        self.problems = problems
    }

    /// Reads UTF-8 text (an editor's buffer).
    public init(text: [UInt8]) {
        self.text = text
        var reader = OpenStepReader(text: text)
        if text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF { reader.position = 3 }
        var entries: [StringsEntry] = []
        var problems: [StringsProblem] = []
        func problem(_ code: StringsProblem.Code, _ message: String, _ range: Range<Int>) {
            if problems.count < 100 { problems.append(StringsProblem(code: code, message: message, range: range)) }
        }
        func skipTrivia() {
            let before = reader.problems.count
            reader.skipTrivia()
            if reader.problems.count > before { problem(.unterminated, "unterminated comment: '/*' has no '*/'", reader.problems[before].range.lowerBound..<reader.problems[before].range.lowerBound + 2) }
        }
        /// Skips to just after the next `;`, or to the start of the next line that starts like an entry.
        func recover() {
            while reader.position < text.count {
                let c = text[reader.position]
                reader.position += 1
                if c == UInt8(ascii: ";") { return }
                if c == 0x0A { return }
            }
        }
        /// A string at the reader's position: quoted, or bare.
        func string() -> (text: String, range: Range<Int>)? {
            guard reader.position < text.count else { return nil }
            let c = text[reader.position]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                let before = reader.problems.count
                let node = reader.quoted(quote: c)
                if reader.problems.count > before {
                    problem(.unterminated, "unterminated string: the file ends before its closing quote", node.range.lowerBound..<node.range.lowerBound + 1)
                }
                return (node.text, node.range)
            }
            guard OpenStepReader.isBare(c) else { return nil }
            let start = reader.position
            while reader.position < text.count && OpenStepReader.isBare(text[reader.position]) { reader.position += 1 }
            return (String(decoding: text[start..<reader.position], as: UTF8.self), start..<reader.position)
        }
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
                entries.append(StringsEntry(key: key.text, keyRange: key.range, value: value.text, valueRange: value.range, range: start..<reader.position))
            } else {
                // After an unterminated string the file has ended: no follow-on problem.
                if !problems.contains(where: { $0.code == .unterminated && $0.range.lowerBound == value.range.lowerBound }) {
                    problem(.missingSemicolon, "missing ';' after the value of '\(key.text)'", valueEnd..<valueEnd)
                }
                entries.append(StringsEntry(key: key.text, keyRange: key.range, value: value.text, valueRange: value.range, range: start..<valueEnd))
            }
        }
        self.entries = entries
        self.problems = problems
    }
}
