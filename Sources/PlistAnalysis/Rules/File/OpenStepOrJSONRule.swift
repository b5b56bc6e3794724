// file-openstep-or-json: an OpenStep (old-style) or JSON property list.
import PlistSyntax

extension FileFormatRule {
    static let openStepOrJSON = FileFormatRule(
        error: .openStepOrJSON, title: "An OpenStep (old-style) or JSON property list",
        rationale: "Only the XML format is checked. Convert with `plutil -convert xml1 FILE`.",
        examples: [.triggering("{ CFBundleName = Demo; }\n"), .nonTriggering(ExampleText.validInfoPlist)])
}
