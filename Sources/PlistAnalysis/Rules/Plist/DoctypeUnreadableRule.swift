// plist-doctype-unreadable: a DOCTYPE Foundation cannot skip.
import PlistSyntax

extension ParserProblemRule {
    static let plistDoctypeUnreadable = ParserProblemRule(
        code: .plistDoctypeUnreadable, title: "A DOCTYPE Foundation cannot skip",
        rationale:
            "Core Foundation skips the DOCTYPE by reading to its first `>` and refuses a `<` inside it, so identifiers holding either make the file unreadable.",
        examples: [
            .triggering(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                ↓<!DOCTYPE plist SYSTEM "http://example.com/a>b.dtd">
                <plist version="1.0">
                <dict/>
                </plist>

                """),
            .nonTriggering(ExampleText.validInfoPlist),
        ])
}
