// xml-malformed-tag: a tag is malformed.
import PlistSyntax

extension ParserProblemRule {
    static let xmlMalformedTag = ParserProblemRule(
        code: .xmlMalformedTag, title: "A tag is malformed",
        rationale: "Attributes must be `name=\"value\"` pairs separated by white space.",
        examples: [
            .triggering(
                """
                <plist↓ version=1.0>
                <dict/>
                </plist>

                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
