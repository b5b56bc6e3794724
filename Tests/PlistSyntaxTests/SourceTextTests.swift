// A document's text in pieces: edits share the old text instead of copying it, and every way of
// reading it gives the bytes an array edited the same way holds.
import Testing
import PlistTestSupport
@testable import PlistSyntax

@Suite struct SourceTextTests {
    /// Random edits (typing, deleting, pasting, replacing) on texts of 1 KB to 100 KB: the text
    /// always reads as the array edited alike, byte by byte, by range and whole; it never holds
    /// more than `maximumPieces` pieces.
    @Test func editsReadAsTheArrayEditedAlike() {
        var rng = SplitMix64(seed: 0x5EED_7E47)
        var failures: [String] = []  // one expectation at the end: each costs a backtrace
        for size in [0, 1_000, 9_000, 100_000] {
            // ASCII: invalid UTF-8 makes `String(decoding:)` throw and catch inside, which the test
            // library records with a backtrace each time.
            var array = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) & 0x7F }
            var text = SourceText(array)
            for step in 0..<300 where failures.isEmpty {
                let lo = array.isEmpty ? 0 : Int.random(in: 0...array.count, using: &rng)
                let hi = min(array.count, lo + [0, 0, 1, 3, 40, 5_000].randomElement(using: &rng)!)
                let inserted = (0..<[0, 1, 1, 2, 10, 6_000].randomElement(using: &rng)!).map { _ in UInt8.random(in: 0...127, using: &rng) }
                array.replaceSubrange(lo..<hi, with: inserted)
                text = text.replacing(lo..<hi, with: inserted)
                if text.count != array.count || !(text == array) || text.pieceCount > SourceText.maximumPieces {
                    failures.append("size \(size) step \(step): the text differs (\(text.pieceCount) pieces)")
                }
                if !array.isEmpty {
                    let i = Int.random(in: 0..<array.count, using: &rng)
                    let r = Int.random(in: 0...array.count, using: &rng)
                    let range = min(i, r)..<max(i, r)
                    if text[i] != array[i] || text.withBytes(in: range, { Array($0) }) != Array(array[range])
                        || text.string(range) != String(decoding: array[range], as: UTF8.self)
                    {
                        failures.append("size \(size) step \(step): byte \(i) or range \(range) differs")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    /// The byte search finds every occurrence a naive scan finds, overlapping ones too, in texts
    /// of a few letters (many near misses) made of several pieces by edits.
    @Test func theByteSearchFindsWhatANaiveScanFinds() {
        var rng = SplitMix64(seed: 0x5EA7_C4)
        var failures: [String] = []
        for size in [0, 1, 7, 300, 20_000] {
            var array = (0..<size).map { _ in [UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: ">")].randomElement(using: &rng)! }
            var text = SourceText(array)
            for step in 0..<60 {
                let at = array.isEmpty ? 0 : Int.random(in: 0...array.count, using: &rng)
                let inserted = (0..<Int.random(in: 0...5, using: &rng)).map { _ in
                    [UInt8(ascii: "a"), UInt8(ascii: "b")].randomElement(using: &rng)!
                }
                array.insert(contentsOf: inserted, at: at)
                text = text.replacing(at..<at, with: inserted)
                let needle = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                    [UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: ">")].randomElement(using: &rng)!
                }
                let naive =
                    array.count < needle.count
                    ? [] : (0...(array.count - needle.count)).filter { Array(array[$0..<($0 + needle.count)]) == needle }
                if text.offsets(of: needle) != naive { failures.append("size \(size) step \(step): \(needle)") }
                if text.contains(needle) != !naive.isEmpty { failures.append("size \(size) step \(step): contains \(needle)") }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    /// Typing in a large text copies nothing of it: the bytes before and after the cursor stay
    /// the first version's (the same chunk), and the characters typed gather in one small piece.
    @Test func typingSharesTheRestOfTheText() {
        let original = SourceText([UInt8](repeating: 0x61, count: 100_000))
        var text = original
        var at = 50_000
        for ch in "NSCameraUsageDescription".utf8 {
            text = text.replacing(at..<at, with: [ch])
            at += 1
        }
        #expect(text.pieceCount == 3)
        #expect(text.storage.pieces[0].chunk === original.storage.pieces[0].chunk)
        #expect(text.storage.pieces[2].chunk === original.storage.pieces[0].chunk)
        #expect(text.storage.pieces[1].count <= 4 * SourceText.smallPiece)
        #expect(text.string(50_000..<50_024) == "NSCameraUsageDescription")
        #expect(original.count == 100_000 && original.isContiguous)
    }

    /// Past `maximumPieces` the text is made one piece again.
    @Test func tooManyPiecesBecomeOne() {
        var array = [UInt8](repeating: 0x20, count: 2_000_000)
        var text = SourceText(array)
        var sawMany = false
        for k in 0..<(SourceText.maximumPieces + 10) {
            let at = k * 7_000 + 3
            text = text.replacing(at..<(at + 1), with: [0x78])
            array[at] = 0x78
            sawMany = sawMany || text.pieceCount > SourceText.maximumPieces / 2
        }
        #expect(sawMany)
        #expect(text.pieceCount <= SourceText.maximumPieces)
        #expect(text == array)
        #expect(text.contiguous.isContiguous && text.contiguous == array)
    }

    /// The parser's view holds the text's bytes where the region, its margins and the enclosing
    /// start tags (with the blanks before them) are.
    @Test func theParseViewHoldsTheWindowAndTheEnclosingTags() {
        let line = Array("\t\t<key>Name</key>\n".utf8)
        var array = Array("<plist>\n  <dict>\n".utf8)
        for _ in 0..<2_000 { array += line }
        array += Array("  </dict>\n</plist>\n".utf8)
        let pieces = stride(from: 0, to: array.count, by: 333).map { Array(array[$0..<min(array.count, $0 + 333)]) }
        let text = SourceText(pieces: pieces)
        #expect(!text.isContiguous)
        let region = 20_000..<20_100
        let frames = [(start: 0, nameEnd: 0), (start: 0, nameEnd: 6), (start: 10, nameEnd: 15)]
        text.withParseView(region: region, frames: frames, margin: 64) { view in
            #expect(view.count == region.upperBound + 64)
            #expect(Array(view[(region.lowerBound - 64)..<view.count]) == Array(array[(region.lowerBound - 64)..<view.count]))
            // `<dict>` and the two blanks before it, and the line break before them.
            #expect(Array(view[7..<16]) == Array(array[7..<16]))
            #expect(Array(view[0..<7]) == Array(array[0..<7]))
        }
    }
}
