// xml-unsupported-encoding: an encoding other than UTF-8 or UTF-16.
import PlistSyntax

extension ParserProblemRule {
    static let xmlUnsupportedEncoding = ParserProblemRule(
        code: .xmlUnsupportedEncoding, title: "An encoding other than UTF-8 or UTF-16",
        rationale:
            "Property lists are UTF-8 or UTF-16 (with a byte order mark, or without one when the declaration names UTF-16, `UTF-16LE` or `UTF-16BE`); other declared encodings are not read correctly, and neither is a declaration the bytes contradict (UTF-8 declared UTF-16; UTF-16 declared in the other byte order; UTF-16 without a mark declared as anything but UTF-16).",
        examples: [
            .triggering(
                """
                ↓<?xml version="1.0" encoding="Shift_JIS"?>
                <plist version="1.0">
                <dict/>
                </plist>

                """), .nonTriggering("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict/>\n</plist>\n"),
        ])
}
