// #10.5: the close-tag fix after a deleted end-tag line keeps the file's data. The recovery
// places the missing end tag where the indentation says; the fix writes it there, so the file
// after the fix decodes to exactly what the tolerant typed view showed before it.
import Foundation
import PlistAnalysis
import PlistSyntax
import Testing
import PlistTestSupport

@Suite struct RecoveryFixTests {
    @Test(
        .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
        .enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func closingADeletedEndTagLineKeepsTheTypedView() async throws {
        // On a thread of its own: the cooperative pool stays free for the server tests.
        let (tried, recovered, restored, changed) = try await withCheckedThrowingContinuation {
            (c: CheckedContinuation<(Int, Int, Int, [String]), any Error>) in
            let thread = Thread { c.resume(with: Result { try Self.deleteAndFix() }) }
            thread.start()
        }
        #expect(changed == [], "deleting the line then applying the close-tag fix changes the data")
        #expect(tried > 100)
        #expect(recovered > 50)
        #expect(restored * 10 >= recovered * 9, "\(restored) of \(recovered) fixes after a recovery restore the original file")
        print(
            "RecoveryFixTests: \(tried) deleted end-tag lines, \(recovered) recovered by indentation, \(restored) of these restored byte for byte"
        )
    }

    static func deleteAndFix() throws -> (Int, Int, Int, [String]) {
        var tried = 0, recovered = 0, restored = 0
        var changed: [String] = []
        for file in try SharedData.requireCorpus() where file.bytes.count < 40_000 {
            guard case .success(let text) = SourceDecoding.decode(file.bytes), PlistDocument(text: text).tree.isWellFormed else { continue }
            // Every line that is only `</dict>` or `</array>` (indented), up to 6 per file.
            var lineStarts = [0]
            for (i, b) in text.enumerated() where b == 0x0A { lineStarts.append(i + 1) }
            var candidates: [Range<Int>] = []
            for (n, s) in lineStarts.enumerated() where n + 1 < lineStarts.count {
                let line = String(decoding: text[s..<lineStarts[n + 1]], as: UTF8.self)
                let trimmed = line.trimmingCharacters(in: [" ", "\t", "\n", "\r"])
                if (trimmed == "</dict>" || trimmed == "</array>") && (line.hasPrefix("\t") || line.hasPrefix(" ")) {
                    candidates.append(s..<lineStarts[n + 1])
                }
            }
            for line in candidates.prefix(6) {
                var broken = text
                broken.removeSubrange(line)
                let before = PlistDocument(text: broken)
                guard let value = before.value else { continue }
                let diagnostics = Analyzer.findings(for: before, path: file.name)
                guard let close = diagnostics.first(where: { $0.code == "xml-unclosed-tag" }),
                    let fix = close.fixes.first(where: { $0.isSafe })
                else { continue }
                tried += 1
                let wasRecovered = !before.tree.recoveredContainerRanges.isEmpty
                if wasRecovered { recovered += 1 }
                let fixed = try FixApplication.applying(fix.edits, to: broken)
                let after = PlistDocument(text: fixed)
                if after.value != value { changed.append("\(file.name): line at \(line.lowerBound), '\(fix.title)'") }
                // Where the recovery placed the end tag, the fix restores the original file
                // (nearly always: when nothing after the inner element lines up with it, no
                // indentation says where it ended).
                if wasRecovered && fixed == text { restored += 1 }
            }
        }
        return (tried, recovered, restored, changed)
    }
}
