// xml-unsupported-encoding: an encoding other than UTF-8 or UTF-16.
import PlistSyntax

extension ParserProblemRule {
    static let xmlUnsupportedEncoding = ParserProblemRule(
        code: .xmlUnsupportedEncoding, title: "An encoding other than UTF-8 or UTF-16",
        rationale: "Property lists are UTF-8 (or UTF-16 with a byte order mark); other declared encodings are not read correctly.",
        examples: [.triggering("""
            ↓<?xml version="1.0" encoding="Shift_JIS"?>
            <plist version="1.0">
            <dict/>
            </plist>

            """), .nonTriggering("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict/>\n</plist>\n")])
}
