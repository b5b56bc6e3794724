// The single call site of the analysis for diagnostics, and their conversion to LSP.
import LanguageServerProtocol
import PlistAnalysis
import PlistSyntax

/// Settings from `workspace/didChangeConfiguration` (the `plist` section, or the whole object
/// when it has no such member) and `initializationOptions.settings`.
public struct ServerConfiguration: Sendable, Hashable {
    /// The settings object (`null` until the client sends any).
    public var settings: JSONValue
    /// Increases with every configuration change (part of pull-diagnostics result ids).
    public var generation: Int

    public init(settings: JSONValue = .null, generation: Int = 0) {
        self.settings = settings
        self.generation = generation
    }

    /// A member of the settings, e.g. `configuration["diagnostics"]`.
    public subscript(key: String) -> JSONValue? { settings[key] }
}

/// Computes a document's diagnostics and converts them to LSP. Rules and their configuration
/// (issue #5) plug in here: this is the only place the server asks the analysis for diagnostics.
public struct DiagnosticsProvider: Sendable {
    /// Shown by editors next to each message.
    public var source: String

    public init(source: String = "plist") {
        self.source = source
    }

    /// The analysis result in byte offsets.
    /// The rule catalogue and its configuration (issue #5) plug in here.
    public func analysisDiagnostics(for snapshot: DocumentSnapshot, configuration: ServerConfiguration) -> [PlistAnalysis.Diagnostic] {
        Analyzer.diagnostics(for: snapshot.document, path: snapshot.uri)
    }

    /// The diagnostics of a snapshot in LSP form: rule id as `code`, positions in the
    /// snapshot's encoding.
    public func diagnostics(for snapshot: DocumentSnapshot, configuration: ServerConfiguration) -> [LanguageServerProtocol.Diagnostic] {
        analysisDiagnostics(for: snapshot, configuration: configuration).map { convert($0, in: snapshot) }
    }

    /// One diagnostic in LSP form.
    public func convert(_ diagnostic: PlistAnalysis.Diagnostic, in snapshot: DocumentSnapshot) -> LanguageServerProtocol.Diagnostic {
        LanguageServerProtocol.Diagnostic(
            range: snapshot.range(of: diagnostic.range),
            severity: Self.severity(diagnostic.severity),
            code: .string(diagnostic.code),
            source: source,
            message: diagnostic.message)
    }

    static func severity(_ severity: PlistAnalysis.Severity) -> DiagnosticSeverity {
        switch severity {
        case .error: return .error
        case .warning: return .warning
        case .information: return .information
        case .hint: return .hint
        }
    }
}
