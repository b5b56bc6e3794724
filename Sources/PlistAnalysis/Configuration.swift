// User settings that change what the analysis reports: rule severities, disabled rules, the
// file kind override, inlay hints, preprocessor definitions.

/// Settings for one analysis (from LSP `initializationOptions` / `workspace/didChangeConfiguration`,
/// or `check`'s flags). Unknown rule ids are ignored.
public struct AnalysisConfiguration: Sendable, Hashable {
    /// A severity per rule id, replacing the rule's default.
    public var severities: [String: Severity]
    /// Rule ids that report nothing.
    public var disabledRules: Set<String>
    /// Treat every file as this kind instead of detecting it.
    public var fileKindOverride: FileKind?
    /// Whether Info.plist rules run on files detected as Info.plist (on by default).
    public var infoPlistRules: Bool
    /// Show Xcode's display name after known keys (inlay hints).
    public var inlayHints: Bool
    /// Preprocessor definitions (name → value, `"1"` for a bare `-D NAME`) that choose the branches
    /// of a preprocessed Info.plist, which is then analysed as Xcode reads it; nil analyses every
    /// branch at once. See docs/preprocessed-plists.md.
    public var preprocessorDefinitions: [String: String]?

    public init(severities: [String: Severity] = [:], disabledRules: Set<String> = [], fileKindOverride: FileKind? = nil,
                infoPlistRules: Bool = true, inlayHints: Bool = true, preprocessorDefinitions: [String: String]? = nil) {
        self.preprocessorDefinitions = preprocessorDefinitions
        self.severities = severities
        self.disabledRules = disabledRules
        self.fileKindOverride = fileKindOverride
        self.infoPlistRules = infoPlistRules
        self.inlayHints = inlayHints
    }

    public static let `default` = AnalysisConfiguration()
}
