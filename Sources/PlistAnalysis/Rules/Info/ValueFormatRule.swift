// Format rules for single string values (versions, bundle identifier, package type): one struct for
// five rules (each declared in its own file here) that share everything but the key, the pattern
// and the words.
import PlistSchema
import PlistSyntax

/// A rule checking the text of one or more top-level string keys against a format.
public struct ValueFormatRule: Rule {
    public let id: String
    public let title: String
    public let rationale: String
    public var category: RuleCategory { .values }
    /// All five warn: Foundation reads the file; the App Store, signing or launch refuse the value.
    public var defaultSeverity: Finding.Severity { .warning }
    public let examples: [RuleExample]
    /// The keys checked (at the top level).
    let keys: [String]
    /// What a build-setting reference stands for while checking.
    let referenceStandIn: String
    /// nil when valid, else the reason.
    let problem: @Sendable (String) -> String?

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        for info in context.keys where info.parent.isEmpty && info.match?.kind == .exact && keys.contains(info.definition?.name ?? "") {
            guard let value = info.value, value.kind == .string else { continue }
            let text = value.text ?? ""
            let checked = BuildSettingReference.replacing(in: text, with: referenceStandIn)
            if let reason = problem(checked) {
                out.append(diagnostic("'\(text)' is not a valid \(info.key.text): \(reason)", value.element.range))
            }
        }
    }

    static func versionProblem(_ s: String, maxParts: Int) -> String? {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        if s.isEmpty { return "it is empty" }
        if parts.contains(where: { $0.isEmpty || !$0.allSatisfy(\.isASCIIDigit) }) { return "use period-separated numbers such as 1.2.3" }
        if parts.count > maxParts { return "use at most \(maxParts) numbers" }
        return nil
    }

    static func d(_ key: String, _ value: String) -> String {
        ExampleText.dict("\t<key>\(key)</key>\n\t<string>\(value)</string>\n")
    }
}
