// Issue #39, point 11: `convert` reads an XML plist's value straight from the typed view's parts
// (no tree of `PlistValue`s between), writes XML into a buffer reserved once for the size the
// binary file announces, and frees its input once read. These prove that those paths give exactly
// what the plain ones give; their speed and memory are measured by `plist-bench --only convert`
// against plistutil and plistlib, never in a test.
import Foundation
import PlistFormats
import PlistSyntax
import PlistTestSupport
import Testing

@Suite struct ConversionPathTests {
    static func samples() -> [PropertyListObject] {
        var random = SplitMix64(seed: 0x11_0039)
        var generator = ValueGenerator()
        return (0..<300).map { _ in generator.value(&random, depth: 0) }
    }

    /// What a typed view holds besides plain scalars: a leading U+FEFF in a key and a string
    /// (kept), references and CDATA, a UID, a date, base64 on two lines, an empty dictionary, and
    /// containers large enough to be stored in runs (`PlistNode.isStoredInRuns`).
    static let handWritten: [UInt8] = {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>&#xFEFF;lead</key>
            \t<string>&#xFEFF;x &amp; <![CDATA[<c>]]> y &#x1F600;</string>
            \t<key>uid</key>
            \t<dict><key>CF$UID</key><integer>7</integer></dict>
            \t<key>notUID</key>
            \t<dict><key>CF$UID</key><integer>-7</integer></dict>
            \t<key>when</key>
            \t<date>2020-02-29T12:00:00Z</date>
            \t<key>bytes</key>
            \t<data>AAEC
            \tAwQ=</data>
            \t<key>empty</key>
            \t<dict/>
            \t<key>none</key>
            \t<array/>
            \t<key>yes</key>
            \t<true/>
            \t<key>pi</key>
            \t<real>3.25</real>
            \t<key>big</key>
            \t<array>

            """
        for i in 0..<5000 { text += "\t\t<integer>\(i - 2500)</integer>\n" }
        text += "\t</array>\n\t<key>wide</key>\n\t<dict>\n"
        for i in 0..<3000 { text += "\t\t<key>k\(i)</key>\n\t\t<string>v\(i) &lt;\(i)&gt;</string>\n" }
        text += "\t</dict>\n</dict>\n</plist>\n"
        return Array(text.utf8)
    }()

    /// The value read from the typed view's parts (`visitXMLValue`) is the value of `xmlValue`,
    /// for the hand-written document and for the XML of 300 generated values (exact scalars:
    /// equivalent strings, dates, reals' edges and NaN, nested containers).
    @Test func readingTheTypedViewsPartsIsReadingItsValue() throws {
        let document = PlistDocument(text: Self.handWritten)
        let direct = try PropertyListObject.from(document)
        #expect(direct == PropertyListObject.from(try #require(document.xmlValue)))
        guard case .dictionary(let entries) = direct else { Issue.record("not a dictionary"); return }
        #expect(entries.count == 11)
        #expect(Array(entries[0].key.unicodeScalars.prefix(1)) == ["\u{FEFF}"])
        #expect(entries[0].value == .string("\u{FEFF}x & <c> y \u{1F600}"))
        #expect(entries[1].value == .uid(7))
        if case .dictionary = entries[2].value {} else { Issue.record("a negative CF$UID is no UID: \(entries[2].value)") }
        #expect(entries[4].value == .data([0, 1, 2, 3, 4]))
        #expect(
            entries[9].value == .array((0..<5000).map { .integer(PlistInteger(isNegative: $0 < 2500, magnitude: UInt64(abs($0 - 2500)))) }))
        #expect(entries[10].value == .dictionary((0..<3000).map { .init("k\($0)", .string("v\($0) <\($0)>")) }))
        for (i, value) in Self.samples().enumerated() {
            let document = PlistDocument(text: try XMLPlistWriter.write(value))
            // Reals by their bits (a NaN is no `==` to itself).
            let direct = try PropertyListObject.from(document), viaTree = PropertyListObject.from(try #require(document.xmlValue))
            #expect(ConversionPropertyTests.same(direct, viaTree, wholeSeconds: false), "sample \(i)")
        }
    }

    /// The XML is the same bytes whatever capacity is reserved for it (none, too little, the
    /// binary's own estimate, too much), the limit is still exact, and a buffer outgrown by many
    /// large `<data>` values still holds them all.
    @Test func theXMLIsTheSameWhateverTheCapacityReserved() throws {
        let manyData: PropertyListObject = .array((0..<40).map { .data([UInt8](repeating: UInt8($0), count: 9_000 + $0)) })
        for (i, value) in (Self.samples() + [manyData]).enumerated() {
            let xml = try XMLPlistWriter.write(value)
            for guess in [0, 1, xml.count / 3, xml.count, 4 * xml.count] {
                #expect(try XMLPlistWriter.write(value, expectedSize: guess) == xml, "sample \(i), guess \(guess)")
            }
            #expect(throws: PropertyListFormatError.self, "sample \(i)") {
                try XMLPlistWriter.write(value, expectedSize: xml.count, maximumSize: xml.count - 1)
            }
        }
        let xml = try XMLPlistWriter.write(manyData)
        #expect(try PropertyListFormat.xml1.read(xml) == manyData)
    }

    /// A binary plist's UTF-16 strings (any string not ASCII) are written as XML straight from
    /// their units, with no `String` between: every character the escaping treats apart, every
    /// UTF-8 length and the surrogate pairs, in keys and values, give what writing their `String`
    /// gives.
    @Test func utf16StringsAreWrittenAsTheirStringsAre() throws {
        let pieces = [
            "a", "&", "<", ">", "\r", "\r\n", "\t", "\n", "\u{0}", "\u{01}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "é", "\u{7FF}",
            "\u{800}",
            "\u{D7FF}", "\u{E000}", "\u{EFFF}", "\u{F000}", "\u{FEFF}", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{10000}", "\u{1F600}",
            "\u{10FFFF}",
            "]]>", "&amp;",
        ]
        var strings: [String] = []
        for a in pieces { for b in pieces { strings.append("ü" + a + b) } }
        let value: PropertyListObject = .dictionary(
            strings.enumerated().map { .init($0.element + "\($0.offset)", .array([.string($0.element), .string($0.element + "x")])) })
        let binary = BinaryPlistWriter.write(value)
        var input = binary
        let xml = try PropertyListFormat.xml1.converting(&input, from: .binary1)
        #expect(xml == (try XMLPlistWriter.write(value)))
        let one = BinaryPlistWriter.write(.dictionary([.init("k\u{1B}é", .string("é&<>\r\u{1}\u{FFFE}\u{FFFF}\u{FFFD}\u{1F600}"))]))
        let text = String(decoding: try PropertyListFormat.xmlText(ofBinary: one), as: UTF8.self)
        #expect(
            text.contains("\t<key>k&#27;é</key>\n\t<string>é&amp;&lt;&gt;&#13;&#1;&#xFFFE;&#xFFFF;\u{FFFD}\u{1F600}</string>\n"), "\(text)")
    }

    /// An XML of megabytes (handed over from the writer's buffer a megabyte at a time, from its
    /// end) is every byte it should be, from a value and straight from a binary plist.
    @Test func anXMLOfMegabytesIsWhole() throws {
        let count = 150_000
        var expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <array>

            """
        for i in 0..<count { expected += "\t<string>item \(i) ü</string>\n" }
        expected += "</array>\n</plist>\n"
        let value = PropertyListObject.array((0..<count).map { .string("item \($0) ü") })
        let xml = try XMLPlistWriter.write(value)
        #expect(xml.count > 4 << 20)
        #expect(xml == Array(expected.utf8))
        var binary = BinaryPlistWriter.write(value)
        #expect(try PropertyListFormat.xml1.converting(&binary, from: .binary1) == Array(expected.utf8))
    }

    /// `converting` gives what reading then writing gives, on every route, and empties its input
    /// (`convert` frees the file's bytes once they are read).
    @Test func convertingIsReadingThenWritingAndEmptiesTheInput() throws {
        for (i, value) in Self.samples().enumerated() {
            let xml = try XMLPlistWriter.write(value)
            var input = xml
            let binary = try PropertyListFormat.binary1.converting(&input, from: .xml1)
            #expect(input.isEmpty, "sample \(i)")
            #expect(binary == BinaryPlistWriter.write(try PropertyListFormat.xml1.read(xml)), "sample \(i)")
            input = binary
            #expect(
                try PropertyListFormat.xml1.converting(&input, from: .binary1) == XMLPlistWriter.write(try BinaryPlistReader.read(binary)),
                "sample \(i)")
            #expect(input.isEmpty, "sample \(i)")
            input = binary
            #expect(
                try PropertyListFormat.binary1.converting(&input, from: .binary1)
                    == BinaryPlistWriter.write(try BinaryPlistReader.read(binary)), "sample \(i)")
            if ValueGenerator.jsonHolds(value) {
                input = xml
                let json = try PropertyListFormat.json.converting(&input, from: .xml1)
                input = json
                #expect(
                    try PropertyListFormat.xml1.converting(&input, from: .json)
                        == XMLPlistWriter.write(try PropertyListFormat.json.read(json)), "sample \(i)")
                #expect(input.isEmpty, "sample \(i)")
            }
        }
        // What cannot be converted is still refused, naming its key path.
        var input = Array("<plist version=\"1.0\"><array><string>a</string><string>b</array></plist>".utf8)
        #expect(throws: PropertyListFormatError.self) { try PropertyListFormat.binary1.converting(&input, from: .xml1) }
        var withNull = BinaryPlistWriter.write(.array([.string("a"), .dictionary([.init("k", .null)])]))
        do {
            _ = try PropertyListFormat.xml1.converting(&withNull, from: .binary1)
            Issue.record("a null converted to XML")
        } catch {
            #expect(error.description == "a null value has no XML form at [1] › k")
        }
    }
}
