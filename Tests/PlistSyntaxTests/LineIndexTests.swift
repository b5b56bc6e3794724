// UTF-8 offsets ↔ LSP positions in each encoding, every line ending, clamping.
import Testing
@testable import PlistSyntax

@Suite struct LineIndexTests {
    @Test func roundTripsEveryOffsetInEveryEncoding() {
        let s = "a\r\nb🔥c\ré中\n\n<key>x</key>"
        let bytes = Array(s.utf8)
        let index = LineIndex(bytes)
        #expect(index.lineCount == 5)
        for enc in PositionEncoding.allCases {
            var i = 0
            while i <= bytes.count {
                let pos = index.position(of: i, in: enc)
                #expect(index.offset(of: pos, in: enc) == i, "offset \(i) \(enc)")
                i += 1
                // Skip offsets inside a character or between CR and LF: they are not positions.
                while i < bytes.count && ((bytes[i] & 0xC0) == 0x80 || (bytes[i] == 0x0A && bytes[i - 1] == 0x0D)) { i += 1 }
            }
        }
    }

    @Test func countsUnitsPerEncoding() {
        let bytes = Array("x🔥y".utf8)
        let index = LineIndex(bytes)
        let yOffset = 5
        #expect(index.position(of: yOffset, in: .utf8) == LinePosition(line: 0, character: 5))
        #expect(index.position(of: yOffset, in: .utf16) == LinePosition(line: 0, character: 3))
        #expect(index.position(of: yOffset, in: .utf32) == LinePosition(line: 0, character: 2))
    }

    @Test func clampsOutOfRangePositions() {
        let bytes = Array("ab\n🔥\n".utf8)
        let index = LineIndex(bytes)
        #expect(index.offset(of: LinePosition(line: 99, character: 0)) == bytes.count)
        #expect(index.offset(of: LinePosition(line: 0, character: 99)) == 2)
        #expect(index.offset(of: LinePosition(line: -1, character: -5)) == 0)
        // Inside the surrogate pair: the start of the emoji, never a split character.
        #expect(index.offset(of: LinePosition(line: 1, character: 1), in: .utf16) == 3)
        #expect(index.position(of: 5) == LinePosition(line: 1, character: 0))
        #expect(index.position(of: 1000) == LinePosition(line: 2, character: 0))
    }

    @Test func lineEndings() {
        for (s, lines) in [("a\nb", 2), ("a\r\nb", 2), ("a\rb", 2), ("a\r\n\r\nb", 3), ("", 1), ("\n", 2)] {
            #expect(LineIndex(Array(s.utf8)).lineCount == lines, "\(s.debugDescription)")
        }
        let crlf = LineIndex(Array("ab\r\ncd".utf8))
        #expect(crlf.offset(of: LinePosition(line: 0, character: 10)) == 2)
        #expect(crlf.position(of: 4) == LinePosition(line: 1, character: 0))
    }

    /// Positions far beyond the text (up to `Int.max`) and negative ones clamp; nothing overflows.
    @Test func extremePositionsClampWithoutOverflow() {
        let bytes = Array("ab\né😀x\n".utf8)
        let index = LineIndex(bytes)
        for encoding in PositionEncoding.allCases {
            #expect(index.offset(of: LinePosition(line: 0, character: Int.max), in: encoding) == 2)
            #expect(index.offset(of: LinePosition(line: 1, character: Int.max), in: encoding) == 10)
            #expect(index.offset(of: LinePosition(line: Int.max, character: Int.max), in: encoding) == bytes.count)
            #expect(index.offset(of: LinePosition(line: Int.min, character: Int.min), in: encoding) == 0)
            #expect(index.offset(of: LinePosition(line: 1, character: Int.min), in: encoding) == 3)
            #expect(index.resolve(LinePosition(line: 0, character: Int.max), in: encoding).clamped)
            #expect(index.position(of: Int.max, in: encoding) == LinePosition(line: 2, character: 0))
            #expect(index.position(of: Int.min, in: encoding) == LinePosition(line: 0, character: 0))
        }
    }

    /// A position inside a character says so (for edits, which split it) and where it falls.
    @Test func positionsInsideACharacterAreResolved() {
        let bytes = Array("a😀é".utf8)  // a: 0, 😀: 1..<5, é: 5..<7
        let index = LineIndex(bytes)
        #expect(
            index.resolve(LinePosition(line: 0, character: 2), in: .utf16)
                == ResolvedPosition(offset: 1, unitsInside: 1, characterEnd: 5, clamped: false))
        #expect(
            index.resolve(LinePosition(line: 0, character: 3), in: .utf16)
                == ResolvedPosition(offset: 5, unitsInside: 0, characterEnd: 5, clamped: false))
        #expect(
            index.resolve(LinePosition(line: 0, character: 3), in: .utf8)
                == ResolvedPosition(offset: 1, unitsInside: 2, characterEnd: 5, clamped: false))
        #expect(
            index.resolve(LinePosition(line: 0, character: 6), in: .utf8)
                == ResolvedPosition(offset: 5, unitsInside: 1, characterEnd: 7, clamped: false))
        #expect(
            index.resolve(LinePosition(line: 0, character: 2), in: .utf32)
                == ResolvedPosition(offset: 5, unitsInside: 0, characterEnd: 5, clamped: false))
    }

    /// A 120 KB line of mixed-width text and 40,000 conversions each way in every encoding: exact
    /// (against a naive count from the line start) and O(log n) each; a conversion that walked
    /// from the line start would take minutes here in a debug build.
    @Test func aLongNonASCIILineConvertsExactlyAndFast() {
        let unit = "ab日é😀x"  // UTF-8 12 bytes, UTF-16 7 units, UTF-32 6 scalars
        let line = "<string>" + String(repeating: unit, count: 10_000) + "</string>"
        let text = "first line\r\n" + line + "\nlast 🔥"
        let bytes = Array(text.utf8)
        let index = LineIndex(bytes)
        let lineStart = Array("first line\r\n".utf8).count
        let scalars = Array(line.unicodeScalars)
        // Naive positions of every scalar boundary of the long line, in one pass.
        var naive: [(offset: Int, utf16: Int, utf32: Int)] = []
        var offset = lineStart, utf16 = 0
        for (k, scalar) in scalars.enumerated() {
            naive.append((offset, utf16, k))
            offset += String(scalar).utf8.count
            utf16 += scalar.value > 0xFFFF ? 2 : 1
        }
        var rng = SystemRandomNumberGenerator()
        let samples = (0..<40_000).map { _ in naive.randomElement(using: &rng)! }
        // (One expectation over all samples: recording 200,000 would cost more than the conversions.)
        let wrong = samples.filter { sample in
            index.position(of: sample.offset, in: .utf16) != LinePosition(line: 1, character: sample.utf16)
                || index.position(of: sample.offset, in: .utf32) != LinePosition(line: 1, character: sample.utf32)
                || index.position(of: sample.offset, in: .utf8) != LinePosition(line: 1, character: sample.offset - lineStart)
                || index.offset(of: LinePosition(line: 1, character: sample.utf16), in: .utf16) != sample.offset
                || index.offset(of: LinePosition(line: 1, character: sample.utf32), in: .utf32) != sample.offset
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(samples.count) conversions differ, e.g. \(wrong.prefix(3))")
        #expect(index.position(of: bytes.count, in: .utf16) == LinePosition(line: 2, character: 7))
    }
}
