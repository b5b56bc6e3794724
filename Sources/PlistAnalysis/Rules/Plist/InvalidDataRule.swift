// plist-invalid-data: a <data> that is not base64.
import PlistSyntax

extension ParserProblemRule {
    static let plistInvalidData = ParserProblemRule(
        code: .plistInvalidData, title: "A <data> that is not base64",
        rationale: "`<data>` holds base64 text (`A–Z a–z 0–9 + / =` and white space).",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	<data>↓not base64!</data>
                </dict>
                </plist>

                """), .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<data>aGVsbG8=</data>\n")),
        ])
}
