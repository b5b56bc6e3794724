// xml-unterminated-tag: a tag has no closing '>'.
import PlistSyntax

extension ParserProblemRule {
    static let xmlUnterminatedTag = ParserProblemRule(
        code: .xmlUnterminatedTag, title: "A tag has no closing '>'",
        rationale: "A tag cut short makes the rest of the file unreadable.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	<string>x↓</string
                </dict>
                </plist>

                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
