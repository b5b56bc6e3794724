// plist-missing-plist-element: no <plist> root element.
import PlistSyntax

extension ParserProblemRule {
    static let plistMissingPlistElement = ParserProblemRule(
        code: .plistMissingPlistElement, title: "No <plist> root element",
        rationale:
            "A property list is wrapped in `<plist version=\"1.0\">`. A bare `<dict>` is read by some tools but not all; several bare values are a fragment.",
        examples: [
            .triggering(
                """
                ↓<dict>
                	<key>A</key>
                	<string>x</string>
                </dict>

                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
