// xml-forbidden-character-reference: `&#1;`, a reference to a character XML 1.0 forbids.
import PlistSyntax

extension ParserProblemRule {
    static let xmlForbiddenCharacterReference = ParserProblemRule(
        code: .xmlForbiddenCharacterReference, title: "A reference to a character XML 1.0 forbids",
        rationale: """
            XML 1.0 forbids the control characters U+0000–U+001F (but tab, line feed and carriage return) and the \
            noncharacters U+FFFE and U+FFFF, even as references. A string may still hold one (a binary plist does: an \
            ESC key equivalent in a nib), and `plist-lsp convert` writes it as a reference such as `&#27;`, which \
            Foundation reads back as the character, so the app sees the value. libxml2, Python's plistlib and other \
            XML tools refuse the whole file. Keep the plist binary, or remove the character if it is not meant.
            """,
        severity: .warning,
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>NSMenuKeyEquivalent</key>
                	<string>↓&#27;</string>
                </dict>
                </plist>

                """), .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<string>tab&#9;here</string>\n")),
        ])
}
