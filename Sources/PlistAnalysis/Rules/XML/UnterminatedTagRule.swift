// xml-unterminated-tag: a tag has no closing '>'.
import PlistSyntax

extension ParserProblemRule {
    static let xmlUnterminatedTag = ParserProblemRule(
        code: .xmlUnterminatedTag, title: "A tag has no closing '>'",
        rationale: "A tag cut short makes the rest of the file unreadable.",
        examples: [.triggering(ExampleText.dict("\t<key>A</key>\n\t<string>x</string\n")), .nonTriggering(ExampleText.validInfoPlist)])
}
