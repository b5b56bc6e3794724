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

    public init(severities: [String: Finding.Severity] = [:], disabledRules: Set<String> = [], fileKindOverride: FileKind? = nil,
                infoPlistRules: Bool = true, inlayHints: Bool = true, sourceEvidence: Bool = true,
                preprocessorDefinitions: [String: String]? = nil, formatting: FormatterOptions = .xcode) {
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

/// A setting's value in plain form (JSON's shapes): what editor settings and `check`'s flags both
/// become before `AnalysisConfiguration.parse(_:)` reads them.
public enum ConfigurationValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([ConfigurationValue])
    case object([String: ConfigurationValue])
}

extension ConfigurationValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, CustomStringConvertible
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(arrayLiteral elements: ConfigurationValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, ConfigurationValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }

    /// The value as it would be written in JSON settings (for messages).
    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .string(let value): return "\"\(value)\""
        case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value.description)" }.joined(separator: ", ") + "}"
        }
    }
}

/// The settings `AnalysisConfiguration.parse(_:)` reads (other members are left alone: they may
/// belong to another tool or a later version).
public enum ConfigurationSetting: String, Sendable, Hashable, CaseIterable {
    case rules, disabledRules, infoPlistRules, fileKind, inlayHints, sourceEvidence, preprocessorDefinitions, formatting
}

/// A setting that could not be used: an unknown rule id, a value of the wrong shape, an unknown
/// level or file kind. The parser skips just that part; `check` refuses to run (exit 2) and the
/// server logs a warning (stderr and `window/logMessage`) and goes on with the rest.
public struct ConfigurationProblem: Sendable, Hashable, CustomStringConvertible {
    /// The setting the problem is in.
    public let setting: ConfigurationSetting
    /// What is wrong, without the setting's name.
    public let message: String

    public var description: String { "\(setting.rawValue): \(message)" }
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
    /// - `fileKind`: `infoPlist`, `entitlements`, `privacyManifest` or `other`.
    /// - `preprocessorDefinitions`: `["NAME", "NAME=VALUE"]` or `{"NAME": "VALUE" | integer | true |
    ///   false}` (a bare name or `true` is `"1"`; `false` leaves the name undefined); `false`:
    ///   every branch at once, as when absent. A name must be a C identifier.
    /// - `formatting`: `{"indentation": "tabs" | N (spaces, 1…16) | "editor", "dataLineWidth": N}`
    ///   (`"editor"`: the editor's tab size and spaces choose, in `textDocument/formatting`).
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
        return RuleRegistry.all.map(\.id)
            .map { (id: $0, distance: EditDistance.between(id, $0)) }
            .filter { $0.distance <= limit }
            .sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }
            .prefix(3).map(\.id)
    }
}

/// One pass over a settings object, collecting the configuration and the problems.
private struct SettingsParser {
    var configuration = AnalysisConfiguration()
    var problems: [ConfigurationProblem] = []

    mutating func read(_ settings: ConfigurationValue) {
        guard case .object(let members) = settings else { return }
        for setting in ConfigurationSetting.allCases {
            // `null` is the same as leaving the setting out.
            guard let value = members[setting.rawValue], value != .null else { continue }
            switch setting {
            case .rules: readRules(value)
            case .disabledRules: readDisabledRules(value)
            case .infoPlistRules: if let on = bool(value, for: setting) { configuration.infoPlistRules = on }
            case .inlayHints:
                if case .object(let hints) = value, hints["enabled"] != nil || hints["buildSettings"] != nil {
                    if let enabled = hints["enabled"], let on = bool(enabled, for: setting) { configuration.inlayHints = on }
                    if let values = hints["buildSettings"], let on = bool(values, for: setting) { configuration.buildSettingHints = on }
                } else if let on = bool(value, for: setting, expected: "true, false or {\"enabled\": true|false}") {
                    configuration.inlayHints = on
                }
            case .sourceEvidence: if let on = bool(value, for: setting) { configuration.sourceEvidence = on }
            case .fileKind: readFileKind(value)
            case .preprocessorDefinitions: readDefinitions(value)
            case .formatting: readFormatting(value)
            }
        }
    }

    private mutating func problem(_ setting: ConfigurationSetting, _ message: String) {
        problems.append(ConfigurationProblem(setting: setting, message: message))
    }

    private mutating func bool(_ value: ConfigurationValue, for setting: ConfigurationSetting, expected: String = "true or false") -> Bool? {
        if case .bool(let on) = value { return on }
        problem(setting, "expected \(expected), not \(value.description)")
        return nil
    }

    /// Whether `id` names a rule; reports it (with the nearest ids) when it does not.
    private mutating func isKnownRule(_ id: String, in setting: ConfigurationSetting) -> Bool {
        if RuleRegistry.rule(id) != nil { return true }
        let near = AnalysisConfiguration.ruleIDs(near: id)
        let suggestion = near.isEmpty ? "" : "; did you mean " + near.joined(separator: ", ") + "?"
        problem(setting, "unknown rule '\(id)'\(suggestion) (the rules are listed in docs/diagnostics.md)")
        return false
    }

    private mutating func readRules(_ value: ConfigurationValue) {
        guard case .object(let rules) = value else {
            return problem(.rules, "expected an object of rule id → level, not \(value.description)")
        }
        for (id, level) in rules.sorted(by: { $0.key < $1.key }) where isKnownRule(id, in: .rules) {
            switch level {
            case .bool(false): configuration.disabledRules.insert(id)
            case .bool(true): continue  // on, at its default severity
            case .string(let name):
                switch name.lowercased() {
                case "off", "none", "disabled": configuration.disabledRules.insert(id)
                case "error": configuration.severities[id] = .error
                case "warning": configuration.severities[id] = .warning
                case "information", "info": configuration.severities[id] = .information
                case "hint": configuration.severities[id] = .hint
                default: problem(.rules, "unknown level \"\(name)\" for \(id) (error, warning, information, hint, off)")
                }
            default:
                problem(.rules, "expected a level for \(id) (error, warning, information, hint, off), not \(level.description)")
            }
        }
    }

    private mutating func readDisabledRules(_ value: ConfigurationValue) {
        guard case .array(let ids) = value else {
            return problem(.disabledRules, "expected an array of rule ids, not \(value.description)")
        }
        for item in ids {
            guard case .string(let id) = item else {
                problem(.disabledRules, "expected a rule id, not \(item.description)")
                continue
            }
            if isKnownRule(id, in: .disabledRules) { configuration.disabledRules.insert(id) }
        }
    }

    private mutating func readFormatting(_ value: ConfigurationValue) {
        guard case .object(let members) = value else {
            return problem(.formatting, "expected {\"indentation\": …, \"dataLineWidth\": …}, not \(value.description)")
        }
        var options = configuration.formatting
        switch members["indentation"] ?? .null {
        case .null: break
        case .string(let name) where ["tab", "tabs"].contains(name.lowercased()):
            options.indentation = .tabs
            options.indentationFromEditor = false
        case .string(let name) where name.lowercased() == "editor":
            options.indentationFromEditor = true
        case .int(let n) where FormatterOptions.spaceCounts.contains(n):
            options.indentation = .spaces(n)
            options.indentationFromEditor = false
        case let other:
            problem(.formatting, "indentation: expected \"tabs\", a number of spaces (1…16) or \"editor\", not \(other.description)")
        }
        switch members["dataLineWidth"] ?? .null {
        case .null: break
        case .int(let n) where FormatterOptions.dataLineWidths.contains(n): options.dataLineWidth = n
        case let other:
            problem(.formatting, "dataLineWidth: expected a number from \(FormatterOptions.dataLineWidths.lowerBound) to \(FormatterOptions.dataLineWidths.upperBound), not \(other.description)")
        }
        configuration.formatting = options
    }

    private mutating func readFileKind(_ value: ConfigurationValue) {
        let names = FileKind.allCases.map(\.rawValue)
        guard case .string(let name) = value, let kind = FileKind.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
            return problem(.fileKind, "unknown file kind \(value.description) (\(names.joined(separator: ", ")))")
        }
        configuration.fileKindOverride = kind
    }

    private mutating func readDefinitions(_ value: ConfigurationValue) {
        var defined: [String: String] = [:]
        switch value {
        case .bool(false):
            return
        case .array(let items):
            for item in items {
                guard case .string(let definition) = item else {
                    problem(.preprocessorDefinitions, "expected \"NAME\" or \"NAME=VALUE\", not \(item.description)")
                    continue
                }
                let parts = definition.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                guard AnalysisConfiguration.isMacroName(parts[0]) else {
                    problem(.preprocessorDefinitions, "\"\(definition)\" is not NAME or NAME=VALUE with NAME an identifier")
                    continue
                }
                // As in cc: `-D NAME` defines NAME as 1.
                defined[parts[0]] = parts.count == 2 ? parts[1] : "1"
            }
        case .object(let members):
            for (name, value) in members.sorted(by: { $0.key < $1.key }) {
                guard AnalysisConfiguration.isMacroName(name) else {
                    problem(.preprocessorDefinitions, "\"\(name)\" is not an identifier")
                    continue
                }
                switch value {
                case .string(let text): defined[name] = text
                case .int(let number): defined[name] = String(number)
                case .bool(true): defined[name] = "1"
                case .bool(false): continue  // left undefined
                default: problem(.preprocessorDefinitions, "the value of \(name) must be a string, an integer, true or false, not \(value.description)")
                }
            }
        default:
            return problem(.preprocessorDefinitions, "expected [\"NAME\", \"NAME=VALUE\"] or {\"NAME\": \"VALUE\"}, not \(value.description)")
        }
        configuration.preprocessorDefinitions = defined
    }
}
