// xml-unterminated-pi: a processing instruction is never closed.
import PlistSyntax

extension ParserProblemRule {
    static let xmlUnterminatedPI = ParserProblemRule(
        code: .xmlUnterminatedPI, title: "A processing instruction is never closed",
        rationale: "A processing instruction or XML declaration runs to `?>`.",
        examples: [
            .triggering(
                """
                ↓<?xml version="1.0" encoding="UTF-8"
                <plist version="1.0">
                <dict/>
                </plist>

                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
