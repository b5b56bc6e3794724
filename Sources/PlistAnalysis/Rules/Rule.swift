// The rule protocol: a rule is a value that is also its documentation (id, title, rationale) and its
// test data (examples that must and must not trigger it, and its fix's before/after).
import PlistSchema
import PlistSyntax
import SourceEvidence

/// A check of the catalogue. Each rule lives in its own file and is listed in `RuleRegistry.all`.
///
/// A rule reads one kind of input, its `Context`: `RuleContext` for the property lists (the
/// default), `TranslationContext` for strings tables and String Catalogs, `LocalizedPlistContext`
/// for an Info.plist with the files translating it. `Analyzer.run` runs a rule on the inputs of its
/// type whose file kind it lists, with one configuration, suppression and limit policy for all.
public protocol Rule<Context>: Sendable {
    /// What the rule reads.
    associatedtype Context: Sendable = RuleContext
    /// Stable identifier, used as the diagnostic `code`, in configuration and suppression comments.
    var id: String { get }
    /// One line: what the rule finds.
    var title: String { get }
    /// Why it matters (Markdown, a few sentences).
    var rationale: String { get }
    var category: RuleCategory { get }
    var defaultSeverity: Finding.Severity { get }
    /// False for a rule that runs only when asked for (a severity given in the configuration or with
    /// `check --severity`, or `check --hints` for the hints): `info-unknown-key`, whose one hint per
    /// custom key is noise in most projects.
    var enabledByDefault: Bool { get }
    /// The kinds of file the rule runs on.
    var fileKinds: Set<FileKind> { get }
    /// Examples: documentation and test data.
    var examples: [RuleExample] { get }
    /// The keys and pages whose facts the rule relies on, cited in its documentation (`RuleFacts`).
    var facts: RuleFacts { get }
    /// Appends the rule's diagnostics (with `code == id` and the default severity) to `out`.
    func check(_ context: Context, into out: inout [Finding])
}

extension Rule {
    public var fileKinds: Set<FileKind> { [.infoPlist] }
    public var enabledByDefault: Bool { true }

    /// A diagnostic of this rule with its default severity.
    public func diagnostic(
        _ message: String, _ range: Range<Int>, tags: Set<Finding.Tag> = [],
        related: [(message: String, range: Range<Int>)] = [],
        elsewhere: [(message: String, location: SourceLocation)] = [], fixes: [Fix] = []
    ) -> Finding {
        Finding(
            code: id, severity: defaultSeverity, message: message, range: range, tags: tags, related: related, elsewhere: elsewhere,
            fixes: fixes)
    }

    /// Whether the rule reads inputs of `type` (a `RuleContext` for the plist rules).
    public func reads<Input>(_ type: Input.Type) -> Bool { Context.self == Input.self }

    /// Checks `input` when it is what the rule reads; false (nothing appended) when it is not.
    @discardableResult
    public func check<Input>(input: Input, into out: inout [Finding]) -> Bool {
        guard let context = input as? Context else { return false }
        check(context, into: &out)
        return true
    }
}
