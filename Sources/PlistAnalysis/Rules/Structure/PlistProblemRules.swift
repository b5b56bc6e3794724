// Property-list structure rules found while building the typed view (`plist-*` from the parser):
// the XML is well-formed, but it is not a property list Foundation reads as written.
import PlistSyntax

private let valid = ExampleText.validInfoPlist
private func dict(_ body: String) -> String { ExampleText.dict(body) }

/// `<key>x</key>` as an array item becomes `<string>x</string>`.
private func keyToString(_ p: SyntaxProblem, _ c: RuleContext) -> [Fix] {
    let tree = c.document.tree
    guard let e = element(startingAt: p.range.lowerBound, in: tree), e.tag == .key, let end = e.endTagRange,
          !e.flags.contains(.selfClosing) else { return [] }
    // Safe only inside an array whose end tag is there: inside an array the parser had to close,
    // the key is more likely an entry of the dictionary the array's missing end tag would return
    // to than an item (docs/safe-fixes.md).
    let arrayIsClosed = tree.entries(at: e.start).dropLast().last { $0.kind == .element }.map { !$0.flags.contains(.endTagMissing) } ?? false
    return [Fix(title: "Change <key> to <string>",
                edits: [TextReplacement(range: e.startTagRange, newText: "<string>"), TextReplacement(range: end, newText: "</string>")],
                isPreferred: true, isSafe: arrayIsClosed)]
}

extension ParserProblemRule {
    /// The `plist-*` rules the parser finds.
    static let structure: [ParserProblemRule] = [
        ParserProblemRule(
            code: .plistKeyWithoutValue, title: "A key without a value",
            rationale: "Every `<key>` in a `<dict>` must be followed by exactly one value. Foundation refuses the whole file otherwise.",
            category: .structure,
            examples: [.triggering(dict("\t<key>CFBundleName</key>\n")), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .plistValueWithoutKey, title: "A value without a key",
            rationale: "Inside a `<dict>`, every value needs a `<key>` before it.",
            category: .structure,
            examples: [.triggering(dict("\t<string>Demo</string>\n")), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .plistKeyInArray, title: "A <key> used as an array item",
            rationale: "Arrays hold values; `<key>` is only valid inside `<dict>`. The fix turns it into a `<string>`.",
            category: .structure,
            examples: [
                .triggering(dict("\t<key>A</key>\n\t<array>\n\t\t<key>x</key>\n\t</array>\n"), fixed: dict("\t<key>A</key>\n\t<array>\n\t\t<string>x</string>\n\t</array>\n")),
                .nonTriggering(dict("\t<key>A</key>\n\t<array>\n\t\t<string>x</string>\n\t</array>\n")),
            ],
            fixes: keyToString),
        ParserProblemRule(
            code: .plistUnknownElement, title: "An element that is not a property-list element",
            rationale: "Only `dict`, `array`, `key`, `string`, `integer`, `real`, `true`, `false`, `date` and `data` exist in a property list.",
            category: .structure,
            examples: [.triggering(dict("\t<key>A</key>\n\t<bool>true</bool>\n")), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .plistStrayText, title: "Text directly inside a container",
            rationale: "Text between the entries of a `<dict>` or `<array>` is not part of any value.",
            category: .structure,
            examples: [.triggering(dict("\thello\n\t<key>A</key>\n\t<string>x</string>\n")), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .plistEmptyRoot, title: "<plist> holds no value",
            rationale: "A property list holds exactly one value, normally a `<dict>`.",
            category: .structure,
            examples: [.triggering("<plist version=\"1.0\">\n</plist>\n"), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .plistExtraRootValue, title: "<plist> holds more than one value",
            rationale: "Only the first value of `<plist>` is read; the others are silently ignored.",
            category: .structure,
            examples: [.triggering("<plist version=\"1.0\">\n<dict/>\n<dict/>\n</plist>\n"), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .plistMissingPlistElement, title: "No <plist> root element",
            rationale: "A property list is wrapped in `<plist version=\"1.0\">`. A bare `<dict>` is read by some tools but not all; several bare values are a fragment.",
            category: .structure,
            examples: [.triggering("<dict>\n\t<key>A</key>\n\t<string>x</string>\n</dict>\n"), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .plistNoRoot, title: "The root element is not a property list",
            rationale: "The file is XML, but its root element is neither `<plist>` nor a plist value.",
            category: .structure,
            examples: [.triggering("<html>\n</html>\n"), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .plistInvalidInteger, title: "An <integer> that does not decode",
            rationale: "Integers are decimal (optionally signed) or `0x` hexadecimal, from −2⁶³ to 2⁶⁴−1. Anything else makes Foundation refuse the file.",
            category: .structure,
            examples: [.triggering(dict("\t<key>A</key>\n\t<integer>12px</integer>\n")), .nonTriggering(dict("\t<key>A</key>\n\t<integer>-12</integer>\n"))]),
        ParserProblemRule(
            code: .plistInvalidReal, title: "A <real> that does not decode",
            rationale: "Reals use a decimal point (`1.5`, `1e3`, `nan`, `inf`), never a comma.",
            category: .structure,
            examples: [.triggering(dict("\t<key>A</key>\n\t<real>1,5</real>\n")), .nonTriggering(dict("\t<key>A</key>\n\t<real>1.5</real>\n"))]),
        ParserProblemRule(
            code: .plistInvalidDate, title: "A <date> that does not decode",
            rationale: "Dates are written `YYYY-MM-DDTHH:MM:SSZ`, in UTC.",
            category: .structure,
            examples: [.triggering(dict("\t<key>A</key>\n\t<date>2024-01-02</date>\n")), .nonTriggering(dict("\t<key>A</key>\n\t<date>2024-01-02T03:04:05Z</date>\n"))]),
        ParserProblemRule(
            code: .plistInvalidData, title: "A <data> that is not base64",
            rationale: "`<data>` holds base64 text (`A–Z a–z 0–9 + / =` and white space).",
            category: .structure,
            examples: [.triggering(dict("\t<key>A</key>\n\t<data>not base64!</data>\n")), .nonTriggering(dict("\t<key>A</key>\n\t<data>aGVsbG8=</data>\n"))]),
        ParserProblemRule(
            code: .plistBooleanContent, title: "A boolean with content",
            rationale: "`<true/>` and `<false/>` are empty elements; text inside them is ignored or rejected.",
            category: .structure,
            examples: [.triggering(dict("\t<key>A</key>\n\t<true>yes</true>\n")), .nonTriggering(dict("\t<key>A</key>\n\t<true/>\n"))]),
        ParserProblemRule(
            code: .plistElementInScalar, title: "An element inside a key or scalar value",
            rationale: "Keys, strings and numbers hold text only; markup inside them (`<string><b>x</b></string>`) is not a property list.",
            category: .structure,
            examples: [.triggering(dict("\t<key>A</key>\n\t<string><b>x</b></string>\n")), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .plistMarkupInValue, title: "A comment or processing instruction inside a value",
            rationale: "XML allows it, but Core Foundation's reader stops at it and the whole file fails to load at run time.",
            category: .structure,
            examples: [.triggering(dict("\t<key>A</key>\n\t<string>x<!-- note -->y</string>\n")),
                       .nonTriggering(dict("\t<!-- note -->\n\t<key>A</key>\n\t<string>xy</string>\n"))]),
        ParserProblemRule(
            code: .plistUnknownEntity, title: "An entity Foundation does not know",
            rationale: "Only `&lt; &gt; &amp; &apos; &quot;` and character references load; any other entity, even one the DOCTYPE declares, makes the file unreadable.",
            category: .structure,
            examples: [.triggering("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist SYSTEM \"x.dtd\">\n<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<string>&nbsp;</string>\n</dict>\n</plist>\n"),
                       .nonTriggering(dict("\t<key>A</key>\n\t<string>&amp;&#xA0;</string>\n"))]),
        ParserProblemRule(
            code: .plistDoctypeUnreadable, title: "A DOCTYPE Foundation cannot skip",
            rationale: "Core Foundation skips the DOCTYPE by reading to its first `>` and refuses a `<` inside it, so identifiers holding either make the file unreadable.",
            category: .structure,
            examples: [.triggering("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist SYSTEM \"http://example.com/a>b.dtd\">\n<plist version=\"1.0\">\n<dict/>\n</plist>\n"),
                       .nonTriggering(valid)]),
        ParserProblemRule(
            code: .plistAttributeUnreadable, title: "A '>' inside an attribute value",
            rationale: "XML allows `>` in an attribute value, but Core Foundation ends a tag at its first `>` and reads the rest as content, so the file fails to load (or a value changes). Write `&gt;`.",
            category: .structure,
            examples: [.triggering("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.>0\">\n<dict/>\n</plist>\n"),
                       .nonTriggering(valid)]),
        ParserProblemRule(
            code: .plistTooDeep, title: "Values nested too deep",
            rationale: "Containers nested more than \(PlistDocument.maximumDepth) levels deep are not read: no real property list comes close, and a file that does is built to exhaust a reader's stack.",
            category: .structure,
            examples: [.triggering(dict("\t<key>A</key>\n" + String(repeating: "<array>", count: PlistDocument.maximumDepth) + String(repeating: "</array>", count: PlistDocument.maximumDepth) + "\n")),
                       .nonTriggering(valid)]),
    ]
}

extension FileFormatRule {
    /// The pre-parse checks.
    static let all: [FileFormatRule] = [
        FileFormatRule(id: "file-binary-plist", title: "A binary property list",
                       rationale: "plist-lsp reads XML property lists. Convert with `plutil -convert xml1 FILE` to edit the file as text.",
                       examples: [.triggering("bplist00\u{1}\u{2}"), .nonTriggering(valid)]),
        FileFormatRule(id: "file-openstep-or-json", title: "An OpenStep (old-style) or JSON property list",
                       rationale: "Only the XML format is checked. Convert with `plutil -convert xml1 FILE`.",
                       examples: [.triggering("{ CFBundleName = Demo; }\n"), .nonTriggering(valid)]),
        FileFormatRule(id: "file-empty", title: "An empty file",
                       rationale: "An empty file is not a property list; Info.plist needs at least `<plist version=\"1.0\"><dict/></plist>`.",
                       examples: [.triggering(""), .nonTriggering(valid)]),
        FileFormatRule(id: "file-invalid-encoding", title: "UTF-16 that does not decode",
                       rationale: "A file starting with a UTF-16 byte order mark must be valid UTF-16. (Its examples cannot be written as text; the decoder's tests cover it.)",
                       examples: [.nonTriggering(valid)]),
    ]
}
