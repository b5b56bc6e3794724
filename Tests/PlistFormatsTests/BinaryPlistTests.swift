// The bplist00 reader and writer: every object type and width, the file's own numbers checked
// (cycles, overlapping or out-of-range offsets, huge counts), and the real binary plists of
// ../shared/l10n read, written and read back through XML.
import Foundation
import PlistFormats
import PlistSyntax
import PlistTestSupport
import Testing

/// Builds a bplist00 file from raw object bodies, with chosen reference and offset widths.
struct BPlistBuilder {
    var objects: [[UInt8]] = []
    var referenceSize = 1
    var offsetSize = 1
    var top = 0

    mutating func add(_ body: [UInt8]) -> Int {
        objects.append(body)
        return objects.count - 1
    }

    func reference(_ i: Int) -> [UInt8] { be(UInt64(i), referenceSize) }

    func be(_ v: UInt64, _ size: Int) -> [UInt8] { (0..<size).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }

    func build(offsets override: [Int]? = nil, count: UInt64? = nil, tableOffset: UInt64? = nil) -> [UInt8] {
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for o in objects {
            offsets.append(out.count)
            out += o
        }
        let table = out.count
        for o in override ?? offsets { out += be(UInt64(o), offsetSize) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        out += be(count ?? UInt64(objects.count), 8) + be(UInt64(top), 8) + be(tableOffset ?? UInt64(table), 8)
        return out
    }
}

func readBinary(_ bytes: [UInt8]) -> Result<PropertyListObject, PropertyListFormatError> {
    do { return .success(try BinaryPlistReader.read(bytes)) } catch { return .failure(error) }
}

func int(_ v: Int64) -> PropertyListObject { .integer(PlistInteger(isNegative: v < 0, magnitude: v.magnitude)) }

@Suite struct BinaryPlistTests {
    /// One array holding every scalar type, with each width of integer, both reals, both string encodings.
    @Test(arguments: [1, 2, 4, 8], [1, 2, 4, 8])
    func everyObjectType(referenceSize: Int, offsetSize: Int) throws {
        var b = BPlistBuilder()
        b.referenceSize = referenceSize
        b.offsetSize = offsetSize
        var items: [Int] = []
        items.append(b.add([0x00]))  // null
        items.append(b.add([0x08]))
        items.append(b.add([0x09]))
        items.append(b.add([0x10, 0xFF]))
        items.append(b.add([0x11, 0x12, 0x34]))
        items.append(b.add([0x12, 0xFF, 0xFF, 0xFF, 0xFF]))
        items.append(b.add([0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE]))  // −2
        items.append(b.add([0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8)))  // 2⁶⁴−1
        items.append(b.add([0x14] + [UInt8](repeating: 0xFF, count: 8) + [0x80, 0, 0, 0, 0, 0, 0, 0]))  // −2⁶³
        items.append(b.add([0x22] + b.be(UInt64(Float(1.5).bitPattern), 4)))
        items.append(b.add([0x23] + b.be(0.1.bitPattern, 8)))
        items.append(b.add([0x33] + b.be(Double(86400.5).bitPattern, 8)))
        items.append(b.add([0x43, 1, 2, 3]))
        items.append(b.add([0x4F, 0x10, 16] + [UInt8](repeating: 7, count: 16)))  // data, count as an int object
        items.append(b.add([0x52] + Array("hi".utf8)))
        items.append(b.add([0x62, 0x00, 0xE9, 0xD8, 0x3D]))  // "é" then half a surrogate: replaced below
        items[items.count - 1] = b.add([0x63, 0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00])  // "é😀"
        items.append(b.add([0x80, 0x2A]))
        items.append(b.add([0x81, 0x01, 0x00]))
        let setItem = b.add([0xC1] + b.reference(items[3]))
        items.append(setItem)
        let key = b.add([0x51, UInt8(ascii: "k")])
        let dict = b.add([0xD1] + b.reference(key) + b.reference(items[14]))
        items.append(dict)
        // The array last, so that every offset fits one byte.
        b.top = b.add([0xAF, 0x10, UInt8(items.count)] + items.flatMap { b.reference($0) })
        let value = try BinaryPlistReader.read(b.build())
        let expected: PropertyListObject = .array([
            .null, .bool(false), .bool(true), int(255), int(0x1234), int(0xFFFF_FFFF), int(-2),
            .integer(PlistInteger(isNegative: false, magnitude: .max)), int(.min),
            .real(1.5), .real(0.1), .date(86400.5), .data([1, 2, 3]), .data([UInt8](repeating: 7, count: 16)),
            .string("hi"), .string("é😀"), .uid(42), .uid(256), .set([int(255)]),
            .dictionary([.init("k", .string("hi"))]),
        ])
        #expect(value == expected)
        // The writer's file reads back as the same value (the set and null included).
        #expect(try BinaryPlistReader.read(BinaryPlistWriter.write(value)) == value)
    }

    @Test func writerChoosesWidthsAndSharesScalars() throws {
        // 300 distinct strings need 2-byte references; the repeated one is written once.
        let value: PropertyListObject = .array((0..<300).map { .string("s\($0)") } + [.string("s1"), .string("s1")])
        let bytes = BinaryPlistWriter.write(value)
        let trailer = bytes.suffix(32)
        #expect(trailer[trailer.startIndex + 7] == 2)
        #expect(bytes.suffix(24).prefix(8).last == 45)  // 301 objects: 0x012D
        #expect(try BinaryPlistReader.read(bytes) == value)
        // An integer above Int64.max is written as 16 bytes, the high half zero (as plistlib does).
        let big = BinaryPlistWriter.write(.integer(PlistInteger(isNegative: false, magnitude: UInt64(Int64.max) + 1)))
        #expect(big[8] == 0x14)
    }

    @Test func refusesWhatTheFileMustNotSay() throws {
        func refusal(_ bytes: [UInt8]) -> String {
            if case .failure(let e) = readBinary(bytes) { return e.description }
            return "read"
        }
        // A cycle: the array contains itself.
        var cycle = BPlistBuilder()
        _ = cycle.add([0xA1, 0x00])
        #expect(refusal(cycle.build()).contains("cycle"))
        // Two objects overlapping: the second starts inside the first.
        var overlap = BPlistBuilder()
        _ = overlap.add([0xA2, 0x01, 0x02])
        _ = overlap.add([0x52, 0x08, 0x09])  // "\u{8}\u{9}"; object 2 is said to start at its 0x08 (false)
        _ = overlap.add([])
        #expect(refusal(overlap.build(offsets: [8, 11, 12])).contains("overlap"))
        // An offset pointing into the trailer.
        var outside = BPlistBuilder()
        _ = outside.add([0x08])
        #expect(refusal(outside.build(offsets: [200])).contains("outside the objects"))
        // A reference to an object that does not exist.
        var dangling = BPlistBuilder()
        _ = dangling.add([0xA1, 0x07])
        #expect(refusal(dangling.build()).contains("reference to object 7"))
        // A huge count: an array of 2⁶² items in a 50-byte file, and a trailer claiming 2⁶⁰ objects.
        var huge = BPlistBuilder()
        _ = huge.add([0xAF, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0])
        #expect(refusal(huge.build()).contains("length of"))
        #expect(refusal(outside.build(count: 1 << 60)).contains("objects in a file"))
        #expect(refusal(outside.build(tableOffset: 1 << 62)).contains("offset table"))
        // Truncated, wrong version, no header.
        #expect(refusal(Array("bplist00".utf8)).contains("truncated"))
        #expect(refusal(Array("bplist15".utf8) + [UInt8](repeating: 0, count: 40)).contains("\"15\" is not supported"))
        // A dictionary key that is not a string; an ASCII string with a high byte; a lone surrogate.
        var key = BPlistBuilder()
        _ = key.add([0xD1, 0x01, 0x01])
        _ = key.add([0x10, 0x01])
        #expect(refusal(key.build()).contains("key is a integer"))
        var high = BPlistBuilder()
        _ = high.add([0x51, 0xE9])
        #expect(refusal(high.build()).contains("above 0x7F"))
        var surrogate = BPlistBuilder()
        _ = surrogate.add([0x61, 0xD8, 0x3D])
        #expect(refusal(surrogate.build()).contains("surrogate"))
    }

    /// Shared containers doubling at every level: 2⁴⁰ values from 41 objects. Refused, quickly.
    @Test func refusesExpansionBombs() throws {
        var b = BPlistBuilder()
        for level in 0..<40 { _ = b.add([0xA2, UInt8(level + 1), UInt8(level + 1)]) }
        _ = b.add([0x08])
        let started = ContinuousClock.now
        let result = readBinary(b.build())
        guard case .failure(let error) = result else { Issue.record("read"); return }
        #expect(error.message.contains("expand to more than"))
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func refusesNestingDeeperThanTheTypedView() async throws {
        try await onOwnThread {
            var b = BPlistBuilder()
            b.referenceSize = 2
            b.offsetSize = 2
            for level in 0..<600 { _ = b.add([0xA1] + b.reference(level + 1)) }
            _ = b.add([0x09])
            guard case .failure(let error) = readBinary(b.build()) else { Issue.record("read"); return }
            #expect(error.message.contains("nested more than 512"))
            #expect(error.path.count == 512)
        }
    }

    @Test func xmlWritesUIDsAsPlutilDoesAndReadsThemBack() throws {
        let value: PropertyListObject = .dictionary([
            .init("$objects", .array([.string("$null"), .uid(7), .data(Array(0..<100)), .date(0), .real(-0.0), .real(2.5), .bool(true)])),
            .init("a&b<c>", .string("line\r\nnext\u{1}")), .init("empty", .dictionary([])), .init("none", .array([])),
        ])
        let xml = try XMLPlistWriter.write(value)
        let text = String(decoding: xml, as: UTF8.self)
        #expect(text.contains("\t\t<dict>\n\t\t\t<key>CF$UID</key>\n\t\t\t<integer>7</integer>\n\t\t</dict>\n"))
        #expect(text.contains("<date>2001-01-01T00:00:00Z</date>"))
        #expect(text.contains("<key>a&amp;b&lt;c&gt;</key>"))
        #expect(text.contains("<dict/>") && text.contains("<array/>"))
        // Base64 at level 2: 60 characters a line, indented like the tag.
        #expect(text.contains("\t\t<data>\n\t\tAAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKiss\n"))
        let back = try PropertyListObject.from(PlistDocument(text: xml))
        #expect(back == value)
        #expect(throws: PropertyListFormatError.self) { try XMLPlistWriter.write(.dictionary([.init("k", .null)])) }
        do { _ = try XMLPlistWriter.write(.dictionary([.init("k", .array([.set([])]))])) } catch {
            #expect(error.description == "a set has no XML form at k › [0]")
        }
    }

    @Test func jsonReadsAndWritesWhatJSONHolds() throws {
        let text = #"{"b": [1, -2, 18446744073709551615, 1.5, 1e3, true, null, "\u00e9\ud83d\ude00\n"], "a": {}}"#
        let value = try JSONPlistReader.read(Array(text.utf8))
        #expect(
            value
                == .dictionary([
                    .init(
                        "b",
                        .array([
                            int(1), int(-2), .integer(PlistInteger(isNegative: false, magnitude: .max)), .real(1.5), .real(1000),
                            .bool(true), .null, .string("é😀\n"),
                        ])),
                    .init("a", .dictionary([])),
                ]))
        #expect(try JSONPlistReader.read(JSONPlistWriter.write(value)) == value)
        for bad in ["{", "[1,]", "{\"a\" 1}", "01", "\"\\ud800\"", "[1] x", "\"a\u{1}\""] {
            #expect(throws: PropertyListFormatError.self, "\(bad)") { try JSONPlistReader.read(Array(bad.utf8)) }
        }
        do {
            _ = try JSONPlistWriter.write(.dictionary([.init("Root", .array([.dictionary([.init("When", .date(0))])]))]))
            Issue.record("wrote a date")
        } catch {
            #expect(error.description.contains("date") && error.pathText == "Root › [0] › When")
        }
    }

    /// Every real binary plist: read, written back as binary and as XML, and each read again equal.
    @Test(
        .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
        .enabled(if: BinaryPlistFiles.runTests, BinaryPlistFiles.skipNote))
    func realFilesRoundTrip() async throws {
        let files = try BinaryPlistFiles.require()
        try await onOwnThread {
            for file in files {
                let value = try BinaryPlistReader.read(file.bytes)
                #expect(try BinaryPlistReader.read(BinaryPlistWriter.write(value)) == value, "\(file.name)")
                let xml = try XMLPlistWriter.write(value)
                let document = PlistDocument(text: xml)
                // Nothing but the characters XML 1.0 cannot hold (an ESC key equivalent in a nib), written `&#27;`.
                #expect(
                    document.allProblems.allSatisfy { $0.code == .xmlForbiddenCharacterReference && $0.severity == .warning },
                    "\(file.name): \(document.allProblems.prefix(2))")
                #expect(try PropertyListObject.from(document) == value, "\(file.name)")
            }
        }
    }

    /// Thousands of mutations of real files: truncated, bytes flipped, trailer fields and offsets
    /// replaced. Each must read as a value or fail with an error; what reads must write.
    @Test(
        .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
        .enabled(if: BinaryPlistFiles.runTests, BinaryPlistFiles.skipNote), .timeLimit(.minutes(5)))
    func fuzzedRealFilesReadOrFail() async throws {
        let files = try BinaryPlistFiles.require().filter { $0.bytes.count < 30_000 }
        let outcome = try await onOwnThread { () -> (read: Int, refused: Int) in
            var random = SplitMix64(seed: 0x32_B915)
            var read = 0, refused = 0
            for round in 0..<6000 {
                let file = files[round % files.count]
                var bytes = file.bytes
                switch round % 5 {
                case 0:
                    bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
                case 1:
                    for _ in 0..<Int.random(in: 1...8, using: &random) {
                        bytes[Int.random(in: 8..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                    }
                case 2:  // one trailer field: sizes, counts, top object, table offset
                    let field = [26, 25, 24, 17, 9, 1].randomElement(using: &random)!
                    let position = bytes.count - field
                    bytes[position] = [0, 1, 2, 3, 4, 8, 9, 16, 0x7F, 0xFF].randomElement(using: &random)!
                case 3:  // an offset-table entry pointed elsewhere
                    let t = bytes.count - 32
                    let offsetSize = Int(bytes[t + 6])
                    let table = Int(bytes[(bytes.count - 8)...].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
                    let objects = (table..<t).count / offsetSize
                    let entry = table + offsetSize * Int.random(in: 0..<max(1, objects), using: &random)
                    for k in 0..<offsetSize where entry + k < t { bytes[entry + k] = UInt8.random(in: 0...255, using: &random) }
                default:  // a marker byte replaced inside the objects
                    let table = Int(bytes[(bytes.count - 8)...].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
                    bytes[Int.random(in: 8..<max(9, min(table, bytes.count - 32)), using: &random)] =
                        [0x0F, 0x1F, 0x4F, 0x5F, 0x6F, 0xAF, 0xDF, 0x8F, 0x14, 0x23, 0xFF].randomElement(using: &random)!
                }
                switch readBinary(bytes) {
                case .success(let value):
                    read += 1
                    _ = BinaryPlistWriter.write(value)
                    _ = try? XMLPlistWriter.write(value)
                case .failure(let error):
                    refused += 1
                    #expect(!error.message.isEmpty)
                }
            }
            return (read, refused)
        }
        #expect(outcome.read + outcome.refused == 6000)
        #expect(outcome.refused > 1000)
    }
}
