// plist-empty-root: <plist> holds no value.
import PlistSyntax

extension ParserProblemRule {
    static let plistEmptyRoot = ParserProblemRule(
        code: .plistEmptyRoot, title: "<plist> holds no value",
        rationale: "A property list holds exactly one value, normally a `<dict>`.",
        examples: [
            .triggering(
                """
                ↓<plist version="1.0">
                </plist>

                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
