// The single call site of the analysis for diagnostics, and their conversion to LSP.
import LanguageServerProtocol
import PlistAnalysis
import PlistSyntax

/// Computes a document's diagnostics and converts them to LSP: this is the only place the server
/// asks the analysis for diagnostics (code actions read their fixes from the same result).
public struct DiagnosticsProvider: Sendable {
    /// Shown by editors next to each message.
    public var source: String

    public init(source: String = "plist") {
        self.source = source
    }

    /// The analysis result in byte offsets, with fixes: computed once per snapshot and
    /// configuration, since the snapshot is immutable.
    public func analysisDiagnostics(for snapshot: DocumentSnapshot, configuration: ServerConfiguration) -> [Finding] {
        snapshot.analysisDiagnostics(configuration: configuration) {
            // With preprocessor definitions, a preprocessed file is analysed as Xcode reads it; the
            // shared typed view (every branch at once) keeps serving completion, hover and outline.
            var document = snapshot.document
            if let definitions = configuration.analysis.preprocessorDefinitions, document.conditionals.isPreprocessed {
                document = PlistDocument(snapshot.tree, definitions: definitions)
            }
            return Analyzer.findings(for: document, path: snapshot.uri, configuration: configuration.analysis)
        }
    }

    /// The diagnostics of a snapshot in LSP form: rule id as `code` linked to its documentation,
    /// positions in the snapshot's encoding.
    public func diagnostics(for snapshot: DocumentSnapshot, configuration: ServerConfiguration) -> [Diagnostic] {
        analysisDiagnostics(for: snapshot, configuration: configuration).map { convert($0, in: snapshot) }
    }

    /// One diagnostic in LSP form.
    public func convert(_ diagnostic: Finding, in snapshot: DocumentSnapshot) -> Diagnostic {
        let tags = diagnostic.tags.sorted { $0.rawValue < $1.rawValue }.map { tag -> DiagnosticTag in
            tag == .unnecessary ? .unnecessary : .deprecated
        }
        let related = diagnostic.related.map {
            DiagnosticRelatedInformation(location: Location(uri: snapshot.uri, range: snapshot.range(of: $0.range)), message: $0.message)
        }
        return Diagnostic(
            range: snapshot.range(of: diagnostic.range),
            severity: Self.severity(diagnostic.severity),
            code: .string(diagnostic.code),
            codeDescription: CodeDescription(href: RuleRegistry.documentationURL(for: diagnostic.code)),
            source: source,
            message: diagnostic.message,
            tags: tags.isEmpty ? nil : tags,
            relatedInformation: related.isEmpty ? nil : related)
    }

    static func severity(_ severity: Finding.Severity) -> DiagnosticSeverity {
        switch severity {
        case .error: return .error
        case .warning: return .warning
        case .information: return .information
        case .hint: return .hint
        }
    }
}
