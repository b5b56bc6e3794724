// xml-mismatched-tag: an end tag does not match its start tag.
import PlistSyntax

extension ParserProblemRule {
    static let xmlMismatchedTag = ParserProblemRule(
        code: .xmlMismatchedTag, title: "An end tag does not match its start tag",
        rationale: "`<string>x</strng>` is not well-formed; the fix renames the end tag.",
        examples: [
            .triggering(ExampleText.dict("\t<key>A</key>\n\t<string>x</strng>\n"), fixed: ExampleText.dict("\t<key>A</key>\n\t<string>x</string>\n")),
            .nonTriggering(ExampleText.validInfoPlist),
        ],
        fixes: matchEndTag)
}

/// The end tag renamed to match the start tag.
private func matchEndTag(_ p: SyntaxProblem, _ c: RuleContext) -> [Fix] {
    let tree = c.document.tree
    guard let e = element(withEndTag: p.range, in: tree) else { return [] }
    let name = tree.string(e.nameRange(in: tree.text))
    guard !name.isEmpty else { return [] }
    return [Fix(title: "Change the end tag to </\(name)>", edits: [SourceEdit(range: p.range, replacement: "</\(name)>")], isPreferred: true, isSafe: true)]
}
