// The README's first command, run on the bundled examples, prints what the README shows.
import Foundation
import Testing
import PlistTestSupport

@Suite struct ReadmeTests {
    @Test func theExampleCommandPrintsWhatTheReadmeShows() throws {
        let readme = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("swift run plist-lsp check examples"))
        let shown = readme.split(separator: "\n").map(String.init).filter { $0.hasPrefix("examples/") }
        #expect(shown.count >= 2, "the README shows sample output lines")
        let run = try Binary.run(["check", "examples"], in: SharedData.repositoryRoot)
        #expect(run.status == 1)
        let printed = Set(run.stdout.split(separator: "\n").map(String.init))
        for line in shown { #expect(printed.contains(line), "README shows a line check no longer prints: \(line)") }
        // The valid example stays valid.
        #expect(!run.stdout.contains("examples/Info.plist"))
    }
}
