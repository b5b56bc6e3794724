// The server's call of the one analysis (`DocumentAnalysis`) for diagnostics, and their conversion to LSP.
import LanguageServerProtocol
import PlistAnalysis
import PlistSyntax
import PlistWorkspace
import SourceEvidence

/// Computes a document's diagnostics and converts them to LSP: this is the only place the server
/// asks the analysis for diagnostics (code actions read their fixes from the same result).
public struct DiagnosticsProvider: Sendable {
    /// Shown by editors next to each message.
    public var source: String
    /// The `file://` URL of the installed docs/diagnostics.md, where rule ids link unless the
    /// `documentationURL` setting names another page (nil: no link).
    public var installedDocumentation: String?

    public init(source: String = "plist", installedDocumentation: String? = InstalledDocumentation.diagnosticsPage) {
        self.source = source
        self.installedDocumentation = installedDocumentation
    }

    /// The analysis result in byte offsets, with fixes: computed once per snapshot, configuration
    /// and generation of every input (`AnalysisInputs`), since the snapshot is immutable.
    /// `translations`: the session's localization sets (by default a cache of this call's own).
    public func analysisDiagnostics(
        for snapshot: DocumentSnapshot, configuration: ServerConfiguration,
        evidence: SourceEvidenceInput = .none, project: ProjectInputValue = .none,
        translations: LocalizationSetCache
    ) -> [Finding] {
        snapshot.analysisDiagnostics(
            configuration: configuration,
            inputs: AnalysisInputs(configuration: configuration, evidence: evidence, project: project, translations: translations)
        ) {
            let inputs = DocumentInputs(
                configuration: configuration.analysis, evidence: evidence.evidence, project: project.input,
                translations: SessionTranslations(cache: translations, translationProject: project.input))
            return DocumentAnalysis.findings(of: .open(snapshot), path: snapshot.uri, file: FileURI.path(of: snapshot.uri), inputs: inputs)
                .findings
        }
    }

    /// The analysis of a file read from disk at `path` (`uri`), as `check` analyses it: a binary
    /// plist or signed profile as its XML form, a translation by its own reader.
    func fileAnalysis(
        path: String, uri: DocumentURI, bytes: [UInt8], configuration: ServerConfiguration,
        evidence: SourceEvidenceInput, project: ProjectInputValue, translations: LocalizationSetCache
    ) -> DocumentAnalysis.Result {
        let inputs = DocumentInputs(
            configuration: configuration.analysis, evidence: evidence.evidence, project: project.input,
            translations: SessionTranslations(cache: translations, translationProject: project.input))
        return DocumentAnalysis.findings(of: .file(bytes), path: uri, file: path, inputs: inputs)
    }

    /// The diagnostics of a snapshot in LSP form: rule id as `code` linked to its documentation,
    /// positions in the snapshot's encoding.
    public func diagnostics(
        for snapshot: DocumentSnapshot, configuration: ServerConfiguration,
        evidence: SourceEvidenceInput = .none, project: ProjectInputValue = .none,
        translations: LocalizationSetCache
    ) -> [Diagnostic] {
        analysisDiagnostics(for: snapshot, configuration: configuration, evidence: evidence, project: project, translations: translations)
            .map { convert($0, in: snapshot, configuration: configuration) }
    }

    /// One diagnostic in LSP form, its rule id linked to the page the configuration names (by
    /// default the installed docs/diagnostics.md; no link when there is none).
    public func convert(_ diagnostic: Finding, in snapshot: DocumentSnapshot, configuration: ServerConfiguration) -> Diagnostic {
        let tags = diagnostic.tags.sorted { $0.rawValue < $1.rawValue }.map { tag -> DiagnosticTag in
            tag == .unnecessary ? .unnecessary : .deprecated
        }
        let related =
            diagnostic.related.map {
                DiagnosticRelatedInformation(
                    location: Location(uri: snapshot.uri, range: snapshot.range(of: $0.range)), message: $0.message)
            }
            + diagnostic.elsewhere.map {
                DiagnosticRelatedInformation(location: Self.location($0.location, encoding: snapshot.encoding), message: $0.message)
            }
        return Diagnostic(
            range: snapshot.range(of: diagnostic.range),
            severity: Self.severity(diagnostic.severity),
            code: .string(diagnostic.code),
            codeDescription: configuration.analysis.documentation.url(for: diagnostic.code, installed: installedDocumentation).map(
                CodeDescription.init(href:)),
            source: source,
            message: diagnostic.message,
            tags: tags.isEmpty ? nil : tags,
            relatedInformation: related.isEmpty ? nil : related)
    }

    /// A place in a source file, in the client's position encoding.
    static func location(_ location: SourceLocation, encoding: PositionEncoding) -> Location {
        func position(_ p: SourcePosition) -> Position { Position(line: p.line, character: p.column(in: encoding)) }
        return Location(uri: FileURI.uri(for: location.path), range: LSPRange(start: position(location.start), end: position(location.end)))
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
