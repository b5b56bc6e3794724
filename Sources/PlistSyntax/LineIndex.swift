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

/// Where a position falls in the text (see ``LineIndex/resolve(_:in:)``).
public struct ResolvedPosition: Hashable, Sendable {
    /// The byte offset of the character boundary at or before the position.
    public var offset: Int
    /// When the position falls inside a character (in the middle of a UTF-8 sequence, or between
    /// the two halves of a UTF-16 surrogate pair): how many of that character's units lie before
    /// it; 0 on a character boundary.
    public var unitsInside: Int
    /// The byte offset just after the character at `offset` (equal to `offset` on a boundary).
    public var characterEnd: Int
    /// Whether the position was moved: a line or character past the end, or a negative value.
    public var clamped: Bool

    public init(offset: Int, unitsInside: Int, characterEnd: Int, clamped: Bool) {
        self.offset = offset
        self.unitsInside = unitsInside
        self.characterEnd = characterEnd
        self.clamped = clamped
    }
}

/// Line starts of a UTF-8 text plus the position of every non-ASCII character, so that offset ↔
/// position conversion is O(log n) in every encoding, whatever the length of the line (the same
/// idea as rust-analyzer's `LineIndex`: ASCII runs are counted by subtraction, and only the
/// characters whose width differs between encodings are recorded, with running totals).
///
/// Line ends are LF, CRLF and lone CR. Out-of-range input is clamped, never trapped: a line past the
/// end maps to the end of the text, a character past the end of its line maps to the line's end
/// (any `Int`, including `Int.max`, is accepted), and an offset inside a multi-byte sequence (or,
/// for UTF-16, a position inside a surrogate pair) is moved back to the start of its character by
/// ``offset(of:in:)``; ``resolve(_:in:)`` says where inside the character it fell.
public struct LineIndex: Sendable, Equatable {
    /// Offset of the first byte of each line; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    /// Total length of the text in bytes.
    public let count: Int
    private let bytes: [UInt8]
    /// Byte offset of each non-ASCII character (or invalid byte), ascending.
    private let wideOffsets: [Int]
    /// Its length in bytes (1 for an invalid byte).
    private let wideLengths: [UInt8]
    /// `excess16[k]`: total of (bytes − UTF-16 units) over the first `k` wide characters
    /// (`count + 1` entries); likewise `excess32` for UTF-32 (bytes − 1).
    private let excess16: [Int]
    private let excess32: [Int]
    /// For each line, the index of its first wide character (`lineCount + 1` entries).
    private let lineFirstWide: [Int]

    public init(_ text: [UInt8]) {
        var tables = Tables(starts: [0], firstWide: [0], offsets: [], lengths: [], excess16: [0], excess32: [0])
        text.withUnsafeBufferPointer { tables.scan($0, from: 0, to: text.count) }
        tables.firstWide.append(tables.offsets.count)
        self.lineStarts = tables.starts
        self.count = text.count
        self.bytes = text
        self.wideOffsets = tables.offsets
        self.wideLengths = tables.lengths
        self.excess16 = tables.excess16
        self.excess32 = tables.excess32
        self.lineFirstWide = tables.firstWide
    }

    private init(lineStarts: [Int], bytes: [UInt8], wideOffsets: [Int], wideLengths: [UInt8], excess16: [Int], excess32: [Int],
                 lineFirstWide: [Int]) {
        self.lineStarts = lineStarts
        self.count = bytes.count
        self.bytes = bytes
        self.wideOffsets = wideOffsets
        self.wideLengths = wideLengths
        self.excess16 = excess16
        self.excess32 = excess32
        self.lineFirstWide = lineFirstWide
    }

    /// The index of `newText`, which is this index's text with the bytes `range` replaced: the
    /// lines around the edit are scanned again, the rest is kept or moved by the change in length
    /// (no scan of the whole text). Equal to `LineIndex(newText)` (`LineIndexIncrementalTests`).
    ///
    /// The scan starts at the line holding the byte before the edit (a CR there and an inserted LF
    /// become one CRLF) and ends at the first line start after it: a UTF-8 sequence never spans a
    /// line break (a terminator is ASCII, which ends the sequence), so nothing outside depends on it.
    public func applying(_ range: Range<Int>, newText: [UInt8]) -> LineIndex {
        let lo = max(0, min(range.lowerBound, count)), hi = max(lo, min(range.upperBound, count))
        let delta = newText.count - count
        let firstLine = line(containing: max(0, lo - 1))
        let windowStart = lineStarts[firstLine]
        let nextLine = line(containing: hi) + 1
        let oldWindowEnd = nextLine < lineStarts.count ? lineStarts[nextLine] : count
        let windowEnd = oldWindowEnd + delta
        let widesKept = widesBefore(windowStart)
        let widesEnd = widesBefore(oldWindowEnd)

        var tables = Tables(starts: Array(lineStarts[0...firstLine]), firstWide: Array(lineFirstWide[0...firstLine]),
                            offsets: Array(wideOffsets[0..<widesKept]), lengths: Array(wideLengths[0..<widesKept]),
                            excess16: Array(excess16[0...widesKept]), excess32: Array(excess32[0...widesKept]))
        newText.withUnsafeBufferPointer { tables.scan($0, from: windowStart, to: windowEnd) }
        var starts = tables.starts, firstWide = tables.firstWide, offsets = tables.offsets, lengths = tables.lengths
        var e16 = tables.excess16, e32 = tables.excess32
        if nextLine < lineStarts.count {
            // The scan ended with the start of line `nextLine`, moved; the lines after it follow.
            let wideShift = offsets.count - widesEnd
            starts += lineStarts[(nextLine + 1)...].lazy.map { $0 + delta }
            firstWide += lineFirstWide[(nextLine + 1)...].lazy.map { $0 + wideShift }
            offsets += wideOffsets[widesEnd...].lazy.map { $0 + delta }
            lengths += wideLengths[widesEnd...]
            let shift16 = e16[e16.count - 1] - excess16[widesEnd], shift32 = e32[e32.count - 1] - excess32[widesEnd]
            e16 += excess16[(widesEnd + 1)...].lazy.map { $0 + shift16 }
            e32 += excess32[(widesEnd + 1)...].lazy.map { $0 + shift32 }
        } else {
            firstWide.append(offsets.count)
        }
        return LineIndex(lineStarts: starts, bytes: newText, wideOffsets: offsets, wideLengths: lengths, excess16: e16, excess32: e32,
                         lineFirstWide: firstWide)
    }

    /// What a scan of bytes fills in: line starts with each line's first wide character, and the
    /// wide characters with the running excess of bytes over UTF-16 and UTF-32 units.
    private struct Tables {
        var starts: [Int]
        var firstWide: [Int]
        var offsets: [Int]
        var lengths: [UInt8]
        var excess16: [Int]
        var excess32: [Int]

        /// Whether one of the eight bytes of `w`, all below 0x80, equals `byte`.
        @inline(__always)
        static func hasByte(_ w: UInt64, _ byte: UInt8) -> Bool {
            let x = w ^ (0x0101_0101_0101_0101 &* UInt64(byte))
            return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
        }

        /// Scans `buf[start..<end]` (a line terminator may look one byte past `end` for CRLF).
        mutating func scan(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
            let n = buf.count
            var i = start
            while i < end {
                // Runs of ASCII without CR or LF, eight bytes at a time (most of a plist).
                if let base = buf.baseAddress {
                    while i + 8 <= end {
                        let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                        if w & 0x8080_8080_8080_8080 != 0 || Self.hasByte(w, 0x0A) || Self.hasByte(w, 0x0D) { break }
                        i += 8
                    }
                    if i >= end { break }
                }
                let b = buf[i]
                if b < 0x80 {
                    if b == 0x0A {
                        starts.append(i + 1)
                        firstWide.append(offsets.count)
                    } else if b == 0x0D {
                        if i + 1 < n && buf[i + 1] == 0x0A { i += 1 }
                        starts.append(i + 1)
                        firstWide.append(offsets.count)
                    }
                    i += 1
                    continue
                }
                let (length, units16) = LineIndex.sequenceLength(buf, i)
                offsets.append(i)
                lengths.append(UInt8(length))
                excess16.append(excess16[excess16.count - 1] + length - units16)
                excess32.append(excess32[excess32.count - 1] + length - 1)
                i += length
            }
        }
    }

    public var lineCount: Int { lineStarts.count }

    /// The line that contains `offset` (clamped to the text).
    public func line(containing offset: Int) -> Int {
        let o = max(0, min(offset, count))
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2
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

    /// The number of wide characters that start before `offset` (binary search).
    private func widesBefore(_ offset: Int, from lo: Int = 0, to hi: Int? = nil) -> Int {
        var lo = lo, hi = hi ?? wideOffsets.count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if wideOffsets[mid] < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    private func excess(_ encoding: PositionEncoding) -> [Int] {
        encoding == .utf16 ? excess16 : excess32
    }

    /// The position of a byte offset. An offset inside a multi-byte character is moved to its start.
    public func position(of offset: Int, in encoding: PositionEncoding = .utf16) -> LinePosition {
        var o = max(0, min(offset, count))
        let before = widesBefore(o)
        if before > 0, o < wideOffsets[before - 1] + Int(wideLengths[before - 1]) { o = wideOffsets[before - 1] }
        let line = line(containing: o)
        let start = lineStarts[line]
        if encoding == .utf8 { return LinePosition(line: line, character: o - start) }
        let first = lineFirstWide[line]
        let upTo = widesBefore(o, from: first, to: lineFirstWide[line + 1])
        let excess = excess(encoding)
        return LinePosition(line: line, character: o - start - (excess[upTo] - excess[first]))
    }

    /// The byte offset of a position. Lines past the end clamp to the end of the text; characters
    /// past the end of a line clamp to the end of its content; a character inside a UTF-8 sequence
    /// or a surrogate pair maps to the start of that character.
    public func offset(of position: LinePosition, in encoding: PositionEncoding = .utf16) -> Int {
        resolve(position, in: encoding).offset
    }

    /// Where `position` falls, including whether it splits a character (O(log n); never traps).
    public func resolve(_ position: LinePosition, in encoding: PositionEncoding = .utf16) -> ResolvedPosition {
        if position.line < 0 { return ResolvedPosition(offset: 0, unitsInside: 0, characterEnd: 0, clamped: true) }
        if position.line >= lineStarts.count {
            return ResolvedPosition(offset: count, unitsInside: 0, characterEnd: count, clamped: true)
        }
        let start = lineStarts[position.line]
        let end = lineContentEnd(position.line)
        var clamped = position.character < 0
        // Units never outnumber bytes, so clamping to the byte length first keeps every sum below in range.
        var wanted = max(0, position.character)
        if wanted > end - start { wanted = end - start; clamped = true }
        let first = lineFirstWide[position.line], last = lineFirstWide[position.line + 1]
        if encoding == .utf8 {
            let o = start + wanted
            let before = widesBefore(o, from: first, to: last)
            if before > first {
                let charStart = wideOffsets[before - 1], charEnd = charStart + Int(wideLengths[before - 1])
                if o < charEnd {
                    return ResolvedPosition(offset: charStart, unitsInside: o - charStart, characterEnd: charEnd, clamped: clamped)
                }
            }
            return ResolvedPosition(offset: o, unitsInside: 0, characterEnd: o, clamped: clamped)
        }
        let excess = excess(encoding)
        // The units before wide character j of this line: (its offset − start) − the excess before it;
        // strictly increasing in j. Find the last j at or before `wanted`.
        func unitsBefore(_ j: Int) -> Int { wideOffsets[j] - start - (excess[j] - excess[first]) }
        var lo = first, hi = last
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if unitsBefore(mid) <= wanted { lo = mid + 1 } else { hi = mid }
        }
        guard lo > first else {
            let o = min(start + wanted, end)
            return ResolvedPosition(offset: o, unitsInside: 0, characterEnd: o, clamped: clamped || start + wanted > end)
        }
        let j = lo - 1
        let charStart = wideOffsets[j], length = Int(wideLengths[j])
        let units = encoding == .utf16 ? length - (excess16[j + 1] - excess16[j]) : 1
        let into = wanted - unitsBefore(j)
        if into < units {
            return ResolvedPosition(offset: charStart, unitsInside: into, characterEnd: into == 0 ? charStart : charStart + length,
                                    clamped: clamped)
        }
        let o = charStart + length + (into - units)
        if o > end { return ResolvedPosition(offset: end, unitsInside: 0, characterEnd: end, clamped: true) }
        return ResolvedPosition(offset: o, unitsInside: 0, characterEnd: o, clamped: clamped)
    }

    /// Length in bytes of the UTF-8 sequence at `i` and the UTF-16 units it needs. Invalid bytes
    /// count as one byte and one unit (as U+FFFD would).
    @inline(__always)
    static func sequenceLength(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> (Int, Int) {
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
