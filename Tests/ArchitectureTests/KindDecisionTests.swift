// A document's kind is decided in one place (issue #40): `DocumentFormat` and `FileKind`
// (PlistAnalysis/Document). Nothing else in the analysis, the workspace, the server or the
// executable looks at a file name's ending to decide what a file is.
import Foundation
import PlistTestSupport
import Testing

@Suite struct KindDecisionTests {
    static let modules = ["PlistAnalysis", "PlistWorkspace", "PlistLanguageServer", "plist-lsp"]
    static let deciders: Set<String> = ["DocumentKind.swift", "FileKind.swift"]
    /// `hasSuffix(".strings")`, `hasSuffix("Info.plist")` and the like.
    static let decision = try! NSRegularExpression(
        pattern: #"hasSuffix\("[^"]*(\.strings|\.xcstrings|\.entitlements|\.xcprivacy|\.mobileconfig|nfo\.plist)"\)"#,
        options: [.caseInsensitive])

    @Test func noFileKindIsDecidedOutsideTheKindsDecision() throws {
        var found: [String] = []
        for module in Self.modules {
            let folder = SharedData.repositoryRoot.appendingPathComponent("Sources/\(module)")
            let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            for file in files where file.hasSuffix(".swift") && !Self.deciders.contains((file as NSString).lastPathComponent) {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.components(separatedBy: "\n").enumerated()
                where Self.decision.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found.append("Sources/\(module)/\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "decide with DocumentFormat.byName or FileKind.detect:\n\(found.joined(separator: "\n"))")
        // The pattern finds what it is for (the test is not vacuous).
        let decider = try String(
            contentsOf: SharedData.repositoryRoot.appendingPathComponent("Sources/PlistAnalysis/Document/FileKind.swift"), encoding: .utf8)
        #expect(Self.decision.numberOfMatches(in: decider, range: NSRange(decider.startIndex..., in: decider)) > 0)
    }
}
