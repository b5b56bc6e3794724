// plist-boolean-content: a boolean with content.
import PlistSyntax

extension ParserProblemRule {
    static let plistBooleanContent = ParserProblemRule(
        code: .plistBooleanContent, title: "A boolean with content",
        rationale: "`<true/>` and `<false/>` are empty elements; text inside them is ignored or rejected.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	<true>↓yes</true>
                </dict>
                </plist>

                """), .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<true/>\n")),
        ])
}
