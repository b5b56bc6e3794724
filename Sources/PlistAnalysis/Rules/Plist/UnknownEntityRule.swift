// plist-unknown-entity: an entity Foundation does not know.
import PlistSyntax

extension ParserProblemRule {
    static let plistUnknownEntity = ParserProblemRule(
        code: .plistUnknownEntity, title: "An entity Foundation does not know",
        rationale: "Only `&lt; &gt; &amp; &apos; &quot;` and character references load; any other entity, even one the DOCTYPE declares, makes the file unreadable.",
        examples: [.triggering("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist SYSTEM \"x.dtd\">\n<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<string>&nbsp;</string>\n</dict>\n</plist>\n"),
                   .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<string>&amp;&#xA0;</string>\n"))])
}
