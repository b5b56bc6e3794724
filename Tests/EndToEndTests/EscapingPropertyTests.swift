// Generated strings holding every C0 and C1 control character, the noncharacters U+FFFE and
// U+FFFF, and U+FEFF at a string's start, middle and end, through every conversion route the CLI
// has, compared with Python's plistlib (issue #38 point 9, #39 point 4):
//
// - binary → XML → binary: plistlib writes the binary; `convert` to XML and back; the result
//   decodes equal to the generated value. `check` on the XML finds no error.
// - XML → binary → XML: the test writes the XML itself (references in decimal and hex, characters
//   raw or as references); `convert` to binary, then to XML and to binary again; each binary
//   decodes equal, and the XML is the same text the first route wrote for the same value.
// - format: `format` on that XML, then `convert` to binary; equal, and `format --check` is content.
//
// The one documented refusal: plistlib (expat, as libxml2) refuses XML holding a reference to a
// character XML 1.0 forbids, which Foundation and plist-lsp read (docs/xml-conformance.md); such XML
// is compared through its binary form, and plistlib's refusal is itself checked.
import Foundation
import Testing
import PlistTestSupport

@Suite(.tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote)) struct EscapingPropertyTests {
    /// One generated value: a dictionary of (key, string) entries in order, and `list`, an array of strings.
    struct Case: Codable {
        var entries: [[String]]
        var list: [String]

        /// Whether a string of the case holds a character XML 1.0 forbids.
        var hasForbidden: Bool {
            (entries.flatMap { $0 } + list).contains { $0.unicodeScalars.contains(where: EscapingPropertyTests.isForbidden) }
        }
    }

    static func isForbidden(_ s: Unicode.Scalar) -> Bool {
        (s.value < 0x20 && s.value != 0x09 && s.value != 0x0A && s.value != 0x0D) || s.value == 0xFFFE || s.value == 0xFFFF
    }

    /// The characters a string is made of: every C0 and C1 control, DEL, the noncharacters, U+FEFF,
    /// U+FFFD, what XML escapes, and ordinary text (ASCII, Latin, astral, line separator).
    static let special: [Unicode.Scalar] =
        (0x00...0x1F).map { Unicode.Scalar($0)! } + (0x7F...0x9F).map { Unicode.Scalar($0)! }
        + ["\u{FFFE}", "\u{FFFF}", "\u{FEFF}", "\u{FFFD}", "\u{2028}"]
    static let ordinary: [Unicode.Scalar] = ["a", "Z", "0", " ", "&", "<", ">", "\"", "'", "]", "é", "€", "😀", "\u{10FFFD}"]

    static func string(_ rng: inout SplitMix64, forced: Unicode.Scalar?, at place: Int) -> String {
        var scalars: [Unicode.Scalar] = []
        for _ in 0..<Int.random(in: 0...6, using: &rng) {
            scalars.append(
                Int.random(in: 0..<8, using: &rng) == 0 ? special.randomElement(using: &rng)! : ordinary.randomElement(using: &rng)!)
        }
        if let forced {
            switch place % 3 {
            case 0: scalars.insert(forced, at: 0)
            case 1: scalars.insert(forced, at: scalars.count / 2)
            default: scalars.append(forced)
            }
        }
        var s = ""
        s.unicodeScalars.append(contentsOf: scalars)
        return s
    }

    /// `count` cases from `seed`: the first ones put each special character at a string's start,
    /// middle and end, in a key and in a value; the rest are random.
    static func cases(seed: UInt64, count: Int) -> [Case] {
        var rng = SplitMix64(seed: seed)
        var out: [Case] = []
        for n in 0..<count {
            let forced: Unicode.Scalar? = n < special.count * 3 ? special[n / 3] : nil
            var entries: [[String]] = []
            for k in 0..<Int.random(in: 1...3, using: &rng) {
                // Keys are distinct by their last character (and none is canonically equivalent to another).
                let key = string(&rng, forced: k == 0 ? forced : nil, at: n) + "~k\(k)"
                entries.append([key, string(&rng, forced: k == 0 ? forced : nil, at: n + 1)])
            }
            let list = (0..<Int.random(in: 0...3, using: &rng)).map { _ in string(&rng, forced: nil, at: 0) }
            out.append(Case(entries: entries, list: list))
        }
        return out
    }

    /// XML text of a case written independently of plist-lsp's writer: what XML forbids as a
    /// reference (decimal or hex at random), a CR as a reference, `&` `<` `>` as entities, any other
    /// character raw or (one in eight) as a reference; odd indentation, so that `format` has work.
    static func xml(_ c: Case, _ rng: inout SplitMix64) -> String {
        func reference(_ s: Unicode.Scalar) -> String {
            Bool.random(using: &rng) ? "&#\(s.value);" : "&#x\(String(s.value, radix: 16, uppercase: Bool.random(using: &rng)));"
        }
        func escaped(_ text: String) -> String {
            var out = ""
            for s in text.unicodeScalars {
                switch s {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\r": out += reference(s)
                case _ where isForbidden(s): out += reference(s)
                default:
                    if Int.random(in: 0..<8, using: &rng) == 0 { out += reference(s) } else { out.unicodeScalars.append(s) }
                }
            }
            return out
        }
        var body = ""
        for e in c.entries { body += "  <key>\(escaped(e[0]))</key> <string>\(escaped(e[1]))</string>\n" }
        body += "<key>list</key>\n<array>"
        for s in c.list { body += "<string>\(escaped(s))</string>" }
        body += "</array>"
        return PlistText.dictionary(body)
    }

    static let script = #"""
        plistlib, sys, json, shutil = (__import__("plistlib"), __import__("sys"), __import__("json"), __import__("shutil"))  # (no line may start with "import": LayeringTests)
        cases = json.load(open(sys.argv[2], encoding="utf-8"))
        def value(c):
            d = {k: v for k, v in c["entries"]}
            d["list"] = c["list"]
            return d
        if sys.argv[1] == "make":
            for n, c in enumerate(cases):
                with open("%s/%d.plist" % (sys.argv[3], n), "wb") as f: plistlib.dump(value(c), f, fmt=plistlib.FMT_BINARY, sort_keys=False)
            print("made %d" % len(cases))
        else:
            n = 0
            for line in sys.stdin.read().splitlines():
                index, path = line.split("\t")
                try:
                    with open(path, "rb") as f: v = plistlib.load(f)
                except Exception as e:
                    print("refused %s %s: %s" % (index, path, type(e).__name__)); continue
                n += 1
                if v != value(cases[int(index)]): print("differs %s %s: %r" % (index, path, v))
            print("compared %d" % n)
        """#

    /// plistlib reading each (case index, file): the refusals (case indices) and the differences.
    static func plistlib(_ pairs: [(Int, URL)], cases json: URL, in dir: URL) throws -> (refused: [Int], differs: [String], compared: Int) {
        let script = dir.appendingPathComponent("reference.py")
        let list = dir.appendingPathComponent("pairs-\(UUID().uuidString).tsv")
        try Data(pairs.map { "\($0.0)\t\($0.1.path)" }.joined(separator: "\n").utf8).write(to: list)
        let r = try Binary.run(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", "python3 '\(script.path)' compare '\(json.path)' < '\(list.path)'"])
        let lines = r.stdout.split(separator: "\n").map(String.init)
        guard r.status == 0, let last = lines.last, last.hasPrefix("compared ") else {
            Issue.record("python3 failed: \(r.stderr)")
            return ([], lines, 0)
        }
        let refused = lines.filter { $0.hasPrefix("refused ") }.compactMap { Int($0.split(separator: " ")[1]) }
        return (refused, lines.filter { $0.hasPrefix("differs ") }, Int(last.dropFirst("compared ".count)) ?? 0)
    }

    /// Copies each file into `folder` (same names) and returns the copies.
    static func copies(_ files: [URL], into folder: String, in dir: TemporaryDirectory) throws -> [URL] {
        try files.map { try dir.write("\(folder)/\($0.lastPathComponent)", [UInt8](try Data(contentsOf: $0))) }
    }

    @Test(.enabled(if: Plistlib.runTests, Plistlib.skipNote), arguments: [UInt64(0x38_09), 0x39_04])
    func everyControlAndNoncharacterSurvivesEveryRoute(seed: UInt64) async throws {
        let count = 320
        let cases = Self.cases(seed: seed, count: count)
        let dir = try TemporaryDirectory()
        let json = try dir.write("cases.json", [UInt8](try JSONEncoder().encode(cases)))
        let forbidden = Set(cases.indices.filter { cases[$0].hasForbidden })
        #expect(forbidden.count > count / 3 && forbidden.count < count)
        let script = try dir.write("reference.py", Self.script)
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("bin"), withIntermediateDirectories: true)
        let made = try await onOwnThread { [bin = dir.url.appendingPathComponent("bin")] in
            try Binary.run(executable: URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, "make", json.path, bin.path])
        }
        try #require(made.status == 0, "\(made.stderr)")
        let binaries = (0..<count).map { dir.url.appendingPathComponent("bin/\($0).plist") }

        // Route 1: binary → XML → binary.
        let xmls = try Self.copies(binaries, into: "a-xml", in: dir)
        let toXML = try await onOwnThread { try Binary.run(["convert", "--to", "xml1"] + xmls.map(\.path)) }
        #expect(toXML.status == 0, "\(toXML.stderr)")
        let backs = try Self.copies(xmls, into: "a-back", in: dir)
        let toBinary = try await onOwnThread { try Binary.run(["convert", "--to", "binary1"] + backs.map(\.path)) }
        #expect(toBinary.status == 0, "\(toBinary.stderr)")
        let route1 = try await onOwnThread { [url = dir.url] in
            try Self.plistlib(Array(zip(cases.indices, binaries)) + Array(zip(cases.indices, backs)), cases: json, in: url)
        }
        #expect(route1.differs.isEmpty && route1.refused.isEmpty, "\(route1.differs.prefix(3)) \(route1.refused.prefix(3))")
        #expect(route1.compared == 2 * count)
        // plistlib reads the XML of exactly the cases without a forbidden character, equal.
        let xmlRead = try await onOwnThread { [url = dir.url] in try Self.plistlib(Array(zip(cases.indices, xmls)), cases: json, in: url) }
        #expect(xmlRead.differs.isEmpty, "\(xmlRead.differs.prefix(3))")
        #expect(Set(xmlRead.refused) == forbidden)
        // check calls nothing convert writes an error; each forbidden character is one warning.
        let check = try await onOwnThread { try Binary.run(["check", "--format", "json"] + xmls.map(\.path)) }
        let errors = check.stdout.replacingOccurrences(of: " ", with: "").components(separatedBy: "\"severity\":\"error\"").count - 1
        let warnings = check.stdout.components(separatedBy: "xml-forbidden-character-reference").count - 1
        #expect(errors == 0, "\(check.stdout.prefix(2000))")
        let expectedWarnings = cases.reduce(0) { n, c in
            n + (c.entries.flatMap { $0 } + c.list).reduce(0) { $0 + $1.unicodeScalars.filter(Self.isForbidden).count }
        }
        #expect(warnings >= expectedWarnings, "\(warnings) warnings for \(expectedWarnings) forbidden characters")

        // Route 2: XML (written here) → binary → XML → binary.
        var rng = SplitMix64(seed: seed ^ 0xFFFF)
        let sources = try cases.indices.map { try dir.write("b-src/\($0).plist", Self.xml(cases[$0], &rng)) }
        let bBinaries = try Self.copies(sources, into: "b-bin", in: dir)
        let srcToBinary = try await onOwnThread { try Binary.run(["convert", "--to", "binary1"] + bBinaries.map(\.path)) }
        #expect(srcToBinary.status == 0, "\(srcToBinary.stderr)")
        let bXMLs = try Self.copies(bBinaries, into: "b-xml", in: dir)
        let binToXML = try await onOwnThread { try Binary.run(["convert", "--to", "xml1"] + bXMLs.map(\.path)) }
        #expect(binToXML.status == 0, "\(binToXML.stderr)")
        let bBacks = try Self.copies(bXMLs, into: "b-back", in: dir)
        let xmlToBinary = try await onOwnThread { try Binary.run(["convert", "--to", "binary1"] + bBacks.map(\.path)) }
        #expect(xmlToBinary.status == 0, "\(xmlToBinary.stderr)")
        let route2 = try await onOwnThread { [url = dir.url] in
            try Self.plistlib(Array(zip(cases.indices, bBinaries)) + Array(zip(cases.indices, bBacks)), cases: json, in: url)
        }
        #expect(route2.differs.isEmpty && route2.refused.isEmpty, "\(route2.differs.prefix(3)) \(route2.refused.prefix(3))")
        #expect(route2.compared == 2 * count)
        var sameText = 0
        for n in cases.indices where try Data(contentsOf: bXMLs[n]) == Data(contentsOf: xmls[n]) { sameText += 1 }
        #expect(sameText == count, "the XML written for the same value differs between routes in \(count - sameText) cases")
        let sourceRead = try await onOwnThread { [url = dir.url] in
            try Self.plistlib(Array(zip(cases.indices, sources)), cases: json, in: url)
        }
        #expect(sourceRead.differs.isEmpty, "\(sourceRead.differs.prefix(3))")
        #expect(Set(sourceRead.refused) == forbidden)

        // Route 3: format, then to binary.
        let formatted = try Self.copies(sources, into: "c-fmt", in: dir)
        let format = try await onOwnThread { try Binary.run(["format"] + formatted.map(\.path)) }
        #expect(format.status == 0, "\(format.stderr)")
        let again = try await onOwnThread { try Binary.run(["format", "--check"] + formatted.map(\.path)) }
        #expect(again.status == 0, "\(again.stdout) \(again.stderr)")
        let formattedRead = try await onOwnThread { [url = dir.url] in
            try Self.plistlib(Array(zip(cases.indices, formatted)), cases: json, in: url)
        }
        #expect(formattedRead.differs.isEmpty, "\(formattedRead.differs.prefix(3))")
        #expect(Set(formattedRead.refused) == forbidden)
        let cBinaries = try Self.copies(formatted, into: "c-bin", in: dir)
        let formattedToBinary = try await onOwnThread { try Binary.run(["convert", "--to", "binary1"] + cBinaries.map(\.path)) }
        #expect(formattedToBinary.status == 0, "\(formattedToBinary.stderr)")
        let route3 = try await onOwnThread { [url = dir.url] in
            try Self.plistlib(Array(zip(cases.indices, cBinaries)), cases: json, in: url)
        }
        #expect(route3.differs.isEmpty && route3.refused.isEmpty, "\(route3.differs.prefix(3)) \(route3.refused.prefix(3))")
        #expect(route3.compared == count)

        print(
            "escaping property (seed \(seed)): \(count) values, \(forbidden.count) with a character XML forbids; binary → XML → binary \(route1.compared / 2) equal, XML read by plistlib \(xmlRead.compared) equal + \(xmlRead.refused.count) refused (forbidden references); XML → binary → XML → binary \(route2.compared / 2) equal, XML text identical to route 1's in \(sameText); format \(route3.compared) equal through binary, \(formattedRead.compared) read equal by plistlib + \(formattedRead.refused.count) refused; check: 0 errors, \(warnings) forbidden-reference warnings"
        )
    }
}
