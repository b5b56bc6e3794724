// What the project's source code shows its property lists need: for each required-reason category
// and purpose string, the call sites that use it, first-party and third-party apart. An input of
// the analysis like the document itself (the server and `check` scan; the rules only read), so the
// rules stay pure.

/// A range in a source file, with its positions (for related information and `check`'s notes).
public struct SourceLocation: Sendable, Hashable {
    /// The absolute path of the file.
    public let path: String
    /// The path below the scanned root (what messages show).
    public let relativePath: String
    /// The bytes in the file.
    public let range: Range<Int>
    public let start: SourcePosition
    public let end: SourcePosition

    public init(path: String, relativePath: String, range: Range<Int>, start: SourcePosition, end: SourcePosition) {
        self.path = path
        self.relativePath = relativePath
        self.range = range
        self.start = start
        self.end = end
    }

    /// `Sources/Settings.swift:12:9` (line and UTF-8 column, 1-based, as compilers print them).
    public var display: String { "\(relativePath):\(start.line + 1):\(start.utf8Column + 1)" }
}

/// Where source files sit in a project: the app's own code, third-party code or build output,
/// test code (not part of the app), or nothing to scan.
public enum SourceOrigin: Sendable, Hashable {
    case firstParty, thirdParty, test

    /// Folders whose content is someone else's code or generated: dependency managers' checkouts
    /// (CocoaPods, Carthage, SwiftPM's `.build` and Xcode's `SourcePackages`, npm's
    /// `node_modules` in React Native projects) and Xcode's `DerivedData`.
    public static let thirdPartyFolders: Set<String> = ["Pods", "Carthage", ".build", "DerivedData", "SourcePackages", "node_modules"]

    /// The origin of a file from its path below the project root: third-party when a folder on
    /// the way is one of `thirdPartyFolders`, test code when a folder is named `Tests` or ends
    /// in `Tests` (XCTest targets, `MyAppUITests`), else first-party.
    public init(relativePath: String) {
        let folders = relativePath.split(separator: "/").dropLast()
        if folders.contains(where: { Self.thirdPartyFolders.contains(String($0)) }) {
            self = .thirdParty
        } else if folders.contains(where: { $0.hasSuffix("Tests") }) {
            self = .test
        } else {
            self = .firstParty
        }
    }
}

/// The call sites of privacy-relevant APIs in a project's sources.
public struct SourceEvidence: Sendable, Hashable {
    /// One use of a symbol.
    public struct Site: Sendable, Hashable {
        public let symbol: String
        public let location: SourceLocation
        /// In third-party code or build output (whose own privacy manifest should declare it).
        public let isThirdParty: Bool
    }

    /// The scanned folder (absolute, no trailing slash unless it is `/`).
    public let root: String
    /// For each need, its sites: first-party ones first, each group by path and offset.
    public let sites: [PrivacyNeed: [Site]]
    /// The folders (below `root`) holding first-party source files.
    public let firstPartyFolders: Set<String>

    /// The evidence of the scanned files of `root`: each file's path below the root and its hits.
    public init(root: String, files: [(relativePath: String, hits: [SourceHit])]) {
        let root = Self.trimmed(root)
        var sites: [PrivacyNeed: [Site]] = [:]
        var folders = Set<String>()
        for file in files.sorted(by: { $0.relativePath < $1.relativePath }) {
            let origin = SourceOrigin(relativePath: file.relativePath)
            if origin == .test { continue }
            if origin == .firstParty { folders.insert(Self.folder(of: file.relativePath)) }
            let path = Self.prefix(of: root) + file.relativePath
            for hit in file.hits {
                let location = SourceLocation(path: path, relativePath: file.relativePath, range: hit.range, start: hit.start, end: hit.end)
                let site = Site(symbol: hit.symbol, location: location, isThirdParty: origin == .thirdParty)
                for need in hit.needs { sites[need, default: []].append(site) }
            }
        }
        for need in sites.keys {
            // Stable: within each group, the files' order and each file's order stay.
            sites[need] = sites[need]!.filter { !$0.isThirdParty } + sites[need]!.filter(\.isThirdParty)
        }
        self.init(root: root, sites: sites, firstPartyFolders: folders)
    }

    private init(root: String, sites: [PrivacyNeed: [Site]], firstPartyFolders: Set<String>) {
        self.root = root
        self.sites = sites
        self.firstPartyFolders = firstPartyFolders
    }

    /// No sources, no evidence.
    public static let empty = SourceEvidence(root: "", files: [])

    /// Scans texts given with their paths below `root` (tests, examples, tools).
    public static func scanning(
        root: String, files: [(relativePath: String, text: String)], scanner: SourceScanner = .shared
    ) -> SourceEvidence {
        SourceEvidence(
            root: root,
            files: files.compactMap { file in
                guard let language = SourceLanguage(path: file.relativePath) else { return nil }
                return (file.relativePath, scanner.scan(Array(file.text.utf8), language: language))
            })
    }

    /// The sites of one need.
    public func sites(for need: PrivacyNeed) -> [Site] { sites[need] ?? [] }

    /// Every need with at least one site, sorted.
    public var needs: [PrivacyNeed] { sites.keys.sorted() }

    /// The evidence that applies to the property list at `path` (absolute): none when the file is
    /// itself in third-party or test code; else, when the nearest folder above it (below the root) holds
    /// first-party sources, only those sources (a widget's Info.plist beside the widget's code does
    /// not hear about the app's), with every third-party site; else all of it.
    public func relevant(toPlistAt path: String) -> SourceEvidence? {
        let prefix = Self.prefix(of: root)
        guard root.isEmpty || path.hasPrefix(prefix) else { return self }
        let relative = String(path.dropFirst(prefix.count))
        if SourceOrigin(relativePath: relative) != .firstParty { return nil }
        var folder = Self.folder(of: relative)
        while !folder.isEmpty {
            let scope = folder + "/"
            if firstPartyFolders.contains(where: { $0 == folder || $0.hasPrefix(scope) }) {
                let kept = sites.mapValues { $0.filter { $0.isThirdParty || $0.location.relativePath.hasPrefix(scope) } }.filter {
                    !$0.value.isEmpty
                }
                return SourceEvidence(
                    root: root, sites: kept, firstPartyFolders: firstPartyFolders.filter { $0 == folder || $0.hasPrefix(scope) })
            }
            folder = Self.folder(of: folder)
        }
        return self
    }

    /// The evidence for a plist whose project says which code is its target's (Xcode 16's
    /// synchronized folders, a Swift package target's folder): the first-party sites whose file
    /// (absolute path) `isTargetCode` accepts, with every third-party site; none when the plist
    /// itself is in third-party or test code.
    public func relevant(toPlistAt path: String, isTargetCode: (String) -> Bool) -> SourceEvidence? {
        let prefix = Self.prefix(of: root)
        if root.isEmpty || path.hasPrefix(prefix), SourceOrigin(relativePath: String(path.dropFirst(prefix.count))) != .firstParty {
            return nil
        }
        let kept = sites.mapValues { $0.filter { $0.isThirdParty || isTargetCode($0.location.path) } }.filter { !$0.value.isEmpty }
        return SourceEvidence(root: root, sites: kept, firstPartyFolders: firstPartyFolders.filter { isTargetCode(prefix + $0 + "/") })
    }

    static func folder(of relativePath: String) -> String {
        guard let slash = relativePath.lastIndex(of: "/") else { return "" }
        return String(relativePath[..<slash])
    }

    static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// What paths below `root` start with.
    static func prefix(of root: String) -> String {
        root.isEmpty || root.hasSuffix("/") ? root : root + "/"
    }
}
