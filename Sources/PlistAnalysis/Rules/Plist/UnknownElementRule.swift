// plist-unknown-element: an element that is not a property-list element.
import PlistSyntax

extension ParserProblemRule {
    static let plistUnknownElement = ParserProblemRule(
        code: .plistUnknownElement, title: "An element that is not a property-list element",
        rationale: "Only `dict`, `array`, `key`, `string`, `integer`, `real`, `true`, `false`, `date` and `data` exist in a property list.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	↓<bool>true</bool>
                </dict>
                </plist>

                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
