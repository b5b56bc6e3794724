// The parser keeps every byte, never fails, and recovers from what a person types.
import Testing
@testable import PlistSyntax
import PlistTestSupport

/// Checks that a node's children tile its content exactly, recursively.
func checkTiling(_ e: SyntaxElement, _ text: [UInt8]) -> String? {
    guard let node = e.node else { return nil }
    var cursor = e.start + Int(e.entry.startTagWidth)
    for c in e.children {
        if c.start != cursor { return "gap or overlap at \(cursor) (child at \(c.start))" }
        if let err = checkTiling(c, text) { return err }
        cursor = c.end
    }
    let contentEnd = e.end - Int(e.entry.endTagWidth)
    if cursor != contentEnd { return "children end at \(cursor), content ends at \(contentEnd)" }
    _ = node
    return nil
}

func parse(_ s: String) -> SyntaxTree { SyntaxTree.parse(s) }

func codes(_ s: String) -> [String] {
    let doc = PlistDocument(parse(s))
    return doc.allProblems.map(\.code.rawValue)
}

let header =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"

@Suite struct ParserTests {
    @Test func wellFormedPlistHasNoProblems() {
        let s =
            header
            + "<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleName</key>\n\t<string>A &amp; B</string>\n\t<key>N</key>\n\t<integer>-42</integer>\n\t<key>Flag</key>\n\t<true/>\n</dict>\n</plist>\n"
        let tree = parse(s)
        #expect(tree.isWellFormed)
        #expect(tree.syntaxErrors.isEmpty)
        let doc = PlistDocument(tree)
        #expect(doc.problems.isEmpty)
        #expect(
            doc.value
                == .dictionary([
                    .init(key: "CFBundleName", value: .string("A & B")),
                    .init(key: "N", value: .integer(PlistInteger(isNegative: true, magnitude: 42))),
                    .init(key: "Flag", value: .bool(true)),
                ]))
        #expect(checkTiling(tree.document, tree.text.bytes) == nil)
    }

    @Test func everyByteIsKept() {
        let inputs = [
            "\u{FEFF}" + header + "<!-- c --><plist><dict><key>a</key><string><![CDATA[<x>]]></string><?pi x?></dict></plist>\n",
            "<plist><dict><key>NSCam",
            "<ke",
            "garbage < & > ]]> \u{1} é",
            "",
            "<plist><dict><key>a</key><strng>x</string></dict>",
        ]
        for s in inputs {
            let tree = parse(s)
            #expect(checkTiling(tree.document, tree.text.bytes) == nil, "\(s)")
            let total = tree.document.children.reduce(0) { $0 + Int($1.entry.width) }
            #expect(total == tree.text.count)
        }
    }

    @Test func unclosedTagAtEndOfFile() {
        let s = header + "<plist version=\"1.0\">\n<dict>\n\t<key>NSCam"
        let tree = parse(s)
        #expect(!tree.isWellFormed)
        let errs = tree.syntaxErrors
        #expect(errs.map(\.code.rawValue).contains("xml-unclosed-tag"))
        let doc = PlistDocument(tree)
        #expect(doc.root?.kind == .dictionary)
        #expect(doc.root?.entries.first?.key?.text == "NSCam")
    }

    @Test func halfTypedKeyDoesNotSwallowTheRestOfTheDictionary() {
        let s = "<plist><dict>\n<key>NSCam\n<key>B</key>\n<string>v</string>\n</dict></plist>"
        let doc = PlistDocument(parse(s))
        #expect(doc.root?.keys == ["NSCam", "B"])
        #expect(doc.root?.value(forKey: "B")?.text == "v")
        #expect(doc.allProblems.map(\.code.rawValue).contains("xml-unclosed-tag"))
        #expect(doc.allProblems.map(\.code.rawValue).contains("plist-key-without-value"))
    }

    @Test func elementInsideAClosedScalarNestsAsXMLDoes() {
        // Well-formed XML: the key holds an element. The verdict must stay XML's; the plist layer complains.
        let doc = PlistDocument(parse("<plist><dict><key>a<true/>b</key><string>x</string></dict></plist>"))
        #expect(doc.tree.isWellFormed)
        #expect(doc.root?.keys == ["ab"])
        #expect(doc.allProblems.map(\.code.rawValue) == ["plist-element-in-scalar"])
    }

    @Test func mismatchedCloseTagClosesTheScalar() {
        let doc = PlistDocument(parse("<plist><dict><key>a</key><string>x</strng><key>b</key><true/></dict></plist>"))
        #expect(doc.root?.keys == ["a", "b"])
        #expect(doc.allProblems.map(\.code.rawValue) == ["xml-mismatched-tag"])
    }

    @Test func missingDictCloseAtEnd() {
        let doc = PlistDocument(parse("<plist><dict><key>a</key><string>x</string>\n</plist>"))
        #expect(doc.root?.keys == ["a"])
        #expect(doc.allProblems.map(\.code.rawValue) == ["xml-unclosed-tag"])
    }

    @Test func plistStructureProblems() {
        #expect(codes("<plist><dict><key>a</key></dict></plist>") == ["plist-key-without-value"])
        #expect(codes("<plist><dict><string>x</string></dict></plist>") == ["plist-value-without-key"])
        #expect(codes("<plist><array><key>a</key></array></plist>") == ["plist-key-in-array"])
        #expect(codes("<plist><dict><key>a</key><foo/></dict></plist>") == ["plist-unknown-element"])
        #expect(codes("<plist><dict>stray<key>a</key><true/></dict></plist>") == ["plist-stray-text"])
        #expect(codes("<plist></plist>") == ["plist-empty-root"])
        #expect(codes("<plist><dict/><dict/></plist>") == ["plist-extra-root-value"])
        #expect(codes("<plist><dict><key>a</key><integer>1.5</integer></dict></plist>") == ["plist-invalid-integer"])
        #expect(codes("<plist><dict><key>a</key><date>2020-13-01T00:00:00Z</date></dict></plist>") == ["plist-invalid-date"])
        #expect(codes("<plist><dict><key>a</key><data>!!</data></dict></plist>") == ["plist-invalid-data"])
        #expect(codes("<plist><dict><key>a</key><real>x</real></dict></plist>") == ["plist-invalid-real"])
        #expect(codes("<plist><dict><key>a</key><true>yes</true></dict></plist>") == ["plist-boolean-content"])
    }

    @Test func xmlProblems() {
        #expect(codes("<plist><dict><key>a &b</key><true/></dict></plist>").contains("xml-invalid-reference"))
        #expect(codes("<plist><dict><key>a &nbsp;</key><true/></dict></plist>").contains("xml-undefined-entity"))
        #expect(codes("<plist><dict></dict></plist></dict>") == ["xml-stray-end-tag"])
        #expect(codes("<plist><dict/></plist>\n<dict/>").contains("xml-extra-content"))
        #expect(codes("<!-- x -->\n<?xml version=\"1.0\"?><plist><dict/></plist>").contains("xml-declaration-misplaced"))
        #expect(codes("<?xml version=\"1.0\" encoding=\"latin1\"?><plist><dict/></plist>") == ["xml-unsupported-encoding"])
        #expect(codes("<plist><dict><!-- a -- b --></dict></plist>") == ["xml-comment-double-hyphen"])
        #expect(codes("hello") == ["xml-text-outside-root"])
        #expect(codes("") == ["xml-no-root"])
        #expect(codes("<key>a</key><true/><key>b</key><true/>") == ["plist-missing-plist-element", "xml-extra-content"])
        #expect(codes("<plist a='1' a='2'><dict/></plist>") == ["xml-malformed-tag"])
    }

    @Test func undeclaredEntityDependsOnTheDoctype() {
        // With an external subset (which we never load) an unknown entity is a validity issue only.
        let withDTD = PlistDocument(parse(header + "<plist><dict><key>a</key><string>&custom;</string></dict></plist>"))
        #expect(withDTD.tree.isWellFormed)
        #expect(withDTD.root?.value(forKey: "a")?.text == "&custom;")
        #expect(!parse("<plist><dict><key>a</key><string>&custom;</string></dict></plist>").isWellFormed)
        let declared = parse("<!DOCTYPE plist [<!ENTITY custom \"x\">]><plist><string>&custom;</string></plist>")
        #expect(declared.isWellFormed)
    }

    @Test func whatFoundationRefusesIsAnError() {
        #expect(codes("<plist><dict><key>a</key><string>x<!-- c -->y</string></dict></plist>") == ["plist-markup-in-value"])
        #expect(codes("<plist><dict><key>a</key><string>x<?pi?>y</string></dict></plist>") == ["plist-markup-in-value"])
        #expect(codes(header + "<plist><dict><key>a</key><string>&custom;</string></dict></plist>") == ["plist-unknown-entity"])
        #expect(codes("<plist><dict><key>a</key><integer> 5 </integer></dict></plist>") == ["plist-invalid-integer"])
        #expect(codes("<plist><dict><key>a</key><string>&lt;&#x41;</string></dict></plist>").isEmpty)
        #expect(codes("<!DOCTYPE plist SYSTEM \"http://x/<true/>.dtd\"><plist><dict/></plist>") == ["plist-doctype-unreadable"])
    }

    @Test func doctypeEntityRules() {
        #expect(!parse("<!DOCTYPE plist [ %pe; ]><plist/>").isWellFormed)
        #expect(parse("<!DOCTYPE plist [<!ENTITY % pe \"\"> %pe; ]><plist/>").isWellFormed)
        #expect(parse("<!DOCTYPE plist SYSTEM \"x\" [ %pe; ]><plist/>").isWellFormed)
        #expect(!parse("<!DOCTYPE plist [<!ENTITY e SYSTEM \"x\" NDATA n>]><plist>&e;</plist>").isWellFormed)
    }

    @Test func typedValues() {
        let s =
            "<plist><dict><key>i</key><integer>0x1F</integer><key>big</key><integer>18446744073709551615</integer><key>r</key><real>-1.5e3</real><key>d</key><date>2001-01-01T00:00:00Z</date><key>b</key><data>\n\tAAEC\n\tAw==\n</data><key>s</key><string>&#x41;&#66;<![CDATA[<&>]]></string></dict></plist>"
        let doc = PlistDocument(parse(s))
        #expect(doc.tree.isWellFormed)
        #expect(doc.problems.isEmpty)
        #expect(
            doc.value
                == .dictionary([
                    .init(key: "i", value: .integer(PlistInteger(isNegative: false, magnitude: 31))),
                    .init(key: "big", value: .integer(PlistInteger(isNegative: false, magnitude: UInt64.max))),
                    .init(key: "r", value: .real(-1500)),
                    .init(key: "d", value: .date(PlistDate(secondsSince1970: 978_307_200))),
                    .init(key: "b", value: .data([0, 1, 2, 3])),
                    .init(key: "s", value: .string("AB<&>")),
                ]))
    }

    @Test func keyPathsAndCursor() {
        let (s, at) = markedText(
            "<plist><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict><key>example.com</key><dict><key>NSIncludes1️⃣Subdomains</key><true/>\n2️⃣</dict></dict></dict></dict></plist>"
        )
        let doc = PlistDocument(parse(s))
        let ctx = doc.context(at: at[0])
        guard case .key(let dict, let i) = ctx.place else { Issue.record("not a key: \(ctx.place)"); return }
        #expect(dict.entries[i].key?.text == "NSIncludesSubdomains")
        #expect(ctx.path.displayString == "NSAppTransportSecurity › NSExceptionDomains › example.com")
        let gap = doc.context(at: at[1])
        guard case .dictionaryGap(_, let index) = gap.place else { Issue.record("not a gap: \(gap.place)"); return }
        #expect(index == 1)
        #expect(gap.path.count == 3)
    }

    @Test func cursorPlacesAroundAnEntry() {
        let (s, at) = markedText("<plist><dict>1️⃣<key>2️⃣A3️⃣</key><str4️⃣ing>x5️⃣</string></dict></plist>")
        let doc = PlistDocument(parse(s))
        if case .dictionaryGap(_, 0) = doc.context(at: at[0]).place {} else { Issue.record("1: \(doc.context(at: at[0]).place)") }
        if case .key = doc.context(at: at[1]).place {} else { Issue.record("2") }
        if case .key = doc.context(at: at[2]).place {} else { Issue.record("3") }
        if case .tagName(_, false) = doc.context(at: at[3]).place {} else { Issue.record("4") }
        if case .value(let v) = doc.context(at: at[4]).place { #expect(v.text == "x") } else { Issue.record("5") }
        #expect(doc.context(at: at[4]).path == [.key("A")])
    }

    @Test func cursorInHalfTypedTagName() {
        let s = "<plist><dict>\n<ke"
        let doc = PlistDocument(parse(s))
        let ctx = doc.context(at: s.utf8.count)
        guard case .tagName(let e, false) = ctx.place else { Issue.record("\(ctx.place)"); return }
        #expect(doc.tree.string(e.nameRange(in: doc.tree.text)) == "ke")
    }
}

@Suite struct Base64Tests {
    @Test func validationAgreesWithDecoding() {
        for s in ["", "AAEC", "AAEC\n\tAw==", "AA=C", "!!", "AA===", "QUJD RA==", "A", "AAE=", "Zm9v\r\n"] {
            #expect(ValueDecoder.isValidBase64(s) == (ValueDecoder.data(s) != nil), "\(s.debugDescription)")
        }
    }
}
