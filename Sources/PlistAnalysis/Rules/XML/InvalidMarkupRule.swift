// xml-invalid-markup: a '<' that starts no tag.
import PlistSyntax

extension ParserProblemRule {
    static let xmlInvalidMarkup = ParserProblemRule(
        code: .xmlInvalidMarkup, title: "A '<' that starts no tag",
        rationale: "A literal `<` in text must be written `&lt;`.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	<string>1 ↓< 2</string>
                </dict>
                </plist>

                """), .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<string>1 &lt; 2</string>\n")),
        ])
}
