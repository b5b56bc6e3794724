// The real launchd jobs of ../shared/admin/launchd, analysed under the path each had in its
// repository (so that a LaunchAgents or LaunchDaemons folder there counts): every one is recognised
// as a job, and every finding is listed here with the reason it is true.
import Foundation
import Testing
import PlistAnalysis
import PlistSyntax
import PlistTestSupport

@Suite struct LaunchdCorpusTests {
    /// "file:line rule" of every finding on the real jobs, with why it is true.
    static let expected = LaunchdData.reviewedFindings

    /// The path a job had in its repository, below a folder named after the repository.
    static func originalPath(_ job: LaunchdData.Job) -> String { "/src/\(job.repository)/\(job.originalPath)" }

    @Test(.enabled(if: LaunchdData.runTests, LaunchdData.skipNote))
    func everyRealJobIsAJobAndEveryFindingIsReviewed() throws {
        let jobs = try LaunchdData.require()
        var found: [String: String] = [:]
        for job in jobs {
            let bytes = Array(try Data(contentsOf: job.url))
            let (text, findings) = Analyzer.findings(forFileBytes: bytes, path: Self.originalPath(job))
            let document = PlistDocument(text: text)
            // Recognised with no setting: by its folder, or by its content under the flattened name.
            #expect(FileKind.detect(path: Self.originalPath(job), document: document) == .launchdJob, "\(job.name)")
            #expect(FileKind.detect(path: job.url.path, document: document) == .launchdJob, "\(job.name) by content")
            for finding in findings {
                let line = text[..<finding.range.lowerBound].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
                found["\(job.name):\(line) \(finding.code)"] = finding.message
            }
        }
        let missing = Set(Self.expected.keys).subtracting(found.keys), extra = Set(found.keys).subtracting(Self.expected.keys)
        #expect(missing.isEmpty, "no longer reported: \(missing.sorted())")
        #expect(extra.isEmpty, "not reviewed:\n\(extra.sorted().map { "\($0): \(found[$0]!)" }.joined(separator: "\n"))")
    }
}
