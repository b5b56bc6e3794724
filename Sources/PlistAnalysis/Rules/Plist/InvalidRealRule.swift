// plist-invalid-real: a <real> that does not decode.
import PlistSyntax

extension ParserProblemRule {
    static let plistInvalidReal = ParserProblemRule(
        code: .plistInvalidReal, title: "A <real> that does not decode",
        rationale: "Reals use a decimal point (`1.5`, `1e3`, `nan`, `inf`), never a comma.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	<real>↓1,5</real>
                </dict>
                </plist>

                """), .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<real>1.5</real>\n")),
        ])
}
