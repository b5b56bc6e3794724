// No false alarms: every warning and error the catalogue raises on the valid corpus files is a
// real problem, listed here with the reason; and no Info.plist rule fires on entitlements or
// privacy manifests.
import Foundation
import PlistAnalysis
import PlistSyntax
import Testing
import PlistTestSupport

typealias CorpusFile = SharedData.CorpusFile

/// One expected finding: file, rule, 1-based line, and why it is a real problem.
struct ExpectedFinding: Hashable {
    let file: String
    let rule: String
    let line: Int
    let reason: String
    static func == (a: Self, b: Self) -> Bool { (a.file, a.rule, a.line) == (b.file, b.rule, b.line) }
    func hash(into h: inout Hasher) { h.combine(file); h.combine(rule); h.combine(line) }
}

@Suite(.tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote)) struct CorpusFalseAlarmTests {
    /// The reviewed findings, from `Expectations/corpus-findings.tsv` beside this file.
    static let expected: [ExpectedFinding] = {
        let url = SharedData.repositoryRoot.appendingPathComponent("Tests/PlistAnalysisTests/Expectations/corpus-findings.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 4, let n = Int(f[1]), !f[3].isEmpty else { return nil }
            return ExpectedFinding(file: f[0], rule: f[2], line: n, reason: f[3])
        }
    }()

    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func everyWarningOnAValidCorpusFileIsARealProblem() async throws {
        let files = try SharedData.requireCorpus().filter(\.isValid)
        // Seconds of analysis: off the cooperative pool, which the in-process server tests need.
        let found = try await onOwnThread { () -> [ExpectedFinding] in
            var found: [ExpectedFinding] = []
            for file in files {
                let (text, diagnostics) = Analyzer.findings(forFileBytes: file.bytes, path: file.name)
                let lines = LineIndex(text)
                for d in diagnostics where d.severity == .error || d.severity == .warning {
                    found.append(
                        ExpectedFinding(
                            file: file.name, rule: d.code, line: lines.line(containing: d.range.lowerBound) + 1, reason: d.message))
                }
            }
            return found
        }
        #expect(Self.expected.count >= 30, "Expectations/corpus-findings.tsv is missing or unreadable")
        let unexpected = Set(found).subtracting(Self.expected)
        let missing = Set(Self.expected).subtracting(found)
        #expect(
            unexpected.isEmpty,
            "new warnings (false alarms?):\n\(unexpected.map { "\($0.file):\($0.line) [\($0.rule)] \($0.reason)" }.sorted().joined(separator: "\n"))"
        )
        #expect(
            missing.isEmpty,
            "expected findings gone:\n\(missing.map { "\($0.file):\($0.line) [\($0.rule)]" }.sorted().joined(separator: "\n"))")
    }

    /// `check --fix` and `source.fixAll` repair only what Foundation cannot read: a file it reads is
    /// never changed.
    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func fixAllChangesNoValidFile() async throws {
        let files = try SharedData.requireCorpus().filter(\.isValid)
        let changed = try await onOwnThread { () -> [String] in
            var changed: [String] = []
            for file in files {
                guard case .success(let text) = SourceDecoding.decode(file.bytes) else { continue }
                let result = try FixApplication.fixAll(text, path: file.name)
                if result.text != text { changed.append("\(file.name): \(result.fixed.map(\.code))") }
            }
            return changed
        }
        #expect(changed.isEmpty, "fix-all changed valid files:\n\(changed.joined(separator: "\n"))")
    }

    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func noInfoPlistRuleFiresOnEntitlementsOrPrivacyManifests() async throws {
        let infoRules = Set(RuleRegistry.all.filter { $0.fileKinds.contains(.infoPlist) && $0.fileKinds != FileKind.allKinds }.map(\.id))
            .subtracting(["plist-root-not-dictionary"])
        let files = try SharedData.requireCorpus()
        let (checked, wrong) = try await onOwnThread { () -> (Int, [String]) in
            var checked = 0
            var wrong: [String] = []
            for file in files {
                let document = PlistDocument(text: file.bytes)
                let kind = FileKind.detect(path: file.name, document: document)
                guard kind == .entitlements || kind == .privacyManifest else { continue }
                checked += 1
                let (_, diagnostics) = Analyzer.findings(forFileBytes: file.bytes, path: file.name)
                let codes = diagnostics.map(\.code).filter(infoRules.contains)
                if !codes.isEmpty { wrong.append("\(file.name): \(codes)") }
            }
            return (checked, wrong)
        }
        #expect(wrong.isEmpty, "Info.plist rules fired:\n\(wrong.joined(separator: "\n"))")
        #expect(checked >= 15)
    }
}
