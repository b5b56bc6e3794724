// The Xcode projects of one session: found below each workspace root (or, for a client that names
// no folder, by bounded look-ups from each opened plist upward), read on a thread of their own, and read again when a project file, an .xcconfig
// or a plist they use changes (`workspace/didChangeWatchedFiles`, saves). A project that does not
// read leaves its plists analysed alone: nothing here can stop the server.
import PlistAnalysis
import PlistSupport
import PlistWorkspace
import XcodeProject

/// What a document's analysis reads from its project, and the generation of the projects it was
/// taken from (part of the diagnostics' cache key).
public struct ProjectInputValue: Sendable {
    public let generation: Int
    public let input: ProjectInput?

    public static let none = ProjectInputValue(generation: 0, input: nil)

    public init(generation: Int, input: ProjectInput?) {
        self.generation = generation
        self.input = input
    }
}

/// The session's projects.
final class WorkspaceProjects: Sendable {
    /// What the loading thread is asked to do.
    private enum Job: Sendable, Equatable {
        /// Read the projects of the roots not read yet (a root added, or one to find above an opened plist).
        case newRoots
        /// Read every root's projects again (a project file changed).
        case everything
    }

    private struct State {
        var roots: [String] = []
        /// The projects read below each root, kept so that a new root does not read the others again.
        var loaded: [String: [XcodeProjectModel]] = [:]
        /// Opened plists whose projects are still to be found (a client that names no folder).
        var containing: [String] = []
        /// The opened plists whose projects were searched for from the plist upward (a client
        /// that names no folder); their projects are in `loaded` under `"near:" + path`.
        var nearFiles: [String] = []
        var index = ProjectIndex.empty
        /// Files the loaded projects were read from (project files, .xcconfig files, their plists).
        var files: Set<String> = []
        var generation = 0
        /// The inputs made from `index` so far, by plist path: every keystroke and request asks
        /// again, and the index changes only with `generation` (which empties this).
        var inputs: [String: ProjectInput?] = [:]
        /// The source scopes made from `index` so far, by plist path (emptied with `inputs`).
        var scopes: [String: SourceScope?] = [:]
    }

    private let state = Locked(State())
    /// All the jobs queued while one read runs make one more.
    private let worker = BackgroundWorker<Job>(name: "plist-lsp projects")
    private let logger: Logger
    private let fileSystem: any ProjectFileSystem
    /// The session's localization sets: a translation's project is that of the Info.plist it translates.
    private let translations: LocalizationSetCache

    init(logger: Logger, translations: LocalizationSetCache, fileSystem: any ProjectFileSystem = DiskProjectFileSystem()) {
        self.logger = logger
        self.translations = translations
        self.fileSystem = fileSystem
        worker.setWork { [weak self] jobs in self?.load(everything: jobs.contains(.everything)) ?? false }
    }

    /// Called (on the loading thread) after the projects changed.
    func onChange(_ body: @escaping @Sendable () -> Void) {
        worker.onChange(body)
    }

    /// Called (on the loading thread) when no read is left to do, changed or not.
    func onSettled(_ body: @escaping @Sendable () -> Void) {
        worker.onSettled(body)
    }

    /// Whether a read of projects is under way or queued: what a document's analysis takes from
    /// its project may still change (a document just opened waits for its project root to be read).
    var isReading: Bool { worker.isWorking }

    /// The folders whose projects are read.
    var roots: [String] { state.withLock { $0.roots } }

    /// Every plist the projects use that exists (absolute paths).
    var plistPaths: [String] { state.withLock { $0.index }.plists.map(\.path) }

    /// Adds a folder whose projects are read, unless it is one already or inside one.
    func addRoot(_ path: String) {
        guard !worker.isClosed else { return }
        let added = state.withLock { state -> Bool in
            guard !state.roots.contains(where: { $0 == path || path.hasPrefix($0 + "/") }) else { return false }
            state.roots.append(path)
            return true
        }
        if added { worker.enqueue(.newRoots) }
    }

    /// Finds the projects of `file` (on the loading thread, by bounded look-ups from the file up
    /// to its project root: `ProjectLoader.discover(near:upTo:)`), unless a root holds it or a
    /// project read already uses it.
    func addProjectRoot(containing file: String) {
        guard !worker.isClosed else { return }
        let added = state.withLock { state -> Bool in
            guard !state.roots.contains(where: { file.hasPrefix($0 + "/") }), !state.nearFiles.contains(file),
                !state.containing.contains(file), state.index.targets(forPlistAt: file).isEmpty
            else { return false }
            state.containing.append(file)
            return true
        }
        // Only the root found above it is read, if it is a new one: a plist outside every project
        // reads nothing.
        if added { worker.enqueue(.newRoots) }
    }

    /// Files changed on disk: the projects are read again when one of them is a project file (a
    /// project.pbxproj, an .xcconfig, an XcodeGen spec, a `Package.swift`, a workspace's
    /// contents.xcworkspacedata) or a file the projects were read from. True when they are.
    @discardableResult
    func filesChanged(_ paths: [String]) -> Bool {
        let relevant = state.withLock { state in
            paths.contains { p in WorkspaceFileKinds.isProjectFile(p) || state.files.contains(p) }
        }
        if relevant { reload() }
        return relevant
    }

    func close() {
        worker.close()
    }

    /// The project input of the plist at `uri` (none when no project uses it). For a translation
    /// (a strings table or String Catalog): that of the Info.plist it translates, whose
    /// `INFOPLIST_KEY_*` keys its check reads, as `check` reads them (`AnalysisParityTests`).
    func input(for uri: String) -> ProjectInputValue {
        guard let path = FileURI.path(of: uri) else { return .none }
        let (generation, index, known) = state.withLock { ($0.generation, $0.index, $0.inputs[path]) }
        if let known { return ProjectInputValue(generation: known == nil ? 0 : generation, input: known) }
        let plist =
            DocumentFormat.byName(path) == nil ? path : translations.set(forTranslationAt: path)?.infoPlistPath ?? path
        let input = index.input(forPlistAt: plist)
        state.withLock { state in
            if state.generation == generation { state.inputs[path] = .some(input) }
        }
        // No project uses it: a reload cannot change its analysis (generation 0 keeps its cache).
        return ProjectInputValue(generation: input == nil ? 0 : generation, input: input)
    }

    /// The files of the projects whose targets use the plist at `path` (each project file and the
    /// .xcconfig files it includes), for references to its keys.
    func projectFiles(forPlistAt path: String) -> [String] {
        let index = state.withLock { $0.index }
        var out: [String] = []
        for (project, _) in index.targets(forPlistAt: path) {
            for file in [project.path] + project.files where !out.contains(file) { out.append(file) }
        }
        return out
    }

    /// Which source files count for the plist at `path` (absolute), when the targets it belongs
    /// to say so by folder (`ProjectIndex.sourceScope(forPlistAt:)`).
    func sourceScope(forPlistAt path: String) -> SourceScope? {
        let (generation, index, known) = state.withLock { ($0.generation, $0.index, $0.scopes[path]) }
        if let known { return known }
        let scope = index.sourceScope(forPlistAt: path)
        state.withLock { state in
            if state.generation == generation { state.scopes[path] = .some(scope) }
        }
        return scope
    }

    /// Reads every root's projects again, on the loading thread.
    func reload() {
        worker.enqueue(.everything)
    }

    /// Reads the projects of every root (`everything`) or of the roots not read yet, on the
    /// worker's thread, and indexes them all; true when they changed.
    private func load(everything: Bool) -> Bool {
        let (known, files) = state.withLock { state -> ([String], [String]) in
            defer { state.containing = [] }
            return (state.roots, state.containing)
        }
        let roots = known
        // A plist outside every project (no project root above it) reads nothing.
        let searchable = files.filter { file in
            !roots.contains(where: { file.hasPrefix($0 + "/") }) && SourceTree.projectRoot(containing: file) != nil
        }
        let nearFiles = state.withLock { state in
            for file in searchable where !state.nearFiles.contains(file) {
                state.nearFiles.append(file)
            }
            return state.nearFiles
        }
        var loaded = state.withLock { $0.loaded }
        let unread = everything ? roots : roots.filter { loaded[$0] == nil }
        let unreadNear = (everything ? nearFiles : nearFiles.filter { loaded["near:" + $0] == nil })
        guard !unread.isEmpty || !unreadNear.isEmpty else { return false }
        let started = ContinuousClock.now
        let loader = ProjectLoader(fileSystem: fileSystem)
        for root in unread { loaded[root] = loader.loadAll(in: root) }
        for file in unreadNear { loaded["near:" + file] = Self.projects(near: file, loader: loader) }
        var projects: [XcodeProjectModel] = []
        for model in roots.flatMap({ loaded[$0] ?? [] }) + nearFiles.flatMap({ loaded["near:" + $0] ?? [] })
        where !projects.contains(where: { $0.path == model.path }) {
            projects.append(model)
        }
        let index = ProjectIndex(projects: projects, fileSystem: fileSystem)
        var read = Set(projects.flatMap(\.files))
        for plist in index.plists { read.insert(plist.path) }
        for project in unread.flatMap({ loaded[$0] ?? [] }) + unreadNear.flatMap({ loaded["near:" + $0] ?? [] }) {
            for problem in project.problems.prefix(5) { logger.debug("project: \(problem)") }
        }
        for problem in index.problems.prefix(5) { logger.debug("project: \(problem)") }
        logger.info(
            "read the Xcode projects in \((unread + unreadNear.map { "the folders around \($0)" }).joined(separator: ", ")): \(projects.count) project\(projects.count == 1 ? "" : "s") (\(projects.reduce(0) { $0 + $1.targets.count }) targets, \(index.plists.count) plists) in \(ContinuousClock.now - started)"
        )
        return state.withLock { state -> Bool in
            state.loaded = loaded
            // No project before and none now: nothing to analyse again.
            if state.index.projects.isEmpty && projects.isEmpty { return false }
            state.index = index
            state.files = read
            state.generation += 1
            state.inputs = [:]
            state.scopes = [:]
            return true
        }
    }

    /// The projects that may use the plist at `file`, found from it upward: those in the folders
    /// holding it up to its project root, and when none of them uses it, those one level below
    /// those folders. Never a walk of the repository.
    static func projects(near file: String, loader: ProjectLoader) -> [XcodeProjectModel] {
        guard let root = SourceTree.projectRoot(containing: file) else { return [] }
        let near = loader.discover(near: file, upTo: root)
        let models = loader.load(all: near)
        if !ProjectIndex(projects: models, fileSystem: nil).targets(forPlistAt: file).isEmpty { return models }
        let more = loader.discover(around: file, upTo: root).filter { !near.contains($0) }
        return more.isEmpty ? models : loader.load(all: near + more)
    }
}
