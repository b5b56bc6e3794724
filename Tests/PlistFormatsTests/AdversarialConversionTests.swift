// Issue #39, points 1 to 3: a binary plist that expands past the byte limit is refused before it
// is written out; strings and keys are kept by their exact scalars (never merged by canonical
// equivalence); dates are written exactly, and what is no date is refused.
import Foundation
import PlistFormats
import PlistSyntax
import PlistTestSupport
import Testing

@Suite struct AdversarialConversionTests {
    // MARK: Point 1: bounded expansion

    /// The 60 KB file of the issue (10⁶ values, under the value limit, 80 GB as XML) and a
    /// 140-byte one (10⁷ strings, about 400 MB as XML) are refused by the reader, in bytes, before
    /// anything is written: for `convert` (256 MB) and for `check` and the server (64 MB).
    @Test func sharedObjectsThatExpandPastTheLimitAreRefused() throws {
        for (name, bytes) in [("60 KB data", AdversarialPlists.sixtyKilobytes), ("tiny strings", AdversarialPlists.tinyStrings)] {
            let clock = ContinuousClock()
            let start = clock.now
            #expect(throws: PropertyListFormatError.self, "\(name)") { try PropertyListFormat.binary1.read(bytes) }
            do {
                _ = try PropertyListFormat.xmlText(ofBinary: bytes, maximumSize: PropertyListFormat.maximumCheckedSize)
                Issue.record("\(name): converted")
            } catch {
                #expect(error.message.contains("expand to more than 64 MB of XML"), "\(name): \(error)")
            }
            do {
                _ = try PropertyListFormat.binary1.read(bytes)
            } catch {
                #expect(error.message.contains("expand to more than 256 MB of XML"), "\(name): \(error)")
            }
            // The reader's work is bounded by the file's size, not by what it stands for.
            #expect(clock.now - start < .seconds(20), "\(name)")
        }
        #expect(AdversarialPlists.tinyStrings.count < 160)
    }

    /// The same shape within the limit converts, and its XML is as large as the tree it stands for.
    @Test func sharedObjectsWithinTheLimitConvert() throws {
        let bytes = AdversarialPlists.sharedObjects(leaf: AdversarialPlists.dataLeaf(count: 600), fanout: 10, depth: 3)
        let xml = try PropertyListFormat.xmlText(ofBinary: bytes)
        #expect(xml.count > 1000 * 800)
        let value = try PropertyListFormat.xml1.read(xml)
        #expect(value == (try BinaryPlistReader.read(bytes)))
    }

    /// The reader's bound is a lower bound; the writers hold the exact one: past `maximumSize`
    /// bytes of output they fail, naming the limit.
    @Test func theWritersStopAtTheirLimit() throws {
        let value: PropertyListObject = .array((0..<1000).map { .string("item \($0)") })
        let xml = try XMLPlistWriter.write(value)
        do {
            _ = try XMLPlistWriter.write(value, maximumSize: xml.count - 1)
            Issue.record("XML past its limit")
        } catch {
            #expect(error.message.contains("XML form is larger than"))
        }
        #expect(try XMLPlistWriter.write(value, maximumSize: xml.count) == xml)
        let json = try JSONPlistWriter.write(value)
        #expect(throws: PropertyListFormatError.self) { try JSONPlistWriter.write(value, maximumSize: json.count - 1) }
        #expect(try JSONPlistWriter.write(value, maximumSize: json.count) == json)
        // One large <data> is refused before its base64 is made.
        #expect(throws: PropertyListFormatError.self) {
            try XMLPlistWriter.write(.data([UInt8](repeating: 1, count: 30_000)), maximumSize: 20_000)
        }
    }

    // MARK: Point 2: exact scalars

    /// Canonically equivalent but different strings: precomposed and decomposed, singletons that
    /// normalisation replaces (U+212B, U+212A, U+F9D1), Hangul syllables and their jamo, combining
    /// marks in two orders.
    static let equivalentPairs: [(String, String)] = [
        ("\u{E9}", "e\u{301}"), ("\u{C5}", "A\u{30A}"), ("\u{C5}", "\u{212B}"), ("K", "\u{212A}"), ("\u{516D}", "\u{F9D1}"),
        ("\u{D55C}", "\u{1112}\u{1161}\u{11AB}"), ("q\u{323}\u{307}", "q\u{307}\u{323}"), ("caf\u{E9}", "cafe\u{301}"),
    ]

    /// Every string of each pair is its own object: written as binary and read back, each keeps
    /// its scalars; as dictionary keys, both stay keys. Failed before: the writer shared objects by
    /// Swift's `==`, and the second of each pair came back as the first.
    @Test func theBinaryWriterKeepsEquivalentStringsApart() throws {
        let strings = Self.equivalentPairs.flatMap { [$0.0, $0.1] }
        let value: PropertyListObject = .dictionary(
            Self.equivalentPairs.enumerated().flatMap { k, pair in
                [
                    .init(pair.0, .integer(PlistInteger(isNegative: false, magnitude: UInt64(2 * k)))),
                    .init(pair.1, .integer(PlistInteger(isNegative: false, magnitude: UInt64(2 * k + 1)))),
                ]
            }
                + [.init("values", .array(strings.map { .string($0) }))])
        let back = try BinaryPlistReader.read(BinaryPlistWriter.write(value))
        #expect(back == value)
        guard case .dictionary(let entries) = back, case .array(let items)? = entries.last?.value else { Issue.record("shape"); return }
        #expect(entries.dropLast().map { Array($0.key.unicodeScalars) } == strings.map { Array($0.unicodeScalars) })
        #expect(
            items.map { v -> [Unicode.Scalar] in if case .string(let s) = v { return Array(s.unicodeScalars) } else { return [] } }
                == strings.map { Array($0.unicodeScalars) })
        // Through XML too.
        let xml = try XMLPlistWriter.write(back)
        #expect(try PropertyListObject.from(PlistDocument(text: xml)) == value)
    }

    /// Values compare by their exact scalars: `é` and `e` + U+0301 are different values.
    @Test func valuesCompareByScalars() {
        #expect(PropertyListObject.string("\u{E9}") != .string("e\u{301}"))
        #expect(PropertyListObject.dictionary([.init("\u{E9}", .null)]) != .dictionary([.init("e\u{301}", .null)]))
        #expect(ExactText("\u{E9}") != ExactText("e\u{301}"))
        #expect(Set([ExactText("\u{E9}"), ExactText("e\u{301}"), ExactText("\u{E9}")]).count == 2)
    }

    // MARK: Point 3: dates

    /// CPython's invalid binary dates (test_plistlib's vectors 36 to 39: too large for a datetime
    /// or a timedelta, infinity, NaN) are refused, as plistlib refuses them. Failed before: they
    /// read as dates, and XML wrote invented ones.
    @Test(arguments: [
        ("too large datetime (datetime overflow)", [UInt8](arrayLiteral: 0x42, 0x50, 0, 0, 0, 0, 0, 0)),
        ("too large datetime (timedelta overflow)", [0x42, 0xE0, 0, 0, 0, 0, 0, 0]),
        ("invalid datetime (Infinity)", [0x7F, 0xF0, 0, 0, 0, 0, 0, 0]),
        ("invalid datetime (NaN)", [0x7F, 0xF8, 0, 0, 0, 0, 0, 0]),
        ("negative infinity", [0xFF, 0xF0, 0, 0, 0, 0, 0, 0]),
        ("before the year 0", [0xC2, 0x50, 0, 0, 0, 0, 0, 0]),
    ])
    func invalidBinaryDatesAreRefused(name: String, bits: [UInt8]) throws {
        // CPython's vector: `3` + 8 bytes, offset table, trailer.
        let file =
            Array("bplist00".utf8) + [0x33] + bits + [0x08] + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1]
            + [UInt8](repeating: 0, count: 8) + [0, 0, 0, 0, 0, 0, 0, 0x11]
        do {
            let value = try BinaryPlistReader.read(file)
            Issue.record("\(name): read as \(value)")
        } catch {
            #expect(error.message.contains("date at offset 8"), "\(name): \(error)")
        }
    }

    /// Dates at the edges of what XML holds are written exactly and read back: the years 0000 and
    /// 9999 (failed before: clamped to 9892-03-08, or written `00-5-…`), leap days, the days around
    /// 1970 and 2001; fractions of a second are dropped as plistlib drops them (down, after rounding
    /// to the microsecond).
    @Test func datesAreWrittenExactly() throws {
        let cases: [(String, Double)] = [
            ("9999-12-31T23:59:59Z", 253_402_300_799 - 978_307_200),
            ("0000-01-01T00:00:00Z", -62_167_219_200 - 978_307_200),
            ("0001-01-01T00:00:00Z", -62_135_596_800 - 978_307_200),
            ("9892-03-08T12:26:41Z", 250_000_000_001 - 978_307_200),
            ("2000-02-29T12:00:00Z", 951_825_600 - 978_307_200),
            ("1969-12-31T23:59:59Z", -1 - 978_307_200),
            ("2001-01-01T00:00:00Z", 0),
            ("2000-12-31T23:59:59Z", -0.5),
            ("2001-01-01T00:00:01Z", 0.999_999_9),
            ("2001-01-01T00:00:00Z", 0.999_999_4),
            ("0000-02-29T00:00:00Z", -62_162_121_600 - 978_307_200),
        ]
        for (text, since2001) in cases {
            let xml = try XMLPlistWriter.write(.date(since2001))
            #expect(String(decoding: xml, as: UTF8.self).contains("<date>\(text)</date>"), "\(text) \(since2001)")
            let back = try PropertyListObject.from(PlistDocument(text: xml))
            #expect(
                back == .date(Double(try #require(PropertyListDates.xmlSeconds(since2001))) - PropertyListObject.referenceDateSince1970),
                "\(text)")
            // Binary keeps the exact double, and reads back the date.
            #expect(try BinaryPlistReader.read(BinaryPlistWriter.write(.date(since2001))) == .date(since2001))
        }
        // XML read → binary → XML: the same text.
        for (text, _) in cases {
            let xml = Array("<plist version=\"1.0\"><date>\(text)</date></plist>".utf8)
            let value = try PropertyListFormat.xml1.read(xml)
            let again = try PropertyListFormat.xml1.write(PropertyListFormat.binary1.read(PropertyListFormat.binary1.write(value)))
            #expect(String(decoding: again, as: UTF8.self).contains("<date>\(text)</date>"))
        }
    }

    /// A date XML cannot hold (outside the years 0000 to 9999, or no number) is refused when XML
    /// is written, naming its key path, never clamped.
    @Test func datesXMLCannotHoldAreRefused() {
        for since2001 in [253_402_300_800 - 978_307_200, -62_167_219_201 - 978_307_200, Double.nan, .infinity, 1e300] {
            do {
                let xml = try XMLPlistWriter.write(.dictionary([.init("When", .date(since2001))]))
                Issue.record("\(since2001): \(String(decoding: xml, as: UTF8.self))")
            } catch {
                #expect(error.pathText == "When" && error.message.contains("date"), "\(error)")
            }
        }
    }
}
