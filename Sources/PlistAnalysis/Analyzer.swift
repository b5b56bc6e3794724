// The analysis entry points: run the rule catalogue over a document with a configuration,
// honouring suppression comments, and return diagnostics with their fixes in byte offsets.
import PlistSchema
import PlistSyntax

/// Produces the diagnostics of a document.
public enum Analyzer {
    /// The kind the rules treat the file as: the configured override, else detected from `path`
    /// and content; `.other` when Info.plist rules are switched off.
    public static func fileKind(path: String, document: PlistDocument?, configuration: AnalysisConfiguration = .default) -> FileKind {
        let kind = configuration.fileKindOverride ?? FileKind.detect(path: path, document: document)
        if kind == .infoPlist && !configuration.infoPlistRules { return .other }
        return kind
    }

    /// Every diagnostic of the catalogue for `document`, in document order. `path` (a file path or
    /// URI) decides the file kind.
    public static func diagnostics(for document: PlistDocument, path: String = "", configuration: AnalysisConfiguration = .default,
                                   schema: KeyDatabase = .shared, rules: [any Rule] = RuleRegistry.all) -> [Diagnostic] {
        let kind = fileKind(path: path, document: document, configuration: configuration)
        let context = RuleContext(document: document, fileKind: kind, schema: schema)
        let suppressions = Suppressions(document: document)
        var out: [Diagnostic] = []
        for rule in rules where rule.fileKinds.contains(kind) && !configuration.disabledRules.contains(rule.id) {
            if suppressions.disablesFile(rule.id) { continue }
            var found: [Diagnostic] = []
            rule.check(context, into: &found)
            if let severity = configuration.severities[rule.id] {
                for i in found.indices { found[i].severity = severity }
            }
            if suppressions.isEmpty { out += found } else { out += found.filter { !suppressions.suppresses($0) } }
        }
        // Inside a container whose end the parser placed by recovery, a warning is most likely a
        // follow-on of that guess, not the user's problem: only errors stay.
        let recovered = document.tree.recoveredContainerRanges
        if !recovered.isEmpty {
            out.removeAll { d in d.severity == .warning && recovered.contains { $0.contains(d.range.lowerBound) } }
        }
        out.sort { ($0.range.lowerBound, $0.range.upperBound, $0.code) < ($1.range.lowerBound, $1.range.upperBound, $1.code) }
        return out
    }

    /// Diagnostics for raw file bytes: unreadable formats (binary, JSON, empty) become one
    /// diagnostic at the start; `text` is the UTF-8 text the ranges refer to.
    public static func diagnostics(forFileBytes raw: [UInt8], path: String = "", configuration: AnalysisConfiguration = .default,
                                   schema: KeyDatabase = .shared) -> (text: [UInt8], diagnostics: [Diagnostic]) {
        switch SourceDecoding.decode(raw) {
        case .success(let text):
            return (text, diagnostics(for: PlistDocument(text: text), path: path, configuration: configuration, schema: schema))
        case .failure(let error):
            guard !configuration.disabledRules.contains(error.code) else { return (raw, []) }
            let severity = configuration.severities[error.code] ?? .error
            return (raw, [Diagnostic(code: error.code, severity: severity, message: error.description, range: 0..<0)])
        }
    }
}
