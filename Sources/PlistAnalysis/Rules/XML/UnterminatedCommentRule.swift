// xml-unterminated-comment: a comment is never closed.
import PlistSyntax

extension ParserProblemRule {
    static let xmlUnterminatedComment = ParserProblemRule(
        code: .xmlUnterminatedComment, title: "A comment is never closed",
        rationale: "Everything after `<!--` up to the end of the file becomes part of the comment.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict/>
                </plist>
                ↓<!-- note

                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
