// Converts UTF-8 byte offsets to and from editor positions (line + character in UTF-8, UTF-16 or UTF-32 units).

/// The unit in which an editor counts characters within a line (LSP `positionEncoding`).
public enum PositionEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"
}

/// A zero-based line and character, counted in some ``PositionEncoding``.
public struct LinePosition: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var character: Int
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
    public var description: String { "\(line):\(character)" }
}

/// Line starts of a UTF-8 text plus the lines that hold non-ASCII bytes, so that offset ↔ position
/// conversion is O(log lines) and O(1) per character on ASCII lines.
///
/// Line ends are LF, CRLF and lone CR. Out-of-range input is clamped, never trapped: a line past the
/// end maps to the end of the text, a character past the end of its line maps to the line's end,
/// and an offset inside a multi-byte sequence (or, for UTF-16, a position inside a surrogate pair)
/// is moved back to the start of its character.
public struct LineIndex: Sendable {
    /// Offset of the first byte of each line; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    /// Total length of the text in bytes.
    public let count: Int
    /// For each line, whether it contains a byte ≥ 0x80 (then conversion must decode UTF-8).
    private let nonASCIILines: [Bool]
    private let bytes: [UInt8]

    public init(_ text: [UInt8]) {
        var starts = [0]
        var nonASCII: [Bool] = []
        var lineHasNonASCII = false
        var i = 0
        let n = text.count
        text.withUnsafeBufferPointer { buf in
            while i < n {
                let b = buf[i]
                if b == 0x0A {
                    nonASCII.append(lineHasNonASCII); lineHasNonASCII = false
                    starts.append(i + 1)
                } else if b == 0x0D {
                    if i + 1 < n && buf[i + 1] == 0x0A { i += 1 }
                    nonASCII.append(lineHasNonASCII); lineHasNonASCII = false
                    starts.append(i + 1)
                } else if b >= 0x80 {
                    lineHasNonASCII = true
                }
                i += 1
            }
        }
        nonASCII.append(lineHasNonASCII)
        self.lineStarts = starts
        self.nonASCIILines = nonASCII
        self.count = n
        self.bytes = text
    }

    public var lineCount: Int { lineStarts.count }

    /// The line that contains `offset` (clamped to the text).
    public func line(containing offset: Int) -> Int {
        let o = max(0, min(offset, count))
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= o { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// End of the line's content (before its line terminator).
    public func lineContentEnd(_ line: Int) -> Int {
        let next = line + 1 < lineStarts.count ? lineStarts[line + 1] : count
        var end = next
        if end > lineStarts[line] && end <= count && end > 0 && line + 1 < lineStarts.count {
            // Strip the terminator: LF, CR or CRLF.
            if bytes[end - 1] == 0x0A { end -= 1; if end > lineStarts[line] && bytes[end - 1] == 0x0D { end -= 1 } }
            else if bytes[end - 1] == 0x0D { end -= 1 }
        }
        return end
    }

    /// The position of a byte offset. An offset inside a multi-byte character is moved to its start.
    public func position(of offset: Int, in encoding: PositionEncoding = .utf16) -> LinePosition {
        var o = max(0, min(offset, count))
        while o > 0 && o < count && (bytes[o] & 0xC0) == 0x80 { o -= 1 }
        let line = line(containing: o)
        let start = lineStarts[line]
        if !nonASCIILines[line] || encoding == .utf8 {
            return LinePosition(line: line, character: o - start)
        }
        var units = 0
        var i = start
        while i < o {
            let (scalarLength, utf16Length) = Self.sequenceLength(bytes, i)
            i += scalarLength
            units += encoding == .utf16 ? utf16Length : 1
        }
        return LinePosition(line: line, character: units)
    }

    /// The byte offset of a position. Lines past the end clamp to the end of the text; characters
    /// past the end of a line clamp to the end of its content; a character inside a UTF-8 sequence
    /// or a surrogate pair maps to the start of that character.
    public func offset(of position: LinePosition, in encoding: PositionEncoding = .utf16) -> Int {
        if position.line < 0 { return 0 }
        if position.line >= lineStarts.count { return count }
        let start = lineStarts[position.line]
        let end = lineContentEnd(position.line)
        let wanted = max(0, position.character)
        if !nonASCIILines[position.line] || encoding == .utf8 {
            var o = min(start + wanted, end)
            while o > start && o < count && (bytes[o] & 0xC0) == 0x80 { o -= 1 }
            return o
        }
        var units = 0
        var i = start
        while i < end {
            let (scalarLength, utf16Length) = Self.sequenceLength(bytes, i)
            let step = encoding == .utf16 ? utf16Length : 1
            if units + step > wanted { return i }
            units += step
            i += scalarLength
        }
        return end
    }

    /// Length in bytes of the UTF-8 sequence at `i` and the UTF-16 units it needs. Invalid bytes
    /// count as one byte and one unit (as U+FFFD would).
    @inline(__always)
    static func sequenceLength(_ b: [UInt8], _ i: Int) -> (Int, Int) {
        let lead = b[i]
        let n: Int
        switch lead {
        case 0x00..<0x80: return (1, 1)
        case 0xC2..<0xE0: n = 2
        case 0xE0..<0xF0: n = 3
        case 0xF0..<0xF5: n = 4
        default: return (1, 1)
        }
        guard i + n <= b.count else { return (1, 1) }
        for k in 1..<n where (b[i + k] & 0xC0) != 0x80 { return (1, 1) }
        return (n, n == 4 ? 2 : 1)
    }
}
