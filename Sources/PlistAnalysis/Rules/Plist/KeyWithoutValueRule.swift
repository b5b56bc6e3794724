// plist-key-without-value: a key without a value.
import PlistSyntax

extension ParserProblemRule {
    static let plistKeyWithoutValue = ParserProblemRule(
        code: .plistKeyWithoutValue, title: "A key without a value",
        rationale: "Every `<key>` in a `<dict>` must be followed by exactly one value. Foundation refuses the whole file otherwise.",
        examples: [.triggering(ExampleText.dict("\t<key>CFBundleName</key>\n")), .nonTriggering(ExampleText.validInfoPlist)])
}
