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
}

/// Line starts of a UTF-8 text plus the position of every non-ASCII character, so that offset ↔
/// position conversion is O(log n) in every encoding, whatever the length of the line (the same
/// idea as rust-analyzer's `LineIndex`: ASCII runs are counted by subtraction, and only the
/// characters whose width differs between encodings are recorded, with running totals).
///
/// The tables are kept in blocks of lines (offsets relative to the block, 32-bit), shared between
/// the versions of a text: an edit (`applying(_:newText:)`) scans the blocks it touches again and
/// moves the others, so it costs a block and one entry per block, not the text.
///
/// Line ends are LF, CRLF and lone CR. Out-of-range input is clamped, never trapped: a line past the
/// end maps to the end of the text, a character past the end of its line maps to the line's end
/// (any `Int`, including `Int.max`, is accepted), and an offset inside a multi-byte sequence (or,
/// for UTF-16, a position inside a surrogate pair) is moved back to the start of its character by
/// ``offset(of:in:)``; ``resolve(_:in:)`` says where inside the character it fell.
public struct LineIndex: Sendable, Equatable {
    /// Total length of the text in bytes.
    public let count: Int
    private let bytes: SourceText
    /// The blocks, in text order, with the offset of each one's first line and its first line's number.
    private let blocks: [Block]
    private let blockStarts: [Int]
    private let blockFirstLines: [Int]
    /// Lines per block when a text is scanned.
    private let linesPerBlock: Int
    public let lineCount: Int

    /// Consecutive lines of the text, with their wide characters; offsets from the block's first line start.
    private final class Block: Sendable {
        /// Offset of each line's first byte; `starts[0] == 0`.
        let starts: [UInt32]
        /// Offset of each non-ASCII character (or invalid byte), ascending.
        let wideOffsets: [UInt32]
        /// Its length in bytes (1 for an invalid byte).
        let wideLengths: [UInt8]
        /// `excess16[k]`: total of (bytes − UTF-16 units) over the block's first `k` wide characters
        /// (`count + 1` entries); likewise `excess32` for UTF-32 (bytes − 1).
        let excess16: [UInt32]
        let excess32: [UInt32]

        /// The tables copied to arrays of their own length (those a scan appends to have room to grow).
        init(_ t: Tables) {
            func exact<T>(_ a: [T]) -> [T] { a.capacity == a.count ? a : a.withUnsafeBufferPointer { Array($0) } }
            starts = exact(t.starts)
            wideOffsets = exact(t.offsets)
            wideLengths = exact(t.lengths)
            excess16 = exact(t.excess16)
            excess32 = exact(t.excess32)
        }

        var lines: Int { starts.count }

        /// The index of the first wide character of line `local` (of `lines`; `lines` gives the
        /// number of wide characters): the wide characters before its start, as a line break is ASCII.
        func firstWide(ofLine local: Int) -> Int {
            local < starts.count ? widesBefore(Int(starts[local])) : wideOffsets.count
        }

        /// The number of wide characters that start before `offset` (binary search).
        func widesBefore(_ offset: Int, from lo: Int = 0, to hi: Int? = nil) -> Int {
            firstIndex(notBelow: offset, in: lo..<(hi ?? wideOffsets.count)) { Int(wideOffsets[$0]) }
        }

        /// The block's line that contains `offset`.
        func line(containing offset: Int) -> Int {
            lastIndex(notAbove: offset, count: starts.count) { Int(starts[$0]) }
        }

        func excess(_ encoding: PositionEncoding, _ k: Int) -> Int { Int(encoding == .utf16 ? excess16[k] : excess32[k]) }
    }

    public init(_ text: SourceText) { self.init(text, linesPerBlock: 1_024) }

    public init(_ text: [UInt8]) { self.init(SourceText(text)) }

    /// An index whose blocks hold `linesPerBlock` lines (tests use small blocks to cross their boundaries).
    public init(_ text: SourceText, linesPerBlock: Int) {
        let size = max(1, linesPerBlock)
        var blocks: [Block] = [], starts: [Int] = [], firstLines: [Int] = []
        text.withBytes(in: 0..<text.count) {
            Self.scan(
                $0, origin: 0, from: 0, to: text.count, endsText: true, linesPerBlock: size, firstLine: 0, into: &blocks, &starts,
                &firstLines)
        }
        self.init(bytes: text, blocks: blocks, blockStarts: starts, blockFirstLines: firstLines, linesPerBlock: size)
    }

    public init(_ text: [UInt8], linesPerBlock: Int) { self.init(SourceText(text), linesPerBlock: linesPerBlock) }

    private init(bytes: SourceText, blocks: [Block], blockStarts: [Int], blockFirstLines: [Int], linesPerBlock: Int) {
        self.count = bytes.count
        self.bytes = bytes
        self.blocks = blocks
        self.blockStarts = blockStarts
        self.blockFirstLines = blockFirstLines
        self.linesPerBlock = linesPerBlock
        lineCount = (blockFirstLines.last ?? 0) + (blocks.last?.lines ?? 1)
    }

    /// Scans `buf[start..<end]` (which starts a line) into blocks of at most `linesPerBlock` lines;
    /// `buf[0]` is byte `origin` of the text. A line terminator may look one byte past `end` for
    /// CRLF. `endsText`: no block follows (a line break at `end` then starts one more, empty, line).
    private static func scan(
        _ buf: UnsafeBufferPointer<UInt8>, origin: Int, from start: Int, to end: Int, endsText: Bool, linesPerBlock: Int, firstLine: Int,
        into blocks: inout [Block], _ starts: inout [Int], _ firstLines: inout [Int]
    ) {
        var i = start
        var line = firstLine
        while true {
            var t = Tables()
            let blockStart = i
            let full: Bool
            (i, full) = t.scan(buf, from: i, to: end, endsText: endsText, base: blockStart, maxLines: linesPerBlock)
            blocks.append(Block(t))
            starts.append(origin + blockStart)
            firstLines.append(line)
            line += t.starts.count
            // A full block ends with a line break: the next line starts a block, unless what follows does.
            if i < end || (full && endsText) { continue }
            return
        }
    }

    /// The index of `newText`, which is this index's text with the bytes `range` replaced: the
    /// blocks around the edit are scanned again, the others kept or moved by the change in length
    /// (no scan of the whole text). Equal to `LineIndex(newText)` (`LineIndexIncrementalTests`).
    ///
    /// The scan starts at the block holding the byte before the edit (a CR there and an inserted LF
    /// become one CRLF) and ends at the block start after the line holding the edit's end: a UTF-8
    /// sequence never spans a line break (a terminator is ASCII, which ends the sequence), so
    /// nothing outside depends on it.
    public func applying(_ range: Range<Int>, newText: [UInt8]) -> LineIndex { applying(range, newText: SourceText(newText)) }

    public func applying(_ range: Range<Int>, newText: SourceText) -> LineIndex {
        let lo = max(0, min(range.lowerBound, count)), hi = max(lo, min(range.upperBound, count))
        let delta = newText.count - count
        let first = block(containingOffset: max(0, lo - 1))
        // The next block's start is a line start after `hi`.
        let last = block(containingOffset: hi)
        let windowStart = blockStarts[first]
        let oldWindowEnd = last + 1 < blocks.count ? blockStarts[last + 1] : count
        var newBlocks = Array(blocks[..<first]), starts = Array(blockStarts[..<first]), firstLines = Array(blockFirstLines[..<first])
        // The window's bytes, and the one after it (a CR's LF).
        let windowEnd = oldWindowEnd + delta
        newText.withBytes(in: windowStart..<min(newText.count, windowEnd + 1)) {
            Self.scan(
                $0, origin: windowStart, from: 0, to: windowEnd - windowStart, endsText: last + 1 == blocks.count,
                linesPerBlock: linesPerBlock,
                firstLine: blockFirstLines[first],
                into: &newBlocks, &starts, &firstLines)
        }
        if last + 1 < blocks.count {
            // The scan ended where block `last + 1` starts, moved; it and the blocks after it follow.
            let lines = (firstLines.last ?? 0) + (newBlocks.last?.lines ?? 0) - blockFirstLines[last + 1]
            newBlocks += blocks[(last + 1)...]
            starts += blockStarts[(last + 1)...].lazy.map { $0 + delta }
            firstLines += blockFirstLines[(last + 1)...].lazy.map { $0 + lines }
        }
        return LineIndex(bytes: newText, blocks: newBlocks, blockStarts: starts, blockFirstLines: firstLines, linesPerBlock: linesPerBlock)
    }

    /// What a scan of bytes fills in: line starts, and the
    /// wide characters with the running excess of bytes over UTF-16 and UTF-32 units.
    private struct Tables {
        var starts: [UInt32] = [0]
        var offsets: [UInt32] = []
        var lengths: [UInt8] = []
        var excess16: [UInt32] = [0]
        var excess32: [UInt32] = [0]

        /// Scans `buf[start..<end]` until `maxLines` lines are complete; returns where it stopped
        /// (the start of the next line, or `end`) and whether the lines were complete. Offsets are
        /// stored from `base`. A line break at `end` starts a line here only when `endsText` (else the
        /// block that follows starts there).
        mutating func scan(
            _ buf: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, endsText: Bool, base: Int, maxLines: Int
        ) -> (Int, Bool) {
            let n = buf.count
            var i = start
            while i < end {
                // Runs of ASCII without CR or LF, eight bytes at a time (most of a plist).
                if let base = buf.baseAddress {
                    while i + 8 <= end {
                        let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                        if nonASCIIBits(w) | byteBits(w, equalTo: 0x0A) | byteBits(w, equalTo: 0x0D) != 0 { break }
                        i += 8
                    }
                    if i >= end { break }
                }
                let b = buf[i]
                if b < 0x80 {
                    if b == 0x0A || b == 0x0D {
                        if b == 0x0D && i + 1 < n && buf[i + 1] == 0x0A { i += 1 }
                        i += 1
                        if starts.count == maxLines { return (i, true) }
                        if i >= end && !endsText { return (i, false) }
                        starts.append(UInt32(i - base))
                        continue
                    }
                    i += 1
                    continue
                }
                let (length, units16) = LineIndex.sequenceLength(buf, i)
                offsets.append(UInt32(i - base))
                lengths.append(UInt8(length))
                excess16.append(excess16[excess16.count - 1] + UInt32(length - units16))
                excess32.append(excess32[excess32.count - 1] + UInt32(length - 1))
                i += length
            }
            return (i, false)
        }
    }

    public static func == (a: LineIndex, b: LineIndex) -> Bool {
        guard a.count == b.count, a.lineCount == b.lineCount, a.bytes == b.bytes else { return false }
        return a.flattened == b.flattened
    }

    /// Every table as absolute values (for equality).
    private var flattened: [[Int]] {
        var starts: [Int] = [], wides: [Int] = [], lengths: [Int] = [], e16: [Int] = [], e32: [Int] = []
        var x16 = 0, x32 = 0
        for (k, b) in blocks.enumerated() {
            starts += b.starts.map { blockStarts[k] + Int($0) }
            wides += b.wideOffsets.map { blockStarts[k] + Int($0) }
            lengths += b.wideLengths.map(Int.init)
            e16 += b.excess16.dropFirst().map { x16 + Int($0) }
            e32 += b.excess32.dropFirst().map { x32 + Int($0) }
            x16 += Int(b.excess16.last ?? 0)
            x32 += Int(b.excess32.last ?? 0)
        }
        return [starts, wides, lengths, e16, e32]
    }

    /// The block holding `offset` (clamped to the text).
    private func block(containingOffset offset: Int) -> Int { lastIndex(notAbove: offset, count: blockStarts.count) { blockStarts[$0] } }

    /// The block holding line `line` (a valid line).
    private func block(containingLine line: Int) -> Int { lastIndex(notAbove: line, count: blockFirstLines.count) { blockFirstLines[$0] } }

    /// The offset of the first byte of `line` (a valid line).
    public func lineStart(_ line: Int) -> Int {
        let k = block(containingLine: line)
        return blockStarts[k] + Int(blocks[k].starts[line - blockFirstLines[k]])
    }

    /// The line that contains `offset` (clamped to the text).
    public func line(containing offset: Int) -> Int {
        let o = max(0, min(offset, count))
        let k = block(containingOffset: o)
        return blockFirstLines[k] + blocks[k].line(containing: o - blockStarts[k])
    }

    /// End of the line's content (before its line terminator).
    public func lineContentEnd(_ line: Int) -> Int {
        let next = line + 1 < lineCount ? lineStart(line + 1) : count
        let start = lineStart(line)
        var end = next
        if end > start && end <= count && end > 0 && line + 1 < lineCount {
            // Strip the terminator: LF, CR or CRLF.
            if bytes[end - 1] == 0x0A {
                end -= 1; if end > start && bytes[end - 1] == 0x0D { end -= 1 }
            } else if bytes[end - 1] == 0x0D {
                end -= 1
            }
        }
        return end
    }

    /// The position of a byte offset. An offset inside a multi-byte character is moved to its start.
    public func position(of offset: Int, in encoding: PositionEncoding = .utf16) -> LinePosition {
        let clamped = max(0, min(offset, count))
        let k = block(containingOffset: clamped)
        let b = blocks[k], base = blockStarts[k]
        var o = clamped - base
        let before = b.widesBefore(o)
        if before > 0, o < Int(b.wideOffsets[before - 1]) + Int(b.wideLengths[before - 1]) { o = Int(b.wideOffsets[before - 1]) }
        let local = b.line(containing: o)
        let start = Int(b.starts[local])
        let line = blockFirstLines[k] + local
        if encoding == .utf8 { return LinePosition(line: line, character: o - start) }
        let first = b.firstWide(ofLine: local)
        let upTo = b.widesBefore(o, from: first, to: b.firstWide(ofLine: local + 1))
        return LinePosition(line: line, character: o - start - (b.excess(encoding, upTo) - b.excess(encoding, first)))
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
        if position.line >= lineCount {
            return ResolvedPosition(offset: count, unitsInside: 0, characterEnd: count, clamped: true)
        }
        let k = block(containingLine: position.line)
        let b = blocks[k], base = blockStarts[k], local = position.line - blockFirstLines[k]
        let start = base + Int(b.starts[local])
        let end = lineContentEnd(position.line)
        var clamped = position.character < 0
        // Units never outnumber bytes, so clamping to the byte length first keeps every sum below in range.
        var wanted = max(0, position.character)
        if wanted > end - start { wanted = end - start; clamped = true }
        let first = b.firstWide(ofLine: local), last = b.firstWide(ofLine: local + 1)
        if encoding == .utf8 {
            let o = start + wanted
            let before = b.widesBefore(o - base, from: first, to: last)
            if before > first {
                let charStart = base + Int(b.wideOffsets[before - 1]), charEnd = charStart + Int(b.wideLengths[before - 1])
                if o < charEnd {
                    return ResolvedPosition(offset: charStart, unitsInside: o - charStart, characterEnd: charEnd, clamped: clamped)
                }
            }
            return ResolvedPosition(offset: o, unitsInside: 0, characterEnd: o, clamped: clamped)
        }
        // The units before wide character j of this line: (its offset − start) − the excess before it;
        // strictly increasing in j. Find the last j at or before `wanted`.
        func unitsBefore(_ j: Int) -> Int { base + Int(b.wideOffsets[j]) - start - (b.excess(encoding, j) - b.excess(encoding, first)) }
        let lo = firstIndex(notBelow: wanted + 1, in: first..<last, unitsBefore)
        guard lo > first else {
            let o = min(start + wanted, end)
            return ResolvedPosition(offset: o, unitsInside: 0, characterEnd: o, clamped: clamped || start + wanted > end)
        }
        let j = lo - 1
        let charStart = base + Int(b.wideOffsets[j]), length = Int(b.wideLengths[j])
        let units = encoding == .utf16 ? length - Int(b.excess16[j + 1] - b.excess16[j]) : 1
        let into = wanted - unitsBefore(j)
        if into < units {
            return ResolvedPosition(
                offset: charStart, unitsInside: into, characterEnd: into == 0 ? charStart : charStart + length,
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
