// xml-unterminated-cdata: a CDATA section is never closed.
import PlistSyntax

extension ParserProblemRule {
    static let xmlUnterminatedCDATA = ParserProblemRule(
        code: .xmlUnterminatedCDATA, title: "A CDATA section is never closed",
        rationale: "A CDATA section runs to `]]>`; without it the rest of the file is text.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	<string>↓<![CDATA[x</string>
                </dict>
                </plist>

                """), .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<string><![CDATA[x]]></string>\n")),
        ])
}
