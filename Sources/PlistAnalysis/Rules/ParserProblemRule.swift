// Rules whose findings come from the parser (`SyntaxTree.syntaxErrors`, `PlistDocument.problems`):
// the parser flags and writes the message, the rule names, documents, configures and fixes. One
// rule a `SyntaxProblem.Code`, each in its own file: `XML/` for well-formedness (a file that is not
// well-formed XML is not read at all by Foundation, so each is an error), `Plist/` for what is
// well-formed XML but not a property list Foundation reads as written.
import PlistSyntax

/// The rule reporting the parser's problems with one code; its id is the code's raw value.
public struct ParserProblemRule: Rule {
    /// The problems the rule reports.
    public let code: SyntaxProblem.Code
    public var id: String { code.rawValue }
    public let title: String
    public let rationale: String
    /// The chapter follows the id's prefix: XML well-formedness for `xml-`, structure for `plist-`.
    public var category: RuleCategory { code.rawValue.hasPrefix("xml-") ? .xml : .structure }
    public let defaultSeverity: Finding.Severity
    public let examples: [RuleExample]
    public var fileKinds: Set<FileKind> { FileKind.allKinds }
    /// Builds the fixes of one problem.
    let fixes: (@Sendable (SyntaxProblem, RuleContext) -> [Fix])?

    public init(
        code: SyntaxProblem.Code, title: String, rationale: String, severity: Finding.Severity = .error,
        examples: [RuleExample], fixes: (@Sendable (SyntaxProblem, RuleContext) -> [Fix])? = nil
    ) {
        self.code = code
        self.title = title
        self.rationale = rationale
        self.defaultSeverity = severity
        self.examples = examples
        self.fixes = fixes
    }

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        for p in context.problems(code) {
            var d = diagnostic(p.message, p.range, fixes: fixes?(p, context) ?? [])
            if p.severity == .warning && d.severity == .error { d.severity = .warning }
            out.append(d)
        }
    }
}

extension ParserProblemRule {
    /// The rule that reports `code`. Exhaustive: a new code does not compile until it has a rule.
    static func documenting(_ code: SyntaxProblem.Code) -> ParserProblemRule {
        switch code {
        case .xmlNoRoot: .xmlNoRoot
        case .xmlExtraContent: .xmlExtraContent
        case .xmlUnterminatedTag: .xmlUnterminatedTag
        case .xmlUnclosedTag: .xmlUnclosedTag
        case .xmlMismatchedTag: .xmlMismatchedTag
        case .xmlMalformedTag: .xmlMalformedTag
        case .xmlTextOutsideRoot: .xmlTextOutsideRoot
        case .xmlStrayEndTag: .xmlStrayEndTag
        case .xmlInvalidMarkup: .xmlInvalidMarkup
        case .xmlUnterminatedComment: .xmlUnterminatedComment
        case .xmlCommentDoubleHyphen: .xmlCommentDoubleHyphen
        case .xmlUnterminatedCDATA: .xmlUnterminatedCDATA
        case .xmlUnterminatedPI: .xmlUnterminatedPI
        case .xmlDeclarationMisplaced: .xmlDeclarationMisplaced
        case .xmlInvalidPI: .xmlInvalidPI
        case .xmlUnsupportedEncoding: .xmlUnsupportedEncoding
        case .xmlInvalidDeclaration: .xmlInvalidDeclaration
        case .xmlDoctypeMisplaced: .xmlDoctypeMisplaced
        case .xmlInvalidDoctype: .xmlInvalidDoctype
        case .xmlUndefinedEntity: .xmlUndefinedEntity
        case .xmlInvalidReference: .xmlInvalidReference
        case .xmlForbiddenCharacterReference: .xmlForbiddenCharacterReference
        case .xmlInvalidCharacter: .xmlInvalidCharacter
        case .xmlInvalidUTF8: .xmlInvalidUTF8
        case .plistKeyWithoutValue: .plistKeyWithoutValue
        case .plistValueWithoutKey: .plistValueWithoutKey
        case .plistKeyInArray: .plistKeyInArray
        case .plistUnknownElement: .plistUnknownElement
        case .plistStrayText: .plistStrayText
        case .plistEmptyRoot: .plistEmptyRoot
        case .plistExtraRootValue: .plistExtraRootValue
        case .plistMissingPlistElement: .plistMissingPlistElement
        case .plistNoRoot: .plistNoRoot
        case .plistInvalidInteger: .plistInvalidInteger
        case .plistInvalidReal: .plistInvalidReal
        case .plistInvalidDate: .plistInvalidDate
        case .plistInvalidData: .plistInvalidData
        case .plistBooleanContent: .plistBooleanContent
        case .plistElementInScalar: .plistElementInScalar
        case .plistMarkupInValue: .plistMarkupInValue
        case .plistUnknownEntity: .plistUnknownEntity
        case .plistDoctypeUnreadable: .plistDoctypeUnreadable
        case .plistAttributeUnreadable: .plistAttributeUnreadable
        case .plistTooDeep: .plistTooDeep
        }
    }
}

/// The element whose start tag begins at `offset`.
func element(startingAt offset: Int, in tree: SyntaxTree) -> SyntaxElement? {
    tree.entries(at: offset).last { $0.start == offset && $0.kind == .element }
}

/// The element whose end tag is `range`.
func element(withEndTag range: Range<Int>, in tree: SyntaxTree) -> SyntaxElement? {
    tree.entries(at: range.lowerBound).last { $0.kind == .element && $0.endTagRange == range }
}
