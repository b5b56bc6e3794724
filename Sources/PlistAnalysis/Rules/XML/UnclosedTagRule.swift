// xml-unclosed-tag: an element is never closed.
import PlistSyntax

extension ParserProblemRule {
    static let xmlUnclosedTag = ParserProblemRule(
        code: .xmlUnclosedTag, title: "An element is never closed",
        rationale: "Every start tag needs its end tag. The fix inserts the end tag where the element's content ends.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	↓<string>x
                	<key>B</key>
                	<string>y</string>
                </dict>
                </plist>

                """,
                fixed: """
                    <plist version="1.0">
                    <dict>
                    	<key>A</key>
                    	<string>x</string>
                    	<key>B</key>
                    	<string>y</string>
                    </dict>
                    </plist>

                    """),
            .triggering(
                """
                <plist version="1.0">
                ↓<dict>
                	<key>A</key>
                	<string>x</string>
                </plist>

                """,
                fixed: """
                    <plist version="1.0">
                    <dict>
                    	<key>A</key>
                    	<string>x</string>
                    </dict>
                    </plist>

                    """),
            .nonTriggering(ExampleText.validInfoPlist),
        ],
        fixes: closeTag)
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
    let safe = isScalar ? scalarEndIsCertain(e, at: at, tree.text) : indentationShowsEnd(of: e, at: at, edits)
    return [
        Fix(
            title: "Close <\(name)> with </\(name)>", edits: [SourceEdit(range: at..<at, replacement: newText)], isPreferred: true,
            isSafe: safe)
    ]
}

/// Whether closing an unclosed scalar at `at` gives back its value whatever the file was before
/// the end tag went missing (issue #39, point 6). Blanks before the next tag may be the value's
/// (`<string>a⏎\t</string>` with its end-tag line deleted reads exactly like `<string>a</string>`
/// with its tag deleted), and a comment or CDATA section may stand either side of the lost tag: in
/// both cases the value is a guess, so the fix is offered, not applied. Only content that runs,
/// without a blank or markup at its end, straight into the next tag has one reading.
private func scalarEndIsCertain(_ e: SyntaxElement, at: Int, _ text: SourceText) -> Bool {
    // The next byte starts a tag (not a comment, PI or CDATA section: `<!`, `<?`).
    guard at + 1 < text.count, text[at] == 0x3C, text[at + 1] != 0x21, text[at + 1] != 0x3F else { return false }
    for i in e.startTagRange.upperBound..<at where text[i] == 0x3C { return false }
    return true
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
            edits.indentation(ofLineAt: c.start) != edits.indentation(ofLineAt: end.lowerBound)
        {
            return false
        }
        stack += c.childElements
    }
    return true
}
