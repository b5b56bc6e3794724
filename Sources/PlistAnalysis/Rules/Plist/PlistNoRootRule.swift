// plist-no-root: the root element is not a property list.
import PlistSyntax

extension ParserProblemRule {
    static let plistNoRoot = ParserProblemRule(
        code: .plistNoRoot, title: "The root element is not a property list",
        rationale: "The file is XML, but its root element is neither `<plist>` nor a plist value.",
        examples: [
            .triggering(
                """
                ↓<html>
                </html>

                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
