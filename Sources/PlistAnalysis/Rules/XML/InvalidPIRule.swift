// xml-invalid-pi: a malformed processing instruction.
import PlistSyntax

extension ParserProblemRule {
    static let xmlInvalidPI = ParserProblemRule(
        code: .xmlInvalidPI, title: "A malformed processing instruction",
        rationale: "A processing instruction needs a target name: `<?target data?>`.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                ↓<? ?>
                <dict/>
                </plist>

                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
