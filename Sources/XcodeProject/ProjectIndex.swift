// The projects of a workspace, indexed by the plists their targets use: INFOPLIST_FILE and
// CODE_SIGN_ENTITLEMENTS resolved per target and configuration (and XcodeGen's `info.path` /
// `entitlements.path`). Every file it needs (each target's Info.plist and entitlements, for the
// cross-file rules) is read when the index is built, so answering is pure.
import PlistSyntax

/// The plists of some projects and what the analysis of each reads.
public struct ProjectIndex: Sendable {
    public let projects: [XcodeProjectModel]

    private struct Entry: Sendable {
        let project: Int
        let target: Int
        let role: ProjectInput.Role
        let settings: ResolvedBuildSettings
    }

    /// Normalized, lower-cased path → the targets and configurations using it.
    private var entries: [String: [Entry]] = [:]
    /// The keys of each plist read for the cross-file rules (by normalized lower-cased path).
    private var plistKeys: [String: [String: CompanionKey]] = [:]
    /// The paths as found on disk, by key.
    private var actualPaths: [String: String] = [:]
    /// Why a plist a setting names was not read (by key): "is not on disk", "does not read as a
    /// property list".
    private var unread: [String: String] = [:]

    /// What resolving the settings found, for the user: each setting whose value is cut at
    /// `ResolvedBuildSettings.maximumValueLength`, once per project, target and name.
    public private(set) var problems: [String] = []

    /// An empty index.
    public static let empty = ProjectIndex(projects: [], fileSystem: nil)

    /// Indexes `projects`, reading their targets' plists through `fileSystem` (nil: none read).
    public init(projects: [XcodeProjectModel], fileSystem: (any ProjectFileSystem)?) {
        self.projects = projects
        let loader = fileSystem.map { ProjectLoader(fileSystem: $0) }
        for (p, project) in projects.enumerated() {
            for (t, target) in project.targets.enumerated() {
                for configuration in target.configurations {
                    let settings = ResolvedBuildSettings(project: project, target: target, configuration: configuration)
                    for name in settings.truncatedNames() {
                        let problem =
                            "\(project.path): \(target.name): the value of \(name) expands to more than \(ResolvedBuildSettings.maximumValueLength) bytes and is cut there"
                        if !problems.contains(problem) { problems.append(problem) }
                    }
                    for (setting, role) in [("INFOPLIST_FILE", ProjectInput.Role.infoPlist), ("CODE_SIGN_ENTITLEMENTS", .entitlements)] {
                        guard let path = Self.path(settings.value(setting), in: project) else { continue }
                        var key = Self.key(path)
                        if actualPaths[key] == nil, let loader {
                            if let found = loader.read(path) {
                                let foundKey = Self.key(found.path)
                                actualPaths[foundKey] = found.path
                                let keys = Self.keys(of: found.bytes, path: found.path)
                                plistKeys[foundKey] = keys ?? [:]
                                if keys == nil { unread[foundKey] = "does not read as a property list" }
                                key = foundKey
                            } else {
                                actualPaths[key] = path
                                let why = loader.fileSystem.whyNotReadable(path)
                                unread[key] =
                                    why == nil || why!.lowercased().contains("no such file") ? "is not on disk" : "cannot be read (\(why!))"
                            }
                        } else if actualPaths[key] == nil {
                            actualPaths[key] = path
                        }
                        entries[key, default: []].append(Entry(project: p, target: t, role: role, settings: settings))
                    }
                }
            }
        }
    }

    /// The absolute path a setting's value names, or nil when it is empty or still holds a
    /// reference nothing resolves (`$(DERIVED_FILE_DIR)/Info.plist`: generated at build time).
    static func path(_ value: String, in project: XcodeProjectModel) -> String? {
        var v = value.trimmingSpaces
        if v.count >= 2, v.hasPrefix("\""), v.hasSuffix("\"") { v = String(v.dropFirst().dropLast()) }
        guard !v.isEmpty, !v.contains("$(") && !v.contains("${") else { return nil }
        return ProjectPath.join(project.directory, v)
    }

    static func key(_ path: String) -> String { ProjectPath.normalized(path).lowercased() }

    /// The top-level keys of an XML or OpenStep plist's bytes (nil: not a dictionary, or not text).
    static func keys(of bytes: [UInt8], path: String) -> [String: CompanionKey]? {
        let lines = LineStarts(bytes)
        var out: [String: CompanionKey] = [:]
        switch SourceDecoding.decode(bytes) {
        case .success(let text):
            guard let root = PlistDocument(text: text).root, root.kind == .dictionary else { return nil }
            for entry in root.entries {
                guard let key = entry.key, let value = entry.value else { continue }
                var values: [String] = []
                switch value.kind {
                case .array: values = value.items.filter { $0.kind == .string }.map { ($0.text ?? "").trimmingSpaces }
                case .boolean: values = [value.boolValue == true ? "true" : "false"]
                case .dictionary: values = []
                default: values = [(value.text ?? "").trimmingSpaces]
                }
                out[key.text] = CompanionKey(key: key.text, values: values, location: lines.span(path, key.element.range))
            }
        case .failure:
            return nil
        }
        return out
    }

    /// The targets the plist at `path` (absolute) belongs to: those naming it in a build setting
    /// (INFOPLIST_FILE, CODE_SIGN_ENTITLEMENTS, XcodeGen's paths) and those holding it by folder
    /// (a privacy manifest in a synchronized folder or a package target's folder), as (project, target).
    public func targets(forPlistAt path: String) -> [(project: XcodeProjectModel, target: ProjectTarget)] {
        var out: [(Int, Int)] = []
        for entry in entries[Self.key(path)] ?? [] where !out.contains(where: { $0 == (entry.project, entry.target) }) {
            out.append((entry.project, entry.target))
        }
        for (p, project) in projects.enumerated() {
            for (t, target) in project.targets.enumerated() where target.membership?.contains(path) == true {
                if !out.contains(where: { $0 == (p, t) }) { out.append((p, t)) }
            }
        }
        return out.map { (projects[$0.0], projects[$0.0].targets[$0.1]) }
    }

    /// Which source files count for the plist at `path`: the code of the targets it belongs to
    /// (`targets(forPlistAt:)`), when each of them says which code is its own by folder; nil when
    /// none does or one does not (the source scan then goes by the folders around the plist).
    public func sourceScope(forPlistAt path: String) -> SourceScope? {
        let targets = targets(forPlistAt: path)
        var scopes: [SourceScope] = []
        for (_, target) in targets {
            guard let membership = target.membership else { return nil }
            scopes.append(membership.scope)
        }
        return SourceScope.union(scopes)
    }

    /// Whether some project uses the plist at `path`.
    public func uses(_ path: String) -> Bool { entries[Self.key(path)] != nil }

    /// Every plist the projects use that exists, with its role (sorted by path).
    public var plists: [(path: String, role: ProjectInput.Role)] {
        entries.compactMap { key, list in
            guard plistKeys[key] != nil, let path = actualPaths[key] else { return nil }
            return (path, list[0].role)
        }.sorted { $0.path < $1.path }
    }

    /// What the analysis of the plist at `path` (absolute) reads, or nil when no target uses it.
    public func input(forPlistAt path: String) -> ProjectInput? {
        guard let list = entries[Self.key(path)], let first = list.first else { return nil }
        let role = first.role
        var uses: [ProjectInput.Use] = []
        var order: [String] = []
        var grouped: [String: [Entry]] = [:]
        for entry in list where entry.role == role {
            let id = "\(entry.project)/\(entry.target)"
            if grouped[id] == nil { order.append(id) }
            grouped[id, default: []].append(entry)
        }
        for id in order {
            let group = grouped[id]!
            let project = projects[group[0].project]
            var use = ProjectInput.Use(
                projectName: project.name, projectPath: project.path, target: project.targets[group[0].target],
                settings: group.map(\.settings))
            use.missingFiles = project.missingFiles
            use.missingFileSites = project.missingFileSites
            uses.append(use)
        }
        var external: [String: ExternalKey] = [:]
        var companion: (path: String, keys: [String: CompanionKey])? = nil
        for use in uses {
            if role == .infoPlist {
                for (key, value) in Self.generatedKeys(use) where external[key] == nil { external[key] = value }
            } else {
                for (key, span) in use.target.entitlementProperties?.keys ?? [:] where external[key] == nil {
                    external[key] = ExternalKey(
                        key: key, value: "", location: span, source: "\(ProjectPath.lastComponent(use.projectPath)) entitlements.properties"
                    )
                }
            }
        }
        // The companion: the other plist of the primary target's first configuration.
        let use = uses[0]
        let otherSetting = role == .infoPlist ? "CODE_SIGN_ENTITLEMENTS" : "INFOPLIST_FILE"
        let project = projects[grouped[order[0]]![0].project]
        var keys: [String: CompanionKey] = [:]
        var companionPath: String? = nil
        var unknown = Self.unsettled(otherSetting, in: use.settings[0])
        if unknown == nil, let other = Self.path(use.settings[0].value(otherSetting), in: project) {
            let key = Self.key(other)
            companionPath = actualPaths[key] ?? other
            keys = plistKeys[key] ?? [:]
            if let why = unread[key] {
                unknown = "\(otherSetting) names '\(ProjectPath.relative(other, to: project.directory))', which \(why)"
            }
        }
        // XcodeGen writes the other plist from the spec's properties: they are what it holds.
        let properties = role == .infoPlist ? use.target.entitlementProperties : use.target.infoProperties
        if let properties, !properties.keys.isEmpty { unknown = nil }
        // Keys set for the other plist outside it count as its keys.
        if role == .entitlements {
            for (key, value) in Self.generatedKeys(use) where keys[key] == nil {
                keys[key] = CompanionKey(key: key, values: [value.value], location: value.location)
            }
        } else {
            for (key, span) in use.target.entitlementProperties?.keys ?? [:] where keys[key] == nil {
                keys[key] = CompanionKey(key: key, values: [], location: span)
            }
        }
        if companionPath != nil || !keys.isEmpty { companion = (companionPath ?? use.projectPath, keys) }
        var input = ProjectInput(role: role, uses: uses, externalKeys: external, companion: companion)
        input.companionUnknown = unknown
        return input
    }

    /// Why the file the setting `name` names is unknown in `settings`, or nil when what the
    /// settings that could be read give is what Xcode uses: its value refers to a setting no file
    /// that could be read defines while some file cannot be read (`$(LOOP_ENTITLEMENTS)` defined
    /// in a git-ignored Loop.xcconfig), or to a path Xcode knows only when it builds
    /// (`$(DERIVED_FILE_DIR)/…`), or a file that cannot be read may set it.
    static func unsettled(_ name: String, in settings: ResolvedBuildSettings) -> String? {
        let resolved = settings.setting(name)
        let raw = (resolved?.assignment?.value ?? "").trimmingSpaces
        let undefined = raw.contains("$") ? settings.expand(raw).undefined : []
        let missing = ProjectInput.unreadable(settings.unreadFiles)
        if !undefined.isEmpty {
            let references = undefined.map { "$(\($0))" }.joined(separator: ", ")
            if !settings.unreadFiles.isEmpty {
                return "\(name) is \(raw), and no file that could be read defines \(references) (\(missing))"
            }
            if undefined.contains(where: ImplicitBuildSettings.isImplicit) {
                return "\(name) is \(raw), a path Xcode knows only when it builds"
            }
            return nil
        }
        if settings.mayBeSetByUnreadFiles(name) {
            let value = (resolved?.value ?? "").trimmingSpaces
            return value.isEmpty
                ? "\(name) is set by no file that could be read, and \(missing)"
                : "\(name) is \(value) as far as the project can be read, but \(missing) and may set it otherwise"
        }
        return nil
    }

    /// The input of a plist used by every configuration of `target` (tests, examples, tools),
    /// with its companion's keys given.
    public static func input(
        role: ProjectInput.Role, project: XcodeProjectModel, target: ProjectTarget,
        companion: (path: String, keys: [String: CompanionKey])?
    ) -> ProjectInput {
        var use = ProjectInput.Use(
            projectName: project.name, projectPath: project.path, target: target,
            settings: target.configurations.map { ResolvedBuildSettings(project: project, target: target, configuration: $0) })
        use.missingFiles = project.missingFiles
        use.missingFileSites = project.missingFileSites
        var companion = companion
        if role == .entitlements, let given = companion {
            var keys = given.keys
            for (key, value) in generatedKeys(use) where keys[key] == nil {
                keys[key] = CompanionKey(key: key, values: [value.value], location: value.location)
            }
            companion = (given.path, keys)
        }
        var input = ProjectInput(role: role, uses: [use], externalKeys: role == .infoPlist ? generatedKeys(use) : [:], companion: companion)
        if companion == nil, let settings = use.settings.first {
            input.companionUnknown = unsettled(role == .infoPlist ? "CODE_SIGN_ENTITLEMENTS" : "INFOPLIST_FILE", in: settings)
        }
        return input
    }

    /// The Info.plist keys a target's settings set: `INFOPLIST_KEY_*` in the configurations that
    /// generate the Info.plist (GENERATE_INFOPLIST_FILE), and XcodeGen's `info.properties`.
    static func generatedKeys(_ use: ProjectInput.Use) -> [String: ExternalKey] {
        var out: [String: ExternalKey] = [:]
        for (key, span) in use.target.infoProperties?.keys ?? [:] {
            out[key] = ExternalKey(
                key: key, value: "", location: span, source: "\(ProjectPath.lastComponent(use.projectPath)) info.properties")
        }
        for settings in use.settings where settings.isYes("GENERATE_INFOPLIST_FILE") {
            for name in settings.names.sorted() where name.hasPrefix("INFOPLIST_KEY_") {
                let key = infoPlistKey(forSetting: name)
                guard out[key] == nil, let resolved = settings.setting(name) else { continue }
                out[key] = ExternalKey(key: key, value: resolved.value, location: resolved.assignment?.location, source: name)
            }
        }
        return out
    }

    /// `INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad` → `UISupportedInterfaceOrientations~ipad`;
    /// `…_Generation` settings generate the key they name.
    public static func infoPlistKey(forSetting name: String) -> String {
        var key = String(name.dropFirst("INFOPLIST_KEY_".count))
        if key.hasSuffix("_Generation") { key = String(key.dropLast("_Generation".count)) }
        if key.hasSuffix("_iPad") { key = String(key.dropLast(5)) + "~ipad" }
        if key.hasSuffix("_iPhone") { key = String(key.dropLast(7)) + "~iphone" }
        return key
    }
}
