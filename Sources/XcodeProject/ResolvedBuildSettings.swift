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
    /// Whether the expansion was longer than `ResolvedBuildSettings.maximumValueLength` bytes and
    /// `value` is cut there.
    public var isTruncated = false

    init(value: String, assignment: BuildSettingAssignment?, level: SettingLevel, isTruncated: Bool = false) {
        self.value = value
        self.assignment = assignment
        self.level = level
        self.isTruncated = isTruncated
    }
}

/// The settings of one target in one configuration.
public struct ResolvedBuildSettings: Sendable {
    public let targetName: String
    public let configuration: String
    /// The SDK conditions are matched against (`iphoneos`, `macosx`…).
    public let sdk: String
    /// The .xcconfig files of this configuration that could not be read
    /// (`TargetConfiguration.unreadFiles`): a setting they might set is unknown, not undefined.
    public let unreadFiles: [String]
    private let unreadLevel: SettingLevel?
    private let assignments: [(level: SettingLevel, assignment: BuildSettingAssignment)]
    private let implicit: [String: String]

    /// How deeply the expansion may recurse (two steps per setting referred to: a chain of 128
    /// settings each naming the next): a guard for the stack only, since a cycle is found by the
    /// settings being expanded, and each setting is expanded once per resolution.
    static let maximumDepth = 256
    /// The longest value expanded, in UTF-8 bytes: a longer one is cut there (`isTruncated`).
    /// Real settings are at most a few kilobytes (long search paths); settings that refer to each
    /// other twice per level (`W0 = $(W1)$(W1)`…) double at every level and would not fit in memory.
    public static let maximumValueLength = 1 << 16

    /// The values of assignments already expanded in one resolution (by assignment index; the
    /// implicit settings by name), so that a setting referred to many times is expanded once.
    private struct Memo {
        var assignments: [Int: (value: String, truncated: Bool)] = [:]
        var implicit: [String: (value: String, truncated: Bool)] = [:]
    }

    public init(project: XcodeProjectModel, target: ProjectTarget, configuration: TargetConfiguration) {
        targetName = target.name
        self.configuration = configuration.name
        unreadFiles = configuration.unreadFiles
        unreadLevel = configuration.unreadLevel
        var flat: [(SettingLevel, BuildSettingAssignment)] = []
        for layer in configuration.layers { for a in layer.assignments { flat.append((layer.level, a)) } }
        assignments = flat
        implicit = ImplicitBuildSettings.values(project: project, target: target, configuration: configuration.name)
        // The SDK decides `[sdk=…]` conditions: SDKROOT as set (unconditionally), else the platform
        // of the product.
        var sdk = "iphoneos"
        if let root = flat.last(where: { $0.1.name == "SDKROOT" && $0.1.conditions.isEmpty })?.1.value, !root.isEmpty, root != "auto",
            !root.contains("$")
        {
            sdk = root.lowercased()
        } else if let platforms = flat.last(where: { $0.1.name == "SUPPORTED_PLATFORMS" && $0.1.conditions.isEmpty })?.1.value,
            let first = platforms.split(separator: " ").first, !first.contains("$")
        {
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
        var memo = Memo()
        return resolve(name, below: assignments.count, depth: 0, visiting: &visiting, memo: &memo)
    }

    /// The names set here whose values are cut at `maximumValueLength`, sorted (every setting is
    /// resolved once, sharing one resolution's memo: linear in the assignments).
    public func truncatedNames() -> [String] {
        var memo = Memo()
        var out: [String] = []
        for name in names.union(implicit.keys).sorted() {
            var visiting: Set<String> = []
            if resolve(name, below: assignments.count, depth: 0, visiting: &visiting, memo: &memo)?.isTruncated == true { out.append(name) }
        }
        return out
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

    /// Whether a file of `unreadFiles` may set `name` to something else than what is read: one
    /// sits at the level of the assignment that wins, or above it (nothing set: any level).
    public func mayBeSetByUnreadFiles(_ name: String) -> Bool {
        guard let level = unreadLevel ?? (unreadFiles.isEmpty ? nil : .targetConfigFile) else { return false }
        return (setting(name)?.level ?? .defaults) <= level
    }

    /// Whether `name` is set by an assignment in any configuration (ignoring conditions).
    public func isAssigned(_ name: String) -> Bool { assignments.contains { $0.assignment.name == name } }

    /// Every name set by a matching assignment.
    public var names: Set<String> { Set(assignments.filter { applies($0.assignment) }.map(\.assignment.name)) }

    private func resolve(_ name: String, below end: Int, depth: Int, visiting: inout Set<String>, memo: inout Memo) -> ResolvedSetting? {
        guard depth < Self.maximumDepth else { return nil }
        var i = end - 1
        while i >= 0 {
            let (level, a) = assignments[i]
            if a.name == name && applies(a) {
                if let known = memo.assignments[i] {
                    return ResolvedSetting(value: known.value, assignment: a, level: level, isTruncated: known.truncated)
                }
                let key = "\(name)#\(i)"
                guard visiting.insert(key).inserted else { return ResolvedSetting(value: "", assignment: a, level: level) }
                defer { visiting.remove(key) }
                let expanded = expand(
                    a.value, depth: depth + 1, visiting: &visiting, memo: &memo,
                    inherited: { v, m in
                        resolve(name, below: i, depth: depth + 1, visiting: &v, memo: &m).map { ($0.value, $0.isTruncated) } ?? ("", false)
                    })
                memo.assignments[i] = (expanded.value, expanded.truncated)
                return ResolvedSetting(value: expanded.value, assignment: a, level: level, isTruncated: expanded.truncated)
            }
            i -= 1
        }
        if let value = implicit[name] {
            if let known = memo.implicit[name] {
                return ResolvedSetting(value: known.value, assignment: nil, level: .defaults, isTruncated: known.truncated)
            }
            let expanded = expand(value, depth: depth + 1, visiting: &visiting, memo: &memo, inherited: { _, _ in ("", false) })
            memo.implicit[name] = (expanded.value, expanded.truncated)
            return ResolvedSetting(value: expanded.value, assignment: nil, level: .defaults, isTruncated: expanded.truncated)
        }
        return nil
    }

    /// `text` with every reference expanded; `undefined` lists the names nothing defines.
    public func expand(_ text: String) -> (value: String, undefined: [String]) {
        var visiting: Set<String> = []
        var memo = Memo()
        let expanded = expand(text, depth: 0, visiting: &visiting, memo: &memo, inherited: { _, _ in ("", false) })
        return (expanded.value, expanded.undefined)
    }

    private func expand(
        _ text: String, depth: Int, visiting: inout Set<String>, memo: inout Memo,
        inherited: (inout Set<String>, inout Memo) -> (String, Bool)
    ) -> (value: String, undefined: [String], truncated: Bool) {
        guard text.contains("$") else { return Self.cut(text, truncated: false, undefined: []) }
        var out = ""
        var undefined: [String] = []
        var truncated = false
        for piece in BuildSettingReferences.split(text) {
            switch piece {
            case .text(let t): out += t
            case .reference(let reference):
                if reference.name == "inherited" {
                    let (value, cut) = inherited(&visiting, &memo)
                    out += value
                    truncated = truncated || cut
                    break
                }
                // A name built from other references (`$(FOO_$(CONFIGURATION))`).
                var name = reference.name
                if name.contains("$") {
                    name = expand(name, depth: depth + 1, visiting: &visiting, memo: &memo, inherited: inherited).value
                }
                if let resolved = resolve(name, below: assignments.count, depth: depth + 1, visiting: &visiting, memo: &memo) {
                    out += BuildSettingReferences.apply(reference.modifiers, to: resolved.value)
                    truncated = truncated || resolved.isTruncated
                } else {
                    if !reference.modifiers.contains(where: { $0.hasPrefix("default=") }) { undefined.append(name) }
                    out += BuildSettingReferences.apply(reference.modifiers, to: "")
                }
            }
            if out.utf8.count > Self.maximumValueLength { break }
        }
        return Self.cut(out, truncated: truncated, undefined: undefined)
    }

    /// `s` cut to at most `maximumValueLength` bytes, on a character boundary.
    private static func cut(_ s: String, truncated: Bool, undefined: [String]) -> (value: String, undefined: [String], truncated: Bool) {
        guard s.utf8.count > maximumValueLength else { return (s, undefined, truncated) }
        let bytes = Array(s.utf8)
        var end = maximumValueLength
        while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a UTF-8 sequence
        return (String(decoding: bytes[..<end], as: UTF8.self), undefined, true)
    }
}
