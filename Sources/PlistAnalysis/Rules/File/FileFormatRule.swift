// file-*: the checks made on a file's bytes before parsing; one rule a `SourceDecodingError`.
import PlistSyntax

/// The file-format checks made before parsing (`SourceDecoding`): reported by
/// `Analyzer.findings(forFileBytes:)`, listed here for the documentation and configuration.
public struct FileFormatRule: Rule {
    /// The rejection the rule reports.
    public let error: SourceDecodingError
    public var id: String { error.code }
    public let title: String
    public let rationale: String
    public var category: RuleCategory { .file }
    public var defaultSeverity: Finding.Severity { .error }
    public let examples: [RuleExample]
    public var fileKinds: Set<FileKind> { FileKind.allKinds }
    public func check(_ context: RuleContext, into out: inout [Finding]) {}
}

extension FileFormatRule {
    /// The rule that reports `error`. Exhaustive: a new rejection does not compile until it has a rule.
    static func documenting(_ error: SourceDecodingError) -> FileFormatRule {
        switch error {
        case .binaryPropertyList: .binaryPropertyList
        case .openStepOrJSON: .openStepOrJSON
        case .empty: .empty
        case .invalidUTF16: .invalidUTF16
        }
    }
}
