// The single call site of the analysis for diagnostics, and their conversion to LSP.
import LanguageServerProtocol
import PlistAnalysis
import PlistSyntax

/// Settings from `workspace/didChangeConfiguration` (the `plist` section, or the whole object
/// when it has no such member) and `initializationOptions.settings`.
public struct ServerConfiguration: Sendable, Hashable {
    /// The settings object, with a `plist` wrapper removed (`null` until the client sends any).
    public let settings: JSONValue
    /// Increases with every configuration change (part of pull-diagnostics result ids).
    public let generation: Int
    /// The settings as the analysis and the editor features read them, parsed once.
    public let analysis: AnalysisConfiguration

    /// Settings either as they are or wrapped in a `plist` member (both forms are read everywhere).
    public init(settings: JSONValue = .null, generation: Int = 0) {
        let unwrapped = settings["plist"] ?? settings
        self.settings = unwrapped
        self.generation = generation
        self.analysis = Self.parse(unwrapped)
    }

    /// A member of the settings, e.g. `configuration["diagnostics"]`.
    public subscript(key: String) -> JSONValue? { settings[key] }

    /// The analysis settings (see docs/configuration.md):
    /// `{"rules": {"RULE-ID": "off"|"error"|"warning"|"information"|"hint"}, "disabledRules": [ids],
    /// "infoPlistRules": true, "fileKind": "infoPlist"|"entitlements"|"privacyManifest"|"other",
    /// "inlayHints": true | {"enabled": Bool}, "preprocessorDefinitions": ["NAME", "NAME=VALUE"] |
    /// {"NAME": "VALUE"}}`. Unknown values are ignored.
    static func parse(_ s: JSONValue) -> AnalysisConfiguration {
        var c = AnalysisConfiguration()
        for (id, value) in s["rules"]?.objectValue ?? [:] {
            switch value.stringValue?.lowercased() {
            case "off", "none", "disabled": c.disabledRules.insert(id)
            case "error": c.severities[id] = .error
            case "warning": c.severities[id] = .warning
            case "information", "info": c.severities[id] = .information
            case "hint": c.severities[id] = .hint
            default: if value.boolValue == false { c.disabledRules.insert(id) }
            }
        }
        for id in s["disabledRules"]?.arrayValue ?? [] { if let id = id.stringValue { c.disabledRules.insert(id) } }
        if let on = s["infoPlistRules"]?.boolValue { c.infoPlistRules = on }
        if let hints = s["inlayHints"]?.boolValue ?? s["inlayHints"]?["enabled"]?.boolValue { c.inlayHints = hints }
        if let kind = s["fileKind"]?.stringValue { c.fileKindOverride = FileKind(rawValue: kind) }
        c.preprocessorDefinitions = preprocessorDefinitions(s["preprocessorDefinitions"])
        return c
    }
}

extension ServerConfiguration {
    /// The `preprocessorDefinitions` setting, as `check -D` takes them: an array of `NAME` or
    /// `NAME=VALUE` strings, or an object of names to values (a bare name or `true` is "1").
    /// Absent, null or `false` means every branch is analysed at once.
    static func preprocessorDefinitions(_ value: JSONValue?) -> [String: String]? {
        var out: [String: String] = [:]
        switch value {
        case .array(let items)?:
            for case .string(let d) in items {
                let parts = d.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                if !parts[0].isEmpty { out[parts[0]] = parts.count == 2 ? parts[1] : "1" }
            }
        case .object(let members)?:
            for (name, v) in members {
                switch v {
                case .string(let s): out[name] = s
                case .int(let i): out[name] = String(i)
                case .bool(true): out[name] = "1"
                default: continue
                }
            }
        default:
            return nil
        }
        return out
    }
}

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
    public func analysisDiagnostics(for snapshot: DocumentSnapshot, configuration: ServerConfiguration) -> [PlistAnalysis.Diagnostic] {
        snapshot.analysisDiagnostics(configuration: configuration) {
            // With preprocessor definitions, a preprocessed file is analysed as Xcode reads it; the
            // shared typed view (every branch at once) keeps serving completion, hover and outline.
            var document = snapshot.document
            if let definitions = configuration.analysis.preprocessorDefinitions, document.conditionals.isPreprocessed {
                document = PlistDocument(snapshot.tree, definitions: definitions)
            }
            return Analyzer.diagnostics(for: document, path: snapshot.uri, configuration: configuration.analysis)
        }
    }

    /// The diagnostics of a snapshot in LSP form: rule id as `code` linked to its documentation,
    /// positions in the snapshot's encoding.
    public func diagnostics(for snapshot: DocumentSnapshot, configuration: ServerConfiguration) -> [LanguageServerProtocol.Diagnostic] {
        analysisDiagnostics(for: snapshot, configuration: configuration).map { convert($0, in: snapshot) }
    }

    /// One diagnostic in LSP form.
    public func convert(_ diagnostic: PlistAnalysis.Diagnostic, in snapshot: DocumentSnapshot) -> LanguageServerProtocol.Diagnostic {
        let tags = diagnostic.tags.sorted { $0.rawValue < $1.rawValue }.map { tag -> LanguageServerProtocol.DiagnosticTag in
            tag == .unnecessary ? .unnecessary : .deprecated
        }
        let related = diagnostic.related.map {
            DiagnosticRelatedInformation(location: Location(uri: snapshot.uri, range: snapshot.range(of: $0.range)), message: $0.message)
        }
        return LanguageServerProtocol.Diagnostic(
            range: snapshot.range(of: diagnostic.range),
            severity: Self.severity(diagnostic.severity),
            code: .string(diagnostic.code),
            codeDescription: CodeDescription(href: RuleRegistry.documentationURL(for: diagnostic.code)),
            source: source,
            message: diagnostic.message,
            tags: tags.isEmpty ? nil : tags,
            relatedInformation: related.isEmpty ? nil : related)
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
