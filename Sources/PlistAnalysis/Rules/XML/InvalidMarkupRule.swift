// xml-invalid-markup: a '<' that starts no tag.
import PlistSyntax

extension ParserProblemRule {
    static let xmlInvalidMarkup = ParserProblemRule(
        code: .xmlInvalidMarkup, title: "A '<' that starts no tag",
        rationale: "A literal `<` in text must be written `&lt;`.",
        examples: [.triggering(ExampleText.dict("\t<key>A</key>\n\t<string>1 < 2</string>\n")), .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<string>1 &lt; 2</string>\n"))])
}
