// The line index after an edit (`LineIndex.applying`) equals the index of the edited text built
// from scratch, over random edits of texts full of line breaks of every kind, multi-byte
// characters and invalid UTF-8 — the cases where an edit changes how bytes beside it are read.
import PlistSyntax
import PlistTestSupport
import Testing

@Suite struct LineIndexIncrementalTests {
    static let pieces: [[UInt8]] = [
        [], [0x0A], [0x0D], [0x0D, 0x0A], Array("x".utf8), Array("ab\ncd".utf8), Array("é".utf8), Array("😀".utf8),
        Array("日本".utf8), [0xF0, 0x9F], [0x98, 0x80], [0xC3], [0xA9], [0xFF], [0xE6, 0x97], Array("\t<key>k</key>\r\n".utf8),
    ]

    /// Replaces a random range of `text` (at most `removed` bytes) by one of the pieces; returns
    /// the range replaced and the piece.
    static func randomEdit(of text: inout [UInt8], removingAtMost removed: Int, using rng: inout SplitMix64) -> (Range<Int>, [UInt8]) {
        let lower = Int.random(in: 0...text.count, using: &rng)
        let upper = min(text.count, lower + Int.random(in: 0...removed, using: &rng))
        let piece = pieces[Int.random(in: 0..<pieces.count, using: &rng)]
        text.replaceSubrange(lower..<upper, with: piece)
        return (lower..<upper, piece)
    }

    @Test func incrementalIndexEqualsFullIndex() async throws {
        let failures = try await onOwnThread { () -> [String] in
            var rng = SplitMix64(seed: 7)
            var failures: [String] = []
            for round in 0..<40 {
                var text: [UInt8] = []
                for _ in 0..<Int.random(in: 0...40, using: &rng) { text += Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &rng)] }
                var index = LineIndex(text)
                for step in 0..<100 {
                    let (range, piece) = Self.randomEdit(of: &text, removingAtMost: 4, using: &rng)
                    let (lower, upper) = (range.lowerBound, range.upperBound)
                    index = index.applying(range, newText: text)
                    if index != LineIndex(text) {
                        failures.append("round \(round), step \(step): \(lower)..<\(upper) → \(piece) in \(text)")
                        index = LineIndex(text)
                    }
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
    }

    /// The same with blocks of a few lines, so that edits join, split and move blocks: the first
    /// and last lines of a block, a CR ending one block and an LF starting the next, a text ending
    /// with a line break that fills its last block.
    @Test func incrementalIndexWithSmallBlocksEqualsFullIndex() async throws {
        let failures = try await onOwnThread { () -> [String] in
            var rng = SplitMix64(seed: 70)
            var failures: [String] = []
            for round in 0..<60 {
                let size = Int.random(in: 1...4, using: &rng)
                var text: [UInt8] = []
                for _ in 0..<Int.random(in: 0...60, using: &rng) { text += Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &rng)] }
                var index = LineIndex(text, linesPerBlock: size)
                if index != LineIndex(text) { failures.append("round \(round): blocks of \(size) differ from the whole index for \(text)") }
                for step in 0..<100 {
                    let (range, piece) = Self.randomEdit(of: &text, removingAtMost: 6, using: &rng)
                    let (lower, upper) = (range.lowerBound, range.upperBound)
                    index = index.applying(range, newText: text)
                    let full = LineIndex(text)
                    var same = index == full && index.lineCount == full.lineCount
                    // Every conversion agrees too (the tables are read through the blocks).
                    for offset in 0...text.count where same {
                        same =
                            index.position(of: offset) == full.position(of: offset)
                            && index.position(of: offset, in: .utf8) == full.position(of: offset, in: .utf8)
                            && index.line(containing: offset) == full.line(containing: offset)
                    }
                    for line in 0..<(full.lineCount + 1) where same {
                        same = index.lineContentEnd(min(line, full.lineCount - 1)) == full.lineContentEnd(min(line, full.lineCount - 1))
                        for character in [0, 1, 2, 5, Int.max] where same {
                            let p = LinePosition(line: line, character: character)
                            same = PositionEncoding.allCases.allSatisfy { index.resolve(p, in: $0) == full.resolve(p, in: $0) }
                        }
                    }
                    if !same {
                        failures.append("round \(round) (blocks of \(size)), step \(step): \(lower)..<\(upper) → \(piece) in \(text)")
                        index = LineIndex(text, linesPerBlock: size)
                    }
                }
                if failures.count >= 5 { break }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
