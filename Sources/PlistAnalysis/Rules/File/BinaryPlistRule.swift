// file-binary-plist: a binary property list.
import PlistSyntax

extension FileFormatRule {
    static let binaryPropertyList = FileFormatRule(
        error: .binaryPropertyList, title: "A binary property list",
        rationale: "plist-lsp reads XML property lists. Convert with `plutil -convert xml1 FILE` to edit the file as text.",
        examples: [.triggering("""
            ↓bplist00\u{1}\u{2}
            """), .nonTriggering(ExampleText.validInfoPlist)])
}
