// An XcodeGen spec (project.yml) → the project model: `configs`, project and target `settings`
// (flat, or `base`/`configs`), `configFiles`, `targetTemplates`, a target's `type`, `platform`,
// `deploymentTarget`, and its `info:` / `entitlements:` `path` and `properties` (the keys XcodeGen
// writes into those files). `include:` of other specs is not followed.

struct XcodeGenReader {
    let path: String
    let directory: String
    let root: YAMLNode?
    let lines: LineStarts
    var problems: [String] = []

    init(path: String, text: [UInt8]) {
        self.path = path
        directory = ProjectPath.parent(path)
        root = YAMLReader.read(text)
        lines = LineStarts(text)
        if root?.pairs.isEmpty ?? true { problems.append("\(path): not a YAML mapping") }
    }

    /// Whether `text` is an XcodeGen spec: top-level `name:` and `targets:` keys.
    static func isSpec(_ text: [UInt8]) -> Bool {
        var hasName = false, hasTargets = false
        var start = 0
        while start < text.count {
            var end = start
            while end < text.count && text[end] != 0x0A { end += 1 }
            let line = text[start..<end]
            if line.starts(with: "name:".utf8) { hasName = true }
            if line.starts(with: "targets:".utf8) { hasTargets = true }
            start = end + 1
        }
        return hasName && hasTargets
    }

    var name: String { root?["name"]?.string ?? ProjectPath.lastComponent(directory) }

    /// The configurations: `configs:` names, else Debug and Release.
    var configurationNames: [String] {
        let names = root?["configs"]?.pairs.compactMap(\.key.string) ?? []
        return names.isEmpty ? ["Debug", "Release"] : names
    }

    func span(_ node: YAMLNode) -> SourceSpan { lines.span(path, node.range) }

    /// A scalar or a list as a build setting value.
    static func settingValue(_ node: YAMLNode) -> String {
        switch node {
        case .scalar(let s, _):
            switch s { case "true": return "YES"; case "false": return "NO"; default: return s }
        case .sequence(let items, _): return items.map(settingValue).joined(separator: " ")
        case .mapping: return ""
        }
    }

    /// The assignments of a `settings:` node for one configuration.
    func settings(_ node: YAMLNode?, configuration: String) -> [BuildSettingAssignment] {
        guard let node else { return [] }
        let structured = node.pairs.contains { ["base", "configs", "groups"].contains($0.key.string ?? "") }
        func assignments(_ mapping: YAMLNode?) -> [BuildSettingAssignment] {
            (mapping?.pairs ?? []).compactMap { pair in
                guard let key = pair.key.string, !key.isEmpty else { return nil }
                let (name, conditions) = BuildSettingAssignment.parseName(key)
                return BuildSettingAssignment(name: name, conditions: conditions, value: Self.settingValue(pair.value), location: span(pair.key))
            }
        }
        guard structured else { return assignments(node) }
        var out = assignments(node["base"])
        // XcodeGen matches a `configs:` key to a configuration by name, ignoring case.
        for pair in node["configs"]?.pairs ?? [] where pair.key.string?.lowercased() == configuration.lowercased() {
            out += assignments(pair.value)
        }
        return out
    }

    /// The path a `configFiles:` node gives a configuration.
    func configFile(_ node: YAMLNode?, configuration: String) -> String? {
        guard let file = node?.pairs.first(where: { $0.key.string?.lowercased() == configuration.lowercased() })?.value.string else { return nil }
        return ProjectPath.join(directory, file)
    }

    /// `info:` / `entitlements:` → the file and the keys XcodeGen writes into it.
    func properties(_ node: YAMLNode?) -> GeneratedProperties? {
        guard let node, !node.pairs.isEmpty else { return nil }
        var keys: [String: SourceSpan] = [:]
        for pair in node["properties"]?.pairs ?? [] { if let k = pair.key.string { keys[k] = span(pair.key) } }
        return GeneratedProperties(path: node["path"]?.string, keys: keys)
    }

    /// The targets, with `xcconfig` reading an .xcconfig's assignments (includes expanded).
    func targets(_ xcconfig: (String) -> [BuildSettingAssignment]) -> [ProjectTarget] {
        guard let root else { return [] }
        let templates = root["targetTemplates"]
        var out: [ProjectTarget] = []
        for pair in root["targets"]?.pairs ?? [] {
            guard let name = pair.key.string else { continue }
            // The target's templates first, then the target itself (later wins).
            var specs: [YAMLNode] = []
            for t in pair.value["templates"]?.items ?? [] { if let n = t.string, let template = templates?[n] { specs.append(template) } }
            specs.append(pair.value)
            let type = specs.reversed().lazy.compactMap { $0["type"]?.string }.first ?? ""
            let platform = specs.reversed().lazy.compactMap { $0["platform"]?.string ?? $0["supportedDestinations"]?.items.first?.string }.first
            var info: GeneratedProperties? = nil
            var entitlements: GeneratedProperties? = nil
            for spec in specs {
                if let p = properties(spec["info"]) { info = merge(info, p) }
                if let p = properties(spec["entitlements"]) { entitlements = merge(entitlements, p) }
            }
            var derived: [BuildSettingAssignment] = []
            if let path = info?.path { derived.append(BuildSettingAssignment(name: "INFOPLIST_FILE", value: path)) }
            if let path = entitlements?.path { derived.append(BuildSettingAssignment(name: "CODE_SIGN_ENTITLEMENTS", value: path)) }
            if let platform, let sdk = Self.sdk(platform) { derived.append(BuildSettingAssignment(name: "SDKROOT", value: sdk)) }
            var deployment: [BuildSettingAssignment] = []
            for targets in [root["options"]?["deploymentTarget"]] + specs.map({ $0["deploymentTarget"] }) {
                guard let targets else { continue }
                if let version = targets.string, let platform, let setting = Self.deploymentSetting(platform) {
                    deployment.append(BuildSettingAssignment(name: setting, value: version, location: span(targets)))
                }
                for p in targets.pairs {
                    if let key = p.key.string, let setting = Self.deploymentSetting(key), let v = p.value.string {
                        deployment.append(BuildSettingAssignment(name: setting, value: v, location: span(p.key)))
                    }
                }
            }
            var configurations: [TargetConfiguration] = []
            for configuration in configurationNames {
                var targetSettings = derived
                var targetFile: [BuildSettingAssignment] = []
                for spec in specs {
                    targetSettings += settings(spec["settings"], configuration: configuration)
                    if let file = configFile(spec["configFiles"], configuration: configuration) { targetFile = xcconfig(file) }
                }
                configurations.append(TargetConfiguration(name: configuration, layers: [
                    SettingLayer(level: .projectConfigFile, assignments: configFile(root["configFiles"], configuration: configuration).map(xcconfig) ?? []),
                    SettingLayer(level: .project, assignments: deployment + settings(root["settings"], configuration: configuration)),
                    SettingLayer(level: .targetConfigFile, assignments: targetFile),
                    SettingLayer(level: .target, assignments: targetSettings),
                ]))
            }
            out.append(ProjectTarget(name: name, productType: ProductType(xcodeGen: type), configurations: configurations,
                                     infoProperties: info, entitlementProperties: entitlements))
        }
        return out
    }

    private func merge(_ a: GeneratedProperties?, _ b: GeneratedProperties) -> GeneratedProperties {
        guard let a else { return b }
        return GeneratedProperties(path: b.path ?? a.path, keys: a.keys.merging(b.keys) { _, new in new })
    }

    static func sdk(_ platform: String) -> String? {
        switch platform.lowercased() {
        case "ios": return "iphoneos"
        case "macos": return "macosx"
        case "tvos": return "appletvos"
        case "watchos": return "watchos"
        case "visionos": return "xros"
        default: return nil
        }
    }

    static func deploymentSetting(_ platform: String) -> String? {
        switch platform.lowercased() {
        case "ios": return "IPHONEOS_DEPLOYMENT_TARGET"
        case "macos": return "MACOSX_DEPLOYMENT_TARGET"
        case "tvos": return "TVOS_DEPLOYMENT_TARGET"
        case "watchos": return "WATCHOS_DEPLOYMENT_TARGET"
        case "visionos": return "XROS_DEPLOYMENT_TARGET"
        default: return nil
        }
    }
}
