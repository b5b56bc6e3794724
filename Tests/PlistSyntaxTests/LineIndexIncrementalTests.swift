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

    @Test func incrementalIndexEqualsFullIndex() async throws {
        let failures = try await onOwnThread { () -> [String] in
            var rng = SplitMix64(seed: 7)
            var failures: [String] = []
            for round in 0..<40 {
                var text: [UInt8] = []
                for _ in 0..<Int.random(in: 0...40, using: &rng) { text += Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &rng)] }
                var index = LineIndex(text)
                for step in 0..<100 {
                    let lower = Int.random(in: 0...text.count, using: &rng)
                    let upper = min(text.count, lower + Int.random(in: 0...4, using: &rng))
                    let piece = Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &rng)]
                    text.replaceSubrange(lower..<upper, with: piece)
                    index = index.applying(lower..<upper, newText: text)
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
}
