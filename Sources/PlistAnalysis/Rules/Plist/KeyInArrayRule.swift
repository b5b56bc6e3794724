// plist-key-in-array: a <key> used as an array item.
import PlistSyntax

extension ParserProblemRule {
    static let plistKeyInArray = ParserProblemRule(
        code: .plistKeyInArray, title: "A <key> used as an array item",
        rationale: "Arrays hold values; `<key>` is only valid inside `<dict>`. The fix turns it into a `<string>`.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	<array>
                		↓<key>x</key>
                	</array>
                </dict>
                </plist>

                """,
                fixed: """
                    <plist version="1.0">
                    <dict>
                    	<key>A</key>
                    	<array>
                    		<string>x</string>
                    	</array>
                    </dict>
                    </plist>

                    """),
            .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<array>\n\t\t<string>x</string>\n\t</array>\n")),
        ],
        fixes: keyToString)
}

/// `<key>x</key>` as an array item becomes `<string>x</string>`.
private func keyToString(_ p: SyntaxProblem, _ c: RuleContext) -> [Fix] {
    let tree = c.document.tree
    guard let e = element(startingAt: p.range.lowerBound, in: tree), e.tag == .key, let end = e.endTagRange,
        !e.flags.contains(.selfClosing)
    else { return [] }
    // Safe only inside an array whose end tag is there: inside an array the parser had to close,
    // the key is more likely an entry of the dictionary the array's missing end tag would return
    // to than an item (docs/safe-fixes.md).
    let arrayIsClosed =
        tree.entries(at: e.start).dropLast().last { $0.kind == .element }.map { !$0.flags.contains(.endTagMissing) } ?? false
    return [
        Fix(
            title: "Change <key> to <string>",
            edits: [SourceEdit(range: e.startTagRange, replacement: "<string>"), SourceEdit(range: end, replacement: "</string>")],
            isPreferred: true, isSafe: arrayIsClosed)
    ]
}
