// plist-stray-text: text directly inside a container.
import PlistSyntax

extension ParserProblemRule {
    static let plistStrayText = ParserProblemRule(
        code: .plistStrayText, title: "Text directly inside a container",
        rationale: "Text between the entries of a `<dict>` or `<array>` is not part of any value.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>↓
                	hello
                	<key>A</key>
                	<string>x</string>
                </dict>
                </plist>

                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
