// The analysis entry points: run the rule catalogue over a document with a configuration,
// honouring suppression comments, and return diagnostics with their fixes in byte offsets.
import PlistSchema
import PlistSyntax
import XcodeProject
import SourceEvidence

/// Produces the diagnostics of a document.
public enum Analyzer {
    /// The kind the rules treat a property list as: its role (`DocumentKind.decide`: the
    /// configured override, else the project's role, else detected from `path` and content);
    /// `.other` when Info.plist rules are switched off.
    public static func fileKind(
        path: String, document: PlistDocument?, configuration: AnalysisConfiguration = .default,
        project: ProjectInput.Role? = nil
    ) -> FileKind {
        rulesKind(
            DocumentKind.decide(path: path, format: .xml, document: document, configuration: configuration, project: project).featureRole,
            configuration: configuration)
    }

    /// The kind the rules run for on a document of `role`: `.other` for an Info.plist when Info.plist rules are off.
    static func rulesKind(_ role: FileKind, configuration: AnalysisConfiguration) -> FileKind {
        role == .infoPlist && !configuration.infoPlistRules ? .other : role
    }

    /// At most this many diagnostics of one rule are reported per file; the rest are summarised in
    /// one more diagnostic of the rule, so that what a file costs to report (the server's publish,
    /// `check`'s output) stays bounded whatever the file holds.
    public static let maximumDiagnosticsPerRule = 500

    /// Every diagnostic of the catalogue for `document`, in document order. `path` (a file path or
    /// URI) decides the file kind; `evidence` is what the project's sources show the file needs
    /// (already narrowed to this file with `SourceEvidence.relevant(toPlistAt:)`; nil: none scanned).
    /// Each rule reports at most `limitPerRule` diagnostics (nil: all, as fix-all needs every fix)
    /// and a summary of the rest. `remembersSubtrees` false checks every dictionary afresh instead
    /// of reusing what was found in the subtrees an earlier version shares (see
    /// `RuleContext.findingsPerDictionary`): the reference of `AnalysisEqualityTests`. `role`:
    /// the document's role as its `DocumentKind` says (nil: decided here the same way).
    public static func findings(
        for document: PlistDocument, path: String = "", configuration: AnalysisConfiguration = .default,
        schema: KeyDatabase = .shared, rules: [any Rule] = RuleRegistry.all,
        evidence: SourceEvidence? = nil, project: ProjectInput? = nil,
        limitPerRule: Int? = maximumDiagnosticsPerRule, remembersSubtrees: Bool = true,
        kind role: FileKind? = nil
    ) -> [Finding] {
        let kind =
            role.map { rulesKind($0, configuration: configuration) }
            ?? fileKind(path: path, document: document, configuration: configuration, project: project?.role)
        var context = RuleContext(document: document, fileKind: kind, path: path, schema: schema, evidence: evidence, project: project)
        context.remembersSubtrees = remembersSubtrees
        var out = run(rules, on: context, kind: kind, configuration: configuration, suppressions: Suppressions(document: document))
        BranchSafety.removeUnsafeFixes(&out, document: document)
        // Inside a container whose end the parser placed by recovery, a warning is most likely a
        // follow-on of that guess, not the user's problem: only errors stay.
        let recovered = document.tree.recoveredContainerRanges
        if !recovered.isEmpty {
            out.removeAll { d in d.severity == .warning && recovered.contains { $0.contains(d.range.lowerBound) } }
        }
        return inDocumentOrder(out, limitPerRule: limitPerRule)
    }

    /// The run loop of the catalogue, the same for every kind of input: each of `rules` that runs
    /// on `kind` and reads `Context` (`Rule.Context`) checks `context`, unless the configuration
    /// switches it off (`AnalysisConfiguration.runs`) or a suppression comment disables it for the
    /// file; the configured severity replaces the rule's, and the findings a suppression comment
    /// covers are dropped. Unordered: `inDocumentOrder` sorts and limits.
    static func run<Context>(
        _ rules: [any Rule], on context: Context, kind: FileKind, configuration: AnalysisConfiguration,
        suppressions: Suppressions = Suppressions()
    ) -> [Finding] {
        var out: [Finding] = []
        for rule in rules where rule.fileKinds.contains(kind) && configuration.runs(rule) && rule.reads(Context.self) {
            if suppressions.disablesFile(rule.id) { continue }
            var found: [Finding] = []
            rule.check(input: context, into: &found)
            if let severity = configuration.severities[rule.id] {
                for i in found.indices { found[i].severity = severity }
            }
            if suppressions.isEmpty { out += found } else { out += found.filter { !suppressions.suppresses($0) } }
        }
        return out
    }

    /// `findings` in document order (`Finding.precedes`), with at most `limitPerRule` of each
    /// rule and a summary of the rest (`limiting`; nil: all).
    public static func inDocumentOrder(_ findings: [Finding], limitPerRule: Int? = maximumDiagnosticsPerRule) -> [Finding] {
        let sorted = Finding.inDocumentOrder(findings)
        if let limitPerRule { return limiting(sorted, perRule: limitPerRule) }
        return sorted
    }

    /// `diagnostics` (in document order) with at most `limit` of each rule: the first ones, and in
    /// place of the rest one diagnostic of the same rule where the first omitted one was, saying how
    /// many are not shown.
    public static func limiting(_ diagnostics: [Finding], perRule limit: Int = maximumDiagnosticsPerRule) -> [Finding] {
        var counts: [String: Int] = [:]
        for d in diagnostics { counts[d.code, default: 0] += 1 }
        guard counts.values.contains(where: { $0 > limit }) else { return diagnostics }
        var seen: [String: Int] = [:]
        var out: [Finding] = []
        for d in diagnostics {
            let n = seen[d.code, default: 0]
            seen[d.code] = n + 1
            if n < limit { out.append(d); continue }
            guard n == limit else { continue }
            let more = counts[d.code]! - limit
            out.append(
                Finding(
                    code: d.code, severity: d.severity,
                    message: "\(more) more '\(d.code)' problem\(more == 1 ? "" : "s") in this file not shown (at most \(limit) per rule)",
                    range: d.range))
        }
        return out
    }

    /// Diagnostics for raw file bytes: unreadable formats (binary, JSON, empty) become one
    /// diagnostic at the start; `text` is the UTF-8 text the ranges refer to.
    /// An OpenStep file is checked like its XML form (`OpenStepAnalysis`). With a `project`, a
    /// preprocessed Info.plist is read with the target's INFOPLIST_PREPROCESSOR_DEFINITIONS unless
    /// the configuration gives definitions.
    /// `release`, when given, receives the typed view the findings were read from (an XML plist
    /// only), so that the caller decides where it is released: `check` releases a large one on
    /// another thread while it prints, or not at all before the process ends.
    public static func findings(
        forFileBytes raw: [UInt8], path: String = "", configuration: AnalysisConfiguration = .default,
        schema: KeyDatabase = .shared, evidence: SourceEvidence? = nil,
        project: ProjectInput? = nil,
        release: ((consuming PlistDocument) -> Void)? = nil
    ) -> (text: [UInt8], diagnostics: [Finding]) {
        switch SourceDecoding.decode(raw) {
        case .success(let text):
            // Analysed once: nothing to remember for a next version.
            let definitions = configuration.preprocessorDefinitions ?? project?.preprocessorDefinitions
            let document = PlistDocument(text: text, definitions: definitions)
            var found = findings(
                for: document, path: path, configuration: configuration, schema: schema, evidence: evidence,
                project: project, remembersSubtrees: false)
            release?(consume document)
            if let mislabelled = utf16Mislabel(raw: raw, text: text, configuration: configuration) { found.insert(mislabelled, at: 0) }
            return (text, found)
        case .failure(.openStepOrJSON) where OpenStepDocument.looksLikeOpenStep(raw):
            let document = OpenStepDocument(text: raw)
            return (
                raw,
                limiting(
                    OpenStepAnalysis.findings(
                        for: document, path: path, configuration: configuration, schema: schema,
                        evidence: evidence, project: project))
            )
        case .failure(let error):
            guard !configuration.disabledRules.contains(error.code) else { return (raw, []) }
            let severity = configuration.severities[error.code] ?? .error
            return (raw, [Finding(code: error.code, severity: severity, message: error.description, range: 0..<0)])
        }
    }

    /// A declaration whose encoding contradicts the file's bytes (`SourceDecoding.encodingMismatch`):
    /// a UTF-8 file declaring UTF-16 is read here as UTF-8 (as libxml2 reads it, then refuses the
    /// label), while Foundation believes the label and fails; UTF-16 declared in the other byte
    /// order, or without a mark and declared as something else, plistlib and libxml2 refuse.
    static func utf16Mislabel(raw: [UInt8], text: [UInt8], configuration: AnalysisConfiguration) -> Finding? {
        let code = SyntaxProblem.Code.xmlUnsupportedEncoding.rawValue
        guard !configuration.disabledRules.contains(code), let mismatch = SourceDecoding.encodingMismatch(raw: raw, text: text) else {
            return nil
        }
        let start = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let end = (text[start...].prefix(400).firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 }) ?? min(text.count, start + 5)
        return Finding(
            code: code, severity: configuration.severities[code] ?? .error,
            message: "The declaration says '\(mismatch.declared)' but \(mismatch.reason)",
            range: start..<end)
    }
}
