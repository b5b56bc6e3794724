// Which files translate an Info.plist and which locales the app ships (issue #31): the
// `*.lproj/InfoPlist.strings` tables beside it (or where the project's `InfoPlist.strings` variant
// group puts them), an `InfoPlist.xcstrings` String Catalog in its folder or above it up to the
// project's, the project's `knownRegions`, and `CFBundleLocalizations` / `CFBundleDevelopmentRegion`
// (read by the analysis from the plist itself). Pure: files come through a `ProjectFileSystem`.
import PlistSyntax

/// One `InfoPlist.strings` of one locale.
public struct LocalizedTable: Sendable {
    /// The locale as its folder names it (`de`, `pt-BR`, `English`).
    public let locale: String
    public let path: String
    public let table: StringsTable

    public init(locale: String, path: String, table: StringsTable) {
        self.locale = locale
        self.path = path
        self.table = table
    }
}

/// A String Catalog translating the Info.plist.
public struct LocalizedCatalog: Sendable {
    public let path: String
    public let catalog: StringCatalog

    public init(path: String, catalog: StringCatalog) {
        self.path = path
        self.catalog = catalog
    }
}

/// The files that translate one Info.plist and the locales its project declares.
public struct LocalizationSet: Sendable {
    /// The Info.plist these translate.
    public let infoPlistPath: String
    /// Every `InfoPlist.strings` found, sorted by locale.
    public var tables: [LocalizedTable]
    /// The String Catalogs found (usually one).
    public var catalogs: [LocalizedCatalog]
    /// The folder the `.lproj` folders are in (where a new locale's file would go).
    public var lprojDirectory: String
    /// Locales with an `.lproj` folder there, with or without an `InfoPlist.strings`.
    public var lprojLocales: [String]
    /// The project's `knownRegions` (`Base` left out), and the project file that lists them.
    public var knownRegions: [String]
    public var projectPath: String?
    /// What says which files these are: the targets building the plist, the folders around it, or
    /// nothing that can be read (issue #38).
    public var attribution: LocalizationAttribution = .folders
    /// Translation files the target builds that cannot be read (absent from the checkout): what
    /// they say is unknown.
    public var unreadable: [String] = []
    /// Translation files that are there but were not read, and why ("larger than the 16 MB a
    /// project file may be"): what they translate is unknown, and is said so, not guessed.
    public var unreadFiles: [UnreadFile] = []

    /// A translation file found but not read.
    public struct UnreadFile: Sendable, Hashable {
        public let path: String
        /// A strings table's locale (its folder's name); nil for a String Catalog.
        public let locale: String?
        public let reason: String
        public init(path: String, locale: String?, reason: String) {
            self.path = path
            self.locale = locale
            self.reason = reason
        }
    }

    public init(
        infoPlistPath: String, tables: [LocalizedTable] = [], catalogs: [LocalizedCatalog] = [], lprojDirectory: String = "",
        lprojLocales: [String] = [], knownRegions: [String] = [], projectPath: String? = nil
    ) {
        self.infoPlistPath = infoPlistPath
        self.tables = tables
        self.catalogs = catalogs
        self.lprojDirectory = lprojDirectory
        self.lprojLocales = lprojLocales
        self.knownRegions = knownRegions
        self.projectPath = projectPath
    }

    /// Whether anything translates the plist or declares a locale.
    public var isEmpty: Bool {
        tables.isEmpty && catalogs.isEmpty && knownRegions.isEmpty && lprojLocales.isEmpty && unreadable.isEmpty && unreadFiles.isEmpty
    }

    /// Whether the file at `path` is one of this set's, read or not.
    public func holds(_ path: String) -> Bool {
        tables.contains { $0.path == path } || catalogs.contains { $0.path == path } || unreadFiles.contains { $0.path == path }
    }

    /// The table of `path`, if it is one of this set's.
    public func table(at path: String) -> LocalizedTable? { tables.first { $0.path == path } }
}

public enum LocalizationFinder {
    /// The name of the strings table an Info.plist is translated by.
    public static let tableName = "InfoPlist.strings"
    public static let catalogName = "InfoPlist.xcstrings"
    /// How many folders above the Info.plist's are searched for the project and the catalog.
    static let levelsUp = 4

    /// The localization set of the Info.plist at `infoPlistPath` (an absolute path).
    public static func find(infoPlistPath: String, fileSystem: any ProjectFileSystem) -> LocalizationSet {
        find(infoPlistPath: infoPlistPath, fileSystem: fileSystem, readingContents: true)
    }

    /// `readingContents` false: the tables and catalogs are found but not parsed (each holds no
    /// entry), for a caller that asks only which files the set has.
    static func find(infoPlistPath: String, fileSystem: any ProjectFileSystem, readingContents: Bool) -> LocalizationSet {
        let directory = parent(infoPlistPath)
        var set = LocalizationSet(infoPlistPath: infoPlistPath)
        // The project: the nearest `*.xcodeproj` at or above the plist's folder.
        var ancestors: [String] = [directory]
        while ancestors.count <= levelsUp, let last = ancestors.last, last != "/", !last.isEmpty { ancestors.append(parent(last)) }
        var project: (path: String, directory: String, document: OpenStepNode)? = nil
        for folder in ancestors {
            guard let entries = fileSystem.entries(of: folder) else { continue }
            let found = entries.filter { $0.isDirectory && $0.name.hasSuffix(".xcodeproj") }.map(\.name).sorted()
            for name in found {
                let path = join(join(folder, name), "project.pbxproj")
                guard let bytes = fileSystem.contents(of: path) else { continue }
                let document = OpenStepDocument(text: bytes)
                if let root = document.root { project = (path, folder, root); break }
            }
            if project != nil { break }
        }
        // The .lproj folders: the variant group's, else beside the plist or in a Resources folder there.
        var candidates = [directory, join(directory, "Resources"), join(directory, "Ressources")]
        if let project { candidates += variantGroupFolders(project.document, projectDirectory: project.directory, near: directory) }
        candidates.append(parent(directory))
        // Last: a folder beside the plist's (`Riot/SupportingFiles/Info.plist` with `Riot/Assets/*.lproj`,
        // a project without a variant group the finder can read, such as an XcodeGen spec's).
        // Not the folders beside one in /tmp or a home folder: those are other projects.
        let up = parent(directory)
        candidates += (fileSystem.isSharedFolder(up) ? [] : fileSystem.entries(of: up) ?? []).filter {
            $0.isDirectory && !$0.name.hasPrefix(".") && !$0.name.hasSuffix(".lproj") && join(up, $0.name) != directory
        }
        .map { join(up, $0.name) }.sorted()
        for folder in candidates {
            guard let entries = fileSystem.entries(of: folder) else { continue }
            let lprojs = entries.filter { $0.isDirectory && $0.name.hasSuffix(".lproj") }.map(\.name).sorted()
            var unread: [LocalizationSet.UnreadFile] = []
            let tables = lprojs.compactMap { name -> LocalizedTable? in
                let path = join(join(folder, name), tableName)
                guard let bytes = fileSystem.contents(of: path) else {
                    if let reason = whyUnread(path, fileSystem) {
                        unread.append(.init(path: path, locale: String(name.dropLast(6)), reason: reason))
                    }
                    return nil
                }
                return LocalizedTable(locale: String(name.dropLast(6)), path: path, table: StringsTable(raw: readingContents ? bytes : []))
            }
            guard !tables.isEmpty || !unread.isEmpty else { continue }
            set.tables = tables
            set.unreadFiles = unread
            set.lprojDirectory = folder
            set.lprojLocales = lprojs.map { String($0.dropLast(6)) }.filter { $0 != "Base" }
            break
        }
        if set.lprojDirectory.isEmpty { set.lprojDirectory = directory }
        // The catalog: in the plist's folder, or above it up to the project's folder.
        for folder in ancestors {
            let path = join(folder, catalogName)
            if let bytes = fileSystem.contents(of: path) {
                set.catalogs.append(LocalizedCatalog(path: path, catalog: StringCatalog(text: readingContents ? bytes : [])))
                break
            }
            if let reason = whyUnread(path, fileSystem) {
                set.unreadFiles.append(.init(path: path, locale: nil, reason: reason))
                break
            }
            if let project, folder == project.directory { break }
        }
        if let project {
            set.projectPath = project.path
            set.knownRegions = knownRegions(project.document).filter { $0 != "Base" }
        }
        // With a project, its targets say which files translate the plist; the folders only when
        // no project is found (issue #38).
        switch attributed(infoPlistPath: infoPlistPath, ancestors: ancestors, fileSystem: fileSystem, readingContents: readingContents) {
        case .targets(let attributedSet)?: return attributedSet
        case .unknown(let reason, let projectPath)?:
            set.attribution = .unknown(reason: reason)
            set.projectPath = projectPath
        case nil: break
        }
        return set
    }

    /// Why a translation file that is there was not read (too large, not a regular file); nil when
    /// there is no such file, or the file system knows no reason.
    static func whyUnread(_ path: String, _ fileSystem: any ProjectFileSystem) -> String? {
        guard let reason = fileSystem.whyNotReadable(path) else { return nil }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard fileSystem.entries(of: parent(path))?.contains(where: { $0.name == name }) == true else { return nil }
        return reason
    }

    /// The project's `knownRegions`.
    public static func knownRegions(_ root: OpenStepNode) -> [String] {
        guard let objects = root["objects"], let rootID = root.string("rootObject"), let project = objects[rootID] else { return [] }
        return project["knownRegions"]?.items.map(\.text) ?? []
    }

    /// The folders the project's `InfoPlist.strings` variant groups put their `.lproj` folders in,
    /// nearest to `near` first.
    static func variantGroupFolders(_ root: OpenStepNode, projectDirectory: String, near: String) -> [String] {
        guard let objects = root["objects"] else { return [] }
        var parentOf: [String: String] = [:]
        for entry in objects.entries where entry.value.string("isa") == "PBXGroup" || entry.value.string("isa") == "PBXVariantGroup" {
            for child in entry.value["children"]?.items ?? [] { parentOf[child.text] = entry.key.text }
        }
        /// The folder a group's children are in (nil: not resolvable from the project alone).
        func folder(of id: String, depth: Int = 0) -> String? {
            guard depth < 64, let group = objects[id] else { return nil }
            let path = group.string("path") ?? ""
            switch group.string("sourceTree") ?? "<group>" {
            case "SOURCE_ROOT": return path.isEmpty ? projectDirectory : join(projectDirectory, path)
            case "<absolute>": return path
            case "<group>":
                guard let up = parentOf[id] else { return projectDirectory }  // the main group
                guard let base = folder(of: up, depth: depth + 1) else { return nil }
                return path.isEmpty ? base : join(base, path)
            default: return nil
            }
        }
        var folders: [String] = []
        for entry in objects.entries where entry.value.string("isa") == "PBXVariantGroup" && entry.value.string("name") == tableName {
            guard let base = folder(of: entry.key.text) else { continue }
            // A child's path is `de.lproj/InfoPlist.strings` (or deeper): the .lproj's folder.
            for child in entry.value["children"]?.items ?? [] {
                guard let file = objects[child.text], let path = file.string("path"),
                    let lproj = path.split(separator: "/").firstIndex(where: { $0.hasSuffix(".lproj") })
                else { continue }
                let prefix = path.split(separator: "/")[..<lproj].joined(separator: "/")
                folders.append(normalize(prefix.isEmpty ? base : join(base, prefix)))
                break
            }
        }
        // Nearest first: the most folders in common with `near`, then the fewest folders besides.
        let nearParts = near.split(separator: "/")
        func score(_ folder: String) -> (Int, Int) {
            let parts = folder.split(separator: "/")
            let common = zip(parts, nearParts).prefix { $0 == $1 }.count
            return (-common, parts.count - common)
        }
        return folders.sorted { score($0) < score($1) }
    }

    /// The Info.plist a strings table or catalog belongs to: the candidates (plists named
    /// `Info.plist` or `*-Info.plist`/`*Info.plist`) in the folders around it whose set holds it.
    /// The set's files are found, not parsed (its tables and catalogs hold no entry): a caller
    /// wants the Info.plist, and a keystroke in a large table must not parse the table from the
    /// disk again to learn which Info.plist it translates.
    public static func infoPlist(translatedBy path: String, fileSystem: any ProjectFileSystem) -> LocalizationSet? {
        var folder = parent(path)
        if folder.hasSuffix(".lproj") { folder = parent(folder) }
        var searched: Set<String> = []
        var level = 0
        var queue: [String] = [folder]
        var up = folder
        while level < levelsUp, up != "/", !up.isEmpty { up = parent(up); queue.append(up); level += 1 }
        for base in queue {
            // Never in a folder of unrelated things (a home folder, /tmp): its subfolders are other
            // projects, each listed and searched in vain.
            if fileSystem.isSharedFolder(base) { break }
            guard let entries = fileSystem.entries(of: base) else { continue }
            // The folder itself, then its subfolders one level down (Supporting Files, Resources…).
            var folders = [base]
            folders += entries.filter {
                $0.isDirectory && !$0.name.hasPrefix(".") && !$0.name.hasSuffix(".lproj") && !$0.name.hasSuffix(".xcodeproj")
            }.map { join(base, $0.name) }
            for f in folders where searched.insert(f).inserted {
                guard let names = (f == base ? entries : fileSystem.entries(of: f)) else { continue }
                for entry in names.sorted(by: { $0.name < $1.name }) where !entry.isDirectory && isInfoPlistName(entry.name) {
                    let set = find(infoPlistPath: join(f, entry.name), fileSystem: fileSystem, readingContents: false)
                    if set.holds(path) { return set }
                }
            }
            // Never above the project or the repository: the Info.plist a translation belongs to is
            // in its project, and the folders above (a home folder, /tmp) are other people's, each
            // listed and searched in vain.
            if entries.contains(where: { Self.isProjectRoot($0) }) { break }
        }
        return nil
    }

    /// An entry that makes its folder a project's or a repository's root: an Xcode project or
    /// workspace, an XcodeGen or Tuist manifest, a git repository.
    static func isProjectRoot(_ entry: (name: String, isDirectory: Bool)) -> Bool {
        let name = entry.name
        if entry.isDirectory { return name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") || name == ".git" }
        return name == "project.yml" || name == "Project.swift" || name == ".git"
    }

    /// Whether a file name is an Info.plist's (`Info.plist`, `App-Info.plist`, `AppInfo.plist`).
    public static func isInfoPlistName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix("info.plist") && lower != "googleservice-info.plist"
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func join(_ a: String, _ b: String) -> String {
        if b.hasPrefix("/") { return b }
        if a.isEmpty { return b }
        return a.hasSuffix("/") ? a + b : a + "/" + b
    }

    /// `a/./b/../c` → `a/c`.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for p in path.split(separator: "/", omittingEmptySubsequences: true) {
            if p == "." { continue }
            if p == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(p)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}
