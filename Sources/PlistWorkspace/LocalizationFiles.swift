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
    /// The localization set of the Info.plist a translation file at `path` (absolute) belongs to,
    /// its files found but not parsed (`LocalizationFinder.infoPlist(translatedBy:)`).
    public static func set(forTranslationAt path: String, fileSystem: any ProjectFileSystem) -> LocalizationSet? {
        LocalizationFinder.infoPlist(translatedBy: path, fileSystem: fileSystem)
    }

    /// The Info.plist of `set`, read through `fileSystem` and parsed (nil: none readable, or which
    /// Info.plist the files translate is unknown: a project is there and none of its targets can be
    /// shown to build it, so the translation is checked alone rather than against a guess).
    public static func infoPlist(of set: LocalizationSet, fileSystem: any ProjectFileSystem) -> PlistDocument? {
        guard set.attribution.isKnown, let bytes = fileSystem.contents(of: set.infoPlistPath),
            case .success(let text) = SourceDecoding.decode(bytes)
        else { return nil }
        return PlistDocument(text: text)
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

    public func isSharedFolder(_ path: String) -> Bool { base.isSharedFolder(path) }

    public func isDirectory(_ path: String) -> Bool { base.isDirectory(path) }
}

/// A server session's localization sets, read from the disk at most once per few seconds per file:
/// a keystroke in an Info.plist or a translation reuses the set read before (the folders and the
/// project file are not read again), and an edit saved to a translation is seen within that time.
///
/// One per session (never process-wide): a file changed in one session's workspace forgets only
/// that session's sets. The session reads the disk off the cooperative pool with `read(for:)`
/// before an analysis or a feature asks; the lookups then answer from memory (they read the disk
/// themselves only for what was not read first).
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

    private func cached(_ key: String, _ make: () -> LocalizationSet?) -> (set: LocalizationSet, index: LocalizationIndex?)? {
        let now = ContinuousClock.now
        if let hit = entries.withLock({ $0[key] }), now - hit.read < lifetime { return hit.set.map { ($0, hit.index) } }
        let generation = self.generation
        let set = make()
        // What the set says whatever the Info.plist holds, once per read (not once per keystroke).
        let index = set.flatMap { $0.isEmpty ? nil : LocalizationIndex($0) }
        keep(startedAt: generation) { entries.withLock { $0[key] = Entry(set: set, index: index, read: now) } }
        return set.map { ($0, index) }
    }

    /// Stores what a read found unless a change was announced while it read (`filesChanged`): the
    /// files may have been read before the change, and kept they would stay for the lifetime, the
    /// change's own check of the documents then reading them from here.
    private func keep(startedAt generation: Int, _ store: () -> Void) {
        generationCounter.withLock { current in if current == generation { store() } }
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
        let generation = self.generation
        let document = LocalizationFiles.infoPlist(of: set, fileSystem: fileSystem)
        keep(startedAt: generation) { documents.withLock { $0[set.infoPlistPath] = (document, now) } }
        return document
    }

    /// Whether the entry `key` is missing or older than the lifetime.
    private func isStale(_ key: String, now: ContinuousClock.Instant) -> Bool {
        guard let hit = entries.withLock({ $0[key] }) else { return true }
        return now - hit.read >= lifetime
    }

    /// Whether `read(for:)` would read the disk for the file at `path` (a cheap look at what is
    /// kept): false when everything its analysis asks for is fresh.
    public func needsRead(for path: String, isInfoPlist: Bool) -> Bool {
        let now = ContinuousClock.now
        if DocumentFormat.byName(path) != nil {
            if isStale("translation:" + path, now: now) { return true }
            guard let set = entries.withLock({ $0["translation:" + path] })?.set else { return false }
            guard let hit = documents.withLock({ $0[set.infoPlistPath] }) else { return true }
            return now - hit.read >= lifetime
        }
        return isInfoPlist && isStale("plist:" + path, now: now)
    }

    /// Reads from the disk what the analysis of the file at `path` asks for (a translation's set
    /// and the Info.plist it translates; an Info.plist's set, when `isInfoPlist`), unless it is
    /// fresh. Blocking: the server calls it off the cooperative pool.
    public func read(for path: String, isInfoPlist: Bool) {
        if DocumentFormat.byName(path) != nil {
            _ = infoPlist(forTranslationAt: path)
        } else if isInfoPlist {
            _ = prepared(forInfoPlistAt: path)
        }
    }

    /// Changes whenever `filesChanged` forgets what was read: part of a document's analysis cache
    /// key, so an open Info.plist is checked again against the translations as they now are.
    public var generation: Int { generationCounter.withLock { $0 } }

    /// Files changed on disk (watched or saved): when one is a translation or an Info.plist,
    /// every set is read again on next use. Whether anything was forgotten.
    @discardableResult
    public func filesChanged(_ paths: [String]) -> Bool {
        guard paths.contains(where: DocumentKind.affectsTranslations(path:)) else { return false }
        // The generation first, under whose lock a read keeps what it found: a read that started
        // before it keeps nothing, one that kept before it is forgotten here.
        generationCounter.withLock { $0 += 1 }
        entries.withLock { $0.removeAll() }
        documents.withLock { $0.removeAll() }
        return true
    }
}

/// The translations `check` reads: through a file system that keeps the project files it has
/// read; the project facts of a translated Info.plist from `project(forPlistAt:)`.
public struct DiskTranslations: TranslationSource {
    public let fileSystem: CachingProjectFileSystem
    let projectOfPlist: (String) -> ProjectInput?

    public init(fileSystem: CachingProjectFileSystem = CachingProjectFileSystem(), project: @escaping (String) -> ProjectInput?) {
        self.fileSystem = fileSystem
        projectOfPlist = project
    }

    public func infoPlist(forTranslationAt path: String) -> PlistDocument? {
        LocalizationFiles.set(forTranslationAt: path, fileSystem: fileSystem).flatMap {
            LocalizationFiles.infoPlist(of: $0, fileSystem: fileSystem)
        }
    }

    public func project(ofInfoPlistTranslatedAt path: String) -> ProjectInput? {
        LocalizationFiles.set(forTranslationAt: path, fileSystem: fileSystem).flatMap { projectOfPlist($0.infoPlistPath) }
    }

    public func localizations(ofInfoPlistAt path: String) -> (set: LocalizationSet, index: LocalizationIndex?)? {
        (LocalizationFinder.find(infoPlistPath: path, fileSystem: fileSystem), nil)
    }
}
