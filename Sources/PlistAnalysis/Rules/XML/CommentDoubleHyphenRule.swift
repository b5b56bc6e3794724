// xml-comment-double-hyphen: '--' inside a comment.
import PlistSyntax

extension ParserProblemRule {
    static let xmlCommentDoubleHyphen = ParserProblemRule(
        code: .xmlCommentDoubleHyphen, title: "'--' inside a comment",
        rationale: "XML forbids `--` inside comments; strict parsers reject the file.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <!-- a ↓-- b -->
                <dict/>
                </plist>

                """), .nonTriggering("<plist version=\"1.0\">\n<!-- a - b -->\n<dict/>\n</plist>\n"),
        ])
}
