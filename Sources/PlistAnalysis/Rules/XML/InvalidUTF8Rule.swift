// xml-invalid-utf8: bytes that are not UTF-8.
import PlistSyntax

extension ParserProblemRule {
    static let xmlInvalidUTF8 = ParserProblemRule(
        code: .xmlInvalidUTF8, title: "Bytes that are not UTF-8",
        rationale:
            "A file declared (or defaulting to) UTF-8 must be valid UTF-8; re-save it as UTF-8. (Its examples cannot be written as text, so the rule is tested in the parser's tests.)",
        examples: [.nonTriggering(ExampleText.validInfoPlist)])
}
