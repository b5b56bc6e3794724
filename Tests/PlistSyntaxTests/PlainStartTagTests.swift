// The start-tag fast path (`Parser.plainStartTag`) against the scan it stands in for: for every
// tag it recognises, the name the byte-by-byte scan reads and the tag it classifies, ending at a
// `>` right after the name; nil for everything else.
@testable import PlistSyntax
import PlistTestSupport
import Testing

@Suite struct PlainStartTagTests {
    /// What the slow path reads at `<`: the name's length and tag, and whether `>` follows it.
    private static func scanned(_ bytes: [UInt8]) -> (tag: TagName, nameLength: Int, plain: Bool) {
        bytes.withUnsafeBufferPointer { p in
            let view = ByteView(p: p)
            let nameEnd = view.name(at: 1)
            let tag = TagName.classify(p.baseAddress! + 1, nameEnd - 1)
            return (tag, nameEnd - 1, nameEnd < p.count && p[nameEnd] == UInt8(ascii: ">"))
        }
    }

    private static func fast(_ bytes: [UInt8]) -> (tag: TagName, nameLength: Int)? {
        bytes.withUnsafeBufferPointer { Parser.plainStartTag($0, at: 0) }
    }

    @Test func everyRecognisedTagIsWhatTheScanReads() {
        let names = ["key", "string", "dict", "array", "integer", "real", "date", "data"]
        for name in names {
            let bytes = Array("<\(name)>text</\(name)>".utf8)
            let found = Self.fast(bytes)
            let slow = Self.scanned(bytes)
            #expect(found?.tag == slow.tag && found?.nameLength == slow.nameLength && slow.plain, "\(name)")
        }
    }

    @Test(arguments: [
        "<key >x</key>", "<key/>xxxxx", "<keys>xxxx", "<Key>xxxxx", "<ke>xxxxxx", "<string x='1'>", "<strings>xx",
        "<dict/>xxxx", "<dicta>xxxx", "<arrayx>xxx", "<integer2>x", "<integers>", "<real >xxxx", "<dat>xxxxxx",
        "<datum>xxxx", "<plist>xxxx", "<true/>xxxx", "<false/>xxx", "<other>xxxx", "<é>xxxxxxxx", "<k\u{1}y>xxxx",
    ])
    func anythingElseIsLeftToTheScan(text: String) {
        #expect(Self.fast(Array(text.utf8)) == nil)
    }

    /// Random bytes after `<`, weighted towards the names: the fast path answers only where the
    /// scan reads a plist name ending at `>`, and then the same.
    @Test func randomTagsAgreeWithTheScan() {
        var random = SplitMix64(seed: 0x7A65)
        let pieces = ["key", "string", "dict", "array", "integer", "real", "date", "data", ">", "/", " ", "s", "x", "\u{0}", "é", "K"]
        for _ in 0..<20_000 {
            var text = "<"
            for _ in 0..<Int.random(in: 1...4, using: &random) { text += pieces.randomElement(using: &random)! }
            let bytes = Array(text.utf8) + Array(repeating: UInt8(ascii: "z"), count: Int.random(in: 0...9, using: &random))
            let slow = Self.scanned(bytes)
            let expected = bytes.count >= 9 && slow.plain && slow.tag != .other && slow.tag != .plist ? (slow.tag, slow.nameLength) : nil
            let found = Self.fast(bytes)
            #expect(found?.tag == expected?.0 && found?.nameLength == expected?.1, "\(text)")
        }
    }
}
