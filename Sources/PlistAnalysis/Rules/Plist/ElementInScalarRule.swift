// plist-element-in-scalar: an element inside a key or scalar value.
import PlistSyntax

extension ParserProblemRule {
    static let plistElementInScalar = ParserProblemRule(
        code: .plistElementInScalar, title: "An element inside a key or scalar value",
        rationale: "Keys, strings and numbers hold text only; markup inside them (`<string><b>x</b></string>`) is not a property list.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	<string>↓<b>x</b></string>
                </dict>
                </plist>

                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
