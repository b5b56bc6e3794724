// xml-mismatched-tag: an end tag does not match its start tag.
import PlistSyntax

extension ParserProblemRule {
    static let xmlMismatchedTag = ParserProblemRule(
        code: .xmlMismatchedTag, title: "An end tag does not match its start tag",
        rationale: "`<string>x</strng>` is not well-formed; the fix renames the end tag.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	<string>x↓</strng>
                </dict>
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
        fixes: matchEndTag)
}

/// The end tag renamed to match the start tag.
private func matchEndTag(_ p: SyntaxProblem, _ c: RuleContext) -> [Fix] {
    let tree = c.document.tree
    guard let e = element(withEndTag: p.range, in: tree) else { return [] }
    let name = tree.string(e.nameRange(in: tree.text))
    guard !name.isEmpty else { return [] }
    return [
        Fix(
            title: "Change the end tag to </\(name)>", edits: [SourceEdit(range: p.range, replacement: "</\(name)>")], isPreferred: true,
            isSafe: true)
    ]
}
