// xml-invalid-reference: a bare '&'.
import PlistSyntax

extension ParserProblemRule {
    static let xmlInvalidReference = ParserProblemRule(
        code: .xmlInvalidReference, title: "A bare '&'",
        rationale: "A literal `&` must be written `&amp;`. The fix escapes it.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	<string>Salt ↓& Pepper</string>
                </dict>
                </plist>

                """,
                fixed: """
                    <plist version="1.0">
                    <dict>
                    	<key>A</key>
                    	<string>Salt &amp; Pepper</string>
                    </dict>
                    </plist>

                    """),
            .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<string>Salt &amp; Pepper</string>\n")),
        ],
        fixes: escapeAmpersand)
}

/// A bare `&` escaped. Safe only for a `&` that starts no numeric reference: `&#1;` (a character
/// XML does not allow) is refused by libxml2 but read by Core Foundation as U+0001, so escaping its
/// `&` would change what Foundation reads; that fix is offered, never applied blindly.
private func escapeAmpersand(_ p: SyntaxProblem, _ c: RuleContext) -> [Fix] {
    guard p.range.lowerBound < c.text.count, c.text[p.range.lowerBound] == 0x26 else { return [] }
    let at = p.range.lowerBound
    let numericReference = p.range.count > 3 && c.text[at + 1] == 0x23 && c.text[p.range.upperBound - 1] == 0x3B
    return [
        Fix(
            title: "Write '&' as &amp;", edits: [SourceEdit(range: at..<(at + 1), replacement: "&amp;")],
            isPreferred: !numericReference, isSafe: !numericReference)
    ]
}
