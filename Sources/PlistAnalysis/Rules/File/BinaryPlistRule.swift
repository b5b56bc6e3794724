// file-binary-plist: a binary property list.
import PlistSyntax

extension FileFormatRule {
    static let binaryPropertyList = FileFormatRule(
        error: .binaryPropertyList, title: "A binary property list",
        rationale:
            "`plist-lsp check` reads a binary property list as its XML form, and the editor support (docs/editors.md) shows it as XML and saves it as binary again. This error means the bytes came as they are (an editor without that support), or that the file's binary structure does not read (the message says why). `plist-lsp convert --to xml1 FILE` converts one.",
        examples: [
            .triggering(
                """
                ↓bplist00\u{1}\u{2}
                """), .nonTriggering(ExampleText.validInfoPlist),
        ])
}
