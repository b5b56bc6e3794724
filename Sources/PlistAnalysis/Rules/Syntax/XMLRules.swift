// XML well-formedness rules (`xml-*`): a file that is not well-formed XML is not read at all by
// Foundation, so every one of these is an error. Findings come from the tolerant parser.
import PlistSyntax

private let valid = ExampleText.validInfoPlist
private func dict(_ body: String) -> String { ExampleText.dict(body) }

/// The element whose start tag begins at `offset`.
func element(startingAt offset: Int, in tree: SyntaxTree) -> SyntaxElement? {
    tree.entries(at: offset).last { $0.start == offset && $0.kind == .element }
}

/// The element whose end tag is `range`.
func element(withEndTag range: Range<Int>, in tree: SyntaxTree) -> SyntaxElement? {
    tree.entries(at: range.lowerBound).last { $0.kind == .element && $0.endTagRange == range }
}

private func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

/// `</name>` inserted where the unclosed element's content ends.
private func closeTag(_ p: SyntaxProblem, _ c: RuleContext) -> [Fix] {
    let tree = c.document.tree
    guard let e = element(startingAt: p.range.lowerBound, in: tree), e.endTagRange == nil else { return [] }
    let name = tree.string(e.nameRange(in: tree.text))
    guard !name.isEmpty, name.utf8.allSatisfy({ $0 != 0x3C && $0 != 0x3E && !isBlank($0) }) else { return [] }
    var at = e.end
    while at > e.startTagRange.upperBound && isBlank(tree.text[at - 1]) { at -= 1 }
    // An unterminated comment, CDATA section or PI runs to the end of the file and would swallow
    // the end tag too: that problem (its own diagnostic) must be fixed first.
    if at > 0, let last = tree.entries(at: at - 1).last, last.flags.contains(.unterminated) { return [] }
    let edits = EditBuilder(tree.text)
    let isScalar = e.tag.isScalar || e.tag == .key
    let newText = isScalar ? "</\(name)>" : edits.lineEnding + edits.indentation(ofLineAt: e.start) + "</\(name)>"
    // A container's end is certain only where indentation shows it (docs/safe-fixes.md); elsewhere
    // the fix is offered, and fix-all leaves the file for the author.
    let safe = isScalar || indentationShowsEnd(of: e, at: at, edits)
    return [Fix(title: "Close <\(name)> with </\(name)>", edits: [TextReplacement(range: at..<at, newText: newText)], isPreferred: true, isSafe: safe)]
}

/// Whether the file's indentation says an unclosed container ends at `at`: its start tag begins a
/// line, its last child's line is indented deeper (its indentation extends the start tag's, so
/// tabs and spaces are never compared by count), and what follows `at` (if anything) begins a line
/// indented no deeper than the start tag.
private func indentationShowsEnd(of e: SyntaxElement, at: Int, _ edits: EditBuilder) -> Bool {
    guard edits.startsLine(e.start) else { return false }
    let own = edits.indentation(ofLineAt: e.start)
    if let last = e.childElements.last {
        let child = edits.indentation(ofLineAt: last.start)
        guard edits.startsLine(last.start), child.count > own.count, child.hasPrefix(own) else { return false }
    }
    var next = at
    let text = edits.text
    while next < text.count && isBlank(text[next]) { next += 1 }
    if next < text.count && !(edits.startsLine(next) && own.hasPrefix(edits.indentation(ofLineAt: next))) { return false }
    // Inside, every end tag on a line of its own lines up with its start tag: otherwise the
    // missing end tag is deeper, and this element only inherited it (a cascade of closes).
    var stack = e.childElements
    while let c = stack.popLast() {
        if let end = c.endTagRange, edits.startsLine(c.start), edits.startsLine(end.lowerBound),
           edits.indentation(ofLineAt: c.start) != edits.indentation(ofLineAt: end.lowerBound) { return false }
        stack += c.childElements
    }
    return true
}

/// The end tag renamed to match the start tag.
private func matchEndTag(_ p: SyntaxProblem, _ c: RuleContext) -> [Fix] {
    let tree = c.document.tree
    guard let e = element(withEndTag: p.range, in: tree) else { return [] }
    let name = tree.string(e.nameRange(in: tree.text))
    guard !name.isEmpty else { return [] }
    return [Fix(title: "Change the end tag to </\(name)>", edits: [TextReplacement(range: p.range, newText: "</\(name)>")], isPreferred: true, isSafe: true)]
}

/// A bare `&` escaped.
private func escapeAmpersand(_ p: SyntaxProblem, _ c: RuleContext) -> [Fix] {
    guard p.range.lowerBound < c.text.count, c.text[p.range.lowerBound] == 0x26 else { return [] }
    let at = p.range.lowerBound
    return [Fix(title: "Write '&' as &amp;", edits: [TextReplacement(range: at..<(at + 1), newText: "&amp;")], isPreferred: true, isSafe: true)]
}

extension ParserProblemRule {
    /// The `xml-*` rules.
    static let xml: [ParserProblemRule] = [
        ParserProblemRule(
            code: .xmlNoRoot, title: "The file has no root element",
            rationale: "A property list is one XML element, normally `<plist>`. Without it there is nothing to read.",
            category: .xml,
            examples: [.triggering("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- nothing here -->\n"), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .xmlExtraContent, title: "Content after the root element",
            rationale: "XML allows exactly one root element; Foundation rejects a file with a second one.",
            category: .xml,
            examples: [.triggering("<plist version=\"1.0\">\n<dict/>\n</plist>\n<plist version=\"1.0\">\n<dict/>\n</plist>\n"), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .xmlUnterminatedTag, title: "A tag has no closing '>'",
            rationale: "A tag cut short makes the rest of the file unreadable.",
            category: .xml,
            examples: [.triggering(dict("\t<key>A</key>\n\t<string>x</string\n")), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .xmlUnclosedTag, title: "An element is never closed",
            rationale: "Every start tag needs its end tag. The fix inserts the end tag where the element's content ends.",
            category: .xml,
            examples: [
                .triggering(dict("\t<key>A</key>\n\t<string>x\n\t<key>B</key>\n\t<string>y</string>\n"),
                            fixed: dict("\t<key>A</key>\n\t<string>x</string>\n\t<key>B</key>\n\t<string>y</string>\n")),
                .triggering("<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<string>x</string>\n</plist>\n",
                            fixed: "<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<string>x</string>\n</dict>\n</plist>\n"),
                .nonTriggering(valid),
            ],
            fixes: closeTag),
        ParserProblemRule(
            code: .xmlMismatchedTag, title: "An end tag does not match its start tag",
            rationale: "`<string>x</strng>` is not well-formed; the fix renames the end tag.",
            category: .xml,
            examples: [
                .triggering(dict("\t<key>A</key>\n\t<string>x</strng>\n"), fixed: dict("\t<key>A</key>\n\t<string>x</string>\n")),
                .nonTriggering(valid),
            ],
            fixes: matchEndTag),
        ParserProblemRule(
            code: .xmlMalformedTag, title: "A tag is malformed",
            rationale: "Attributes must be `name=\"value\"` pairs separated by white space.",
            category: .xml,
            examples: [.triggering("<plist version=1.0>\n<dict/>\n</plist>\n"), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .xmlTextOutsideRoot, title: "Text outside the root element",
            rationale: "Only comments, processing instructions and white space may surround the root element.",
            category: .xml,
            examples: [.triggering("hello\n<plist version=\"1.0\">\n<dict/>\n</plist>\n"), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .xmlStrayEndTag, title: "An end tag closes nothing",
            rationale: "An end tag without a matching start tag breaks well-formedness.",
            category: .xml,
            examples: [.triggering("<plist version=\"1.0\">\n<dict/>\n</array>\n</plist>\n"), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .xmlInvalidMarkup, title: "A '<' that starts no tag",
            rationale: "A literal `<` in text must be written `&lt;`.",
            category: .xml,
            examples: [.triggering(dict("\t<key>A</key>\n\t<string>1 < 2</string>\n")), .nonTriggering(dict("\t<key>A</key>\n\t<string>1 &lt; 2</string>\n"))]),
        ParserProblemRule(
            code: .xmlUnterminatedComment, title: "A comment is never closed",
            rationale: "Everything after `<!--` up to the end of the file becomes part of the comment.",
            category: .xml,
            examples: [.triggering("<plist version=\"1.0\">\n<dict/>\n</plist>\n<!-- note\n"), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .xmlCommentDoubleHyphen, title: "'--' inside a comment",
            rationale: "XML forbids `--` inside comments; strict parsers reject the file.",
            category: .xml,
            examples: [.triggering("<plist version=\"1.0\">\n<!-- a -- b -->\n<dict/>\n</plist>\n"), .nonTriggering("<plist version=\"1.0\">\n<!-- a - b -->\n<dict/>\n</plist>\n")]),
        ParserProblemRule(
            code: .xmlUnterminatedCDATA, title: "A CDATA section is never closed",
            rationale: "A CDATA section runs to `]]>`; without it the rest of the file is text.",
            category: .xml,
            examples: [.triggering(dict("\t<key>A</key>\n\t<string><![CDATA[x</string>\n")), .nonTriggering(dict("\t<key>A</key>\n\t<string><![CDATA[x]]></string>\n"))]),
        ParserProblemRule(
            code: .xmlUnterminatedPI, title: "A processing instruction is never closed",
            rationale: "A processing instruction or XML declaration runs to `?>`.",
            category: .xml,
            examples: [.triggering("<?xml version=\"1.0\" encoding=\"UTF-8\"\n<plist version=\"1.0\">\n<dict/>\n</plist>\n"), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .xmlDeclarationMisplaced, title: "The XML declaration is not at the very start",
            rationale: "`<?xml …?>` must be the first bytes of the file; even a blank line before it is an error.",
            category: .xml,
            examples: [.triggering("<plist version=\"1.0\">\n<?xml version=\"1.0\"?>\n<dict/>\n</plist>\n"), .nonTriggering("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict/>\n</plist>\n")]),
        ParserProblemRule(
            code: .xmlInvalidPI, title: "A malformed processing instruction",
            rationale: "A processing instruction needs a target name: `<?target data?>`.",
            category: .xml,
            examples: [.triggering("<plist version=\"1.0\">\n<? ?>\n<dict/>\n</plist>\n"), .nonTriggering(valid)]),
        ParserProblemRule(
            code: .xmlUnsupportedEncoding, title: "An encoding other than UTF-8 or UTF-16",
            rationale: "Property lists are UTF-8 (or UTF-16 with a byte order mark); other declared encodings are not read correctly.",
            category: .xml,
            examples: [.triggering("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<plist version=\"1.0\">\n<dict/>\n</plist>\n"), .nonTriggering("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict/>\n</plist>\n")]),
        ParserProblemRule(
            code: .xmlInvalidDeclaration, title: "A malformed XML declaration",
            rationale: "The declaration must read `<?xml version=\"1.0\" encoding=\"UTF-8\"?>`.",
            category: .xml,
            examples: [.triggering("<?xml version=\"1.0\" bogus?>\n<plist version=\"1.0\">\n<dict/>\n</plist>\n"), .nonTriggering("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict/>\n</plist>\n")]),
        ParserProblemRule(
            code: .xmlDoctypeMisplaced, title: "A DOCTYPE after the root element started",
            rationale: "The document type declaration belongs before the root element.",
            category: .xml,
            examples: [.triggering("<plist version=\"1.0\">\n<!DOCTYPE plist>\n<dict/>\n</plist>\n"), .nonTriggering("<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict/>\n</plist>\n")]),
        ParserProblemRule(
            code: .xmlInvalidDoctype, title: "A malformed DOCTYPE",
            rationale: "Use Apple's: `<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">`.",
            category: .xml,
            examples: [.triggering("<!DOCTYPE plist PUBLIC>\n<plist version=\"1.0\">\n<dict/>\n</plist>\n"), .nonTriggering("<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict/>\n</plist>\n")]),
        ParserProblemRule(
            code: .xmlUndefinedEntity, title: "An entity that XML does not define",
            rationale: "Only `&amp;` `&lt;` `&gt;` `&apos;` `&quot;` and character references (`&#169;`) exist in a property list; `&nbsp;` and friends are HTML.",
            category: .xml,
            examples: [.triggering(dict("\t<key>A</key>\n\t<string>a&nbsp;b</string>\n")), .nonTriggering(dict("\t<key>A</key>\n\t<string>a&#160;b</string>\n"))]),
        ParserProblemRule(
            code: .xmlInvalidReference, title: "A bare '&'",
            rationale: "A literal `&` must be written `&amp;`. The fix escapes it.",
            category: .xml,
            examples: [
                .triggering(dict("\t<key>A</key>\n\t<string>Salt & Pepper</string>\n"), fixed: dict("\t<key>A</key>\n\t<string>Salt &amp; Pepper</string>\n")),
                .nonTriggering(dict("\t<key>A</key>\n\t<string>Salt &amp; Pepper</string>\n")),
            ],
            fixes: escapeAmpersand),
        ParserProblemRule(
            code: .xmlInvalidCharacter, title: "A character XML does not allow",
            rationale: "Control characters (other than tab and line breaks) and the sequence `]]>` cannot appear in text.",
            category: .xml,
            examples: [.triggering(dict("\t<key>A</key>\n\t<string>a]]>b</string>\n")), .nonTriggering(dict("\t<key>A</key>\n\t<string>a]]&gt;b</string>\n"))]),
        ParserProblemRule(
            code: .xmlInvalidUTF8, title: "Bytes that are not UTF-8",
            rationale: "A file declared (or defaulting to) UTF-8 must be valid UTF-8; re-save it as UTF-8. (Its examples cannot be written as text, so the rule is tested in the parser's tests.)",
            category: .xml,
            examples: [.nonTriggering(valid)]),
    ]
}
