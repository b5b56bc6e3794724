// The names of the settings the analysis reads.

/// The settings `AnalysisConfiguration.parse(_:)` reads (other members are left alone: they may
/// belong to another tool or a later version).
public enum ConfigurationSetting: String, Sendable, Hashable, CaseIterable {
    case rules, disabledRules, infoPlistRules, fileKind, inlayHints, sourceEvidence, preprocessorDefinitions, formatting, documentationURL
}
