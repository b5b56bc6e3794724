// plist-unknown-entity: an entity Foundation does not know.
import PlistSyntax

extension ParserProblemRule {
    static let plistUnknownEntity = ParserProblemRule(
        code: .plistUnknownEntity, title: "An entity Foundation does not know",
        rationale:
            "Only `&lt; &gt; &amp; &apos; &quot;` and character references load; any other entity, even one the DOCTYPE declares, makes the file unreadable.",
        examples: [
            .triggering(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist SYSTEM "x.dtd">
                <plist version="1.0">
                <dict>
                	<key>A</key>
                	<string>↓&nbsp;</string>
                </dict>
                </plist>

                """),
            .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<string>&amp;&#xA0;</string>\n")),
        ])
}
