// `plist-lsp convert`, run as a user would, with Python's plistlib as the reference reader: every
// real binary plist of ../shared/l10n and every valid XML plist of the corpus round-trips with
// equal data (binary → XML → binary, XML → binary → XML), JSON refuses dates and data naming the
// key path, and a file that cannot be converted is left as it was.
import Foundation
import Testing
import PlistTestSupport

/// Python's plistlib comparing files: each line of its input names files that must decode equal
/// (a UID as the `{"CF$UID": N}` dictionary XML writes for it). Prints one line per difference
/// and, last, `compared N`.
enum PlistlibReference {
    static let script = #"""
        plistlib, sys, math = (__import__("plistlib"), __import__("sys"), __import__("math"))  # (no line of a Swift file may start with "import": LayeringTests reads them)
        def norm(v):
            if isinstance(v, plistlib.UID): return {"CF$UID": v.data}
            if isinstance(v, dict): return {k: norm(x) for k, x in v.items()}
            if isinstance(v, list): return [norm(x) for x in v]
            if isinstance(v, float) and math.isnan(v): return "nan"
            return v
        n = 0
        for line in sys.stdin.read().splitlines():
            paths = line.split("\t")
            values = []
            for p in paths:
                try:
                    with open(p, "rb") as f: values.append(norm(plistlib.load(f)))
                except Exception as e:
                    print("unreadable %s: %s" % (p, e)); values = None; break
            if values is None: continue
            n += 1
            for p, v in zip(paths[1:], values[1:]):
                if v != values[0]: print("differs: %s %s" % (paths[0], p))
        print("compared %d" % n)
        """#

    /// Runs the comparison; returns the problem lines and how many groups were compared.
    static func compare(_ groups: [[URL]], in directory: URL) throws -> (problems: [String], compared: Int) {
        let script = directory.appendingPathComponent("compare.py")
        try Data(Self.script.utf8).write(to: script)
        let list = directory.appendingPathComponent("groups.tsv")
        try Data(groups.map { $0.map(\.path).joined(separator: "\t") }.joined(separator: "\n").utf8).write(to: list)
        let r = try Binary.run(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", "python3 '\(script.path)' < '\(list.path)'"])
        let lines = r.stdout.split(separator: "\n").map(String.init)
        guard r.status == 0, let last = lines.last, last.hasPrefix("compared ") else {
            Issue.record("python3 failed: \(r.stderr)")
            return (lines, 0)
        }
        return (Array(lines.dropLast()), Int(last.dropFirst("compared ".count)) ?? 0)
    }
}

@Suite struct ConvertCommandTests {
    /// Every real binary plist: to XML in place, then that XML to binary; all three decode equal.
    @Test(.enabled(if: BinaryPlistFiles.runTests, BinaryPlistFiles.skipNote))
    func realBinaryPlistsRoundTripThroughXML() async throws {
        let files = try BinaryPlistFiles.require()
        let dir = try TemporaryDirectory()
        var groups: [[URL]] = []
        var xmls: [String] = [], backs: [String] = []
        for (n, file) in files.enumerated() {
            let original = try dir.write("original/\(n).plist", file.bytes)
            let xml = try dir.write("xml/\(n).plist", file.bytes)
            let back = dir.url.appendingPathComponent("back/\(n).plist")
            groups.append([original, xml, back])
            xmls.append(xml.path)
            backs.append(back.path)
        }
        let toXML = try await onOwnThread { [xmls] in try Binary.run(["convert", "--to", "xml1"] + xmls) }
        #expect(toXML.status == 0, "\(toXML.stderr)")
        try FileManager.default.copyItem(at: dir.url.appendingPathComponent("xml"), to: dir.url.appendingPathComponent("back"))
        let toBinary = try await onOwnThread { [backs] in try Binary.run(["convert", "--to", "binary1"] + backs) }
        #expect(toBinary.status == 0, "\(toBinary.stderr)")
        // A string holding a C0 control (an ESC key equivalent in a nib) has no XML 1.0 form: the XML
        // writes it as a reference (`&#27;`), which plistlib's strict reader refuses (plutil writes it
        // raw, which it refuses too). For those files the binary round trip is compared.
        var withControls = 0
        for (n, back) in backs.enumerated() {
            let xml = try Data(contentsOf: URL(fileURLWithPath: xmls[n]))
            #expect(xml.starts(with: Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist".utf8)), "\(files[n].name)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: back)).starts(with: Array("bplist00".utf8)), "\(files[n].name)")
            if String(decoding: xml, as: UTF8.self).contains("&#27;") {
                groups[n].remove(at: 1)
                withControls += 1
            }
        }
        let (problems, compared) = try await onOwnThread { [groups, url = dir.url] in try PlistlibReference.compare(groups, in: url) }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(compared == files.count)
        #expect(withControls < 8)
        print(
            "convert round trip: \(compared) of \(files.count) real binary plists (binary → XML → binary) decode equal per plistlib; the XML form of \(withControls) holds &#27;, which plistlib refuses: compared binary to binary"
        )
    }

    /// Every valid XML plist of the corpus: to binary, then to XML; all three decode equal. A
    /// preprocessed plist (#if lines) is refused, saying so, and left untouched.
    @Test(
        .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
        .enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func corpusRoundTripsThroughBinary() async throws {
        let files = try SharedData.requireCorpus().filter(\.isValid)
        let dir = try TemporaryDirectory()
        var binaries: [String] = []
        for (n, file) in files.enumerated() { binaries.append(try dir.write("binary/\(n).plist", file.bytes).path) }
        let toBinary = try await onOwnThread { [binaries] in try Binary.run(["convert", "--to", "binary1"] + binaries) }
        // Refused: only preprocessed files, each left as it was.
        let refused = toBinary.stderr.split(separator: "\n").map(String.init)
        for line in refused {
            #expect(line.contains("not converted: the plist is preprocessed (#if lines)"), "\(line)")
        }
        var groups: [[URL]] = []
        var xmls: [String] = []
        for (n, file) in files.enumerated() {
            let binary = URL(fileURLWithPath: binaries[n])
            let bytes = [UInt8](try Data(contentsOf: binary))
            if refused.contains(where: { $0.contains("/binary/\(n).plist:") }) {
                #expect(bytes == file.bytes)
                continue
            }
            #expect(bytes.starts(with: Array("bplist00".utf8)), "\(file.name)")
            let xml = try dir.write("xml/\(n).plist", bytes)
            xmls.append(xml.path)
            // A file Python's reader refuses (though Foundation reads it) is compared as converted.
            groups.append(file.plistlibParses ? [file.url, binary, xml] : [binary, xml])
        }
        let toXML = try await onOwnThread { [xmls] in try Binary.run(["convert", "--to", "xml1"] + xmls) }
        #expect(toXML.status == 0, "\(toXML.stderr)")
        let (problems, compared) = try await onOwnThread { [groups, url = dir.url] in try PlistlibReference.compare(groups, in: url) }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(compared == groups.count)
        #expect(compared + refused.count == files.count)
        print(
            "convert round trip: \(compared) of \(files.count) valid corpus plists (XML → binary → XML) decode equal per plistlib; \(refused.count) preprocessed refused"
        )
    }

    @Test func jsonRefusesDatesNamingTheKeyPathAndWritesNothing() async throws {
        let dir = try TemporaryDirectory()
        let text = PlistText.dictionary(
            "\t<key>Items</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>When</key>\n\t\t\t<date>2024-01-02T03:04:05Z</date>\n\t\t</dict>\n\t</array>"
        )
        let file = try dir.write("d.plist", text)
        let out = dir.url.appendingPathComponent("d.json")
        let r = try await onOwnThread { try Binary.run(["convert", "--to", "json", "-o", out.path, file.path]) }
        #expect(r.status == 2)
        #expect(
            r.stderr.contains("d.plist: not converted: JSON cannot hold a date (plutil refuses it too) at Items › [0] › When"),
            "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == ["d.plist"])
    }

    @Test func jsonAndStandardStreams() async throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write(
            "a.plist",
            PlistText.dictionary(
                "\t<key>A</key>\n\t<integer>18446744073709551615</integer>\n\t<key>B</key>\n\t<array>\n\t\t<real>1.5</real>\n\t\t<true/>\n\t</array>",
                doctype: true))
        let json = try await onOwnThread { try Binary.run(["convert", "--to", "json", "-o", "-", file.path]) }
        #expect(json.status == 0)
        #expect(json.stdout == "{\"A\":18446744073709551615,\"B\":[1.5,true]}\n")
        // JSON in, through standard input, to binary and back to XML.
        let jsonFile = try dir.write("b.json", json.stdout)
        let binary = dir.url.appendingPathComponent("b.plist")
        let toBinary = try await onOwnThread { try Binary.run(["convert", "--to", "binary1", "-o", binary.path, jsonFile.path]) }
        #expect(toBinary.status == 0, "\(toBinary.stderr)")
        let back = try await onOwnThread {
            try Binary.run(
                executable: URL(fileURLWithPath: "/bin/sh"), ["-c", "'\(Binary.url.path)' convert --to xml1 -o - - < '\(binary.path)'"])
        }
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout == (try String(contentsOf: file, encoding: .utf8)))
    }

    /// Issue #39, point 7: what a plist cannot hold is refused naming its key path (exit 2, nothing
    /// written), as plistlib refuses it; a scalar root converts, as plistlib writes one; nesting
    /// beyond the limit says so.
    @Test func jsonRefusesWhatAPlistCannotHoldAndConvertsAScalarRoot() async throws {
        let dir = try TemporaryDirectory()
        let refusals: [(name: String, json: String, message: String)] = [
            (
                "dup.json", #"{"a":1,"a":2}"#,
                #"the key "a" appears twice in one object; a property list dictionary holds each key once at a"#
            ),
            ("nested-dup.json", #"{"x":[{"b":1},{"c":true,"c":false}]}"#, "at x › [1] › c"),
            (
                "big.json", #"{"r":[1.5,1e400]}"#,
                "the number 1e400 is beyond a 64-bit real (±1.8e308); a property list cannot hold it at r › [1]"
            ),
            ("negative.json", "-1E+309", "the number -1E+309 is beyond a 64-bit real"),
            (
                "deep.json", String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
                "arrays and objects nested deeper than 512 levels; a property list is read to that depth at [0] › [0]"
            ),
        ]
        for refusal in refusals {
            let file = try dir.write(refusal.name, refusal.json)
            let out = dir.url.appendingPathComponent(refusal.name + ".plist")
            let r = try await onOwnThread { try Binary.run(["convert", "--to", "xml1", "-o", out.path, file.path]) }
            #expect(r.status == 2, "\(refusal.name): \(r.stderr)")
            #expect(
                r.stderr.contains("\(refusal.name): not converted: JSON, line 1: ") && r.stderr.contains(refusal.message),
                "\(refusal.name): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path), "\(refusal.name)")
        }
        // NFC and NFD "café" are two keys to Core Foundation and plistlib: both kept.
        let forms = try dir.write("forms.json", "{\"caf\u{E9}\":1,\"cafe\u{301}\":2}")
        let kept = try await onOwnThread { try Binary.run(["convert", "--to", "json", "-o", "-", forms.path]) }
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout == "{\"caf\u{E9}\":1,\"cafe\u{301}\":2}\n")
        // A scalar root is a plist (plistlib writes `<integer>42</integer>` as a whole plist).
        for (name, json, xml) in [
            ("int.json", "42\n", "<integer>42</integer>"), ("string.json", #" "Grüße" "#, "<string>Grüße</string>"),
            ("true.json", "true", "<true/>"), ("real.json", "-2.5e3", "<real>-2500"),
        ] {
            let file = try dir.write(name, json)
            let r = try await onOwnThread { try Binary.run(["convert", "--to", "xml1", "-o", "-", file.path]) }
            #expect(r.status == 0, "\(name): \(r.stderr)")
            #expect(r.stdout.contains("<plist version=\"1.0\">\n\(xml)"), "\(name): \(r.stdout)")
            let back = dir.url.appendingPathComponent(name + ".plist")
            let toXML = try await onOwnThread { try Binary.run(["convert", "--to", "xml1", "-o", back.path, file.path]) }
            #expect(toXML.status == 0)
            let (problems, compared) = try await onOwnThread { [url = dir.url] in try PlistlibReference.compare([[back, back]], in: url) }
            #expect(problems.isEmpty && compared == 1, "\(name): plistlib reads \(problems)")
        }
        let null = try dir.write("null.json", "null")
        let r = try await onOwnThread { try Binary.run(["convert", "--to", "xml1", "-o", "-", null.path]) }
        #expect(r.status == 2 && r.stderr.contains("a null value has no XML form"), "\(r.stderr)")
        // Valid JSON nested past 256 levels (a misleading syntax error before) and up to the 512 a
        // property list is read to (the 600 above is refused) converts, and plistlib reads the XML and the binary alike.
        for depth in [257, 300, 510] {
            let name = "nested-\(depth).json"
            let file = try dir.write(
                name, String(repeating: #"{"a":["#, count: depth / 2) + "1" + String(repeating: "]}", count: depth / 2))
            let xml = dir.url.appendingPathComponent(name + ".xml"), binary = dir.url.appendingPathComponent(name + ".plist")
            let toXML = try await onOwnThread { try Binary.run(["convert", "--to", "xml1", "-o", xml.path, file.path]) }
            let toBinary = try await onOwnThread { try Binary.run(["convert", "--to", "binary1", "-o", binary.path, file.path]) }
            #expect(toXML.status == 0 && toBinary.status == 0, "\(name): \(toXML.stderr) \(toBinary.stderr)")
            // Back to JSON from either, the same text.
            for converted in [xml, binary] {
                let back = try await onOwnThread { try Binary.run(["convert", "--to", "json", "-o", "-", converted.path]) }
                let json = String(decoding: try Data(contentsOf: file), as: UTF8.self)
                #expect(back.status == 0 && back.stdout == json + "\n", "\(name)")
            }
            // plistlib reads 300 levels (at 510 its XML reader exceeds Python's recursion limit).
            guard depth <= 300 else { continue }
            let (problems, compared) = try await onOwnThread { [url = dir.url] in try PlistlibReference.compare([[xml, binary]], in: url) }
            #expect(problems.isEmpty && compared == 1, "\(name): plistlib reads \(problems)")
        }
    }

    @Test func aBrokenFileIsLeftUntouchedAndTheOthersConverted() async throws {
        let dir = try TemporaryDirectory()
        let broken = try dir.write("broken.plist", Array("bplist00".utf8) + [0xD1, 0x01, 0x02] + [UInt8](repeating: 0, count: 30))
        let good = try dir.write("good.plist", PlistText.dictionary("\t<key>A</key>\n\t<string>b</string>"))
        let r = try await onOwnThread { try Binary.run(["convert", "--to", "binary1", broken.path, good.path]) }
        #expect(r.status == 2)
        #expect(r.stderr.contains("broken.plist: not converted: corrupt trailer"), "\(r.stderr)")
        #expect([UInt8](try Data(contentsOf: broken)).count == 41)
        #expect(try Data(contentsOf: good).starts(with: Array("bplist00".utf8)))
        let usage = try await onOwnThread { try Binary.run(["convert", "--to", "xml", good.path]) }
        #expect(usage.status == 2 && usage.stderr.contains("--to takes xml1, binary1 or json"))
    }
}

/// Issue #39, points 1 and 3, as a user meets them: `convert` and `check` on a binary plist whose
/// shared objects expand past the limit, and on one holding a date that is no date.
@Suite struct ConvertBoundsTests {
    /// The 60 KB file (80 GB as XML) and a 140-byte one (400 MB): `convert` refuses each in
    /// seconds with exit 2 and says why, leaving the file as it was; `check` reports why it cannot
    /// read it. Failed before: both died allocating (signal 6), or wrote 755 MB in 31 s.
    @Test func aBinaryPlistBombIsRefusedWithExitTwo() async throws {
        let dir = try TemporaryDirectory()
        for (name, bytes) in [("sixty.plist", AdversarialPlists.sixtyKilobytes), ("tiny.plist", AdversarialPlists.tinyStrings)] {
            let file = try dir.write(name, bytes)
            for format in ["xml1", "json", "binary1"] {
                let r = try await onOwnThread { try Binary.run(["convert", "--to", format, "-o", "-", file.path]) }
                #expect(r.status == 2, "\(name) → \(format): \(r.stderr)")
                #expect(
                    r.stderr.contains("\(name): not converted: the objects this binary plist shares expand to more than 256 MB of XML"),
                    "\(name): \(r.stderr)")
                #expect(r.stdout.isEmpty)
            }
            #expect([UInt8](try Data(contentsOf: file)) == bytes)
            let check = try await onOwnThread { try Binary.run(["check", file.path]) }
            #expect(check.status == 1, "\(name): \(check.status) \(check.stderr)")
            #expect(
                check.stdout.contains("file-binary-plist") && check.stdout.contains("expand to more than 64 MB of XML"),
                "\(name): \(check.stdout)")
        }
    }

    /// CPython's "invalid datetime (NaN)" vector: refused with exit 2, never written as an invented date.
    @Test func anInvalidBinaryDateIsRefused() async throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write(
            "nan-date.plist",
            Array("bplist00".utf8) + [0x33, 0x7F, 0xF8, 0, 0, 0, 0, 0, 0, 0x08, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1]
                + [UInt8](repeating: 0, count: 8) + [0, 0, 0, 0, 0, 0, 0, 0x11])
        let r = try await onOwnThread { try Binary.run(["convert", "--to", "xml1", "-o", "-", file.path]) }
        #expect(r.status == 2)
        #expect(r.stderr.contains("date at offset 8 is not a number"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    /// A binary plist holding a date outside the years 0000 to 9999 (which XML cannot write and
    /// plistlib cannot read) is refused whatever the output, naming the date and its key (exit 2,
    /// nothing written, never clamped), and `check` reports it.
    @Test func aDateOutsideTheYearsXMLHoldsIsRefusedNamingItsKey() async throws {
        let dir = try TemporaryDirectory()
        for (name, seconds) in [("before-0", -62_167_219_201.0 - 978_307_200), ("after-9999", 253_402_300_800.0 - 978_307_200)] {
            // { "When": date }: dictionary, key, date; offsets; trailer.
            var bytes = Array("bplist00".utf8) + [0xD1, 0x01, 0x02] + [0x54] + Array("When".utf8) + [0x33]
            bytes += withUnsafeBytes(of: seconds.bitPattern.bigEndian) { Array($0) }
            let table = bytes.count
            bytes += [8, 11, 16] + [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 3] + [UInt8](repeating: 0, count: 8)
            bytes += withUnsafeBytes(of: UInt64(table).bigEndian) { Array($0) }
            let file = try dir.write(name + ".plist", bytes)
            for format in ["xml1", "binary1", "json"] {
                let out = dir.url.appendingPathComponent("\(name).\(format)")
                let r = try await onOwnThread { try Binary.run(["convert", "--to", format, "-o", out.path, file.path]) }
                #expect(r.status == 2, "\(name) → \(format): \(r.stderr)")
                #expect(r.stderr.contains("is outside the years 0000 to 9999 at When"), "\(name) → \(format): \(r.stderr)")
                #expect(!FileManager.default.fileExists(atPath: out.path), "\(name) → \(format)")
            }
            let check = try await onOwnThread { try Binary.run(["check", file.path]) }
            #expect(check.status == 1 && check.stdout.contains("outside the years 0000 to 9999"), "\(name): \(check.stdout)")
            #expect([UInt8](try Data(contentsOf: file)) == bytes)
        }
    }

    /// Every one of CPython's invalid binary plists (test_plistlib's `INVALID_BINARY_PLISTS`, read
    /// from the Python on this machine, 40 in CPython 3.11), which plistlib refuses: `convert`
    /// refuses each with exit 2, a message and nothing written, and `check` reports it and exits 1.
    @Test(.enabled(if: ReferenceTools.runPlistlibTests, ReferenceTools.plistlibSkipNote))
    func everyInvalidBinaryPlistOfCPythonsIsRefused() async throws {
        let python = try #require(ReferenceTools.python3, "python3 is needed (CI=true)")
        let listing = try ReferenceTools.run(
            python,
            [
                "-c",
                // Each vector is the file after its `bplist00`, as test_plistlib reads it.
                "import test.test_plistlib as t, plistlib\nfor name, data in t.INVALID_BINARY_PLISTS:\n"
                    + "    data = b'bplist00' + data\n"
                    + "    try: plistlib.loads(data, fmt=plistlib.FMT_BINARY); print('READ\\t' + name)\n"
                    + "    except Exception: print(name + '\\t' + data.hex())",
            ])
        let vectors = String(decoding: listing, as: UTF8.self).split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(vectors.count >= 40, "CPython's vectors: \(vectors.count)")
        #expect(!vectors.contains { $0.first == "READ" }, "plistlib read one: \(vectors.filter { $0.first == "READ" })")
        let dir = try TemporaryDirectory()
        for (i, vector) in vectors.enumerated() where vector.count == 2 && vector[0] != "READ" {
            var bytes: [UInt8] = []
            var hex = vector[1].utf8.makeIterator()
            while let a = hex.next(), let b = hex.next() { bytes.append(UInt8(String(decoding: [a, b], as: UTF8.self), radix: 16)!) }
            let file = try dir.write("invalid-\(i).plist", bytes)
            for format in ["xml1", "json"] {
                let r = try await onOwnThread { try Binary.run(["convert", "--to", format, "-o", "-", file.path]) }
                #expect(r.status == 2 && r.stdout.isEmpty, "\(vector[0]) → \(format): exit \(r.status), \(r.stdout)")
                #expect(r.stderr.contains("invalid-\(i).plist"), "\(vector[0]): \(r.stderr)")
            }
            let check = try await onOwnThread { try Binary.run(["check", file.path]) }
            #expect(check.status == 1 && check.stdout.contains("error"), "\(vector[0]): exit \(check.status) \(check.stdout)")
            #expect([UInt8](try Data(contentsOf: file)) == bytes)
        }
    }
}
