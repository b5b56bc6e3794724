// Issue #39's property test: generated values (fixed seed) with strings in every Unicode
// normalisation form (and canonically equivalent strings that are in none), every control
// character (C0, DEL, C1) and U+FFFE, U+FFFF, U+FEFF, U+FFFD, U+2028 in keys and strings, every date
// edge, the integer and real edges, through every conversion route, compared with Python's plistlib
// (and `json`) reading the result, and with libplist's `plistutil` reading and writing ours. A
// difference is a failure. One refusal is expected and documented (docs/xml-conformance.md): XML 1.0
// has no form for C0 controls other than tab, LF and CR, or for U+FFFE and U+FFFF; we write them as
// character references, which plistlib (expat) refuses and `plistutil` and Core Foundation read.
// The test requires plistlib to refuse exactly the XML holding such a character; and `plistutil`,
// whose strings are C strings, to refuse exactly the XML holding U+0000.
//
// Not generated: UIDs, sets and null (no XML form in plistlib); dates outside the years 1 to 9999
// (plistlib's datetime cannot hold them: AdversarialConversionTests covers them, written exactly in
// binary and refused by the XML writer beyond year 9999 and before year 0).
import Foundation
import PlistFormats
import PlistSyntax
import PlistTestSupport
import Testing

@Suite(.tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote)) struct ConversionPropertyTests {
    /// What the routes are, by the names the counts are reported with.
    static let routes = [
        "XML→binary→XML", "binary→XML", "binary→binary", "XML→JSON", "JSON→binary", "binary→JSON", "JSON→XML",
        "binary→binary (read by plistutil)", "XML (read by plistutil)",
    ]

    @Test(.enabled(if: ReferenceTools.runPlistlibTests, ReferenceTools.plistlibSkipNote), .timeLimit(.minutes(10)))
    func everyRouteAgreesWithPlistlib() async throws {
        let python = try #require(ReferenceTools.python3, "python3 is needed (CI=true)")
        let plistutil = ReferenceTools.plistutil
        if plistutil == nil { print("ConversionPropertyTests: plistutil absent, its routes are skipped (apt libplist-utils)") }
        let outcome = try await onOwnThread { () -> (counts: [String: Int], problems: [String]) in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-conversion-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            var random = SplitMix64(seed: 0x39_0039)
            var generator = ValueGenerator()
            let values = (0..<400).map { _ in generator.value(&random, depth: 0) }
            try Data(values.map { ValueGenerator.describe($0) }.joined(separator: "\n").utf8).write(
                to: folder.appendingPathComponent("values.jsonl"))
            try Data(Self.script.utf8).write(to: folder.appendingPathComponent("reference.py"))
            // plistlib writes each value as binary: the input of the binary routes.
            _ = try ReferenceTools.run(python, [folder.appendingPathComponent("reference.py").path, "make", folder.path])
            var problems: [String] = []
            var manifest: [String] = []
            func file(_ name: String, _ bytes: [UInt8]) throws -> String {
                let url = folder.appendingPathComponent(name)
                try Data(bytes).write(to: url)
                return url.path
            }
            for (i, value) in values.enumerated() {
                do {
                    // XML → binary → XML: the XML and the value come back the same.
                    let xml = try XMLPlistWriter.write(value)
                    let fromXML = try PropertyListFormat.xml1.read(xml)
                    if !Self.same(fromXML, value, wholeSeconds: true) { problems.append("\(i): XML read back differs") }
                    let binary = BinaryPlistWriter.write(fromXML)
                    let again = try PropertyListFormat.binary1.read(binary)
                    if !Self.same(again, fromXML, wholeSeconds: false) { problems.append("\(i): binary read back differs") }
                    let xmlAgain = try XMLPlistWriter.write(again)
                    if xmlAgain != xml { problems.append("\(i): XML→binary→XML changed the XML") }
                    manifest.append("XML→binary→XML\t\(i)\t\(try file("a-\(i).plist", binary))\tseconds")
                    manifest.append("XML→binary→XML\t\(i)\t\(try file("a-\(i).xml", xmlAgain))\tseconds")
                    // binary (plistlib's) → XML, and → binary.
                    let theirs = [UInt8](try Data(contentsOf: folder.appendingPathComponent("plistlib-\(i).plist")))
                    let read = try PropertyListFormat.binary1.read(theirs)
                    if !Self.same(read, value, wholeSeconds: false) { problems.append("\(i): plistlib's binary reads as another value") }
                    manifest.append("binary→XML\t\(i)\t\(try file("b-\(i).xml", try XMLPlistWriter.write(read)))\tseconds")
                    manifest.append("binary→binary\t\(i)\t\(try file("c-\(i).plist", BinaryPlistWriter.write(read)))\tmicroseconds")
                    if plistutil != nil {
                        manifest.append(
                            "binary→binary (read by plistutil)\t\(i)\t\(folder.appendingPathComponent("c-\(i).plist").path)\tseconds")
                        manifest.append("XML (read by plistutil)\t\(i)\t\(folder.appendingPathComponent("a-\(i).xml").path)\tseconds")
                    }
                    // JSON where it holds the value (no date, no data, finite reals).
                    if ValueGenerator.jsonHolds(value) {
                        let json = try JSONPlistWriter.write(fromXML)
                        manifest.append("XML→JSON\t\(i)\t\(try file("d-\(i).json", json))\tjson")
                        let fromJSON = try PropertyListFormat.json.read(json)
                        if !Self.same(fromJSON, value, wholeSeconds: false) { problems.append("\(i): JSON read back differs") }
                        manifest.append("JSON→binary\t\(i)\t\(try file("e-\(i).plist", BinaryPlistWriter.write(fromJSON)))\tseconds")
                        manifest.append("JSON→XML\t\(i)\t\(try file("f-\(i).xml", try XMLPlistWriter.write(fromJSON)))\tseconds")
                        manifest.append("binary→JSON\t\(i)\t\(try file("g-\(i).json", try JSONPlistWriter.write(read)))\tjson")
                    } else {
                        // JSON refuses it, naming what it cannot hold.
                        do { _ = try JSONPlistWriter.write(value); problems.append("\(i): JSON wrote a value it cannot hold") } catch {}
                    }
                } catch {
                    problems.append("\(i): \(error)")
                }
            }
            try Data(manifest.joined(separator: "\n").utf8).write(to: folder.appendingPathComponent("manifest.tsv"))
            var arguments = [folder.appendingPathComponent("reference.py").path, "compare", folder.path]
            if let plistutil { arguments.append(plistutil) }
            let output = String(decoding: try ReferenceTools.run(python, arguments), as: UTF8.self)
            var counts: [String: Int] = [:]
            for line in output.split(separator: "\n") {
                let fields = line.split(separator: "\t").map(String.init)
                if fields.first == "count" || fields.first == "refused", fields.count == 3 {
                    counts[fields[0] == "count" ? fields[1] : fields[1] + " refused"] = Int(fields[2])
                } else {
                    problems.append(String(line))
                }
            }
            return (counts, problems)
        }
        func count(_ route: String) -> Int { outcome.counts[route] ?? 0 }
        print(
            "ConversionPropertyTests: values equal per route (and refused as documented): "
                + Self.routes.map { "\($0) \(count($0)) (\(count($0 + " refused")))" }.joined(separator: ", "))
        #expect(outcome.problems.isEmpty, "\(outcome.problems.prefix(20).joined(separator: "\n"))")
        for route in Self.routes.prefix(plistutil == nil ? 7 : 9) {
            let all = count(route) + count(route + " refused")
            #expect(all >= (route == "XML→binary→XML" ? 800 : route.contains("JSON") ? 100 : 400), "\(route): \(all)")
        }
        // Control characters were generated, and plistlib refused the XML holding them.
        #expect(count("binary→XML refused") > 20 && count("binary→XML") > 200)
    }

    /// Whether `a` and `b` are the same value: strings by their scalars, reals by their bits (NaN
    /// equal to NaN, −0 not equal to 0), dates to the microsecond, or as XML writes them (whole
    /// seconds) when `wholeSeconds`.
    static func same(_ a: PropertyListObject, _ b: PropertyListObject, wholeSeconds: Bool) -> Bool {
        switch (a, b) {
        case (.real(let x), .real(let y)): return x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN)
        case (.date(let x), .date(let y)):
            return wholeSeconds
                ? PropertyListDates.xmlSeconds(x) == PropertyListDates.xmlSeconds(y) : (x * 1e6).rounded() == (y * 1e6).rounded()
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1, wholeSeconds: wholeSeconds) }
        case (.dictionary(let x), .dictionary(let y)):
            return x.count == y.count
                && zip(x, y).allSatisfy { ExactText.equal($0.key, $1.key) && same($0.value, $1.value, wholeSeconds: wholeSeconds) }
        default: return a == b
        }
    }

    /// plistlib building the inputs (`make`: each value as binary) and reading the outputs
    /// (`compare`: each file against the value it must hold, dates to the second for XML and for
    /// what went through XML, to the microsecond for binary).
    static let script = #"""
        binascii, datetime, json, plistlib, struct, subprocess, sys = [__import__(m) for m in ("binascii", "datetime", "json", "plistlib", "struct", "subprocess", "sys")]  # (no line of a Swift file may start with "import": LayeringTests reads them)
        mode, folder = sys.argv[1], sys.argv[2]
        plistutil = sys.argv[3] if len(sys.argv) > 3 else None
        EPOCH = datetime.datetime(2001, 1, 1)
        def build(d):
            t, v = d["t"], d["v"]
            if t == "s": return "".join(map(chr, v))
            if t == "i": return int(v)
            if t == "r": return struct.unpack(">d", bytes.fromhex(v))[0]
            if t == "b": return v
            if t == "d": return EPOCH + datetime.timedelta(seconds=struct.unpack(">d", bytes.fromhex(v))[0])
            if t == "x": return bytes.fromhex(v)
            if t == "a": return [build(x) for x in v]
            if t == "D": return {"".join(map(chr, k)): build(x) for k, x in v}
            raise ValueError(t)
        def canon(v, precision):
            if isinstance(v, bool): return ("b", v)
            if isinstance(v, int): return ("i", v)
            if isinstance(v, float): return ("r", struct.pack(">d", v).hex())
            if isinstance(v, str): return ("s", v)
            if isinstance(v, bytes): return ("x", v)
            if isinstance(v, datetime.datetime): return ("d", (v.replace(microsecond=0) if precision == "seconds" else v).isoformat())
            if isinstance(v, list): return ("a", [canon(x, precision) for x in v])
            if isinstance(v, dict): return ("D", [(k, canon(x, precision)) for k, x in v.items()])
            raise ValueError(type(v))
        def from_json(v):
            if isinstance(v, list) and v and isinstance(v[0], tuple): return {k: from_json(x) for k, x in v}
            if isinstance(v, list) and not v: return v
            if isinstance(v, list): return [from_json(x) for x in v]
            return v
        values = [build(json.loads(line)) for line in open(folder + "/values.jsonl", encoding="utf-8")]
        if mode == "make":
            for i, v in enumerate(values):
                with open("%s/plistlib-%d.plist" % (folder, i), "wb") as f: f.write(plistlib.dumps(v, fmt=plistlib.FMT_BINARY, sort_keys=False))
            sys.exit(0)
        def forbidden(v, only=None):
            # A character XML 1.0 has no form for (written as a character reference, which expat refuses), or `only`.
            if isinstance(v, str): return any(c in only if only else (ord(c) < 0x20 and c not in "\t\n\r") or c in "\ufffe\uffff" for c in v)
            if isinstance(v, list): return any(forbidden(x, only) for x in v)
            if isinstance(v, dict): return any(forbidden(k, only) or forbidden(x, only) for k, x in v.items())
            return False
        counts, refused = {}, {}
        for line in open(folder + "/manifest.tsv", encoding="utf-8"):
            route, i, path, precision = line.rstrip("\n").split("\t")
            want = canon(values[int(i)], "microseconds" if precision == "json" else precision)
            if path.endswith(".xml") and "plistutil" not in route and forbidden(values[int(i)]):
                try:
                    plistlib.loads(open(path, "rb").read())
                    print("%s\t%s\tread by plistlib although it holds a character XML 1.0 forbids: %s" % (route, i, path))
                except Exception as e:
                    if "invalid character" not in str(e): print("%s\t%s\trefused for another reason: %r" % (route, i, e)); continue
                    refused[route] = refused.get(route, 0) + 1
                continue
            if route == "XML (read by plistutil)" and forbidden(values[int(i)], "\x00"):
                # libplist keeps strings as C strings: XML holding U+0000 (as "&#0;") is refused by plistutil
                # ("ERROR: Failed to convert input file.", printed on its standard output with exit status 0).
                result = subprocess.run([plistutil, "-i", path, "-f", "bin"], capture_output=True)
                if result.returncode == 0 and not result.stdout.startswith(b"ERROR:"): print("%s\t%s\tplistutil read U+0000: %s" % (route, i, path))
                else: refused[route] = refused.get(route, 0) + 1
                continue
            try:
                if precision == "json":
                    got = from_json(json.loads(open(path, "rb").read(), object_pairs_hook=lambda pairs: [tuple(p) for p in pairs] or {}))
                elif "plistutil" in route and path.endswith(".plist"):
                    # libplist's XML writer has its own limits (years before 1000 unpadded, -0.0 as 0.0): its
                    # XML of our binary must be the very bytes of its XML of plistlib's binary.
                    ours = subprocess.run([plistutil, "-i", path, "-f", "xml"], capture_output=True, check=True).stdout
                    theirs = subprocess.run([plistutil, "-i", "%s/plistlib-%s.plist" % (folder, i), "-f", "xml"], capture_output=True, check=True).stdout
                    if ours != theirs:
                        print("%s\t%s\tdiffers: %s\n  plistlib's as plistutil writes it %r\n  ours %r" % (route, i, path, theirs, ours)); continue
                    counts[route] = counts.get(route, 0) + 1
                    continue
                elif "plistutil" in route:
                    got = plistlib.loads(subprocess.run([plistutil, "-i", path, "-f", "bin"], capture_output=True, check=True).stdout)
                else:
                    got = plistlib.loads(open(path, "rb").read())
                got = canon(got, "microseconds" if precision == "json" else precision)
            except Exception as e:
                print("%s\t%s\tunreadable: %r" % (route, i, e)); continue
            if got != want:
                print("%s\t%s\tdiffers: %s\n  want %r\n  got  %r" % (route, i, path, want, got)); continue
            counts[route] = counts.get(route, 0) + 1
        for route, n in counts.items(): print("count\t%s\t%d" % (route, n))
        for route, n in refused.items(): print("refused\t%s\t%d" % (route, n))
        """#
}

/// Generated property-list values and their description for plistlib (types explicit, strings as
/// code points, reals and dates as the bits of their double).
struct ValueGenerator {
    /// Strings whose normalisation forms differ, or that are canonically equivalent to others.
    static let seeds: [String] = [
        "caf\u{E9}", "cafe\u{301}", "\u{C5}ngstr\u{F6}m", "A\u{30A}", "\u{212B}", "\u{212A}elvin", "K", "\u{516D}", "\u{F9D1}",
        "\u{D55C}\u{AE00}", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}", "q\u{323}\u{307}", "q\u{307}\u{323}", "\u{1E69}",
        "s\u{323}\u{307}", "\u{FB01}", "fi", "\u{2460}", "x\u{00B2}", "\u{FF21}", "\u{1F600}", "\u{1F1EB}\u{1F1F7}", "\u{10FFFD}",
        "e\u{301}\u{301}", "\u{3D3}", "\u{3D2}\u{301}", "\u{385}", "\u{A8}\u{301}", "\u{FDFA}", "\u{32FF}", "\u{1100}\u{1161}",
        "a & b < c > d \" ' ]]>", " padded ", "", "\u{2028}\u{2029}", "\u{FFFD}", "\u{E000}", "\u{1D15E}", "\u{2ADC}",
    ]

    var strings: [String] = []

    init() {
        var all = Set<ExactText>()
        for s in Self.seeds {
            let ns = NSString(string: s)
            for form in [
                s, ns.precomposedStringWithCanonicalMapping, ns.decomposedStringWithCanonicalMapping,
                ns.precomposedStringWithCompatibilityMapping, ns.decomposedStringWithCompatibilityMapping,
            ]
            where all.insert(ExactText(form)).inserted {
                strings.append(form)
            }
        }
    }

    /// The date edges, as seconds since 1970, and fractions added to some.
    static let dateEdges: [Int64] = [
        -62_135_596_800, -62_135_596_799, 253_402_300_799, 253_402_300_740, 250_000_000_000, 250_000_000_001, -1, 0, 1,
        978_307_199, 978_307_200, 978_307_201, 951_782_400, 951_868_799, -2_208_988_800, -12_219_292_800, 2_147_483_647,
        2_147_483_648, 4_102_444_800, -62_104_060_800,
    ]
    static let reals: [Double] = [
        0, -0.0, 1, -1, 0.1, 1e15, 1e16, 123_456_789.125, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
        -.leastNormalMagnitude, .infinity, -.infinity, .nan, 2.5e-8, 9_007_199_254_740_992, 0x1p-1074 * 3,
    ]
    static let integers: [PlistInteger] = [
        .init(isNegative: true, magnitude: UInt64(Int64.max) + 1), .init(isNegative: false, magnitude: .max),
        .init(isNegative: false, magnitude: UInt64(Int64.max)), .init(isNegative: false, magnitude: UInt64(Int64.max) + 1),
        .init(isNegative: false, magnitude: 0), .init(isNegative: true, magnitude: 1), .init(isNegative: false, magnitude: 255),
        .init(isNegative: false, magnitude: 256), .init(isNegative: false, magnitude: 65_536), .init(isNegative: false, magnitude: 1 << 32),
    ]

    /// Every control character (C0, DEL, C1) and the noncharacters and format characters XML
    /// and Unicode treat apart.
    static let specials: [Unicode.Scalar] =
        (0x00...0x1F).map { Unicode.Scalar(UInt8($0)) } + (0x7F...0x9F).map { Unicode.Scalar(UInt8($0)) } + [
            "\u{FFFE}", "\u{FFFF}", "\u{FEFF}", "\u{FFFD}", "\u{2028}",
        ]

    mutating func string(_ random: inout SplitMix64) -> String {
        switch random.next() % 5 {
        case 4:
            // Control and special characters at the start, inside or at the end of other text.
            var s = ""
            for _ in 0..<(1 + Int(random.next() % 4)) {
                if random.next() % 2 == 0 { s += strings.randomElement(using: &random)! }
                s.unicodeScalars.append(Self.specials.randomElement(using: &random)!)
            }
            return s
        case 0: return strings.randomElement(using: &random)!
        case 1: return strings.randomElement(using: &random)! + strings.randomElement(using: &random)!
        case 2:
            // A base letter and combining marks in a random order (often in no normalisation form).
            let marks: [Unicode.Scalar] = ["\u{301}", "\u{323}", "\u{307}", "\u{30A}", "\u{328}", "\u{345}", "\u{334}"]
            var s = String(["a", "o", "A", "\u{3B1}", "\u{438}", "s"].randomElement(using: &random)!)
            for _ in 0..<Int(random.next() % 4) { s.unicodeScalars.append(marks.randomElement(using: &random)!) }
            return s
        default:
            // Random scalars of the planes, none a control character or a noncharacter XML escapes.
            var s = ""
            for _ in 0..<Int(random.next() % 6) {
                let ranges: [ClosedRange<UInt32>] = [
                    0x20...0x7E, 0xA0...0x24F, 0x300...0x36F, 0x1100...0x11FF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0x1F300...0x1F64F,
                ]
                let range = ranges.randomElement(using: &random)!
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) { s.unicodeScalars.append(scalar) }
            }
            return s
        }
    }

    mutating func value(_ random: inout SplitMix64, depth: Int) -> PropertyListObject {
        let kind = depth == 0 ? 8 + Int(random.next() % 2) : Int(random.next() % (depth > 2 ? 8 : 10))
        switch kind {
        case 0, 1: return .string(string(&random))
        case 2: return .integer(Self.integers.randomElement(using: &random)!)
        case 3: return .real(Self.reals.randomElement(using: &random)!)
        case 4: return .bool(random.next() % 2 == 0)
        case 5:
            let whole = Self.dateEdges.randomElement(using: &random)! - Int64(PropertyListObject.referenceDateSince1970)
            // Sometimes a fraction of a second (eighths, exact in a double and in microseconds), never past the edges.
            let fraction = random.next() % 3 == 0 ? Double(Int(random.next() % 15) - 7) / 8 : 0
            let date = Double(whole) + fraction
            return .date(
                PropertyListDates.xmlSeconds(date).map { $0 >= -62_135_596_800 && $0 <= 253_402_300_799 } == true ? date : Double(whole))
        case 6: return .data((0..<Int(random.next() % 80)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        case 7: return .string(string(&random))
        case 8:
            return .array((0..<Int(random.next() % 6)).map { _ in value(&random, depth: depth + 1) })
        default:
            var seen = Set<ExactText>()
            var entries: [PropertyListObject.Entry] = []
            for _ in 0..<Int(random.next() % 7) {
                // Keys from the same strings: equivalent keys in one dictionary, kept apart.
                let key = string(&random)
                guard key != "CF$UID", seen.insert(ExactText(key)).inserted else { continue }
                entries.append(.init(key, value(&random, depth: depth + 1)))
            }
            return .dictionary(entries)
        }
    }

    static func jsonHolds(_ value: PropertyListObject) -> Bool {
        switch value {
        case .date, .data, .uid, .set, .null: return false
        case .real(let r): return r.isFinite
        case .array(let items): return items.allSatisfy(jsonHolds)
        case .dictionary(let entries): return entries.allSatisfy { jsonHolds($0.value) }
        default: return true
        }
    }

    /// The value as one line of JSON for the reference script.
    static func describe(_ value: PropertyListObject) -> String {
        func hex(_ bits: UInt64) -> String { let s = String(bits, radix: 16); return String(repeating: "0", count: 16 - s.count) + s }
        func points(_ s: String) -> String { "[" + s.unicodeScalars.map { String($0.value) }.joined(separator: ",") + "]" }
        switch value {
        case .string(let s): return #"{"t":"s","v":\#(points(s))}"#
        case .integer(let i): return #"{"t":"i","v":"\#(i.description)"}"#
        case .real(let r): return #"{"t":"r","v":"\#(hex(r.bitPattern))"}"#
        case .bool(let b): return #"{"t":"b","v":\#(b)}"#
        case .date(let d): return #"{"t":"d","v":"\#(hex(d.bitPattern))"}"#
        case .data(let d): return #"{"t":"x","v":""# + d.map { String(format: "%02x", $0) }.joined() + #""}"#
        case .array(let items): return #"{"t":"a","v":["# + items.map(describe).joined(separator: ",") + "]}"
        case .dictionary(let entries):
            return #"{"t":"D","v":["# + entries.map { "[\(points($0.key)),\(describe($0.value))]" }.joined(separator: ",") + "]}"
        case .uid, .set, .null: fatalError("not generated")
        }
    }
}
