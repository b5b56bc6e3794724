// plist-unknown-element: an element that is not a property-list element.
import PlistSyntax

extension ParserProblemRule {
    static let plistUnknownElement = ParserProblemRule(
        code: .plistUnknownElement, title: "An element that is not a property-list element",
        rationale: "Only `dict`, `array`, `key`, `string`, `integer`, `real`, `true`, `false`, `date` and `data` exist in a property list.",
        examples: [.triggering(ExampleText.dict("\t<key>A</key>\n\t<bool>true</bool>\n")), .nonTriggering(ExampleText.validInfoPlist)])
}
