// xml-doctype-misplaced: a DOCTYPE after the root element started.
import PlistSyntax

extension ParserProblemRule {
    static let xmlDoctypeMisplaced = ParserProblemRule(
        code: .xmlDoctypeMisplaced, title: "A DOCTYPE after the root element started",
        rationale: "The document type declaration belongs before the root element.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                ↓<!DOCTYPE plist>
                <dict/>
                </plist>

                """),
            .nonTriggering(
                "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict/>\n</plist>\n"
            ),
        ])
}
