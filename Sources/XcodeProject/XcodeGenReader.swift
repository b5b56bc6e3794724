// An XcodeGen spec (project.yml) → the project model: `configs`, project and target `settings`
// (flat, or `base`/`configs`), `configFiles`, `targetTemplates`, a target's `type`, `platform`,
// `deploymentTarget`, and its `info:` / `entitlements:` `path` and `properties` (the keys XcodeGen
// writes into those files). `include:` of other specs is followed (their targets
// and settings come first; the including spec's win).

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
            switch s {
            case "true": return "YES";
            case "false": return "NO";
            default: return s
            }
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
                return BuildSettingAssignment(
                    name: name, conditions: conditions, value: Self.settingValue(pair.value), location: span(pair.key))
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
        guard let file = node?.pairs.first(where: { $0.key.string?.lowercased() == configuration.lowercased() })?.value.string else {
            return nil
        }
        return ProjectPath.join(directory, file)
    }

    /// `info:` / `entitlements:` → the file and the keys XcodeGen writes into it.
    func properties(_ node: YAMLNode?) -> GeneratedProperties? {
        guard let node, !node.pairs.isEmpty else { return nil }
        var keys: [String: SourceSpan] = [:]
        for pair in node["properties"]?.pairs ?? [] { if let k = pair.key.string { keys[k] = span(pair.key) } }
        let site = node.pairs.first { $0.key.string == "properties" } ?? node.pairs.first { $0.key.string == "path" }
        return GeneratedProperties(path: node["path"]?.string, keys: keys, sites: site.map { [span($0.key)] } ?? [])
    }

    /// The specs `include:` names (a path, a list of paths, or of `path:` mappings), relative to
    /// this spec's folder, in order.
    var includes: [String] {
        guard let node = root?["include"] else { return [] }
        let items = node.string != nil ? [node] : node.items
        return items.compactMap { item in (item.string ?? item["path"]?.string).map { ProjectPath.join(directory, $0) } }
    }

    /// The targets, with `xcconfig` reading an .xcconfig's assignments (includes expanded).
    /// `included`: the specs this one includes (`include:`), read first: their targets are the
    /// project's too, and what this spec says of a target or the project comes after theirs (later
    /// wins), as XcodeGen merges them. Paths in an included spec are relative to its own folder.
    /// `xcconfig` also gives the files below the one it reads that could not be read.
    func targets(
        _ xcconfig: (String) -> (assignments: [BuildSettingAssignment], unread: [String]), included: [XcodeGenReader] = []
    ) -> [ProjectTarget] {
        let documents = (included + [self]).filter { $0.root != nil }
        guard !documents.isEmpty else { return [] }
        var names: [String] = []
        var nodes: [String: [(XcodeGenReader, YAMLNode)]] = [:]
        for document in documents {
            for pair in document.root?["targets"]?.pairs ?? [] {
                guard let name = pair.key.string else { continue }
                if nodes[name] == nil { names.append(name) }
                nodes[name, default: []].append((document, pair.value))
            }
        }
        func template(_ name: String) -> (XcodeGenReader, YAMLNode)? {
            for document in documents.reversed() { if let node = document.root?["targetTemplates"]?[name] { return (document, node) } }
            return nil
        }
        var configurationNames: [String] = []
        for document in documents {
            for name in document.root?["configs"]?.pairs.compactMap(\.key.string) ?? [] where !configurationNames.contains(name) {
                configurationNames.append(name)
            }
        }
        if configurationNames.isEmpty { configurationNames = ["Debug", "Release"] }
        var out: [ProjectTarget] = []
        for name in names {
            let own = nodes[name] ?? []
            // The target's templates first, then the target itself (later wins).
            var specs: [(XcodeGenReader, YAMLNode)] = []
            for (_, node) in own {
                for t in node["templates"]?.items ?? [] { if let n = t.string, let found = template(n) { specs.append(found) } }
            }
            specs += own
            let type = specs.reversed().lazy.compactMap { $0.1["type"]?.string }.first ?? ""
            let platform = specs.reversed().lazy.compactMap {
                $0.1["platform"]?.string ?? $0.1["supportedDestinations"]?.items.first?.string
            }.first
            var info: GeneratedProperties? = nil
            var entitlements: GeneratedProperties? = nil
            for (document, spec) in specs {
                // This spec's paths stay as written (relative to SRCROOT); an included spec's are made absolute.
                let own = document.path == path
                if let p = document.properties(spec["info"]) { info = merge(info, own ? p : document.absolute(p)) }
                if let p = document.properties(spec["entitlements"]) { entitlements = merge(entitlements, own ? p : document.absolute(p)) }
            }
            var derived: [BuildSettingAssignment] = []
            if let path = info?.path { derived.append(BuildSettingAssignment(name: "INFOPLIST_FILE", value: path)) }
            if let path = entitlements?.path { derived.append(BuildSettingAssignment(name: "CODE_SIGN_ENTITLEMENTS", value: path)) }
            if let platform, let sdk = Self.sdk(platform) { derived.append(BuildSettingAssignment(name: "SDKROOT", value: sdk)) }
            var deployment: [BuildSettingAssignment] = []
            for (document, targets) in documents.map({ ($0, $0.root?["options"]?["deploymentTarget"]) })
                + specs.map({ ($0.0, $0.1["deploymentTarget"]) })
            {
                guard let targets else { continue }
                if let version = targets.string, let platform, let setting = Self.deploymentSetting(platform) {
                    deployment.append(BuildSettingAssignment(name: setting, value: version, location: document.span(targets)))
                }
                for p in targets.pairs {
                    if let key = p.key.string, let setting = Self.deploymentSetting(key), let v = p.value.string {
                        deployment.append(BuildSettingAssignment(name: setting, value: v, location: document.span(p.key)))
                    }
                }
            }
            var configurations: [TargetConfiguration] = []
            for configuration in configurationNames {
                var targetSettings = derived
                var targetFile: (assignments: [BuildSettingAssignment], unread: [String]) = ([], [])
                for (document, spec) in specs {
                    targetSettings += document.settings(spec["settings"], configuration: configuration)
                    if let file = document.configFile(spec["configFiles"], configuration: configuration) { targetFile = xcconfig(file) }
                }
                var projectFile: (assignments: [BuildSettingAssignment], unread: [String]) = ([], [])
                var projectSettings = deployment
                for document in documents {
                    if let file = document.configFile(document.root?["configFiles"], configuration: configuration) {
                        projectFile = xcconfig(file)
                    }
                    projectSettings += document.settings(document.root?["settings"], configuration: configuration)
                }
                var made = TargetConfiguration(
                    name: configuration,
                    layers: [
                        SettingLayer(level: .projectConfigFile, assignments: projectFile.assignments),
                        SettingLayer(level: .project, assignments: projectSettings),
                        SettingLayer(level: .targetConfigFile, assignments: targetFile.assignments),
                        SettingLayer(level: .target, assignments: targetSettings),
                    ])
                made.unreadFiles = projectFile.unread + targetFile.unread.filter { !projectFile.unread.contains($0) }
                made.unreadLevel = !targetFile.unread.isEmpty ? .targetConfigFile : !projectFile.unread.isEmpty ? .projectConfigFile : nil
                configurations.append(made)
            }
            out.append(
                ProjectTarget(
                    name: name, productType: ProductType(xcodeGen: type), configurations: configurations,
                    infoProperties: info, entitlementProperties: entitlements))
        }
        return out
    }

    /// `properties` with a relative `path` made absolute against this spec's folder (an included
    /// spec's paths are relative to it, not to the including spec).
    func absolute(_ properties: GeneratedProperties) -> GeneratedProperties {
        guard let path = properties.path, !path.hasPrefix("/"), !path.hasPrefix("$") else { return properties }
        return GeneratedProperties(path: ProjectPath.join(directory, path), keys: properties.keys, sites: properties.sites)
    }

    private func merge(_ a: GeneratedProperties?, _ b: GeneratedProperties) -> GeneratedProperties {
        guard let a else { return b }
        return GeneratedProperties(path: b.path ?? a.path, keys: a.keys.merging(b.keys) { _, new in new }, sites: a.sites + b.sites)
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
