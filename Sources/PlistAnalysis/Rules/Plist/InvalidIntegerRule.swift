// plist-invalid-integer: an <integer> that does not decode.
import PlistSyntax

extension ParserProblemRule {
    static let plistInvalidInteger = ParserProblemRule(
        code: .plistInvalidInteger, title: "An <integer> that does not decode",
        rationale:
            "Integers are decimal (optionally signed) or `0x` hexadecimal, from −2⁶³ to 2⁶⁴−1. Anything else makes Foundation refuse the file.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	<integer>↓12px</integer>
                </dict>
                </plist>

                """), .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<integer>-12</integer>\n")),
        ])
}
