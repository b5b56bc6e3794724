// Build settings resolved as Xcode resolves them for one target and configuration: the last
// matching assignment wins, `$(inherited)` reads the levels below, `$(VAR)`, `${VAR}` and
// `$(VAR:modifier)` expand (an undefined variable is empty, as in Xcode), and Xcode's implicit
// settings (TARGET_NAME, PRODUCT_NAME, SRCROOT…) are there when nothing sets them.

/// The value of a setting with the assignment that gave it.
public struct ResolvedSetting: Sendable, Hashable {
    /// The expanded value.
    public let value: String
    /// The winning assignment (nil: an implicit Xcode setting).
    public let assignment: BuildSettingAssignment?
    /// The level of the winning assignment.
    public let level: SettingLevel
}

/// The settings of one target in one configuration.
public struct ResolvedBuildSettings: Sendable {
    public let targetName: String
    public let configuration: String
    /// The SDK conditions are matched against (`iphoneos`, `macosx`…).
    public let sdk: String
    private let assignments: [(level: SettingLevel, assignment: BuildSettingAssignment)]
    private let implicit: [String: String]

    /// How deeply references may nest before expansion stops (a cycle).
    static let maximumDepth = 24

    public init(project: XcodeProjectModel, target: ProjectTarget, configuration: TargetConfiguration) {
        targetName = target.name
        self.configuration = configuration.name
        var flat: [(SettingLevel, BuildSettingAssignment)] = []
        for layer in configuration.layers { for a in layer.assignments { flat.append((layer.level, a)) } }
        assignments = flat
        implicit = ImplicitBuildSettings.values(project: project, target: target, configuration: configuration.name)
        // The SDK decides `[sdk=…]` conditions: SDKROOT as set (unconditionally), else the platform
        // of the product.
        var sdk = "iphoneos"
        if let root = flat.last(where: { $0.1.name == "SDKROOT" && $0.1.conditions.isEmpty })?.1.value, !root.isEmpty, root != "auto", !root.contains("$") {
            sdk = root.lowercased()
        } else if let platforms = flat.last(where: { $0.1.name == "SUPPORTED_PLATFORMS" && $0.1.conditions.isEmpty })?.1.value,
                  let first = platforms.split(separator: " ").first, !first.contains("$") {
            sdk = String(first)
        }
        self.sdk = sdk
    }

    /// Whether an assignment applies in this configuration, SDK and (arm64) architecture.
    func applies(_ a: BuildSettingAssignment) -> Bool {
        a.conditions.allSatisfy { c in
            switch c.key {
            case "sdk": return c.matches(sdk)
            case "config": return c.matches(configuration)
            case "arch": return c.matches("arm64")
            default: return c.pattern == "*"
            }
        }
    }

    /// The setting's value, or nil when nothing sets it (nor implies it).
    public func setting(_ name: String) -> ResolvedSetting? {
        var visiting: Set<String> = []
        return resolve(name, below: assignments.count, depth: 0, visiting: &visiting)
    }

    /// The value of `name` ("" when undefined, as Xcode expands it).
    public func value(_ name: String) -> String { setting(name)?.value ?? "" }

    /// Whether a setting is YES.
    public func isYes(_ name: String) -> Bool {
        let v = value(name).lowercased()
        return v == "yes" || v == "true" || v == "1"
    }

    /// Whether `name` is set by an assignment or implied by Xcode.
    public func isDefined(_ name: String) -> Bool {
        implicit[name] != nil || assignments.contains { $0.assignment.name == name && applies($0.assignment) }
    }

    /// Whether `name` is set by an assignment in any configuration (ignoring conditions).
    public func isAssigned(_ name: String) -> Bool { assignments.contains { $0.assignment.name == name } }

    /// Every name set by a matching assignment.
    public var names: Set<String> { Set(assignments.filter { applies($0.assignment) }.map(\.assignment.name)) }

    private func resolve(_ name: String, below end: Int, depth: Int, visiting: inout Set<String>) -> ResolvedSetting? {
        guard depth < Self.maximumDepth else { return nil }
        var i = end - 1
        while i >= 0 {
            let (level, a) = assignments[i]
            if a.name == name && applies(a) {
                let key = "\(name)#\(i)"
                guard visiting.insert(key).inserted else { return ResolvedSetting(value: "", assignment: a, level: level) }
                defer { visiting.remove(key) }
                let expanded = expand(a.value, depth: depth + 1, visiting: &visiting, inherited: { v in
                    resolve(name, below: i, depth: depth + 1, visiting: &v)?.value ?? ""
                })
                return ResolvedSetting(value: expanded.value, assignment: a, level: level)
            }
            i -= 1
        }
        if let value = implicit[name] {
            let expanded = expand(value, depth: depth + 1, visiting: &visiting, inherited: { _ in "" })
            return ResolvedSetting(value: expanded.value, assignment: nil, level: .defaults)
        }
        return nil
    }

    /// `text` with every reference expanded; `undefined` lists the names nothing defines.
    public func expand(_ text: String) -> (value: String, undefined: [String]) {
        var visiting: Set<String> = []
        return expand(text, depth: 0, visiting: &visiting, inherited: { _ in "" })
    }

    private func expand(_ text: String, depth: Int, visiting: inout Set<String>,
                        inherited: (inout Set<String>) -> String) -> (value: String, undefined: [String]) {
        guard text.contains("$") else { return (text, []) }
        var out = ""
        var undefined: [String] = []
        for piece in BuildSettingReferences.split(text) {
            switch piece {
            case .text(let t): out += t
            case .reference(let reference):
                if reference.name == "inherited" {
                    out += inherited(&visiting)
                    continue
                }
                // A name built from other references (`$(FOO_$(CONFIGURATION))`).
                var name = reference.name
                if name.contains("$") { name = expand(name, depth: depth + 1, visiting: &visiting, inherited: inherited).value }
                if let resolved = resolve(name, below: assignments.count, depth: depth + 1, visiting: &visiting) {
                    out += BuildSettingReferences.apply(reference.modifiers, to: resolved.value)
                } else {
                    if !reference.modifiers.contains(where: { $0.hasPrefix("default=") }) { undefined.append(name) }
                    out += BuildSettingReferences.apply(reference.modifiers, to: "")
                }
            }
        }
        return (out, undefined)
    }
}
