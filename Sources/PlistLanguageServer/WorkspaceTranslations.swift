// The translations of one session: its own cache of localization sets (a file changed in another
// session's workspace forgets nothing here), read from the disk on a thread of its own before an
// analysis or a feature asks, as the session's projects and sources are, never on the cooperative pool.
import PlistAnalysis
import PlistSyntax
import PlistWorkspace
import XcodeProject

/// The session's localization sets.
final class WorkspaceTranslations: Sendable {
    /// The sets read so far; the analysis and the features look them up here.
    let cache: LocalizationSetCache

    init(cache: LocalizationSetCache = LocalizationSetCache()) {
        self.cache = cache
    }

    /// Files changed on disk (watched or saved); whether the sets read were forgotten.
    func filesChanged(_ paths: [String]) -> Bool { cache.filesChanged(paths) }

    /// Reads, off the cooperative pool, what the analysis and the features of `snapshot` read
    /// about translations (a translation's set and the Info.plist it translates; an Info.plist's
    /// translations), unless it is fresh. A translation's set is read first: the project input of
    /// a translation is that of the Info.plist it names.
    func read(for snapshot: DocumentSnapshot, configuration: AnalysisConfiguration, projects: WorkspaceProjects) async {
        guard let path = FileURI.path(of: snapshot.uri) else { return }
        if DocumentFormat.byName(path) != nil {
            await read(path, isInfoPlist: false)
            return
        }
        let kind = snapshot.kind(configuration: configuration, project: projects.input(for: snapshot.uri).input)
        guard kind.role == .infoPlist || kind.featureRole == .infoPlist else { return }
        await read(path, isInfoPlist: true)
    }

    /// Reads, off the cooperative pool, what the workspace reports of `files` read about
    /// translations: translations by their names, Info.plists by their names or their projects'
    /// view of them, and a plist only its content shows to be an Info.plist (a top level with
    /// `CFBundle…` keys, `bytes` given) by parsing it there too.
    func read(forFiles files: [(path: String, bytes: [UInt8]?)], projects: WorkspaceProjects) async {
        var wanted: [(path: String, isInfoPlist: Bool)] = []
        var byContent: [(path: String, bytes: [UInt8])] = []
        for (path, bytes) in files {
            let isTranslation = DocumentFormat.byName(path) != nil
            let byName = FileKind.detect(path: path, document: nil)
            let isInfoPlist =
                !isTranslation && (byName == .infoPlist || projects.input(for: FileURI.uri(for: path)).input?.role == .infoPlist)
            if !isTranslation && !isInfoPlist && byName == .other, let bytes, Self.mayBeAnInfoPlist(bytes) {
                if cache.needsRead(for: path, isInfoPlist: true) { byContent.append((path, bytes)) }
                continue
            }
            guard isTranslation || isInfoPlist, cache.needsRead(for: path, isInfoPlist: isInfoPlist) else { continue }
            wanted.append((path, isInfoPlist))
        }
        guard !wanted.isEmpty || !byContent.isEmpty else { return }
        let cache = self.cache
        await offPool { [wanted, byContent] in
            for file in wanted { cache.read(for: file.path, isInfoPlist: file.isInfoPlist) }
            for file in byContent where FileKind.detect(path: file.path, document: PlistDocument(text: file.bytes)) == .infoPlist {
                cache.read(for: file.path, isInfoPlist: true)
            }
        }
    }

    /// Whether the bytes hold a name `FileKind.detect` takes for an Info.plist's (`CFBundle…`,
    /// `NSExtension`, `LSRequiresIPhoneOS`): only those are parsed to decide.
    static func mayBeAnInfoPlist(_ bytes: [UInt8]) -> Bool {
        ["CFBundle", "NSExtension", "LSRequiresIPhoneOS"].contains { word in
            let needle = Array(word.utf8)
            guard bytes.count >= needle.count else { return false }
            var i = 0
            while i <= bytes.count - needle.count {
                if bytes[i] == needle[0] && bytes[i..<(i + needle.count)].elementsEqual(needle) { return true }
                i += 1
            }
            return false
        }
    }

    private func read(_ path: String, isInfoPlist: Bool) async {
        guard cache.needsRead(for: path, isInfoPlist: isInfoPlist) else { return }
        let cache = self.cache
        await offPool { cache.read(for: path, isInfoPlist: isInfoPlist) }
    }
}

/// The translations an open document's analysis reads in the server: the session's cache of
/// localization sets; the project facts of a translated Info.plist are those the translation's
/// own project input carries.
struct SessionTranslations: TranslationSource {
    let cache: LocalizationSetCache
    let translationProject: ProjectInput?

    func infoPlist(forTranslationAt path: String) -> PlistDocument? { cache.infoPlist(forTranslationAt: path) }
    func project(ofInfoPlistTranslatedAt path: String) -> ProjectInput? { translationProject }
    func localizations(ofInfoPlistAt path: String) -> (set: LocalizationSet, index: LocalizationIndex?)? {
        cache.prepared(forInfoPlistAt: path)
    }
}
