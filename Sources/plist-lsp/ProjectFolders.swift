// `check`'s Xcode projects: the ones `--project` names, or those of each checked file's project
// root, each read once per run (docs/project-awareness.md).
import PlistWorkspace
import PlistSupport
import XcodeProject

/// The projects of one `check` run.
final class ProjectFolders {
    private let enabled: Bool
    private var given: ProjectIndex?
    /// The index of each set of project files found for a checked file (by their paths).
    private var bySet: [String: ProjectIndex] = [:]
    /// The index each checked file was analysed with.
    private var byFile: [String: ProjectIndex?] = [:]
    private let loader = ProjectLoader(fileSystem: DiskProjectFileSystem())

    /// `given`: the `--project` path (a folder, an .xcodeproj, an .xcworkspace, a project.pbxproj,
    /// an XcodeGen spec or a Package.swift); `enabled`: false with `--no-project`.
    init(given: String?, enabled: Bool) {
        self.enabled = enabled
        if let given {
            let path = SourceFolders.absolute(given)
            let files: [String]
            if path.hasSuffix(".xcodeproj") {
                files = [PathName.joining(path, "project.pbxproj")]
            } else if path.hasSuffix(".xcworkspace") {
                files = loader.projectFiles(ofWorkspace: path)
            } else if path.hasSuffix(".pbxproj") || path.hasSuffix(".yml") || path.hasSuffix(".yaml") || path.hasSuffix("/Package.swift") {
                files = [path]
            } else {
                files = loader.discover(in: path)
            }
            let projects = files.map(loader.load)
            let index = ProjectIndex(projects: projects, fileSystem: DiskProjectFileSystem())
            self.given = index
            report(projects, index)
        }
    }

    /// The projects `--project` named (nil without it).
    var givenIndex: ProjectIndex? { given }

    /// What the project using the plist at `path` says about it.
    func input(forPlistAt path: String) -> ProjectInput? {
        let file = SourceFolders.absolute(path)
        return index(for: file)?.input(forPlistAt: file)
    }

    /// Which source files count for the plist at `path`, when its targets say so by folder
    /// (synchronized folders, package targets); nil: the folders around it decide.
    func sourceScope(forPlistAt path: String) -> SourceScope? {
        let file = SourceFolders.absolute(path)
        return index(for: file)?.sourceScope(forPlistAt: file)
    }

    /// The index of the projects that may use the file at `file` (absolute), found by bounded
    /// look-ups from the file up to its project root, never by walking the repository: the
    /// projects in the folders holding it (`ProjectLoader.discover(near:upTo:)`), and when none of
    /// them uses it, those one level below those folders (`discover(around:upTo:)`).
    private func index(for file: String) -> ProjectIndex? {
        guard enabled else { return nil }
        if let given { return given }
        if let known = byFile[file] { return known }
        guard let root = SourceTree.projectRoot(containing: file) else {
            byFile[file] = .some(nil)
            return nil
        }
        var files = loader.discover(near: file, upTo: root)
        var index = self.index(of: files)
        if index.targets(forPlistAt: file).isEmpty {
            let more = loader.discover(around: file, upTo: root).filter { !files.contains($0) }
            if !more.isEmpty {
                files += more
                index = self.index(of: files)
            }
        }
        byFile[file] = index
        return index
    }

    /// The index of the projects at `files`, read once per run.
    private func index(of files: [String]) -> ProjectIndex {
        let key = files.joined(separator: "\n")
        if let known = bySet[key] { return known }
        let index = ProjectIndex(projects: loader.load(all: files), fileSystem: DiskProjectFileSystem())
        bySet[key] = index
        return index
    }

    private func report(_ projects: [XcodeProjectModel], _ index: ProjectIndex) {
        if projects.isEmpty { writeToStandardError("plist-lsp: --project: no Xcode project or XcodeGen spec found\n") }
        for project in projects {
            for problem in project.problems.prefix(10) {
                writeToStandardError(
                    "plist-lsp: \(TerminalText.escaped(SourceFolders.display(project.path))): note: \(TerminalText.escaped(problem))\n")
            }
        }
        for problem in index.problems.prefix(10) {
            writeToStandardError("plist-lsp: note: \(TerminalText.escaped(problem))\n")
        }
    }
}
