// Rules whose findings come from the parser (`SyntaxTree.syntaxErrors`, `PlistDocument.problems`):
// the parser flags, the rule names, documents and configures.
import PlistSyntax

/// The rule reporting the parser's problems with one code; its id is the code's raw value.
public struct ParserProblemRule: Rule {
    /// The problems the rule reports.
    public let code: SyntaxProblem.Code
    public var id: String { code.rawValue }
    public let title: String
    public let rationale: String
    public let category: RuleCategory
    public let defaultSeverity: Severity
    public let examples: [RuleExample]
    public var fileKinds: Set<FileKind> { FileKind.allKinds }
    /// Builds the fixes of one problem.
    let fixes: (@Sendable (SyntaxProblem, RuleContext) -> [Fix])?

    public init(code: SyntaxProblem.Code, title: String, rationale: String, category: RuleCategory, severity: Severity = .error,
                examples: [RuleExample], fixes: (@Sendable (SyntaxProblem, RuleContext) -> [Fix])? = nil) {
        self.code = code
        self.title = title
        self.rationale = rationale
        self.category = category
        self.defaultSeverity = severity
        self.examples = examples
        self.fixes = fixes
    }

    public func check(_ context: RuleContext, into out: inout [Diagnostic]) {
        for p in context.problems(code) {
            var d = diagnostic(p.message, p.range, fixes: fixes?(p, context) ?? [])
            if p.severity == .warning && d.severity == .error { d.severity = .warning }
            out.append(d)
        }
    }
}

/// The file-format checks made before parsing (`SourceDecoding`): reported by
/// `Analyzer.diagnostics(forFileBytes:)`, listed here for the documentation and configuration.
public struct FileFormatRule: Rule {
    public let id: String
    public let title: String
    public let rationale: String
    public var category: RuleCategory { .file }
    public var defaultSeverity: Severity { .error }
    public let examples: [RuleExample]
    public var fileKinds: Set<FileKind> { FileKind.allKinds }
    public func check(_ context: RuleContext, into out: inout [Diagnostic]) {}
}
