// plist-markup-in-value: a comment or processing instruction inside a value.
import PlistSyntax

extension ParserProblemRule {
    static let plistMarkupInValue = ParserProblemRule(
        code: .plistMarkupInValue, title: "A comment or processing instruction inside a value",
        rationale: "XML allows it, but Core Foundation's reader stops at it and the whole file fails to load at run time.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	<string>x↓<!-- note -->y</string>
                </dict>
                </plist>

                """),
            .nonTriggering(ExampleText.dict("\t<!-- note -->\n\t<key>A</key>\n\t<string>xy</string>\n")),
        ])
}
