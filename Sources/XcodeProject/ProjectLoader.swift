// Reads projects through a file system it is given (the server's and `check`'s read the disk;
// tests give one in memory): finds the projects below a folder, reads a project.pbxproj or an
// XcodeGen spec, follows .xcconfig includes (relative to the including file, matching a name's
// case loosely as macOS's file system does), and builds the model. Never fails: a file it cannot
// read or resolve becomes a problem of the model.

/// What the loader reads files through.
public protocol ProjectFileSystem: Sendable {
    /// A regular file's bytes (nil: absent or unreadable).
    func contents(of path: String) -> [UInt8]?
    /// A folder's entries (nil: not a folder).
    func entries(of directory: String) -> [(name: String, isDirectory: Bool)]?
    /// Why `contents(of:)` gives nil for `path`, in a few words ("not a regular file (a FIFO)",
    /// "larger than the 16 MB a project file may be"), or nil when it does not know.
    func whyNotReadable(_ path: String) -> String?
    /// Whether `path` is a folder that holds many unrelated things (`/`, a home folder, the
    /// temporary folder), where no search for a project's files looks into the subfolders.
    func isSharedFolder(_ path: String) -> Bool
    /// Whether `path` is a folder, without listing it.
    func isDirectory(_ path: String) -> Bool
}

extension ProjectFileSystem {
    public func whyNotReadable(_ path: String) -> String? { nil }
    public func isSharedFolder(_ path: String) -> Bool { path == "/" }
    public func isDirectory(_ path: String) -> Bool { entries(of: path) != nil }
}

/// Loads project models.
public struct ProjectLoader: Sendable {
    public let fileSystem: any ProjectFileSystem

    /// Folders never searched for projects: dependency checkouts, build output, hidden folders.
    public static let skippedFolders: Set<String> = [
        "Pods", "Carthage", "node_modules", "DerivedData", "build", ".build", "SourcePackages", "vendor",
    ]
    /// How deep below the root projects are searched for.
    public static let maximumSearchDepth = 6
    /// How many folders a search lists at most.
    public static let maximumSearchedFolders = 5000
    /// How deeply .xcconfig files may include each other: far deeper than real projects chain
    /// them (a few levels; CocoaPods and Flutter add two or three). A file deeper than this is not
    /// read, and the model says so (it is not a cycle).
    public static let maximumIncludeDepth = 64

    public init(fileSystem: any ProjectFileSystem) {
        self.fileSystem = fileSystem
    }

    /// The project files below `root`: every `*.xcodeproj/project.pbxproj`, and every
    /// `project*.yml`/`.yaml` XcodeGen spec (a YAML file with top-level `name` and `targets`),
    /// every `Package.swift`, and the projects each `*.xcworkspace` names (also in a folder the
    /// search skips, such as `Pods`, or outside `root`), after the others.
    public func discover(in root: String) -> [String] {
        var found: [String] = []
        var referenced: [String] = []
        var queue: [(String, Int)] = [(ProjectPath.normalized(root), 0)]
        var listed = 0
        while !queue.isEmpty && listed < Self.maximumSearchedFolders {
            let (folder, depth) = queue.removeFirst()
            guard let entries = fileSystem.entries(of: folder) else { continue }
            listed += 1
            for entry in entries.sorted(by: { $0.name < $1.name }) {
                let path = ProjectPath.join(folder, entry.name)
                if entry.isDirectory {
                    if entry.name.hasSuffix(".xcodeproj") {
                        // Found by its name, not read: one that cannot be read is reported by `load`.
                        let pbxproj = ProjectPath.join(path, "project.pbxproj")
                        if fileSystem.entries(of: path)?.contains(where: { $0.name == "project.pbxproj" && !$0.isDirectory }) == true {
                            found.append(pbxproj)
                        }
                        continue
                    }
                    if entry.name.hasSuffix(".xcworkspace") {
                        // A workspace's projects (CocoaPods' Pods project, projects beside the root):
                        // read too, even in a folder the search skips.
                        referenced += projectFiles(ofWorkspace: path)
                        continue
                    }
                    if entry.name.hasPrefix(".") || Self.skippedFolders.contains(entry.name) { continue }
                    if depth + 1 <= Self.maximumSearchDepth { queue.append((path, depth + 1)) }
                } else if entry.name == "Package.swift" {
                    found.append(path)
                } else if entry.name.hasPrefix("project"), entry.name.hasSuffix(".yml") || entry.name.hasSuffix(".yaml"),
                    let bytes = fileSystem.contents(of: path), XcodeGenReader.isSpec(bytes)
                {
                    found.append(path)
                }
            }
        }
        for project in referenced where !found.contains(project) { found.append(project) }
        return found
    }

    /// How many folders `discover(around:upTo:)` lists below the file's ancestors at most.
    public static let maximumNearbyFolders = 256

    /// The project files in the folders from the one holding `file` up to `root` (at most
    /// `maximumSearchDepth` + 2 folders, `root` included when it is one of them), nearest first:
    /// one listing per folder, never a walk below them. The projects a plist belongs to are
    /// nearly always here (`App/Info.plist` beside `App.xcodeproj`, `ios/Runner/Info.plist`
    /// below `ios/Runner.xcodeproj`).
    public func discover(near file: String, upTo root: String) -> [String] {
        var found: [String] = []
        for folder in Self.ancestors(of: file, upTo: root) {
            for project in projectFiles(in: folder) where !found.contains(project) { found.append(project) }
        }
        return found
    }

    /// The project files one level below each folder `discover(near:upTo:)` looks in, nearest
    /// first (`app/HexFiend.xcodeproj` for `framework/Info.plist`): for a plist none of those
    /// projects uses. At most `maximumNearbyFolders` folders are listed; hidden folders and the
    /// ones the search skips are not.
    public func discover(around file: String, upTo root: String) -> [String] {
        var found: [String] = []
        var listed = 0
        var previous: String? = nil
        for folder in Self.ancestors(of: file, upTo: root) {
            defer { previous = folder }
            let children = (fileSystem.entries(of: folder) ?? []).filter { entry in
                entry.isDirectory && !entry.name.hasPrefix(".") && !Self.skippedFolders.contains(entry.name)
                    && !entry.name.hasSuffix(".xcodeproj") && !entry.name.hasSuffix(".xcworkspace") && !entry.name.hasSuffix(".lproj")
            }.map { ProjectPath.join(folder, $0.name) }.sorted()
            for child in children where child != previous {
                guard listed < Self.maximumNearbyFolders else { return found }
                listed += 1
                for project in projectFiles(in: child) where !found.contains(project) { found.append(project) }
            }
        }
        return found
    }

    /// The folders holding `file`, nearest first, up to `root` (when `root` holds it) and at most
    /// `maximumSearchDepth` + 2 of them.
    static func ancestors(of file: String, upTo root: String) -> [String] {
        let root = ProjectPath.normalized(root)
        var out: [String] = []
        var folder = ProjectPath.parent(ProjectPath.normalized(file))
        while !folder.isEmpty, out.count < maximumSearchDepth + 2 {
            out.append(folder)
            if folder == root || folder == "/" { break }
            folder = ProjectPath.parent(folder)
        }
        return out
    }

    /// The project files directly in `folder` (one listing, and one per `.xcodeproj` to see its
    /// project.pbxproj), with the projects its workspaces name.
    func projectFiles(in folder: String) -> [String] {
        var found: [String] = []
        var referenced: [String] = []
        for entry in (fileSystem.entries(of: folder) ?? []).sorted(by: { $0.name < $1.name }) {
            let path = ProjectPath.join(folder, entry.name)
            if entry.isDirectory {
                if entry.name.hasSuffix(".xcodeproj") {
                    if fileSystem.entries(of: path)?.contains(where: { $0.name == "project.pbxproj" && !$0.isDirectory }) == true {
                        found.append(ProjectPath.join(path, "project.pbxproj"))
                    }
                } else if entry.name.hasSuffix(".xcworkspace") {
                    referenced += projectFiles(ofWorkspace: path)
                }
            } else if entry.name == "Package.swift" {
                found.append(path)
            } else if entry.name.hasPrefix("project"), entry.name.hasSuffix(".yml") || entry.name.hasSuffix(".yaml"),
                let bytes = fileSystem.contents(of: path), XcodeGenReader.isSpec(bytes)
            {
                found.append(path)
            }
        }
        for project in referenced where !found.contains(project) { found.append(project) }
        return found
    }

    /// The projects of `paths`, read, without the specs another one includes (part of that project).
    public func load(all paths: [String]) -> [XcodeProjectModel] {
        let models = paths.map(load)
        let included = Set(models.filter { Self.isSpec($0.path) }.flatMap { $0.files.dropFirst() })
        return models.filter { !(Self.isSpec($0.path) && included.contains($0.path)) }
    }

    /// The project files an Xcode workspace (`…/App.xcworkspace`) names that exist.
    public func projectFiles(ofWorkspace workspace: String) -> [String] {
        guard let bytes = fileSystem.contents(of: ProjectPath.join(workspace, "contents.xcworkspacedata")) else { return [] }
        return XcodeWorkspaceReader(path: workspace, text: bytes).projectFiles.filter { fileSystem.contents(of: $0) != nil }
    }

    /// Every project below `root`, read.
    public func loadAll(in root: String) -> [XcodeProjectModel] {
        // A spec another one includes is part of that project, not one of its own.
        load(all: discover(in: root))
    }

    static func isSpec(_ path: String) -> Bool { path.hasSuffix(".yml") || path.hasSuffix(".yaml") }

    /// The project at `path` (a project.pbxproj, an XcodeGen spec or a Package.swift).
    public func load(_ path: String) -> XcodeProjectModel {
        guard let bytes = fileSystem.contents(of: path) else {
            let reason = fileSystem.whyNotReadable(path).map { ": \($0)" } ?? ""
            return XcodeProjectModel(
                path: path, directory: ProjectPath.parent(path), name: "", targets: [], problems: ["\(path): cannot be read\(reason)"],
                files: [path])
        }
        if path.hasSuffix(".yml") || path.hasSuffix(".yaml") { return loadXcodeGen(path: path, text: bytes) }
        if ProjectPath.lastComponent(path) == "Package.swift" { return loadPackage(path: path, text: bytes) }
        return loadPBXProject(path: path, text: bytes)
    }

    func loadPBXProject(path: String, text: [UInt8]) -> XcodeProjectModel {
        let reader = PBXProjectReader(path: path, text: text)
        var problems = reader.problems
        var files = [path]
        var sites: [String: SourceSpan] = [:]
        var expanded: [String: [BuildSettingAssignment]] = [:]
        var unread: [String: [String]] = [:]
        func configFile(_ file: String?, namedAt site: SourceSpan?) -> (assignments: [BuildSettingAssignment], unread: [String]) {
            guard let file else { return ([], []) }
            var visited: [String] = []
            let assignments = xcconfigAssignments(
                file, optional: false, from: nil, projectDirectory: reader.projectDirectory,
                visited: &visited, expanded: &expanded, unread: &unread, files: &files, problems: &problems, sites: &sites)
            // A base .xcconfig the project names but does not contain: where the project names it.
            if let site, sites[file] == nil, problems.contains("missing: \(file)") { sites[file] = site }
            return (assignments, unread[file] ?? [])
        }
        let projectConfigurations = reader.configurations(list: reader.rootObject?.string("buildConfigurationList"))
        var targets: [ProjectTarget] = []
        let targetIDs = reader.targetIDs
        for (position, target) in reader.targets.enumerated() {
            var configurations: [TargetConfiguration] = []
            for own in reader.configurations(list: target.configurationList) {
                let project = projectConfigurations.first { $0.name == own.name }
                let projectFile = configFile(project?.baseFile, namedAt: project?.baseSite)
                let targetFile = configFile(own.baseFile, namedAt: own.baseSite)
                var configuration = TargetConfiguration(
                    name: own.name,
                    layers: [
                        SettingLayer(level: .projectConfigFile, assignments: projectFile.assignments),
                        SettingLayer(level: .project, assignments: project?.settings ?? []),
                        SettingLayer(level: .targetConfigFile, assignments: targetFile.assignments),
                        SettingLayer(level: .target, assignments: own.settings),
                    ])
                configuration.unreadFiles = projectFile.unread + targetFile.unread.filter { !projectFile.unread.contains($0) }
                configuration.unreadLevel =
                    !targetFile.unread.isEmpty ? .targetConfigFile : !projectFile.unread.isEmpty ? .projectConfigFile : nil
                configurations.append(configuration)
            }
            var model = ProjectTarget(name: target.name, productType: ProductType(target.productType), configurations: configurations)
            model.membership = target.membership
            if position < targetIDs.count { model.localizedResources = reader.localizedResources(ofTarget: targetIDs[position]) }
            targets.append(model)
        }
        return Self.model(
            path: path, directory: reader.projectDirectory, name: reader.name, targets: targets, problems: problems, files: files,
            sites: sites)
    }

    func loadXcodeGen(path: String, text: [UInt8]) -> XcodeProjectModel {
        let spec = XcodeGenReader(path: path, text: text)
        var problems = spec.problems
        var files = [path]
        var sites: [String: SourceSpan] = [:]
        var expanded: [String: [BuildSettingAssignment]] = [:]
        var unread: [String: [String]] = [:]
        // `include:`: the included specs (and theirs, depth first, each once), before this one.
        var included: [XcodeGenReader] = []
        func include(_ reader: XcodeGenReader, depth: Int) {
            for file in reader.includes {
                guard !files.contains(file) else { continue }
                guard depth < Self.maximumIncludeDepth else {
                    problems.append("\(reader.path): '\(file)' is included \(depth) levels deep; not read")
                    continue
                }
                files.append(file)
                guard let bytes = fileSystem.contents(of: file) else {
                    problems.append("\(reader.path): the included spec '\(file)' cannot be read")
                    continue
                }
                let other = XcodeGenReader(path: file, text: bytes)
                include(other, depth: depth + 1)
                included.append(other)
            }
        }
        include(spec, depth: 0)
        let targets = spec.targets(
            { file in
                var visited: [String] = []
                let assignments = xcconfigAssignments(
                    file, optional: false, from: nil, projectDirectory: spec.directory,
                    visited: &visited, expanded: &expanded, unread: &unread, files: &files, problems: &problems, sites: &sites)
                return (assignments, unread[file] ?? [])
            }, included: included)
        return Self.model(
            path: path, directory: spec.directory, name: spec.name, targets: targets, problems: problems, files: files, sites: sites)
    }

    /// A Swift package: one target per package target, holding the files of its folder (no build
    /// settings: a package target's Info.plist and entitlements are not its own).
    func loadPackage(path: String, text: [UInt8]) -> XcodeProjectModel {
        let manifest = PackageManifestReader(path: path, text: text)
        let targets = manifest.memberships.map { target, membership in
            var model = ProjectTarget(name: target.name, productType: ProductType("swiftpm.\(target.kind)"), configurations: [])
            model.membership = membership
            return model
        }
        return Self.model(
            path: path, directory: manifest.directory, name: ProjectPath.lastComponent(manifest.directory),
            targets: targets, problems: [], files: [path])
    }

    /// A model, with the "missing: PATH" problems turned into `missingFiles`.
    static func model(
        path: String, directory: String, name: String, targets: [ProjectTarget], problems: [String], files: [String],
        sites: [String: SourceSpan] = [:]
    ) -> XcodeProjectModel {
        let missing = problems.filter { $0.hasPrefix("missing: ") }.map { String($0.dropFirst("missing: ".count)) }
        var model = XcodeProjectModel(
            path: path, directory: directory, name: name, targets: targets,
            problems: problems.filter { !$0.hasPrefix("missing: ") }, files: files)
        model.missingFiles = missing
        model.missingFileSites = sites.filter { missing.contains($0.key) }
        return model
    }

    /// The assignments of an .xcconfig with its includes expanded in place.
    ///
    /// Each file is read and expanded once per load (`expanded`, by path): a file included again
    /// contributes the same assignments again, and since the last matching assignment wins, only
    /// its last inclusion counts. So an assignment appears once, at its last place: the list is at
    /// most as long as the files' lines, however often files include each other (40 files each
    /// including the next twice would otherwise give 2⁴⁰ copies). `visited` is the chain of files
    /// being expanded: a file in it includes itself (a cycle); a chain longer than
    /// `maximumIncludeDepth` is cut there and said to be too deep. `sites` records where each file
    /// that cannot be read is included; `unread`, for each file expanded, the files it names or
    /// includes (itself too) that could not be read, so that a configuration knows what it misses.
    func xcconfigAssignments(
        _ path: String, optional: Bool, from: SourceSpan?, projectDirectory: String, visited: inout [String],
        expanded: inout [String: [BuildSettingAssignment]], unread: inout [String: [String]], files: inout [String],
        problems: inout [String], sites: inout [String: SourceSpan]
    ) -> [BuildSettingAssignment] {
        func problem(_ text: String) { if !problems.contains(text) { problems.append(text) } }
        guard !visited.contains(path) else {
            problem("\(from?.display ?? path): '\(path)' includes itself")
            return []
        }
        if let known = expanded[path] { return known }
        guard visited.count < Self.maximumIncludeDepth else {
            problem(
                "\(from?.display ?? path): '\(path)' is included \(visited.count) levels deep, deeper than the \(Self.maximumIncludeDepth) levels read; its settings are not read"
            )
            unread[path] = [path]
            return []
        }
        visited.append(path)
        defer { visited.removeLast() }
        guard let (actual, bytes) = read(path) else {
            if !optional {
                let reason = fileSystem.whyNotReadable(path).map { " (\($0))" } ?? ""
                problem(from.map { "\($0.display): the included '\(path)' cannot be read\(reason)" } ?? "cannot read '\(path)'\(reason)")
                problem("missing: \(path)")
                if let from, sites[path] == nil { sites[path] = from }
                unread[path] = [path]
            }
            return []
        }
        if !files.contains(actual) { files.append(actual) }
        let file = XCConfigFile(path: actual, text: bytes)
        for p in file.problems.prefix(3) { problem("\(p.location.display): \(p.message)") }
        var out: [BuildSettingAssignment] = []
        var repeated = false
        var missing: [String] = []
        for item in file.items {
            switch item {
            case .assignment(let a): out.append(a)
            case .include(let included, let isOptional, let location):
                // Xcode looks beside the including file, then in the project folder.
                var target = ProjectPath.join(ProjectPath.parent(actual), included)
                if read(target) == nil, !included.hasPrefix("/") {
                    let fromProject = ProjectPath.join(projectDirectory, included)
                    if read(fromProject) != nil { target = fromProject }
                }
                let added = xcconfigAssignments(
                    target, optional: isOptional, from: location, projectDirectory: projectDirectory,
                    visited: &visited, expanded: &expanded, unread: &unread, files: &files, problems: &problems, sites: &sites)
                for file in unread[target] ?? [] where !missing.contains(file) { missing.append(file) }
                repeated = repeated || !added.isEmpty && !out.isEmpty
                out += added
            }
        }
        if repeated { out = Self.lastOccurrences(out) }
        // Kept even when a cycle cut it short (the cycle is reported; its settings are the file's
        // without the loop): a file is never expanded twice, whatever the includes are.
        expanded[path] = out
        unread[path] = missing
        return out
    }

    /// `assignments` with each assignment (by its place in its file) kept only at its last place.
    static func lastOccurrences(_ assignments: [BuildSettingAssignment]) -> [BuildSettingAssignment] {
        struct Place: Hashable { let path: String; let start: Int }
        var seen = Set<Place>()
        var out: [BuildSettingAssignment] = []
        for a in assignments.reversed() {
            if let location = a.location, !seen.insert(Place(path: location.path, start: location.range.lowerBound)).inserted { continue }
            out.append(a)
        }
        return out.reversed()
    }

    /// A file's bytes, found by its exact path or, failing that, by a name that differs only in case
    /// (macOS's file system does not tell them apart), with the path it was found at.
    ///
    /// A folder of the path that is there as written is taken without listing it; only the folder
    /// where a name is not is listed (once) to find it in another case (listing `/tmp` or a home
    /// for every optional `#include?` that is missing made reading a project slow).
    public func read(_ path: String) -> (path: String, bytes: [UInt8])? {
        if let bytes = fileSystem.contents(of: path) { return (path, bytes) }
        var resolved = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            let candidate = ProjectPath.join(resolved, String(part))
            if resolved.isEmpty || fileSystem.isDirectory(candidate) {
                resolved = candidate
                continue
            }
            guard let entries = fileSystem.entries(of: resolved) else {
                resolved = candidate
                continue
            }
            if let match = entries.first(where: { $0.name == part })
                ?? entries.first(where: { $0.name.lowercased() == part.lowercased() })
            {
                resolved = ProjectPath.join(resolved, match.name)
            } else {
                return nil
            }
        }
        return fileSystem.contents(of: resolved).map { (resolved, $0) }
    }
}
