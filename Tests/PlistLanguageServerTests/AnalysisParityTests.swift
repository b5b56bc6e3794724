// `check` and the server produce the same findings for every file of ../shared/corpus,
// ../shared/l10n, ../shared/projects and ../shared/admin (issue #40, point 2): both call the one analysis
// (`DocumentAnalysis`), `check` with the file's bytes and its caching file system, the server with
// an open document (its shared typed view, its incremental translation reading, its session's
// translation cache). Files whose bytes are not the analysed text (binary plists, UTF-16, signed
// profiles) reach the server's workspace reports through the same file path as `check`, so only
// the files an editor can open as they are compare two paths.
import Foundation
import PlistAnalysis
import PlistLanguageServer
import PlistTestSupport
import Testing
import XcodeProject
import PlistWorkspace

@Suite(.tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote)) struct AnalysisParityTests {
    struct Outcome: Sendable {
        var compared = 0
        var readAsOtherText = 0
        var differences: [String] = []
    }

    /// One line per finding: what an editor and `check` show of it.
    static func summary(_ findings: [Finding]) -> [String] {
        findings.map {
            "\($0.range) \($0.severity) \($0.code) \($0.message) fixes:\($0.fixes.count) related:\($0.related.count) elsewhere:\($0.elsewhere.count)"
        }
    }

    /// Every file below `root` that `check` or an editor reads (property lists, profiles, strings
    /// tables, String Catalogs), analysed as `check` does and as the server does an open document.
    static func compare(below root: URL) -> Outcome {
        let fileSystem = DiskProjectFileSystem()
        let index = ProjectIndex(projects: ProjectLoader(fileSystem: fileSystem).loadAll(in: root.path), fileSystem: fileSystem)
        let translations = DiskTranslations(project: { index.input(forPlistAt: $0) })
        var outcome = Outcome()
        let paths = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .map { root.appendingPathComponent($0).path }
            .filter { DocumentKind.isChecked(path: $0) || DocumentFormat.byName($0) != nil }
            .sorted()
        for path in paths {
            guard let bytes = FileManager.default.contents(atPath: path).map(Array.init), bytes.count < 8 << 20 else { continue }
            let project = DocumentFormat.byName(path) == nil ? index.input(forPlistAt: path) : nil
            let inputs = DocumentInputs(configuration: .default, project: project, translations: translations)
            // The server's project input of a translation is its Info.plist's (`WorkspaceProjects.input(for:)`).
            let served =
                DocumentFormat.byName(path) == nil
                ? project
                : LocalizationFiles.set(forTranslationAt: path, fileSystem: fileSystem).flatMap {
                    index.input(forPlistAt: $0.infoPlistPath)
                }
            let check = DocumentAnalysis.findings(of: .file(bytes), path: path, file: path, inputs: inputs)
            guard check.text == bytes, String(validating: bytes, as: UTF8.self) != nil else {
                outcome.readAsOtherText += 1
                continue
            }
            let snapshot = DocumentSnapshot(uri: FileURI.uri(for: path), text: String(decoding: bytes, as: UTF8.self))
            let server = DiagnosticsProvider().analysisDiagnostics(
                for: snapshot, configuration: ServerConfiguration(),
                project: ProjectInputValue(generation: 1, input: served), translations: LocalizationSetCache())
            outcome.compared += 1
            if summary(server) != summary(check.findings) {
                let a = summary(check.findings), b = summary(server)
                outcome.differences.append(
                    "\(path):\n  check only: \(a.filter { !b.contains($0) }.prefix(3))\n  server only: \(b.filter { !a.contains($0) }.prefix(3))"
                )
            }
        }
        return outcome
    }

    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func checkAndTheServerAgreeOnTheCorpus() async throws {
        let outcome = try await onOwnThread { Self.compare(below: SharedData.corpusFilesDirectory) }
        #expect(outcome.compared > 200, "compared \(outcome.compared), \(outcome.readAsOtherText) read as other text")
        #expect(
            outcome.differences.isEmpty,
            "\(outcome.differences.count) files differ:\n\(outcome.differences.prefix(10).joined(separator: "\n"))")
    }

    @Test(.enabled(if: SharedData.runLocalizationTests, SharedData.localizationSkipNote))
    func checkAndTheServerAgreeOnTheTranslations() async throws {
        let outcome = try await onOwnThread { Self.compare(below: SharedData.localizationDirectory) }
        #expect(outcome.compared > 20, "compared \(outcome.compared), \(outcome.readAsOtherText) read as other text")
        #expect(
            outcome.differences.isEmpty,
            "\(outcome.differences.count) files differ:\n\(outcome.differences.prefix(10).joined(separator: "\n"))")
    }

    /// The administrators' kinds: configuration profiles (signed ones are read as the plist they
    /// sign, by both paths) and launchd jobs.
    @Test(.enabled(if: SharedData.runAdminTests, SharedData.adminSkipNote))
    func checkAndTheServerAgreeOnProfilesAndJobs() async throws {
        let outcome = try await onOwnThread { Self.compare(below: SharedData.adminDirectory) }
        #expect(outcome.compared > 140, "compared \(outcome.compared), \(outcome.readAsOtherText) read as other text")
        #expect(
            outcome.differences.isEmpty,
            "\(outcome.differences.count) files differ:\n\(outcome.differences.prefix(10).joined(separator: "\n"))")
    }

    @Test(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func checkAndTheServerAgreeOnTheProjects() async throws {
        let outcome = try await onOwnThread { Self.compare(below: SharedData.projectsDirectory) }
        #expect(outcome.compared > 20, "compared \(outcome.compared), \(outcome.readAsOtherText) read as other text")
        #expect(
            outcome.differences.isEmpty,
            "\(outcome.differences.count) files differ:\n\(outcome.differences.prefix(10).joined(separator: "\n"))")
    }
}
