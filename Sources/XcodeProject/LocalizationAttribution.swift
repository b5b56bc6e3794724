// Which files translate an Info.plist, read from its project (issue #38): Xcode builds a target's
// `InfoPlist.strings` from that target's resources — the `InfoPlist.strings` variant group and the
// `InfoPlist.xcstrings` of its Copy Bundle Resources phase, the files of its synchronized folders —
// not from whatever `.lproj` folders lie near its Info.plist. So a framework, a test bundle or an
// extension beside the app gets none of the app's translations, and a leftover `.lproj` folder no
// target builds translates nothing. The folders decide only when no project is found.
import PlistSyntax

/// What says which files translate an Info.plist.
public enum LocalizationAttribution: Sendable, Hashable {
    /// No Xcode project found around the plist: the `.lproj` folders near it and a catalog above.
    case folders
    /// The resources of the targets whose INFOPLIST_FILE is the plist, in the project at `project`.
    case targets(names: [String], project: String)
    /// A project is there but none of its targets can be read to build the plist: why, and what
    /// would settle it.
    case unknown(reason: String)

    /// The evidence, for a message: `target Loop in Loop.xcodeproj`, `the .lproj folders beside it
    /// (no Xcode project found)`.
    public var evidence: String {
        switch self {
        case .folders: return "the .lproj folders near it (no Xcode project target found)"
        case .targets(let names, let project):
            let who = names.count == 1 ? "target \(names[0])" : "targets \(names.joined(separator: ", "))"
            return "the resources of \(who) in \(LocalizationFinder.projectName(project))"
        case .unknown(let reason): return "unknown: \(reason)"
        }
    }

    /// Whether the files are known to be the ones the build uses (not a guess by folder).
    public var isKnown: Bool { if case .unknown = self { return false } else { return true } }
}

extension LocalizationFinder {
    /// What the projects above the plist say about its translations.
    enum Attributed {
        case targets(LocalizationSet)
        case unknown(reason: String, projectPath: String)
    }

    /// How many folders of a target's synchronized folders are listed at most, looking for its
    /// `.lproj` folders and catalog.
    static let maximumSynchronizedFolders = 2000

    /// `…/Loop.xcodeproj/project.pbxproj` → `Loop.xcodeproj`.
    static func projectName(_ path: String) -> String {
        path.hasSuffix("/project.pbxproj") ? ProjectPath.lastComponent(ProjectPath.parent(path)) : ProjectPath.lastComponent(path)
    }

    /// The set the targets building the plist at `infoPlistPath` give: the nearest project (among
    /// the `.xcodeproj` folders of `ancestors`, nearest first) with a target whose INFOPLIST_FILE is
    /// the plist. Nil when no project is found (the folders decide); unknown when projects are
    /// found but none of their targets names the plist.
    static func attributed(
        infoPlistPath: String, ancestors: [String], fileSystem: any ProjectFileSystem, readingContents: Bool = true
    ) -> Attributed? {
        let loader = ProjectLoader(fileSystem: fileSystem)
        var searched: [XcodeProjectModel] = []
        for folder in ancestors {
            guard let entries = fileSystem.entries(of: folder) else { continue }
            for name in entries.filter({ $0.isDirectory && $0.name.hasSuffix(".xcodeproj") }).map(\.name).sorted() {
                let path = join(join(folder, name), "project.pbxproj")
                guard fileSystem.contents(of: path) != nil else { continue }
                let model = loader.load(path)
                guard !model.targets.isEmpty else { continue }
                searched.append(model)
                let index = ProjectIndex(projects: [model], fileSystem: nil)
                guard let input = index.input(forPlistAt: infoPlistPath), input.role == .infoPlist else { continue }
                return .targets(
                    set(
                        infoPlistPath: infoPlistPath, project: model, targets: input.uses.map(\.target), fileSystem: fileSystem,
                        readingContents: readingContents))
            }
        }
        guard let nearest = searched.first else { return nil }
        // Why no target is known to build it: a target whose INFOPLIST_FILE cannot be resolved
        // may be the one (its value comes from a file that is missing, or from the environment).
        var unresolved: [String] = []
        for project in searched {
            for target in project.targets {
                for configuration in target.configurations {
                    let settings = ResolvedBuildSettings(project: project, target: target, configuration: configuration)
                    guard let raw = settings.setting("INFOPLIST_FILE")?.assignment?.value else { continue }
                    let undefined = settings.expand(raw).undefined
                    if !undefined.isEmpty {
                        unresolved.append("\(target.name)'s INFOPLIST_FILE is '\(raw)', which no file read defines")
                        break
                    }
                }
            }
        }
        let names = searched.map { projectName($0.path) }.joined(separator: ", ")
        var reason = "no target of \(names) names this file as its INFOPLIST_FILE"
        if !unresolved.isEmpty {
            let missing = searched.flatMap(\.missingFiles).map { ProjectPath.lastComponent($0) }
            reason +=
                "; " + unresolved.prefix(3).joined(separator: ", ") + (unresolved.count > 3 ? " and \(unresolved.count - 3) more" : "")
                + (missing.isEmpty ? "" : " (\(missing.prefix(3).joined(separator: ", ")) cannot be read)")
        }
        return .unknown(reason: reason, projectPath: nearest.path)
    }

    /// The set of the plist built by `targets` of `project`: the translations their resources
    /// hold, the locales their bundles get, and the project's knownRegions when they translate it.
    static func set(
        infoPlistPath: String, project: XcodeProjectModel, targets: [ProjectTarget], fileSystem: any ProjectFileSystem,
        readingContents: Bool = true
    ) -> LocalizationSet {
        var tablePaths: [String] = [], catalogPaths: [String] = []
        var locales: [String] = []
        for target in targets {
            var resources = target.localizedResources ?? LocalizedResources()
            if let membership = target.membership { synchronized(membership, into: &resources, fileSystem: fileSystem) }
            for p in resources.tables where !tablePaths.contains(p) { tablePaths.append(p) }
            for p in resources.catalogs where !catalogPaths.contains(p) { catalogPaths.append(p) }
            for l in resources.locales.keys.sorted() where !locales.contains(l) { locales.append(l) }
        }
        var set = LocalizationSet(infoPlistPath: infoPlistPath)
        set.tables = tablePaths.compactMap { path in
            let folder = ProjectPath.lastComponent(parent(path))
            let locale = folder.hasSuffix(".lproj") ? String(folder.dropLast(6)) : folder
            guard let bytes = fileSystem.contents(of: path) else {
                // There but not read (too large): named with its reason; absent: unknown.
                if let reason = whyUnread(path, fileSystem) {
                    set.unreadFiles.append(.init(path: path, locale: locale, reason: reason))
                } else {
                    set.unreadable.append(path)
                }
                return nil
            }
            return LocalizedTable(locale: locale, path: path, table: StringsTable(raw: readingContents ? bytes : []))
        }.sorted { $0.locale < $1.locale }
        set.catalogs = catalogPaths.compactMap { path in
            guard let bytes = fileSystem.contents(of: path) else {
                if let reason = whyUnread(path, fileSystem) {
                    set.unreadFiles.append(.init(path: path, locale: nil, reason: reason))
                } else {
                    set.unreadable.append(path)
                }
                return nil
            }
            return LocalizedCatalog(path: path, catalog: StringCatalog(text: readingContents ? bytes : []))
        }
        set.lprojLocales = locales.filter { $0 != "Base" }
        set.lprojDirectory = set.tables.first.map { parent(parent($0.path)) } ?? parent(infoPlistPath)
        set.projectPath = project.path
        if !set.tables.isEmpty || !set.catalogs.isEmpty || !set.unreadable.isEmpty || !set.unreadFiles.isEmpty,
            let bytes = fileSystem.contents(of: project.path), let root = OpenStepDocument(text: bytes).root
        {
            set.knownRegions = knownRegions(root).filter { $0 != "Base" }
        }
        set.attribution = .targets(names: targets.map(\.name), project: project.path)
        return set
    }

    /// The `.lproj` folders (and the `InfoPlist.strings` in them) and the `InfoPlist.xcstrings` of a
    /// target's synchronized folders: every file below them is the target's, but its exceptions.
    static func synchronized(_ membership: SourceMembership, into resources: inout LocalizedResources, fileSystem: any ProjectFileSystem) {
        for path in membership.added
        where ProjectPath.lastComponent(path) == LocalizedResources.catalogName && !resources.catalogs.contains(path) {
            resources.catalogs.append(path)
        }
        var queue = membership.folders + membership.added
        var listed = 0
        while !queue.isEmpty, listed < maximumSynchronizedFolders {
            let folder = queue.removeFirst()
            guard membership.contains(folder), let entries = fileSystem.entries(of: folder) else { continue }
            listed += 1
            for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
                let path = join(folder, entry.name)
                guard membership.contains(path) else { continue }
                if entry.isDirectory {
                    if entry.name.hasSuffix(".lproj") {
                        let locale = String(entry.name.dropLast(6))
                        if resources.locales[locale] == nil { resources.locales[locale] = entry.name }
                        let table = join(path, LocalizedResources.tableName)
                        if membership.contains(table), fileSystem.contents(of: table) != nil, !resources.tables.contains(table) {
                            resources.tables.append(table)
                        }
                    } else if !entry.name.hasSuffix(".xcassets") && !entry.name.hasSuffix(".xcodeproj") {
                        queue.append(path)
                    }
                } else if entry.name == LocalizedResources.catalogName, !resources.catalogs.contains(path) {
                    resources.catalogs.append(path)
                }
            }
        }
    }
}
