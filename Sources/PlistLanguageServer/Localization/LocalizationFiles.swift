// The translation files of a localized Info.plist on disk (issue #31), for the server and `check`:
// which paths are translation files, and the findings of one (against the Info.plist it
// translates) or of an Info.plist (what its shipped locales leave untranslated). The finding
// itself is `PlistAnalysis`'s; this reads the files through a `ProjectFileSystem`.
import PlistAnalysis
import PlistSchema
import PlistSupport
import PlistSyntax
import XcodeProject

public enum LocalizationFiles {
    /// Whether `path` is a translation of an Info.plist: `*InfoPlist.strings` in an `.lproj`
    /// folder (custom table names such as `Helper-InfoPlist.strings` too), or `*InfoPlist.xcstrings`.
    public static func isTranslationFile(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        guard let name = parts.last else { return false }
        if name.hasSuffix("InfoPlist.xcstrings") { return true }
        return name.hasSuffix("InfoPlist.strings") && parts.count >= 2 && parts[parts.count - 2].hasSuffix(".lproj")
    }

    /// The localization set of the Info.plist a translation file at `path` (absolute) belongs to,
    /// its files found but not parsed (`LocalizationFinder.infoPlist(translatedBy:)`).
    public static func set(forTranslationAt path: String, fileSystem: any ProjectFileSystem) -> LocalizationSet? {
        LocalizationFinder.infoPlist(translatedBy: path, fileSystem: fileSystem)
    }

    /// The Info.plist of `set`, read through `fileSystem` and parsed (nil: none readable, or which
    /// Info.plist the files translate is unknown: a project is there and none of its targets can be
    /// shown to build it, so the translation is checked alone rather than against a guess).
    public static func infoPlist(of set: LocalizationSet, fileSystem: any ProjectFileSystem) -> PlistDocument? {
        guard set.attribution.isKnown, let bytes = fileSystem.contents(of: set.infoPlistPath), case .success(let text) = SourceDecoding.decode(bytes) else { return nil }
        return PlistDocument(text: text)
    }

    /// The findings of the translation file at `path` (absolute), read from `raw` (the editor's
    /// text or the file's bytes), against the Info.plist it translates (nil: checked alone). The
    /// text the ranges refer to is returned with them.
    public static func findings(forTranslationAt path: String, raw: [UInt8], infoPlist: PlistDocument?,
                                externalKeys: Set<String> = [], configuration: AnalysisConfiguration) -> (text: [UInt8], findings: [Finding]) {
        let file = TranslationFile.reading(raw, path: path)
        let context = TranslationContext(path: path, file: file, infoPlist: infoPlist, externalKeys: externalKeys)
        return (file.text, Analyzer.findings(forTranslation: context, configuration: configuration))
    }

    /// The findings on `document` of the translation files of `set`.
    public static func findings(forInfoPlist document: PlistDocument, set: LocalizationSet, index: LocalizationIndex? = nil,
                                configuration: AnalysisConfiguration) -> [Finding] {
        guard !set.isEmpty else { return [] }
        return Analyzer.findings(forLocalized: LocalizedPlistContext(document: document, set: set, index: index), configuration: configuration)
    }
}

/// A file system that keeps the project files it has read (`check` asks for the same
/// `project.pbxproj` once per Info.plist of the project).
public final class CachingProjectFileSystem: ProjectFileSystem {
    private let base: any ProjectFileSystem
    private let cache = Locked<[String: [UInt8]?]>([:])

    public init(_ base: any ProjectFileSystem = DiskProjectFileSystem()) { self.base = base }

    public func contents(of path: String) -> [UInt8]? {
        guard path.hasSuffix(".pbxproj") else { return base.contents(of: path) }
        if let hit = cache.withLock({ $0[path] }) { return hit }
        let bytes = base.contents(of: path)
        cache.withLock { $0[path] = .some(bytes) }
        return bytes
    }

    public func entries(of directory: String) -> [(name: String, isDirectory: Bool)]? { base.entries(of: directory) }

    public func whyNotReadable(_ path: String) -> String? { base.whyNotReadable(path) }
}

/// The server's localization sets, read from the disk at most once per few seconds per file: a
/// keystroke in an Info.plist or a translation reuses the set read before (the folders and the
/// project file are not read again), and an edit saved to a translation is seen within that time.
public final class LocalizationSetCache: Sendable {
    private struct Entry { let set: LocalizationSet?; let index: LocalizationIndex?; let read: ContinuousClock.Instant }
    private let entries = Locked<[String: Entry]>([:])
    /// The Info.plists that open translations are checked against, parsed once per read (not once
    /// per keystroke in the translation), by path.
    private let documents = Locked<[String: (document: PlistDocument?, read: ContinuousClock.Instant)]>([:])
    private let generationCounter = Locked(0)
    private let fileSystem: any ProjectFileSystem
    private let lifetime: Duration

    public init(fileSystem: any ProjectFileSystem = DiskProjectFileSystem(), lifetime: Duration = .seconds(3)) {
        self.fileSystem = fileSystem
        self.lifetime = lifetime
    }

    public static let shared = LocalizationSetCache()

    private func cached(_ key: String, _ make: () -> LocalizationSet?) -> (set: LocalizationSet, index: LocalizationIndex?)? {
        let now = ContinuousClock.now
        if let hit = entries.withLock({ $0[key] }), now - hit.read < lifetime { return hit.set.map { ($0, hit.index) } }
        let set = make()
        // What the set says whatever the Info.plist holds, once per read (not once per keystroke).
        let index = set.flatMap { $0.isEmpty ? nil : LocalizationIndex($0) }
        entries.withLock { $0[key] = Entry(set: set, index: index, read: now) }
        return set.map { ($0, index) }
    }

    /// The set of the Info.plist at `path`, with its index.
    public func prepared(forInfoPlistAt path: String) -> (set: LocalizationSet, index: LocalizationIndex?)? {
        cached("plist:" + path) { LocalizationFinder.find(infoPlistPath: path, fileSystem: fileSystem) }
    }

    /// The set of the Info.plist at `path`.
    public func set(forInfoPlistAt path: String) -> LocalizationSet? { prepared(forInfoPlistAt: path)?.set }

    /// The set of the Info.plist the translation at `path` belongs to.
    public func set(forTranslationAt path: String) -> LocalizationSet? {
        cached("translation:" + path) { LocalizationFiles.set(forTranslationAt: path, fileSystem: fileSystem) }?.set
    }

    /// The Info.plist the translation at `path` belongs to, read from the disk (nil: none found).
    public func infoPlist(forTranslationAt path: String) -> PlistDocument? {
        guard let set = set(forTranslationAt: path) else { return nil }
        let now = ContinuousClock.now
        if let hit = documents.withLock({ $0[set.infoPlistPath] }), now - hit.read < lifetime { return hit.document }
        let document = LocalizationFiles.infoPlist(of: set, fileSystem: fileSystem)
        documents.withLock { $0[set.infoPlistPath] = (document, now) }
        return document
    }

    /// Changes whenever `filesChanged` forgets what was read: part of a document's analysis cache
    /// key, so an open Info.plist is checked again against the translations as they now are.
    public var generation: Int { generationCounter.withLock { $0 } }

    /// Files changed on disk (watched or saved): when one is a translation or an Info.plist,
    /// every set is read again on next use. Whether anything was forgotten.
    @discardableResult
    public func filesChanged(_ paths: [String]) -> Bool {
        guard paths.contains(where: { LocalizationFiles.isTranslationFile($0) || $0.hasSuffix("Info.plist") || $0.hasSuffix(".pbxproj") }) else { return false }
        entries.withLock { $0.removeAll() }
        documents.withLock { $0.removeAll() }
        generationCounter.withLock { $0 += 1 }
        return true
    }
}


