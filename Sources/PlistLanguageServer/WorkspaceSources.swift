// The source trees of one session and the thread that scans them: the workspace folders (or, for a
// client that names none, the project root of each opened plist), scanned in full at start, then
// file by file on `workspace/didChangeWatchedFiles` and incrementally on save. The evidence a
// document's analysis reads comes from here, with a generation that changes when it does.
import LanguageServerProtocol
import PlistAnalysis
import PlistSupport
import SourceEvidence
import XcodeProject
import PlistWorkspace

/// What a document's analysis reads from the sources: the evidence narrowed to that document,
/// and the generation of the workspace's evidence it was taken from (part of the cache key).
public struct SourceEvidenceInput: Sendable, Hashable {
    public let generation: Int
    public let evidence: SourceEvidence?

    public init(generation: Int, evidence: SourceEvidence?) {
        self.generation = generation
        self.evidence = evidence
    }

    /// No sources scanned.
    public static let none = SourceEvidenceInput(generation: 0, evidence: nil)
}

/// The session's source trees, scanned on a thread of their own that exists only while there is
/// work (an idle session holds no thread).
final class WorkspaceSources: Sendable {
    private enum Job: Sendable {
        case scan(SourceTree)
        /// Find the project root of this file, then scan it.
        case projectOf(String)
        case files([String])
        case all
    }

    private struct State {
        var trees: [SourceTree] = []
        var generation = 0
        var enabled = true
        /// The evidence narrowed to each plist path, for the generation it was narrowed in: asked
        /// for every version analysed (each keystroke), it changes only with the trees.
        var narrowed: [String: (generation: Int, root: String, scope: SourceScope?, evidence: SourceEvidence?)] = [:]
        /// Which code counts for a plist, when its project says so by target (`WorkspaceProjects.sourceScope`).
        var scopes: (@Sendable (String) -> SourceScope?)?
        /// Goes up when the projects (and so the scopes) change: the generation a document's
        /// evidence is taken at is the sum of both, which goes up when either does.
        var scopeGeneration = 0
    }

    private let state = Locked(State())
    private let worker = BackgroundWorker<Job>(name: "plist-lsp sources")
    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
        worker.setWork { [weak self] jobs in self?.run(jobs) ?? false }
    }

    /// Where a plist's target code is, when its project says (the projects' synchronized folders
    /// and package targets); without it, the folders around the plist decide.
    func setScopes(_ scopes: @escaping @Sendable (String) -> SourceScope?) {
        state.withLock { $0.scopes = scopes }
    }

    /// The projects were read again: which code counts for a plist may have changed.
    func scopesChanged() {
        state.withLock { $0.scopeGeneration += 1 }
    }

    /// Called (on the scanning thread) after the evidence changed.
    func onChange(_ body: @escaping @Sendable () -> Void) {
        worker.onChange(body)
    }

    /// The folders scanned.
    var roots: [String] { state.withLock { $0.trees.map(\.root) } }

    /// Adds a folder to scan, unless it is one already scanned or inside one.
    func addRoot(_ path: String) {
        if let tree = newTree(path) { enqueue(.scan(tree)) }
    }

    /// Adds the project root of `file` (see `SourceTree.projectRoot(containing:)`), found on the
    /// scanning thread, unless a scanned folder holds the file already.
    func addProjectRoot(containing file: String) {
        guard !state.withLock({ $0.trees.contains { $0.contains(file) } }) else { return }
        enqueue(.projectOf(file))
    }

    private func newTree(_ path: String) -> SourceTree? {
        guard !worker.isClosed else { return nil }
        return state.withLock { state -> SourceTree? in
            guard !state.trees.contains(where: { $0.root == path || $0.contains(path) }) else { return nil }
            let tree = SourceTree(root: path)
            state.trees.append(tree)
            return tree
        }
    }

    /// Whether scanning is on (the `sourceEvidence` setting); turning it on rescans.
    func setEnabled(_ on: Bool) {
        let wasOn = state.withLock { state -> Bool in
            defer { state.enabled = on }
            return state.enabled
        }
        if on && !wasOn { enqueue(.all) }
    }

    /// Walks every tree again, reading only the files that changed (after a save).
    func rescanAll() { enqueue(.all) }

    /// Reads these files again (absolute paths from `workspace/didChangeWatchedFiles`).
    func filesChanged(_ paths: [String]) {
        guard !paths.isEmpty else { return }
        enqueue(.files(paths))
    }

    /// Stops scanning (the session ended); work in progress finishes its current tree.
    func close() {
        worker.close()
    }

    /// The evidence for the plist document `uri` under `configuration`: from the innermost tree
    /// holding it, narrowed to it; none when scanning is off or no tree holds it.
    func input(for uri: DocumentURI, configuration: ServerConfiguration) -> SourceEvidenceInput {
        guard configuration.analysis.sourceEvidence, let path = FileURI.path(of: uri) else { return .none }
        let (generation, tree, scopes) = state.withLock { state in
            (
                state.generation + state.scopeGeneration, state.trees.filter { $0.contains(path) }.max { $0.root.count < $1.root.count },
                state.scopes
            )
        }
        // No tree holds it: what a rescan finds cannot change its analysis (generation 0 keeps its cache).
        guard let tree else { return .none }
        let scope = scopes?(path)
        if let hit = state.withLock({ $0.narrowed[path] }), hit.generation == generation, hit.root == tree.root, hit.scope == scope {
            return SourceEvidenceInput(generation: generation, evidence: hit.evidence)
        }
        let evidence =
            scope.map { scope in tree.evidence?.relevant(toPlistAt: path, isTargetCode: scope.contains) }
            ?? tree.evidence?.relevant(toPlistAt: path)
        state.withLock { state in
            if state.generation + state.scopeGeneration == generation {
                state.narrowed = state.narrowed.filter { $0.value.generation == generation }
                state.narrowed[path] = (generation, tree.root, scope, evidence)
            }
        }
        return SourceEvidenceInput(generation: generation, evidence: evidence)
    }

    /// Where the sources read the Info.plist key `key` by name (references): in the innermost tree
    /// holding the plist at `plistPath`, else in every tree. Empty until a scan has run.
    func infoKeyUses(of key: String, forPlistAt plistPath: String?) -> [(path: String, uses: [InfoKeyUse])] {
        let trees = state.withLock { $0.trees }
        let holding = plistPath.map { p in trees.filter { $0.contains(p) } } ?? []
        let chosen = holding.max { $0.root.count < $1.root.count }.map { [$0] } ?? trees
        var seen: Set<String> = []
        return chosen.flatMap { $0.infoKeyUses(of: key) }.filter { seen.insert($0.path).inserted }
    }

    private func enqueue(_ job: Job) {
        // With scanning off, only a project root is still found (to be scanned when it is
        // switched on again).
        var findsRoot = false
        if case .projectOf = job { findsRoot = true }
        guard findsRoot || state.withLock({ $0.enabled }) else { return }
        worker.enqueue(job)
    }

    /// Runs one batch of jobs (on the worker's thread); true when the evidence changed.
    private func run(_ jobs: [Job]) -> Bool {
        let (trees, enabled) = state.withLock { ($0.trees, $0.enabled) }
        var changed = false
        var scanned = Set<String>()
        // A full walk covers every file event queued with it.
        let walkAll = jobs.contains {
            if case .all = $0 { return true }; return false
        }
        for job in jobs {
            var job = job
            if case .projectOf(let file) = job {
                guard let root = SourceTree.projectRoot(containing: file), let tree = newTree(root), enabled else { continue }
                job = .scan(tree)
            }
            switch job {
            case .scan(let tree) where !scanned.contains(tree.root):
                scanned.insert(tree.root)
                let start = ContinuousClock.now
                changed = tree.scan() || changed
                logger.info(
                    "scanned \(tree.fileCount) source files in \(tree.root) in \(ContinuousClock.now - start)\(tree.isTruncated ? " (stopped at \(SourceTree.maximumFiles) files)" : "")"
                )
            case .all:
                for tree in trees where !scanned.contains(tree.root) {
                    scanned.insert(tree.root)
                    changed = tree.scan() || changed
                }
            case .files(let paths) where !walkAll:
                for tree in trees { changed = tree.rescan(paths: paths) || changed }
            case .scan, .files, .projectOf:
                break
            }
        }
        if changed { state.withLock { $0.generation += 1 } }
        return changed
    }
}
