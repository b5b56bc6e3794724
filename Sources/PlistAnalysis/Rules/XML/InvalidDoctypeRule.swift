// xml-invalid-doctype: a malformed DOCTYPE.
import PlistSyntax

extension ParserProblemRule {
    static let xmlInvalidDoctype = ParserProblemRule(
        code: .xmlInvalidDoctype, title: "A malformed DOCTYPE",
        rationale:
            "Use Apple's: `<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">`.",
        examples: [
            .triggering(
                """
                ↓<!DOCTYPE plist PUBLIC>
                <plist version="1.0">
                <dict/>
                </plist>

                """),
            .nonTriggering(
                "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict/>\n</plist>\n"
            ),
        ])
}
