// plist-attribute-unreadable: a '>' inside an attribute value.
import PlistSyntax

extension ParserProblemRule {
    static let plistAttributeUnreadable = ParserProblemRule(
        code: .plistAttributeUnreadable, title: "A '>' inside an attribute value",
        rationale:
            "XML allows `>` in an attribute value, but Core Foundation ends a tag at its first `>` and reads the rest as content, so the file fails to load (or a value changes). Write `&gt;`.",
        examples: [
            .triggering(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.↓>0">
                <dict/>
                </plist>

                """),
            .nonTriggering(ExampleText.validInfoPlist),
        ])
}
