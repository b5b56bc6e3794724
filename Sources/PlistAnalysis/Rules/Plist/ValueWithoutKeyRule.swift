// plist-value-without-key: a value without a key.
import PlistSyntax

extension ParserProblemRule {
    static let plistValueWithoutKey = ParserProblemRule(
        code: .plistValueWithoutKey, title: "A value without a key",
        rationale: "Inside a `<dict>`, every value needs a `<key>` before it.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	↓<string>Demo</string>
                </dict>
                </plist>

                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
