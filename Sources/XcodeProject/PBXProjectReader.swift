// project.pbxproj → the project model: the project's and each target's build configurations, their
// `buildSettings` and their base .xcconfig (`baseConfigurationReference`), with file references
// resolved through the group tree. Reading never fails: what cannot be resolved is a problem.
import PlistSyntax

/// Line starts of a text, for turning offsets into lines.
struct LineStarts {
    let starts: [Int]

    init(_ text: [UInt8]) {
        var starts = [0]
        for (i, c) in text.enumerated() where c == 0x0A { starts.append(i + 1) }
        self.starts = starts
    }

    func span(_ path: String, _ range: Range<Int>) -> SourceSpan {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= range.lowerBound { lo = mid } else { hi = mid - 1 }
        }
        return SourceSpan(path: path, range: range, line: lo, column: range.lowerBound - starts[lo])
    }
}

/// The parts of a project.pbxproj the model needs.
struct PBXProjectReader {
    let path: String
    let directory: String
    let text: [UInt8]
    let objects: OpenStepNode
    let lines: LineStarts
    let rootObject: OpenStepNode?
    var problems: [String] = []
    private var parents: [String: String] = [:]

    init(path: String, text: [UInt8]) {
        self.path = path
        self.text = text
        // …/App.xcodeproj/project.pbxproj → …
        let xcodeproj = ProjectPath.parent(path)
        directory = ProjectPath.parent(xcodeproj)
        let document = OpenStepDocument(text: text)
        lines = LineStarts(text)
        let root = document.root
        let objects = root?["objects"] ?? OpenStepNode(kind: .dictionary, range: 0..<0)
        self.objects = objects
        rootObject = root?.string("rootObject").flatMap { objects[$0] }
        for p in document.problems.prefix(5) {
            problems.append("\(lines.span(path, p.range).display): \(p.message)")
        }
        if root == nil || objects.entries.isEmpty { problems.append("\(path): no objects in the project file") }
        var parents: [String: String] = [:]
        for entry in objects.entries {
            for child in entry.value["children"]?.items ?? [] where child.kind == .string { parents[child.text] = entry.key.text }
        }
        self.parents = parents
        if let projectDir = rootObject?.string("projectDirPath"), !projectDir.isEmpty {
            projectDirectory = ProjectPath.join(directory, projectDir)
        } else {
            projectDirectory = directory
        }
    }

    /// SRCROOT: the .xcodeproj's folder, or `projectDirPath` below it.
    let projectDirectory: String

    /// The project's name (`App` for `App.xcodeproj`).
    var name: String {
        let xcodeproj = ProjectPath.lastComponent(ProjectPath.parent(path))
        return xcodeproj.hasSuffix(".xcodeproj") ? String(xcodeproj.dropLast(".xcodeproj".count)) : xcodeproj
    }

    /// The absolute path of a file reference or group, when it is below a known folder.
    func filePath(of id: String, depth: Int = 0) -> String? {
        guard depth < 64, let object = objects[id] else { return nil }
        let own = object.string("path") ?? ""
        switch object.string("sourceTree") ?? "<group>" {
        case "<absolute>": return own
        case "SOURCE_ROOT": return ProjectPath.join(projectDirectory, own)
        case "<group>":
            if let parent = parents[id] { return filePath(of: parent, depth: depth + 1).map { ProjectPath.join($0, own) } }
            // The main group (or a reference outside the tree) is relative to the project folder.
            return ProjectPath.join(projectDirectory, own)
        default: return nil
        }
    }

    /// A configuration list's configurations: name, settings, the base .xcconfig's path and where
    /// the project names it.
    func configurations(list id: String?) -> [(name: String, settings: [BuildSettingAssignment], baseFile: String?, baseSite: SourceSpan?)]
    {
        guard let id, let list = objects[id] else { return [] }
        var out: [(String, [BuildSettingAssignment], String?, SourceSpan?)] = []
        for ref in list["buildConfigurations"]?.items ?? [] {
            guard let configuration = objects[ref.text] else { continue }
            let name = configuration.string("name") ?? ref.text
            var settings: [BuildSettingAssignment] = []
            for entry in configuration["buildSettings"]?.entries ?? [] {
                let (settingName, conditions) = BuildSettingAssignment.parseName(entry.key.text)
                let value: String
                switch entry.value.kind {
                case .array: value = entry.value.items.map(\.text).joined(separator: " ")
                default: value = entry.value.text
                }
                settings.append(
                    BuildSettingAssignment(
                        name: settingName, conditions: conditions, value: value, location: lines.span(path, entry.key.range)))
            }
            var base: String? = nil
            let site = (configuration["baseConfigurationReference"] ?? configuration["baseConfigurationReferenceRelativePath"]).map {
                lines.span(path, $0.range)
            }
            if let reference = configuration.string("baseConfigurationReference") {
                base = filePath(of: reference)
            } else if let anchor = configuration.string("baseConfigurationReferenceAnchor"),
                let relative = configuration.string("baseConfigurationReferenceRelativePath")
            {
                // Xcode 16's synchronized folders: a path below the anchor folder.
                base = filePath(of: anchor).map { ProjectPath.join($0, relative) }
            }
            out.append((name, settings, base, site))
        }
        return out
    }

    /// The targets: name, product type, configuration list, and the files its synchronized
    /// folders give it (nil when it has none).
    var targets: [(name: String, productType: String, configurationList: String?, membership: SourceMembership?)] {
        let ids = (rootObject?["targets"]?.items ?? []).map(\.text)
        let memberships = synchronizedMemberships(targets: ids)
        return ids.compactMap { id in
            guard let target = objects[id] else { return nil }
            let isa = target.string("isa") ?? ""
            let type =
                target.string("productType") ?? (isa == "PBXAggregateTarget" ? "aggregate" : isa == "PBXLegacyTarget" ? "legacy" : "")
            return (target.string("name") ?? id, type, target.string("buildConfigurationList"), memberships[id])
        }
    }

    /// The localized resources of a target's Copy Bundle Resources phases (`PBXResourcesBuildPhase`):
    /// each `InfoPlist.strings` variant group's files, each `InfoPlist.xcstrings` file reference,
    /// and the locale of every variant group's file (the `.lproj` folders the bundle gets).
    func localizedResources(ofTarget id: String) -> LocalizedResources {
        var out = LocalizedResources()
        guard let target = objects[id] else { return out }
        for phaseID in target["buildPhases"]?.items ?? [] {
            guard let phase = objects[phaseID.text], phase.string("isa") == "PBXResourcesBuildPhase" else { continue }
            for buildFileID in phase["files"]?.items ?? [] {
                guard let buildFile = objects[buildFileID.text], let refID = buildFile.string("fileRef"), let ref = objects[refID] else {
                    continue
                }
                let name = ref.string("name") ?? ProjectPath.lastComponent(ref.string("path") ?? "")
                switch ref.string("isa") {
                case "PBXVariantGroup":
                    for child in ref["children"]?.items ?? [] {
                        guard let path = filePath(of: child.text) else { continue }
                        let parts = path.split(separator: "/")
                        guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { continue }
                        let locale = String(parts[parts.count - 2].dropLast(".lproj".count))
                        if out.locales[locale] == nil { out.locales[locale] = name }
                        if name == LocalizedResources.tableName, !out.tables.contains(path) { out.tables.append(path) }
                    }
                default:
                    if name == LocalizedResources.catalogName, let path = filePath(of: refID), !out.catalogs.contains(path) {
                        out.catalogs.append(path)
                    }
                }
            }
        }
        return out
    }

    /// The ids of the project's targets, in the project's order.
    var targetIDs: [String] { (rootObject?["targets"]?.items ?? []).map(\.text).filter { objects[$0] != nil } }

    /// Xcode 16's synchronized folders (objectVersion 77): each target's
    /// `fileSystemSynchronizedGroups` are folders whose files all belong to it, but those an
    /// exception set for that target names (`membershipExceptions`, relative to the folder); an
    /// exception set for a target that does not synchronize the folder adds the files it names
    /// to that target instead.
    func synchronizedMemberships(targets ids: [String]) -> [String: SourceMembership] {
        var out: [String: SourceMembership] = [:]
        var synchronized: [String: [String]] = [:]  // target → group ids
        for id in ids {
            let groups = (objects[id]?["fileSystemSynchronizedGroups"]?.items ?? []).map(\.text).filter { objects[$0] != nil }
            if !groups.isEmpty { synchronized[id] = groups }
        }
        // Exceptions live on the groups, whoever synchronizes them.
        var groupsWithExceptions = Set(synchronized.values.joined())
        for entry in objects.entries
        where entry.value.string("isa") == "PBXFileSystemSynchronizedRootGroup" && entry.value["exceptions"] != nil {
            groupsWithExceptions.insert(entry.key.text)
        }
        for id in ids {
            let folders = (synchronized[id] ?? []).compactMap { filePath(of: $0) }
            if !folders.isEmpty { out[id] = SourceMembership(folders: folders) }
        }
        for group in groupsWithExceptions.sorted() {
            guard let folder = filePath(of: group) else { continue }
            for exception in objects[group]?["exceptions"]?.items ?? [] {
                guard let set = objects[exception.text], set.string("isa") == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                    let target = set.string("target"), ids.contains(target)
                else { continue }
                let paths = (set["membershipExceptions"]?.items ?? []).map { ProjectPath.join(folder, $0.text) }
                if synchronized[target]?.contains(group) == true {
                    out[target]?.excluded += paths
                } else {
                    out[target, default: SourceMembership(folders: [])].added += paths
                }
            }
        }
        return out
    }
}

/// Path helpers on plain strings ('/'-separated).
public enum ProjectPath {
    /// `a/b/../c/./d` → `a/c/d`; keeps a leading '/'.
    public static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// `base` + `relative` (an absolute `relative` stands alone), normalized.
    public static func join(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return normalized(relative) }
        if relative.isEmpty { return normalized(base) }
        return normalized(base + "/" + relative)
    }

    /// The folder holding `path` ("" for a bare name, "/" for a top-level one).
    public static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    public static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `path` below `folder` as a relative path (`App/App.entitlements`), else `path` itself.
    public static func relative(_ path: String, to folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
