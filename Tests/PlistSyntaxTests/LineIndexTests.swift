// UTF-8 offsets ↔ LSP positions in each encoding, every line ending, clamping.
import Testing
import PlistSyntax

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
}
