// plist-stray-text: text directly inside a container.
import PlistSyntax

extension ParserProblemRule {
    static let plistStrayText = ParserProblemRule(
        code: .plistStrayText, title: "Text directly inside a container",
        rationale: "Text between the entries of a `<dict>` or `<array>` is not part of any value.",
        examples: [.triggering(ExampleText.dict("\thello\n\t<key>A</key>\n\t<string>x</string>\n")), .nonTriggering(ExampleText.validInfoPlist)])
}
