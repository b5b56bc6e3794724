// xml-extra-content: content after the root element.
import PlistSyntax

extension ParserProblemRule {
    static let xmlExtraContent = ParserProblemRule(
        code: .xmlExtraContent, title: "Content after the root element",
        rationale: "XML allows exactly one root element; Foundation rejects a file with a second one.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict/>
                </plist>
                ↓<plist version="1.0">
                <dict/>
                </plist>

                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
