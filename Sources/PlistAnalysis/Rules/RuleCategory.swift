// The chapters of the rule catalogue.

/// The chapter a rule belongs to in `docs/diagnostics.md`.
public enum RuleCategory: String, Sendable, Hashable, CaseIterable {
    case file, xml, structure, types, values, keys, privacy, appTransportSecurity, privacyManifest, entitlements, launchd, profiles,
        project, localization

    /// The chapter heading.
    public var title: String {
        switch self {
        case .file: return "File format"
        case .xml: return "XML well-formedness"
        case .structure: return "Property-list structure"
        case .types: return "Value types"
        case .values: return "Values and formats"
        case .keys: return "Keys"
        case .privacy: return "Privacy"
        case .appTransportSecurity: return "App Transport Security"
        case .privacyManifest: return "Privacy manifests"
        case .entitlements: return "Entitlements"
        case .launchd: return "launchd jobs"
        case .project: return "Project awareness"
        case .profiles: return "Configuration profiles"
        case .localization: return "Localization: InfoPlist.strings and String Catalogs"
        }
    }
}
