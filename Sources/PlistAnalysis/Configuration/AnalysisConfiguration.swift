// User settings that change what the analysis reports: rule severities, disabled rules, the
// file kind override, inlay hints, preprocessor definitions. One parser reads them for both the
// editor (LSP settings) and `plist-lsp check` (its flags), so one spelling means one thing.
import PlistSchema

/// Settings for one analysis. Build it with `AnalysisConfiguration.parse(_:)` from settings in
/// their plain value form (LSP `initializationOptions.settings` / `workspace/didChangeConfiguration`,
/// or `check`'s flags), which is what docs/configuration.md describes.
public struct AnalysisConfiguration: Sendable, Hashable {
    /// A severity per rule id, replacing the rule's default.
    public var severities: [String: Finding.Severity]
    /// Rule ids that report nothing.
    public var disabledRules: Set<String>
    /// Treat every file as this kind instead of detecting it.
    public var fileKindOverride: FileKind?
    /// Whether Info.plist rules run on files detected as Info.plist (on by default).
    public var infoPlistRules: Bool
    /// Show Xcode's display name after known keys (inlay hints).
    public var inlayHints: Bool
    /// Show the resolved value after each `$(VAR)` of a plist a project uses (inlay hints; on by default).
    public var buildSettingHints: Bool = true
    /// Scan the project's sources for the APIs privacy manifests and purpose strings must cover
    /// (docs/source-evidence.md); on by default.
    public var sourceEvidence: Bool
    /// Preprocessor definitions (name → value, `"1"` for a bare `-D NAME`) that choose the branches
    /// of a preprocessed Info.plist, which is then analysed as Xcode reads it; nil analyses every
    /// branch at once. See docs/preprocessed-plists.md.
    public var preprocessorDefinitions: [String: String]?
    /// How `format` and the editor's formatting write the file (Xcode's way by default).
    public var formatting: FormatterOptions
    /// Where each diagnostic's rule id links in the editor (`codeDescription`): the installed
    /// docs/diagnostics.md by default.
    public var documentation: RuleDocumentationLink = .installed

    public init(
        severities: [String: Finding.Severity] = [:], disabledRules: Set<String> = [], fileKindOverride: FileKind? = nil,
        infoPlistRules: Bool = true, inlayHints: Bool = true, sourceEvidence: Bool = true,
        preprocessorDefinitions: [String: String]? = nil, formatting: FormatterOptions = .xcode
    ) {
        self.formatting = formatting
        self.preprocessorDefinitions = preprocessorDefinitions
        self.sourceEvidence = sourceEvidence
        self.severities = severities
        self.disabledRules = disabledRules
        self.fileKindOverride = fileKindOverride
        self.infoPlistRules = infoPlistRules
        self.inlayHints = inlayHints
    }

    public static let `default` = AnalysisConfiguration()

    /// Whether `rule` runs: not switched off, and on by default or given a severity (a rule that is
    /// off by default, such as `info-unknown-key`, runs once a level is set for it). The server and
    /// `check` both decide through this, so they report the same findings for the same settings.
    public func runs(_ rule: any Rule) -> Bool {
        if disabledRules.contains(rule.id) { return false }
        return rule.enabledByDefault || severities[rule.id] != nil
    }
}

extension AnalysisConfiguration {
    /// Reads the settings object (see docs/configuration.md). Every part that cannot be used is
    /// skipped and reported as a problem; the rest applies. Values that name something (levels,
    /// file kinds) are matched ignoring case; rule ids and definition names are exact. A member
    /// that is `null` counts as absent; members not listed here are left alone, as is anything
    /// but an object.
    ///
    /// - `rules`: rule id → `"error"`, `"warning"`, `"information"` (or `"info"`), `"hint"`, `"off"`
    ///   (or `"none"`, `"disabled"`, `false`); `true` keeps the rule's default severity.
    /// - `disabledRules`: an array of rule ids.
    /// - `infoPlistRules`, `inlayHints`, `sourceEvidence`: booleans (`inlayHints` also as
    ///   `{"enabled": Bool, "buildSettings": Bool}`, the second for the resolved `$(VAR)` values).
    /// - `fileKind`: `infoPlist`, `entitlements`, `privacyManifest`, `launchdJob` or `other`.
    /// - `preprocessorDefinitions`: `["NAME", "NAME=VALUE"]` or `{"NAME": "VALUE" | integer | true |
    ///   false}` (a bare name or `true` is `"1"`; `false` leaves the name undefined); `false`:
    ///   every branch at once, as when absent. A name must be a C identifier.
    /// - `formatting`: `{"indentation": "tabs" | N (spaces, 1…16) | "editor", "dataLineWidth": N}`
    ///   (`"editor"`: the editor's tab size and spaces choose, in `textDocument/formatting`).
    /// - `documentationURL`: the URL of the page documenting the rules (each rule the section
    ///   `#rule-id`), or `false` / `""` for no link; absent: the installed docs/diagnostics.md.
    public static func parse(_ settings: ConfigurationValue) -> (configuration: AnalysisConfiguration, problems: [ConfigurationProblem]) {
        var parser = SettingsParser()
        parser.read(settings)
        return (parser.configuration, parser.problems)
    }

    /// Whether `name` can be a preprocessor macro name (a C identifier).
    public static func isMacroName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// The known rule ids closest to an unknown one (at most three, nearest first).
    public static func ruleIDs(near id: String) -> [String] {
        let limit = max(2, id.count / 3)
        func near(_ ids: [String]) -> [String] {
            ids.map { (id: $0, distance: EditDistance.between(id, $0)) }
                .filter { $0.distance <= limit }
                .sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }
                .prefix(3).map(\.id)
        }
        // The localization rules' ids only when no plist rule's is near (their suffixes repeat the plist rules').
        let plist = near(RuleRegistry.all.filter { $0.category != .localization }.map(\.id))
        return plist.isEmpty ? near(RuleRegistry.all.filter { $0.category == .localization }.map(\.id)) : plist
    }
}

/// Where a diagnostic's rule id links: the `documentationURL` setting.
public enum RuleDocumentationLink: Sendable, Hashable {
    /// docs/diagnostics.md as installed with plist-lsp (beside the executable), if it is there;
    /// else no link.
    case installed
    /// No link.
    case none
    /// This page, each rule being its section `#rule-id`.
    case page(String)

    /// The link for rule `id`, given the installed page's URL (nil: none is installed).
    public func url(for id: String, installed: String?) -> String? {
        switch self {
        case .installed: return installed.map { "\($0)#\(id)" }
        case .none: return nil
        case .page(let page): return "\(page)#\(id)"
        }
    }
}
