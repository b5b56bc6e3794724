// The one reader of the analysis settings behind `AnalysisConfiguration.parse(_:)`.
import PlistSchema

/// One pass over a settings object, collecting the configuration and the problems.
struct SettingsParser {
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
            case .documentationURL: readDocumentationURL(value)
            }
        }
    }

    /// A URL with a scheme (`https://…`, `file:///…`), or `false` / `""` for no link.
    private mutating func readDocumentationURL(_ value: ConfigurationValue) {
        switch value {
        case .bool(false): configuration.documentation = .none
        case .string(let url) where url.isEmpty: configuration.documentation = .none
        case .string(let url) where Self.hasScheme(url) && !url.contains(where: { $0 == " " || $0 == "#" }):
            configuration.documentation = .page(url)
        default:
            problem(
                .documentationURL,
                "expected the URL of the rules' page (https://…/diagnostics.md, file:///…), \"\" or false, not \(value.description)")
        }
    }

    /// Whether `url` starts with a URL scheme and a colon (RFC 3986: a letter, then letters, digits, +, -, .).
    static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":"), colon != url.startIndex else { return false }
        let scheme = url[..<colon]
        return scheme.first!.isASCII && scheme.first!.isLetter
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    private mutating func problem(_ setting: ConfigurationSetting, _ message: String) {
        problems.append(ConfigurationProblem(setting: setting, message: message))
    }

    private mutating func bool(_ value: ConfigurationValue, for setting: ConfigurationSetting, expected: String = "true or false") -> Bool?
    {
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
            problem(
                .formatting,
                "dataLineWidth: expected a number from \(FormatterOptions.dataLineWidths.lowerBound) to \(FormatterOptions.dataLineWidths.upperBound), not \(other.description)"
            )
        }
        configuration.formatting = options
    }

    private mutating func readFileKind(_ value: ConfigurationValue) {
        // The property-list kinds: a translation file's kind is its name's, not a setting's.
        let kinds = FileKind.allCases.filter(FileKind.allKinds.contains)
        let names = kinds.map(\.rawValue)
        guard case .string(let name) = value, let kind = kinds.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
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
                default:
                    problem(
                        .preprocessorDefinitions,
                        "the value of \(name) must be a string, an integer, true or false, not \(value.description)")
                }
            }
        default:
            return problem(
                .preprocessorDefinitions, "expected [\"NAME\", \"NAME=VALUE\"] or {\"NAME\": \"VALUE\"}, not \(value.description)")
        }
        configuration.preprocessorDefinitions = defined
    }
}
