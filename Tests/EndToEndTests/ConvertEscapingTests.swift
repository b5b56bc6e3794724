// One policy for the characters XML 1.0 cannot hold, shared by `convert`, `format`, the parser and
// `check` (issue #38 point 9, #39 point 4): a C0 control or U+FFFE/U+FFFF in a string is written as
// a character reference, read back as the character (as Foundation reads it), and reported by
// `check` as a warning naming the character; a leading U+FEFF in a string is a character, not a
// byte order mark. UTF-16 files (XML, strings tables, JSON) are read as their text. Blanks before
// an integer and unpadded base64 are read as Core Foundation reads them (#39 point 10).
import Foundation
import Testing
import PlistTestSupport

@Suite struct ConvertEscapingTests {
    /// `<string>x&#1;y</string>` through binary and back, then `check` and `format` on the XML.
    @Test func aControlCharacterConvertsToAReferenceThatCheckNamesAsAWarning() async throws {
        let dir = try TemporaryDirectory()
        let source = try dir.write(
            "source.plist",
            PlistText.dictionary(
                "\t<key>Key&#27;</key>\n\t<string>x&#1;y&#x1F;z</string>\n\t<key>N</key>\n\t<string>a&#xFFFE;b&#65535;c</string>",
                doctype: true))
        let binary = dir.url.appendingPathComponent("b.plist")
        let toBinary = try await onOwnThread { try Binary.run(["convert", "--to", "binary1", "-o", binary.path, source.path]) }
        #expect(toBinary.status == 0, "\(toBinary.stderr)")
        let xml = dir.url.appendingPathComponent("x.plist")
        let toXML = try await onOwnThread { try Binary.run(["convert", "--to", "xml1", "-o", xml.path, binary.path]) }
        #expect(toXML.status == 0, "\(toXML.stderr)")
        let written = try String(contentsOf: xml, encoding: .utf8)
        #expect(
            written
                == PlistText.dictionary(
                    "\t<key>Key&#27;</key>\n\t<string>x&#1;y&#31;z</string>\n\t<key>N</key>\n\t<string>a&#xFFFE;b&#xFFFF;c</string>",
                    doctype: true))

        // check: one warning a reference, naming the character; no error.
        let check = try await onOwnThread { try Binary.run(["check", xml.path]) }
        #expect(!check.stdout.contains("error"), "\(check.stdout)")
        #expect(!check.stdout.contains("must start a reference"), "\(check.stdout)")
        #expect(
            check.stdout.contains(
                "\(xml.path):5:10: warning: &#27; is U+001B (ESCAPE), a character XML 1.0 forbids: Foundation reads it, but libxml2, Python's plistlib and other XML tools refuse the file [xml-forbidden-character-reference]"
            ), "\(check.stdout)")
        #expect(check.stdout.contains("&#1; is U+0001 (START OF HEADING)"), "\(check.stdout)")
        #expect(check.stdout.contains("&#31; is U+001F (INFORMATION SEPARATOR ONE)"), "\(check.stdout)")
        #expect(check.stdout.contains("&#xFFFE; is U+FFFE (a noncharacter)"), "\(check.stdout)")
        #expect(check.stdout.contains("&#xFFFF; is U+FFFF (a noncharacter)"), "\(check.stdout)")
        // The binary file itself holds the characters as values: nothing to say.
        let checkBinary = try await onOwnThread { try Binary.run(["check", binary.path]) }
        #expect(
            !checkBinary.stdout.contains("xml-forbidden-character-reference") && !checkBinary.stdout.contains("error"),
            "\(checkBinary.stdout)")

        // format keeps the references (it writes them as convert does) and refuses nothing.
        let messy = try dir.write("messy.plist", PlistText.dictionary("  <key>K</key>   <string>x&#x1;y&#xfffe;</string>", doctype: true))
        let format = try await onOwnThread { try Binary.run(["format", messy.path]) }
        #expect(format.status == 0, "\(format.stderr)")
        #expect(
            try String(contentsOf: messy, encoding: .utf8)
                == PlistText.dictionary("\t<key>K</key>\n\t<string>x&#1;y&#xFFFE;</string>", doctype: true))

        // A reference to no character at all stays an error, and says why.
        let surrogate = try dir.write("s.plist", PlistText.dictionary("\t<key>K</key>\n\t<string>&#xD800;</string>"))
        let bad = try await onOwnThread { try Binary.run(["check", surrogate.path]) }
        #expect(bad.stdout.contains("error: &#xD800; refers to no character (a UTF-16 surrogate)"), "\(bad.stdout)")
        // A raw control character is named too.
        let raw = try dir.write("r.plist", PlistText.dictionary("\t<key>K</key>\n\t<string>a\u{7}b</string>"))
        let rawCheck = try await onOwnThread { try Binary.run(["check", raw.path]) }
        #expect(
            rawCheck.stdout.contains(
                "error: Control character U+0007 (ALERT) is not allowed in XML: write it as &#7; [xml-invalid-character]"),
            "\(rawCheck.stdout)")
    }

    /// A string that starts with U+FEFF keeps it through XML → binary → XML; the file's own byte
    /// order mark is still one.
    @Test func aLeadingZeroWidthNoBreakSpaceSurvivesEveryRead() async throws {
        let dir = try TemporaryDirectory()
        let text = "\u{FEFF}" + PlistText.dictionary("\t<key>\u{FEFF}K</key>\n\t<string>\u{FEFF}v\u{FEFF}</string>", doctype: true)
        let source = try dir.write("source.plist", text)
        let binary = dir.url.appendingPathComponent("b.plist")
        let toBinary = try await onOwnThread { try Binary.run(["convert", "--to", "binary1", "-o", binary.path, source.path]) }
        #expect(toBinary.status == 0, "\(toBinary.stderr)")
        let back = try await onOwnThread { try Binary.run(["convert", "--to", "xml1", "-o", "-", binary.path]) }
        #expect(back.stdout == String(text.dropFirst()), "\(back.stdout.debugDescription)")
        let json = try await onOwnThread { try Binary.run(["convert", "--to", "json", "-o", "-", source.path]) }
        #expect(json.stdout == "{\"\u{FEFF}K\":\"\u{FEFF}v\u{FEFF}\"}\n", "\(json.stdout.debugDescription)")
    }

    static func utf16(_ text: String, bigEndian: Bool = false) -> [UInt8] {
        (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
            + Array(text.utf16).flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    /// UTF-16 with a byte order mark, declared `encoding="UTF-16"`, is read (as plistlib and
    /// Foundation read it); UTF-8 bytes declared UTF-16 are reported.
    @Test func aUTF16PlistDeclaringUTF16IsRead() async throws {
        let dir = try TemporaryDirectory()
        let body =
            "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<string>é€😀</string>\n</dict>\n</plist>\n"
        let le = try dir.write("le.plist", Self.utf16("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + body))
        let be = try dir.write("be.plist", Self.utf16("<?xml version=\"1.0\" encoding=\"utf-16\"?>\n" + body, bigEndian: true))
        let check = try await onOwnThread { try Binary.run(["check", le.path, be.path]) }
        #expect(check.status == 0 && check.stdout.isEmpty, "\(check.stdout)")
        for file in [le, be] {
            let json = try await onOwnThread { try Binary.run(["convert", "--to", "json", "-o", "-", file.path]) }
            #expect(json.status == 0 && json.stdout == "{\"A\":\"é€😀\"}\n", "\(json.stderr)")
        }
        let mislabelled = try dir.write("m.plist", "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + body)
        let wrong = try await onOwnThread { try Binary.run(["check", mislabelled.path]) }
        #expect(
            wrong.stdout.contains(
                "\(mislabelled.path):1:1: error: The declaration says 'UTF-16' but the file has no UTF-16 byte order mark"),
            "\(wrong.stdout)")
        let refused = try await onOwnThread { try Binary.run(["convert", "--to", "json", "-o", "-", mislabelled.path]) }
        #expect(
            refused.status == 2 && refused.stderr.contains("the declaration says 'UTF-16' but the file has no UTF-16 byte order mark"),
            "\(refused.stderr)")
        let shiftJIS = try dir.write("j.plist", "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n" + body)
        let unsupported = try await onOwnThread { try Binary.run(["check", shiftJIS.path]) }
        #expect(unsupported.stdout.contains("Encoding 'Shift_JIS' is not supported"), "\(unsupported.stdout)")
    }

    /// UTF-16 XML without a byte order mark (told by `<?` as UTF-16, the XML specification's
    /// appendix F) and declarations naming a byte order (`UTF-16LE`, `UTF-16BE`): read as
    /// plistlib (expat) and xmllint (libxml2) read them, each case compared with both in this
    /// run; a declared byte order the bytes contradict is refused, as both refuse it, and so is
    /// mark-less UTF-16 declared UTF-8 (plistlib refuses it; xmllint believes the bytes).
    /// Failed before: mark-less UTF-16 was read as UTF-8 (not XML), `UTF-16LE` was "not supported".
    @Test(.enabled(if: ReferenceTools.runXMLReferenceTests, ReferenceTools.xmlReferenceSkipNote))
    func utf16WithoutAByteOrderMarkAndWithAByteOrderInItsNameIsReadAsPlistlibAndXmllintReadIt() async throws {
        let dir = try TemporaryDirectory()
        let body =
            "<plist version=\"1.0\">\n<dict>\n\t<key>caf\u{E9}</key>\n\t<string>\u{516D} e\u{301} \u{1F600}</string>\n</dict>\n</plist>\n"
        func bytes(_ declared: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
            let all = Self.utf16("<?xml version=\"1.0\" encoding=\"\(declared)\"?>\n" + body, bigEndian: bigEndian)
            return mark ? all : Array(all.dropFirst(2))
        }
        let cases: [(name: String, bytes: [UInt8], read: Bool)] = [
            ("le-no-mark", bytes("UTF-16", bigEndian: false, mark: false), true),
            ("be-no-mark", bytes("UTF-16", bigEndian: true, mark: false), true),
            ("le-no-mark-named", bytes("UTF-16LE", bigEndian: false, mark: false), true),
            ("be-no-mark-named", bytes("utf-16be", bigEndian: true, mark: false), true),
            ("le-mark-named", bytes("UTF-16LE", bigEndian: false, mark: true), true),
            ("be-mark-named", bytes("UTF-16BE", bigEndian: true, mark: true), true),
            ("be-no-mark-named-le", bytes("UTF-16LE", bigEndian: true, mark: false), false),
            ("le-mark-named-be", bytes("UTF-16BE", bigEndian: false, mark: true), false),
            ("le-no-mark-named-utf8", bytes("UTF-8", bigEndian: false, mark: false), false),
        ]
        let python = try #require(ReferenceTools.python3), xmllint = try #require(ReferenceTools.xmllint)
        let script =
            "import sys, json, plistlib; print(json.dumps(plistlib.loads(sys.stdin.buffer.read(), fmt=plistlib.FMT_XML), ensure_ascii=False, separators=(',', ':')))"
        for c in cases {
            let file = try dir.write("\(c.name).plist", c.bytes)
            let plistlib = try? String(decoding: ReferenceTools.run(python, ["-c", script], input: c.bytes), as: UTF8.self)
            let libxml2 = (try? ReferenceTools.run(xmllint, ["--noout", file.path])) != nil
            let check = try await onOwnThread { try Binary.run(["check", file.path]) }
            let json = try await onOwnThread { try Binary.run(["convert", "--to", "json", "-o", "-", file.path]) }
            if c.read {
                #expect(plistlib != nil && libxml2, "\(c.name): the references disagree with the case")
                #expect(check.status == 0 && check.stdout.isEmpty, "\(c.name): \(check.stdout)")
                #expect(
                    json.status == 0 && json.stdout == plistlib,
                    "\(c.name): \(json.stdout) \(json.stderr) against plistlib's \(plistlib ?? "refusal")")
            } else {
                #expect(plistlib == nil, "\(c.name): plistlib read it")
                if c.name != "le-no-mark-named-utf8" { #expect(!libxml2, "\(c.name): xmllint read it") }
                #expect(check.status != 0 && check.stdout.contains("error: The declaration says"), "\(c.name): \(check.stdout)")
                #expect(json.status == 2 && json.stderr.contains("the declaration says"), "\(c.name): \(json.stderr)")
            }
        }
    }

    /// UTF-16 JSON converts as its UTF-8 form does, not as "an OpenStep plist".
    @Test func aUTF16JSONPlistConverts() async throws {
        let dir = try TemporaryDirectory()
        let json = "{\"A\": [1, \"é😀\"], \"B\": true}"
        for (n, bytes) in [Self.utf16(json), Self.utf16(json, bigEndian: true)].enumerated() {
            let file = try dir.write("\(n).json", bytes)
            let r = try await onOwnThread { try Binary.run(["convert", "--to", "xml1", "-o", "-", file.path]) }
            #expect(r.status == 0, "\(r.stderr)")
            #expect(
                r.stdout
                    == PlistText.dictionary(
                        "\t<key>A</key>\n\t<array>\n\t\t<integer>1</integer>\n\t\t<string>é😀</string>\n\t</array>\n\t<key>B</key>\n\t<true/>",
                        doctype: true), "\(r.stdout)")
        }
    }

    /// A UTF-16 strings table that starts with `{` or `(` is read as its text, as its UTF-8 twin is.
    @Test(arguments: [
        "{\n\"CFBundleDisplayName\" = \"Appli\"\n\"NSCameraUsageDescription\" = \"Cam\";\n}\n", "(\"CFBundleDisplayName\" = \"Appli\";\n",
    ])
    func aUTF16StringsTableStartingWithABraceIsReadAsText(_ table: String) async throws {
        let dir = try TemporaryDirectory()
        let utf8 = try dir.write("utf8/fr.lproj/InfoPlist.strings", table)
        let utf16 = try dir.write("utf16/fr.lproj/InfoPlist.strings", Self.utf16(table))
        let a = try await onOwnThread { try Binary.run(["check", utf8.path]) }
        let b = try await onOwnThread { try Binary.run(["check", utf16.path]) }
        let strip = { (s: String, dir: String) in s.replacingOccurrences(of: dir, with: "") }
        #expect(!a.stdout.isEmpty)
        #expect(strip(a.stdout, "/utf8/") == strip(b.stdout, "/utf16/"), "UTF-8: \(a.stdout)\nUTF-16: \(b.stdout)")
        #expect(!b.stdout.contains("\u{FFFD}") && !b.stdout.contains("\\0"), "\(b.stdout)")
    }

    /// `<integer> 12</integer>` is 12 (Core Foundation skips the blanks, and so does plistlib);
    /// a blank after the sign is read by Foundation and refused by plistlib: a warning.
    @Test func anIntegerWithLeadingBlanksIsAnInteger() async throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write(
            "i.plist",
            PlistText.dictionary(
                "\t<key>A</key>\n\t<integer> 12</integer>\n\t<key>B</key>\n\t<integer>\n\t\t-0x1F</integer>\n\t<key>C</key>\n\t<integer>- 7</integer>\n\t<key>D</key>\n\t<integer>5 </integer>"
            ))
        let check = try await onOwnThread { try Binary.run(["check", file.path]) }
        #expect(!check.stdout.contains("not an integer"), "\(check.stdout)")
        #expect(
            check.stdout.contains(
                "\(file.path):10:11: warning: A blank after the sign: Foundation reads -7, Python's plistlib refuses the file; write -7 [plist-invalid-integer]"
            ), "\(check.stdout)")
        #expect(
            check.stdout.contains(
                "\(file.path):12:11: error: '5' is followed by blanks, which Foundation refuses in an <integer> (blanks before it are read) [plist-invalid-integer]"
            ), "\(check.stdout)")
        let good = try dir.write(
            "g.plist", PlistText.dictionary("\t<key>A</key>\n\t<integer> 12</integer>\n\t<key>B</key>\n\t<integer>\n\t\t-0x1F</integer>"))
        let json = try await onOwnThread { try Binary.run(["convert", "--to", "json", "-o", "-", good.path]) }
        #expect(json.stdout == "{\"A\":12,\"B\":-31}\n", "\(json.stderr)")
    }

    /// `<data>AAECAw</data>`: Core Foundation reads three bytes (the last, incomplete group is
    /// dropped); plistlib refuses it. A warning says both, and how to keep four bytes.
    @Test func unpaddedBase64IsReadAsFoundationReadsItWithAWarning() async throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write(
            "d.plist",
            PlistText.dictionary(
                "\t<key>A</key>\n\t<data>AAECAw</data>\n\t<key>B</key>\n\t<data>AAECAwQ</data>\n\t<key>C</key>\n\t<data>AAECAw==</data>"))
        let check = try await onOwnThread { try Binary.run(["check", file.path]) }
        #expect(
            check.stdout.contains(
                "\(file.path):5:8: warning: Base64 without its full '=' padding (6 characters, not a multiple of 4): Foundation ignores the last 2 and reads 3 bytes, Python's plistlib refuses the file; end it with '==' to keep all 4 bytes [plist-invalid-data]"
            ), "\(check.stdout)")
        #expect(
            check.stdout.contains(
                "\(file.path):7:8: warning: Base64 without its full '=' padding (7 characters, not a multiple of 4): Foundation ignores the last 3 and reads 3 bytes, Python's plistlib refuses the file; end it with '=' to keep all 5 bytes [plist-invalid-data]"
            ), "\(check.stdout)")
        #expect(!check.stdout.contains(":9:"), "\(check.stdout)")
        let xml = try await onOwnThread { try Binary.run(["convert", "--to", "xml1", "-o", "-", file.path]) }
        #expect(
            xml.stdout
                == PlistText.dictionary(
                    "\t<key>A</key>\n\t<data>\n\tAAEC\n\t</data>\n\t<key>B</key>\n\t<data>\n\tAAEC\n\t</data>\n\t<key>C</key>\n\t<data>\n\tAAECAw==\n\t</data>",
                    doctype: true), "\(xml.stdout)")
    }
}
