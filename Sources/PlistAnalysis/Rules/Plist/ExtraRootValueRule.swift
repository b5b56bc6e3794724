// plist-extra-root-value: <plist> holds more than one value.
import PlistSyntax

extension ParserProblemRule {
    static let plistExtraRootValue = ParserProblemRule(
        code: .plistExtraRootValue, title: "<plist> holds more than one value",
        rationale: "Only the first value of `<plist>` is read; the others are silently ignored.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict/>
                ↓<dict/>
                </plist>

                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
