// Every fix offered on every corpus file and every rule example: applying it keeps every byte
// outside its edits, and the result has no error the original did not have. Fix-all likewise.
import Foundation
import PlistAnalysis
import PlistSyntax
import Testing
import PlistTestSupport

struct FixSubject: CustomTestStringConvertible, Sendable {
    let name: String
    let path: String
    let bytes: [UInt8]
    var testDescription: String { name }

    static let all: [FixSubject] = {
        var out = SharedData.corpusFiles.map { FixSubject(name: $0.name, path: $0.name, bytes: $0.bytes) }
        for rule in RuleRegistry.all {
            // The property lists among the examples (a strings table or catalog is not read as one).
            for (i, e) in rule.examples.enumerated() where e.format.isPropertyList {
                out.append(FixSubject(name: "\(rule.id) example \(i + 1)", path: e.path, bytes: Array(e.text.utf8)))
            }
        }
        return out
    }()
}

@Suite(.tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote)) struct FixCorpusTests {
    static func analyse(_ text: [UInt8], _ path: String) -> [Finding] {
        Analyzer.findings(for: PlistDocument(text: text), path: path)
    }

    @Test func everyFixKeepsOtherBytesAndAddsNoError() async throws {
        // Seconds of analysis: off the cooperative pool, which the in-process server tests need.
        let (applied, failures) = try await onOwnThread { () -> (Int, [String]) in
            var applied = 0
            var failures: [String] = []
            for subject in FixSubject.all {
                guard case .success(let text) = SourceDecoding.decode(subject.bytes) else { continue }
                let diagnostics = Self.analyse(text, subject.path)
                let before = FixApplication.errorCounts(diagnostics)
                for d in diagnostics {
                    for fix in d.fixes {
                        let result = try FixApplication.applying(fix.edits, to: text)
                        applied += 1
                        let edits = fix.edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
                        let first = edits.first!.range.lowerBound, last = edits.last!.range.upperBound
                        if !result.prefix(first).elementsEqual(text.prefix(first)) {
                            failures.append("\(subject.name): \(fix.title) changed bytes before its edits")
                        }
                        if !result.suffix(text.count - last).elementsEqual(text.suffix(text.count - last)) {
                            failures.append("\(subject.name): \(fix.title) changed bytes after its edits")
                        }
                        let after = FixApplication.errorCounts(Self.analyse(result, subject.path))
                        for (code, n) in after where n > before[code, default: 0] {
                            failures.append("\(subject.name): '\(fix.title)' [\(d.code)] adds \(code)")
                        }
                    }
                }
            }
            return (applied, failures)
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // The rule examples alone offer a few dozen fixes; the corpus (absent on a fresh clone,
        // where its tests are skipped) many more.
        #expect(applied > (SharedData.corpusFiles.isEmpty ? 20 : 50))
    }

    @Test func fixAllAddsNoErrorAndConverges() async throws {
        let (fixedSomething, unconverged) = try await onOwnThread { () -> (Int, [String]) in
            var fixedSomething = 0
            var unconverged: [String] = []
            for subject in FixSubject.all {
                guard case .success(let text) = SourceDecoding.decode(subject.bytes) else { continue }
                // fixAll throws (failing the test) when its result would have a new error.
                let result = try FixApplication.fixAll(text, path: subject.path)
                if !result.fixed.isEmpty { fixedSomething += 1 }
                // Converged: one more round finds no safe fix left to apply.
                let again = try FixApplication.fixAll(result.text, path: subject.path, maximumRounds: 1)
                if !again.fixed.isEmpty { unconverged.append("\(subject.name): \(again.fixed.map(\.code)) still fixable after fixAll") }
            }
            return (fixedSomething, unconverged)
        }
        #expect(unconverged.isEmpty, "\(unconverged.joined(separator: "\n"))")
        #expect(fixedSomething > 0)
    }

    @Test func overlappingEditsAreRefused() throws {
        let text = Array("abcdef".utf8)
        #expect(throws: FixApplicationError.self) {
            try FixApplication.applying([SourceEdit(range: 1..<3, replacement: "x"), SourceEdit(range: 2..<4, replacement: "y")], to: text)
        }
        #expect(throws: FixApplicationError.self) {
            try FixApplication.applying([SourceEdit(range: 5..<9, replacement: "x")], to: text)
        }
        #expect(
            try FixApplication.applying(
                [
                    SourceEdit(range: 4..<4, replacement: "2"), SourceEdit(range: 0..<1, replacement: "A"),
                    SourceEdit(range: 4..<4, replacement: "3"),
                ], to: text)
                == Array("Abcd23ef".utf8))
    }

    @Test func insertionFollowsTheFileStyle() throws {
        let spaces =
            "<plist version=\"1.0\">\r\n<dict>\r\n  <key>UIBackgroundModes</key>\r\n  <array>\r\n    <string>bluetooth-central</string>\r\n  </array>\r\n</dict>\r\n</plist>\r\n"
        let d = try #require(Self.analyse(Array(spaces.utf8), "Info.plist").first { $0.code == "privacy-missing-usage-description" })
        let fix = try #require(d.fixes.first)
        #expect(fix.title == "Add NSBluetoothAlwaysUsageDescription")
        let result = String(decoding: try FixApplication.applying(fix.edits, to: Array(spaces.utf8)), as: UTF8.self)
        #expect(
            result.contains(
                "  </array>\r\n  <key>NSBluetoothAlwaysUsageDescription</key>\r\n  <string>TODO: explain why the app uses Bluetooth</string>\r\n</dict>"
            ))
        let empty =
            "<plist version=\"1.0\">\n<dict>\n\t<key>NSLocationAlwaysUsageDescription</key>\n\t<string>Runs</string>\n</dict>\n</plist>\n"
        let d2 = try #require(Self.analyse(Array(empty.utf8), "Info.plist").first { $0.code == "privacy-missing-usage-description" })
        let result2 = String(decoding: try FixApplication.applying(d2.fixes[0].edits, to: Array(empty.utf8)), as: UTF8.self)
        #expect(result2.contains("<string>Runs</string>\n\t<key>NSLocationWhenInUseUsageDescription</key>\n\t<string>TODO"))
    }

    @Test func suppressionComments() {
        let text = """
            <plist version="1.0">
            <dict>
            \t<!-- plist-lsp-disable-next-entry info-wrong-type -->
            \t<key>UIRequiresFullScreen</key>
            \t<string>YES</string>
            \t<key>UIStatusBarHidden</key>
            \t<string>YES</string>
            </dict>
            </plist>
            """
        let codes = Self.analyse(Array(text.utf8), "Info.plist").filter { $0.code == "info-wrong-type" }
        #expect(codes.count == 1)
        let whole = "<!-- plist-lsp-disable info-wrong-type -->\n" + text
        #expect(Self.analyse(Array(whole.utf8), "Info.plist").filter { $0.code == "info-wrong-type" }.isEmpty)
        let all = text.replacingOccurrences(of: "disable-next-entry info-wrong-type", with: "disable-next-entry")
        #expect(Self.analyse(Array(all.utf8), "Info.plist").filter { $0.code == "info-wrong-type" }.count == 1)
    }
}
