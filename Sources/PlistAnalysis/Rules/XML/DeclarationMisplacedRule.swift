// xml-declaration-misplaced: the XML declaration is not at the very start.
import PlistSyntax

extension ParserProblemRule {
    static let xmlDeclarationMisplaced = ParserProblemRule(
        code: .xmlDeclarationMisplaced, title: "The XML declaration is not at the very start",
        rationale: "`<?xml …?>` must be the first bytes of the file; even a blank line before it is an error.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                ↓<?xml version="1.0"?>
                <dict/>
                </plist>

                """), .nonTriggering("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict/>\n</plist>\n"),
        ])
}
