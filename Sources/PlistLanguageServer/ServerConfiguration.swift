// The editor's settings as the session keeps them, read by the analysis's one configuration parser.
import LanguageServerProtocol
import PlistAnalysis
import PlistSupport

/// Settings from `workspace/didChangeConfiguration` (the `plist` section, or the whole object
/// when it has no such member) and `initializationOptions.settings`.
public struct ServerConfiguration: Sendable, Hashable {
    /// The settings object, with a `plist` wrapper removed (`null` until the client sends any).
    public let settings: JSONValue
    /// Increases with every configuration change (part of pull-diagnostics result ids).
    public let generation: Int
    /// The settings as the analysis and the editor features read them, parsed once by
    /// `AnalysisConfiguration.parse` (the parser `plist-lsp check` reads its flags with).
    public let analysis: AnalysisConfiguration
    /// What in the settings could not be used (unknown rule ids, wrong values): the session logs
    /// each as a warning; the rest of the settings applies.
    public let problems: [ConfigurationProblem]

    /// Settings either as they are or wrapped in a `plist` member (both forms are read everywhere).
    public init(settings: JSONValue = .null, generation: Int = 0) {
        let unwrapped = settings["plist"] ?? settings
        self.settings = unwrapped
        self.generation = generation
        (analysis, problems) = AnalysisConfiguration.parse(ConfigurationValue(unwrapped))
    }

    /// A member of the settings, e.g. `configuration["diagnostics"]`.
    public subscript(key: String) -> JSONValue? { settings[key] }
}

extension ConfigurationValue {
    /// The plain form of a JSON value.
    init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(value)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .array(let items): self = .array(items.map(ConfigurationValue.init))
        case .object(let members): self = .object(members.mapValues(ConfigurationValue.init))
        }
    }
}
