// xml-invalid-character: a character XML does not allow.
import PlistSyntax

extension ParserProblemRule {
    static let xmlInvalidCharacter = ParserProblemRule(
        code: .xmlInvalidCharacter, title: "A character XML does not allow",
        rationale: "Control characters (other than tab and line breaks) and the sequence `]]>` cannot appear in text.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	<string>a↓]]>b</string>
                </dict>
                </plist>

                """), .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<string>a]]&gt;b</string>\n")),
        ])
}
