// file-invalid-encoding: UTF-16 that does not decode.
import PlistSyntax

extension FileFormatRule {
    static let invalidUTF16 = FileFormatRule(
        error: .invalidUTF16, title: "UTF-16 that does not decode",
        rationale:
            "A file that is UTF-16 (it starts with a UTF-16 byte order mark, or with `<?` in UTF-16) must be valid UTF-16. (Its examples cannot be written as text; the decoder's tests cover it.)",
        examples: [.nonTriggering(ExampleText.validInfoPlist)])
}
