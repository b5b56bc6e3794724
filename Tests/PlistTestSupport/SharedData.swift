// The shared real-world data (../shared beside the repository) for the tests: where it is, whether it
// is there, and how tests that need it are skipped on a fresh clone but fail under CI.
import Foundation
import Testing

/// The shared corpus and seed texts, read from `../shared` next to the repository.
///
/// A newcomer's fresh clone has no `../shared`: tests that need it are skipped with a note saying
/// why. Under `CI=true` the data is always present, so those tests run and fail loudly if it is not.
public enum SharedData {
    /// The repository root, found from this file's path (`Tests/PlistTestSupport/SharedData.swift`).
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `../shared`.
    public static let directory = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
    /// `../shared/corpus` (its `files/`, `MANIFEST.tsv` and `README.md`).
    public static let corpusDirectory = directory.appendingPathComponent("corpus")
    /// `../shared/corpus/files`: the plists themselves.
    public static let corpusFilesDirectory = corpusDirectory.appendingPathComponent("files")
    /// `../shared/seeds`: the reference texts the key database was written from.
    public static let seedsDirectory = directory.appendingPathComponent("seeds")

    /// `../shared/projects`: the build configuration of real Xcode projects (pbxproj, xcconfig,
    /// XcodeGen specs and the plists their targets use), one folder a project.
    public static let projectsDirectory = directory.appendingPathComponent("projects")

    /// `../shared/admin`: real configuration profiles and launchd jobs, with Apple's payload schemas.
    public static let adminDirectory = directory.appendingPathComponent("admin")
    /// Run the tests over the real profiles and jobs when they are present, and always under CI.
    public static var runAdminTests: Bool {
        FileManager.default.fileExists(atPath: adminDirectory.appendingPathComponent("MANIFEST.tsv").path) || isCI
    }
    /// The note a skipped test over the real profiles and jobs prints.
    public static let adminSkipNote: Comment =
        "needs the real configuration profiles and launchd jobs at ../shared/admin beside the repository (not part of a fresh clone; always present in CI, where their absence fails this test)"

    /// Whether the run is CI's (`CI=true`), where missing shared data is a failure, not a skip.
    public static let isCI: Bool = {
        let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? ""
        return value == "true" || value == "1"
    }()

    /// Whether the corpus manifest is there.
    public static let corpusPresent = FileManager.default.fileExists(atPath: corpusDirectory.appendingPathComponent("MANIFEST.tsv").path)
    /// Whether the seed texts are there.
    public static let seedsPresent = FileManager.default.fileExists(atPath: seedsDirectory.path)

    /// Whether the real projects are there.
    public static let projectsPresent = FileManager.default.fileExists(
        atPath: projectsDirectory.appendingPathComponent("MANIFEST.tsv").path)
    /// Run the real-project tests when the projects are present, and always under CI.
    public static var runProjectTests: Bool { projectsPresent || isCI }
    /// The note a skipped real-project test prints.
    public static let projectsSkipNote: Comment =
        "needs the real Xcode projects at ../shared/projects beside the repository (not part of a fresh clone; always present in CI, where their absence fails this test)"

    /// Run corpus tests when the corpus is present, and always under CI (where its absence fails them).
    public static var runCorpusTests: Bool { corpusPresent || isCI }
    /// Run seed tests when the seeds are present, and always under CI.
    public static var runSeedTests: Bool { seedsPresent || isCI }

    /// The note a skipped corpus test prints.
    public static let corpusSkipNote: Comment =
        "needs the real-world corpus at ../shared/corpus beside the repository (not part of a fresh clone; always present in CI, where its absence fails this test)"
    /// The note a skipped seed test prints.
    public static let seedsSkipNote: Comment =
        "needs Apple's reference texts at ../shared/seeds beside the repository (not part of a fresh clone; always present in CI, where their absence fails this test)"

    /// Whether to run tests that compare against libxml2: when this build has it, and always under CI.
    public static func runLibXML2Tests(available: Bool) -> Bool { available || isCI }
    /// The note a skipped libxml2 test prints.
    public static func libxml2SkipNote(_ installHint: String) -> Comment {
        Comment(rawValue: "libxml2, the reference parser, was not found when building: \(installHint)")
    }

    /// One corpus file with its manifest row.
    public struct CorpusFile: Sendable {
        /// The file's name in `corpus/files`.
        public let name: String
        /// `info`, `entitlements`, `privacy` or `other`.
        public let kind: String
        /// Whether Python's plistlib reads it (the manifest's verdict on validity).
        public let plistlibParses: Bool
        /// The manifest's notes on the file.
        public let notes: String
        /// Where the bytes came from (the manifest's `source`): a git blob is exact; a text index
        /// may have lost a byte order mark or CR line ends.
        public let source: String
        public let url: URL
        public let bytes: [UInt8]
        /// Whether Foundation reads the file as it is (or, for a preprocessed Info.plist, as Xcode
        /// hands it to Foundation): plistlib's verdict, corrected by ``validDespitePlistlib``.
        /// Whether the bytes are the file exactly as committed (a git blob).
        public var isExactBytes: Bool { source.contains("git blob") }
        public var isValid: Bool { plistlibParses || SharedData.validDespitePlistlib[name] != nil }
    }

    /// Corpus files plistlib refuses that are valid all the same, with the reason.
    public static let validDespitePlistlib: [String: String] = [
        "misteu__XCodePreprocessFun__PreprocessorFlagsTest__PreprocessorFlagsTest__Info.plist":
            "a preprocessed Info.plist (INFOPLIST_PREPROCESS): Xcode resolves its #if lines before Foundation reads it",
        "hrydgard__ppsspp__ios__Export.plist":
            "plistlib's format sniffing stops at a DOCTYPE with no XML declaration; Foundation and libxml2 read it",
    ]

    /// Every corpus file listed in the manifest and present on disk, sorted by name (empty without a corpus).
    public static let corpusFiles: [CorpusFile] = {
        guard let manifest = try? String(contentsOf: corpusDirectory.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else {
            return []
        }
        var out: [CorpusFile] = []
        for line in manifest.split(separator: "\n").dropFirst() {
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cols.count >= 9, cols[0] != "-" else { continue }
            let url = corpusFilesDirectory.appendingPathComponent(cols[0])
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            out.append(
                CorpusFile(
                    name: cols[0], kind: cols[5], plistlibParses: cols[8] == "yes", notes: cols[6], source: cols[7], url: url,
                    bytes: [UInt8](data)))
        }
        return out.sorted { $0.name < $1.name }
    }()

    /// The corpus files, or an error that says where the corpus was looked for.
    public static func requireCorpus(minimum: Int = 200) throws -> [CorpusFile] {
        guard corpusFiles.count >= minimum else {
            throw Missing(what: "the shared corpus (\(corpusFiles.count) of at least \(minimum) files)", at: corpusDirectory.path)
        }
        return corpusFiles
    }

    /// The seed texts (`../shared/seeds/*.txt`, sorted by name), or an error that says where they were looked for.
    public static func requireSeedTexts() throws -> [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: seedsDirectory.path))?
            .filter { $0.hasSuffix(".txt") }.sorted() ?? []
        guard !names.isEmpty else { throw Missing(what: "Apple's reference texts (seeds)", at: seedsDirectory.path) }
        return names.compactMap { try? String(contentsOf: seedsDirectory.appendingPathComponent($0), encoding: .utf8) }
    }

    /// The error a test throws when the shared data it needs is missing.
    public struct Missing: Error, CustomStringConvertible {
        public let what: String
        public let at: String
        public var description: String { "\(what) not found at \(at): it must sit beside the repository as ../shared" }
    }
}

/// Runs CPU-heavy or blocking test work (long waits for a daemon, a socket, a child process) on a
/// thread of its own, so that the cooperative pool (two threads on a two-core machine) stays free
/// for the language-server tests running in parallel, which time out otherwise. The work returns
/// what it found; the test asserts on it (issues are recorded on the test's own task, never from
/// the other thread).
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
