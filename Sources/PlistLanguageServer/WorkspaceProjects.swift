// The Xcode projects of one session: found below each workspace root (or each opened plist's
// project root), read on a thread of their own, and read again when a project file, an .xcconfig
// or a plist they use changes (`workspace/didChangeWatchedFiles`, saves). A project that does not
// read leaves its plists analysed alone: nothing here can stop the server.
import PlistAnalysis
import PlistSupport
import XcodeProject

/// What a document's analysis reads from its project, and the generation of the projects it was
/// taken from (part of the diagnostics' cache key).
public struct ProjectInputValue: Sendable {
    public let generation: Int
    public let input: ProjectInput?

    public static let none = ProjectInputValue(generation: 0, input: nil)
}

/// The session's projects.
final class WorkspaceProjects: Sendable {
    private struct State {
        var roots: [String] = []
        /// Opened plists whose project root is still to be found (a client that names no folder).
        var containing: [String] = []
        var index = ProjectIndex.empty
        /// Files the loaded projects were read from (project files, .xcconfig files, their plists).
        var files: Set<String> = []
        var generation = 0
        /// The inputs made from `index` so far, by plist path: every keystroke and request asks
        /// again, and the index changes only with `generation` (which empties this).
        var inputs: [String: ProjectInput?] = [:]
    }

    private let state = Locked(State())
    /// Its jobs are requests to read every root again: all those queued while one read runs make one more.
    private let worker = BackgroundWorker<Void>(name: "plist-lsp projects")
    private let logger: Logger
    private let fileSystem: any ProjectFileSystem

    init(logger: Logger, fileSystem: any ProjectFileSystem = DiskProjectFileSystem()) {
        self.logger = logger
        self.fileSystem = fileSystem
        worker.setWork { [weak self] _ in self?.load() ?? false }
    }

    /// Called (on the loading thread) after the projects changed.
    func onChange(_ body: @escaping @Sendable () -> Void) {
        worker.onChange(body)
    }

    /// Adds a folder whose projects are read, unless it is one already or inside one.
    func addRoot(_ path: String) {
        guard !worker.isClosed else { return }
        let added = state.withLock { state -> Bool in
            guard !state.roots.contains(where: { $0 == path || path.hasPrefix($0 + "/") }) else { return false }
            state.roots.append(path)
            return true
        }
        if added { reload() }
    }

    /// Adds the project root of `file` (found on the loading thread), unless a root holds it already.
    func addProjectRoot(containing file: String) {
        guard !worker.isClosed else { return }
        let added = state.withLock { state -> Bool in
            guard !state.roots.contains(where: { file.hasPrefix($0 + "/") }) else { return false }
            state.containing.append(file)
            return true
        }
        if added { reload() }
    }

    /// Files changed on disk: the projects are read again when one of them is a project file, an
    /// .xcconfig, an XcodeGen spec or a file the projects were read from.
    func filesChanged(_ paths: [String]) {
        let relevant = state.withLock { state in
            paths.contains { p in
                p.hasSuffix(".pbxproj") || p.hasSuffix(".xcconfig") || p.hasSuffix(".yml") || p.hasSuffix(".yaml") || state.files.contains(p)
            }
        }
        if relevant { reload() }
    }

    func close() {
        worker.close()
    }

    /// The project input of the plist at `uri` (none when no project uses it).
    func input(for uri: String) -> ProjectInputValue {
        guard let path = FileURI.path(of: uri) else { return .none }
        let (generation, index, known) = state.withLock { ($0.generation, $0.index, $0.inputs[path]) }
        if let known { return ProjectInputValue(generation: known == nil ? 0 : generation, input: known) }
        let input = index.input(forPlistAt: path)
        state.withLock { state in
            if state.generation == generation { state.inputs[path] = .some(input) }
        }
        // No project uses it: a reload cannot change its analysis (generation 0 keeps its cache).
        return ProjectInputValue(generation: input == nil ? 0 : generation, input: input)
    }

    /// Reads every root's projects again, on the loading thread.
    func reload() {
        worker.enqueue(())
    }

    /// Reads every root's projects (on the worker's thread); true when they changed.
    private func load() -> Bool {
        let (known, files) = state.withLock { state -> ([String], [String]) in
            defer { state.containing = [] }
            return (state.roots, state.containing)
        }
        var roots = known
        var found: [String] = []
        for file in files where !(roots + found).contains(where: { file.hasPrefix($0 + "/") }) {
            if let root = SourceTree.projectRoot(containing: file) { found.append(root) }
        }
        if !found.isEmpty {
            roots = state.withLock { state in
                for root in found where !state.roots.contains(root) { state.roots.append(root) }
                return state.roots
            }
        }
        let started = ContinuousClock.now
        let loader = ProjectLoader(fileSystem: fileSystem)
        var projects: [XcodeProjectModel] = []
        for root in roots { projects += loader.loadAll(in: root) }
        let index = ProjectIndex(projects: projects, fileSystem: fileSystem)
        var read = Set(projects.flatMap(\.files))
        for plist in index.plists { read.insert(plist.path) }
        for project in projects {
            for problem in project.problems.prefix(5) { logger.debug("project: \(problem)") }
        }
        logger.info("read \(projects.count) Xcode project\(projects.count == 1 ? "" : "s") (\(projects.reduce(0) { $0 + $1.targets.count }) targets, \(index.plists.count) plists) in \(ContinuousClock.now - started)")
        return state.withLock { state -> Bool in
            // No project before and none now: nothing to analyse again.
            if state.index.projects.isEmpty && projects.isEmpty { return false }
            state.index = index
            state.files = read
            state.generation += 1
            state.inputs = [:]
            return true
        }
    }
}
