// plist-key-without-value: a key without a value.
import PlistSchema
import PlistSyntax

extension ParserProblemRule {
    static let plistKeyWithoutValue = ParserProblemRule(
        code: .plistKeyWithoutValue, title: "A key without a value",
        rationale: """
            Every `<key>` in a `<dict>` must be followed by exactly one value. Foundation refuses the \
            whole file otherwise. The fix (offered, never applied by fix-all: only the author knows the \
            value) adds the value the key's documented type takes on the next line: an empty \
            `<string>`, `<true/>`, an empty `<array>` of the documented items, and for a purpose \
            string the placeholder that `privacy-empty-usage-description` reports until it is rewritten.
            """,
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	↓<key>CFBundleName</key>
                </dict>
                </plist>

                """,
                fixed: """
                    <plist version="1.0">
                    <dict>
                    	<key>CFBundleName</key>
                    	<string></string>
                    </dict>
                    </plist>

                    """),
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	↓<key>NSCameraUsageDescription</key>
                </dict>
                </plist>

                """,
                fixed: """
                    <plist version="1.0">
                    <dict>
                    	<key>NSCameraUsageDescription</key>
                    	<string>TODO: explain why the app uses the camera</string>
                    </dict>
                    </plist>

                    """),
            .nonTriggering(ExampleText.validInfoPlist),
        ],
        fixes: KeyWithoutValueFix.fixes)
}

/// The value a key lacks, from its documented type.
enum KeyWithoutValueFix {
    @Sendable static func fixes(_ p: SyntaxProblem, _ c: RuleContext) -> [Fix] {
        // The problem's range is the key element; its text starts after `<key>`.
        let context = c.document.context(at: p.range.lowerBound + "<key>".utf8.count)
        guard case .key(let dictionary, let index) = context.place,
            let key = dictionary.entries[index].key, key.element.range == p.range, key.element.endTagRange != nil
        else { return [] }
        let path = context.path
        let definition = c.schema.lookup(key.text, at: path, domain: c.domain)?.definition
        let edits = EditBuilder(c.text)
        let indent = edits.indentation(ofLineAt: key.element.start)
        let unit = edits.indentUnit(of: dictionary)
        func value(snippets: Bool) -> String {
            if let definition, definition.name.hasSuffix("UsageDescription"), definition.valueTypes.first == .string {
                // The placeholder privacy-empty-usage-description reports, as the Add fixes write it.
                let text = EditBuilder.escape(UsageDescriptionFix.placeholder(for: definition.name))
                return "<string>" + (snippets ? "${1:\(TextScan.snippetEscaped(text))}" : text) + "</string>" + (snippets ? "$0" : "")
            }
            let skeleton =
                definition.map { Skeleton(definition: $0, indent: indent, unit: unit, snippets: snippets) }
                ?? Skeleton(type: .string, element: nil, values: [], indent: indent, unit: unit, snippets: snippets)
            return skeleton.value()
        }
        let at = key.element.end
        let prefix = edits.lineEnding + indent
        let type = definition?.valueTypes.first?.xmlElement ?? "string"
        return [
            Fix(
                title: "Add the <\(type)> value of '\(key.text)'",
                edits: [SourceEdit(range: at..<at, replacement: prefix + value(snippets: false))],
                isPreferred: true, isSafe: false,
                snippetEdits: [SourceEdit(range: at..<at, replacement: TextScan.snippetEscaped(prefix) + value(snippets: true))])
        ]
    }
}
