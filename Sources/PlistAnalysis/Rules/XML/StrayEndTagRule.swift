// xml-stray-end-tag: an end tag closes nothing.
import PlistSyntax

extension ParserProblemRule {
    static let xmlStrayEndTag = ParserProblemRule(
        code: .xmlStrayEndTag, title: "An end tag closes nothing",
        rationale: "An end tag without a matching start tag breaks well-formedness.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict/>
                ↓</array>
                </plist>

                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
