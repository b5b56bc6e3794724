// plist-boolean-content: a boolean with content.
import PlistSyntax

extension ParserProblemRule {
    static let plistBooleanContent = ParserProblemRule(
        code: .plistBooleanContent, title: "A boolean with content",
        rationale: "`<true/>` and `<false/>` are empty elements; text inside them is ignored or rejected.",
        examples: [.triggering(ExampleText.dict("\t<key>A</key>\n\t<true>yes</true>\n")), .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<true/>\n"))])
}
