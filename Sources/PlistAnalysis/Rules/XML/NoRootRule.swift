// xml-no-root: the file has no root element.
import PlistSyntax

extension ParserProblemRule {
    static let xmlNoRoot = ParserProblemRule(
        code: .xmlNoRoot, title: "The file has no root element",
        rationale: "A property list is one XML element, normally `<plist>`. Without it there is nothing to read.",
        examples: [
            .triggering(
                """
                ↓<?xml version="1.0" encoding="UTF-8"?>
                <!-- nothing here -->

                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
