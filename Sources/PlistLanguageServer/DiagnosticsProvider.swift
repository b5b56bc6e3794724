// The single call site of the analysis for diagnostics, and their conversion to LSP.
import LanguageServerProtocol
import PlistAnalysis
import PlistSyntax
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
    /// and generation of source evidence, since the snapshot is immutable.
    public func analysisDiagnostics(for snapshot: DocumentSnapshot, configuration: ServerConfiguration,
                                    evidence: SourceEvidenceInput = .none, project: ProjectInputValue = .none) -> [Finding] {
        snapshot.analysisDiagnostics(configuration: configuration,
                                     inputs: AnalysisInputs(configuration: configuration, evidence: evidence, project: project)) {
            // An InfoPlist.strings or .xcstrings: checked against the Info.plist it translates (issue #31).
            if let path = FileURI.path(of: snapshot.uri), LocalizationFiles.isTranslationFile(path) {
                // A keystroke in a large table checks the entries it changed (issue #39, point 5).
                let (found, memo) = Analyzer.findings(forTranslation: snapshot.translation, at: path,
                                                      infoPlist: LocalizationSetCache.shared.infoPlist(forTranslationAt: path),
                                                      externalKeys: Set(project.input?.externalKeys.keys ?? [:].keys),
                                                      configuration: configuration.analysis, memo: snapshot.translationMemo.withLock { $0 })
                snapshot.translationMemo.withLock { $0 = memo }
                return found
            }
            // With preprocessor definitions (the settings', else the target's
            // INFOPLIST_PREPROCESSOR_DEFINITIONS), a preprocessed file is analysed as Xcode reads
            // it; the shared typed view (every branch at once) keeps serving completion, hover and outline.
            // An OpenStep (old-style) plist is checked like its XML form, as `check` does; read as
            // XML it is all text outside a root ("This is not XML"), a false error.
            if snapshot.tree.rootElement == nil {
                let bytes = snapshot.tree.text.bytes
                if OpenStepDocument.looksLikeOpenStep(bytes) {
                    return Analyzer.findings(forFileBytes: bytes, path: snapshot.uri, configuration: configuration.analysis,
                                             evidence: evidence.evidence, project: project.input).diagnostics
                }
            }
            var document = snapshot.document
            if let definitions = configuration.analysis.preprocessorDefinitions ?? project.input?.preprocessorDefinitions,
               document.conditionals.isPreprocessed {
                document = PlistDocument(snapshot.tree, definitions: definitions)
            }
            var found = Analyzer.findings(for: document, path: snapshot.uri, configuration: configuration.analysis, evidence: evidence.evidence,
                                          project: project.input)
            // What the Info.plist's shipped locales leave untranslated (issue #31).
            if let path = FileURI.path(of: snapshot.uri), Analyzer.fileKind(path: path, document: document, configuration: configuration.analysis) == .infoPlist,
               let (set, index) = LocalizationSetCache.shared.prepared(forInfoPlistAt: path), !set.isEmpty {
                let more = LocalizationFiles.findings(forInfoPlist: document, set: set, index: index, configuration: configuration.analysis)
                if !more.isEmpty {
                    found = (found + more).sorted { ($0.range.lowerBound, $0.range.upperBound, $0.code) < ($1.range.lowerBound, $1.range.upperBound, $1.code) }
                }
            }
            return found
        }
    }

    /// The diagnostics of a snapshot in LSP form: rule id as `code` linked to its documentation,
    /// positions in the snapshot's encoding.
    public func diagnostics(for snapshot: DocumentSnapshot, configuration: ServerConfiguration,
                            evidence: SourceEvidenceInput = .none, project: ProjectInputValue = .none) -> [Diagnostic] {
        analysisDiagnostics(for: snapshot, configuration: configuration, evidence: evidence, project: project)
            .map { convert($0, in: snapshot, configuration: configuration) }
    }

    /// One diagnostic in LSP form, its rule id linked to the page the configuration names (by
    /// default the installed docs/diagnostics.md; no link when there is none).
    public func convert(_ diagnostic: Finding, in snapshot: DocumentSnapshot, configuration: ServerConfiguration) -> Diagnostic {
        let tags = diagnostic.tags.sorted { $0.rawValue < $1.rawValue }.map { tag -> DiagnosticTag in
            tag == .unnecessary ? .unnecessary : .deprecated
        }
        let related = diagnostic.related.map {
            DiagnosticRelatedInformation(location: Location(uri: snapshot.uri, range: snapshot.range(of: $0.range)), message: $0.message)
        } + diagnostic.elsewhere.map {
            DiagnosticRelatedInformation(location: Self.location($0.location, encoding: snapshot.encoding), message: $0.message)
        }
        return Diagnostic(
            range: snapshot.range(of: diagnostic.range),
            severity: Self.severity(diagnostic.severity),
            code: .string(diagnostic.code),
            codeDescription: configuration.analysis.documentation.url(for: diagnostic.code, installed: installedDocumentation).map(CodeDescription.init(href:)),
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
