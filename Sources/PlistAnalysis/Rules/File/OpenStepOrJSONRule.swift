// file-openstep-or-json: a JSON property list (an OpenStep one is read: see `OpenStepAnalysis`).
import PlistSyntax

extension FileFormatRule {
    static let openStepOrJSON = FileFormatRule(
        error: .openStepOrJSON, title: "A JSON property list",
        rationale: """
            Only XML and OpenStep (old-style, `{ key = value; }`) property lists are checked; an OpenStep \
            file is checked like its XML form, with the rules about keys and values (not those about \
            value types: OpenStep writes every scalar as a string). Convert JSON with `plist-lsp convert --to xml1 FILE`.
            """,
        examples: [
            .triggering(
                """
                ↓{"CFBundleName": "Demo"}

                """), .nonTriggering("{ CFBundleName = Demo; }\n"), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
