// plist-too-deep: values nested too deep.
import PlistSyntax

extension ParserProblemRule {
    static let plistTooDeep = ParserProblemRule(
        code: .plistTooDeep, title: "Values nested too deep",
        rationale: "Containers nested more than \(PlistDocument.maximumDepth) levels deep are not read: no real property list comes close, and a file that does is built to exhaust a reader's stack.",
        examples: [.triggering(ExampleText.dict("\t<key>A</key>\n" + String(repeating: "<array>", count: PlistDocument.maximumDepth) + String(repeating: "</array>", count: PlistDocument.maximumDepth) + "\n")),
                   .nonTriggering(ExampleText.validInfoPlist)])
}
