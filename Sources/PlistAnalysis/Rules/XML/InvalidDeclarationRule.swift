// xml-invalid-declaration: a malformed XML declaration.
import PlistSyntax

extension ParserProblemRule {
    static let xmlInvalidDeclaration = ParserProblemRule(
        code: .xmlInvalidDeclaration, title: "A malformed XML declaration",
        rationale: "The declaration must read `<?xml version=\"1.0\" encoding=\"UTF-8\"?>`.",
        examples: [
            .triggering(
                """
                ↓<?xml version="1.0" bogus?>
                <plist version="1.0">
                <dict/>
                </plist>

                """), .nonTriggering("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict/>\n</plist>\n"),
        ])
}
