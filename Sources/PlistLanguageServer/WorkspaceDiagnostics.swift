// `workspace/diagnostic`: a report for every property list of the workspace — each plist the
// projects' targets use (Info.plist, entitlements, found through the build settings, also outside
// the folders) and every plist, entitlements file and privacy manifest below the workspace folders
// — open or not. Files are read off the cooperative pool; each report's result id is a digest of
// its diagnostics, so a file that a change does not affect answers `unchanged`.
import LanguageServerProtocol
import PlistAnalysis
import PlistFormats
import PlistSupport
import PlistSyntax
import XcodeProject
import PlistWorkspace

/// The kinds of files the workspace's reports and watchers cover, by name. Each list is the one
/// place a new kind is added; an Info.plist's translations (`InfoPlist.strings` in an `.lproj`
/// folder, `InfoPlist.xcstrings`) are diagnosed too, by their whole name.
enum WorkspaceFileKinds {
    /// Files that get a report in `workspace/diagnostic` (path extensions).
    static let diagnosed: [String] = ["plist", "entitlements", "xcprivacy", "mobileconfig"]
    /// Files whose change can change some report without being a project file: localized
    /// strings and String Catalogs (their checks read the Info.plist beside them).
    static let related: [String] = ["strings", "stringsdict", "xcstrings"]
    /// The project files: reading the projects again follows a change to one of these
    /// (path extensions, then whole file names).
    static let projectExtensions: [String] = ["pbxproj", "xcconfig", "yml", "yaml", "xcworkspacedata"]
    static let projectNames: [String] = ["Package.swift"]

    /// Whether `path` is a file `workspace/diagnostic` reports on.
    static func isDiagnosed(_ path: String) -> Bool { DocumentKind.isChecked(path: path) }

    /// Whether `path` is a project file (docs/project-awareness.md).
    static func isProjectFile(_ path: String) -> Bool {
        hasExtension(path, in: projectExtensions) || projectNames.contains(PathName.lastComponent(of: path))
    }

    /// Whether a change to `path` can change a report (a diagnosed file, a related one or a project file).
    static func affectsReports(_ path: String) -> Bool {
        isDiagnosed(path) || hasExtension(path, in: related) || isProjectFile(path)
    }

    /// The glob patterns the server asks the client to watch for these files.
    static var watchPatterns: [String] {
        ["**/*.{" + (projectExtensions + diagnosed + related).joined(separator: ",") + "}"]
            + projectNames.map { "**/" + $0 }
    }

    static func hasExtension(_ path: String, in extensions: [String]) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return extensions.contains(String(path[path.index(after: dot)...]))
    }

    /// Folders never searched for workspace files: dependency checkouts, build output, bundles
    /// whose plists are products (`.app`, `.framework`, `.bundle`), asset catalogs and project
    /// bundles. Hidden folders are skipped too.
    static func isSearched(_ folder: String) -> Bool {
        if folder.hasPrefix(".") || ProjectLoader.skippedFolders.contains(folder) { return false }
        return ![".xcassets", ".xcodeproj", ".xcworkspace", ".app", ".appex", ".framework", ".bundle", ".xcframework"]
            .contains { folder.hasSuffix($0) }
    }

    /// The most folders one search lists, and the most files it reports.
    static let maximumFolders = 20_000
    static let maximumFiles = 10_000
    /// The largest file read for a report (a larger one is generated data, not a plist anyone edits).
    static let maximumFileSize = 64 << 20

    /// The diagnosed files below `root` (absolute paths, in name order); stops at the limits.
    static func files(below root: String) -> [String] {
        var found: [String] = []
        var folders = [root]
        var listed = 0
        while let folder = folders.popLast(), listed < maximumFolders, found.count < maximumFiles {
            guard let entries = directoryEntries(folder) else { continue }
            listed += 1
            var subfolders: [String] = []
            for (name, isDirectory) in entries.sorted(by: { $0.name < $1.name }) {
                let path = PathName.joining(folder, name)
                if isDirectory {
                    if isSearched(name) { subfolders.append(path) }
                } else if isDiagnosed(path) {
                    found.append(path)
                }
            }
            folders += subfolders.reversed()
        }
        return found
    }
}

/// The workspace reports of one session, cached per file: a file is analysed again only when its
/// bytes, the configuration, its source evidence, its project or the translations changed.
final class WorkspaceDiagnostics: Sendable {
    /// What a report was computed from: the content and every other input (`AnalysisInputs`,
    /// the key of a snapshot's analysis and of a document pull's result id).
    private struct Key: Equatable {
        /// `open:<snapshot id>`, or `disk:<length>:<digest of the bytes>`.
        var content: String
        var inputs: AnalysisInputs
    }

    private struct Cached {
        var key: Key
        var resultID: String
        var items: [Diagnostic]
    }

    private let cache = Locked([String: Cached]())

    /// How many reports go in one `$/progress` notification.
    static let batchSize = 16

    /// The paths `workspace/diagnostic` reports on: every plist the projects use that exists, and
    /// every diagnosed file below the roots, sorted, without duplicates (read off the pool).
    static func paths(roots: [String], projectPlists: [String]) async -> [String] {
        await offPool {
            var seen = Set<String>()
            var out: [String] = []
            for path in projectPlists + roots.flatMap(WorkspaceFileKinds.files(below:)) where seen.insert(path).inserted {
                out.append(path)
            }
            return out.sorted()
        }
    }

    /// One file's report: `unchanged` when `previous` is its current result id. `open` is the
    /// open document at that path, if there is one (its text wins over the disk's); nil when the
    /// file is neither open nor readable (gone since it was found).
    func report(
        path: String, open: DocumentSnapshot?, bytes: [UInt8]?, previous: String?,
        context: RequestContext
    ) -> WorkspaceDocumentDiagnosticReport? {
        let uri = open?.uri ?? FileURI.uri(for: path)
        let content: String
        if let open {
            content = "open:\(open.id)"
        } else if let bytes {
            content = "disk:\(bytes.count):\(Self.digest(bytes))"
        } else {
            cache.withLock { _ = $0.removeValue(forKey: path) }
            return nil
        }
        let evidence = context.sources.input(for: uri, configuration: context.configuration)
        let project = context.projects.input(for: uri)
        let translations = context.translations.cache
        let key = Key(
            content: content,
            inputs: AnalysisInputs(configuration: context.configuration, evidence: evidence, project: project, translations: translations))
        let cached = cache.withLock { $0[path] }
        let result: Cached
        if let cached, cached.key == key {
            result = cached
        } else {
            let items: [Diagnostic]
            if let open {
                items = context.diagnostics.diagnostics(
                    for: open, configuration: context.configuration, evidence: evidence, project: project, translations: translations)
            } else {
                // The file as `check` reads it (a binary plist or signed profile as its XML form, a
                // translation by its own reader); its ranges refer to the analysed text, which is only
                // indexed by lines here, never parsed again.
                let analysis = context.diagnostics.fileAnalysis(
                    path: path, uri: uri, bytes: bytes!, configuration: context.configuration,
                    evidence: evidence, project: project, translations: translations)
                let text = DocumentSnapshot(
                    uri: uri, version: 0, languageID: "plist", tree: .unparsed(SourceText(analysis.text)),
                    encoding: context.encoding, id: 0)
                items = analysis.findings.map { context.diagnostics.convert($0, in: text, configuration: context.configuration) }
            }
            result = Cached(key: key, resultID: Self.resultID(items), items: items)
            cache.withLock { $0[path] = result }
        }
        if previous == result.resultID { return .unchanged(uri: uri, version: open?.version, resultId: result.resultID) }
        return .full(uri: uri, version: open?.version, resultId: result.resultID, items: result.items)
    }

    /// Forgets the reports of files no longer in the workspace (after a whole answer).
    func keepOnly(_ paths: [String]) {
        let kept = Set(paths)
        cache.withLock { cache in cache = cache.filter { kept.contains($0.key) } }
    }

    /// A result id naming the diagnostics themselves: equal diagnostics, equal ids, whatever
    /// changed around the file (`w` and 16 hex digits of a 64-bit FNV-1a digest of their JSON).
    static func resultID(_ items: [Diagnostic]) -> String {
        let json = (try? JSONValue(encoding: items).serialized()) ?? Array("\(items)".utf8)
        return "w" + String(digest(json), radix: 16)
    }

    static func digest(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Reads files off the cooperative pool (nil for one that is gone or not a regular file).
    static func read(_ paths: [String]) async -> [[UInt8]?] {
        await offPool { paths.map { readRegularFile(atPath: $0, maximumSize: WorkspaceFileKinds.maximumFileSize) } }
    }
}

/// Runs `body` on a thread of its own (file system work stays off the cooperative pool) and
/// returns its result.
func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
        startDetachedThread(name: "plist-lsp-files") { continuation.resume(returning: body()) }
    }
}
