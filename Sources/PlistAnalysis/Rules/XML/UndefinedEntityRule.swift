// xml-undefined-entity: an entity that XML does not define.
import PlistSyntax

extension ParserProblemRule {
    static let xmlUndefinedEntity = ParserProblemRule(
        code: .xmlUndefinedEntity, title: "An entity that XML does not define",
        rationale:
            "Only `&amp;` `&lt;` `&gt;` `&apos;` `&quot;` and character references (`&#169;`) exist in a property list; `&nbsp;` and friends are HTML.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	<string>a↓&nbsp;b</string>
                </dict>
                </plist>

                """), .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<string>a&#160;b</string>\n")),
        ])
}
