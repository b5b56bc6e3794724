// file-empty: an empty file.
import PlistSyntax

extension FileFormatRule {
    static let empty = FileFormatRule(
        error: .empty, title: "An empty file",
        rationale: "An empty file is not a property list; Info.plist needs at least `<plist version=\"1.0\"><dict/></plist>`.",
        examples: [
            .triggering(
                """
                ↓
                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
