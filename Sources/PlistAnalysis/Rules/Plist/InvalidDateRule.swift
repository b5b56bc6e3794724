// plist-invalid-date: a <date> that does not decode.
import PlistSyntax

extension ParserProblemRule {
    static let plistInvalidDate = ParserProblemRule(
        code: .plistInvalidDate, title: "A <date> that does not decode",
        rationale: "Dates are written `YYYY-MM-DDTHH:MM:SSZ`, in UTC.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	<date>↓2024-01-02</date>
                </dict>
                </plist>

                """), .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<date>2024-01-02T03:04:05Z</date>\n")),
        ])
}
