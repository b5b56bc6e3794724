// xml-text-outside-root: text outside the root element.
import PlistSyntax

extension ParserProblemRule {
    static let xmlTextOutsideRoot = ParserProblemRule(
        code: .xmlTextOutsideRoot, title: "Text outside the root element",
        rationale: "Only comments, processing instructions and white space may surround the root element.",
        examples: [
            .triggering(
                """
                ↓hello
                <plist version="1.0">
                <dict/>
                </plist>

                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
