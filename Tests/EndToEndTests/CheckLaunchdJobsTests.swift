// `plist-lsp check` on every real launchd job of ../shared/admin/launchd, as an administrator runs it
// on a folder of jobs: no crash, every file read and recognised as a job by its content (the
// collection flattens the folders away), no error on a valid job, and every finding one of those
// reviewed in LaunchdData.reviewedFindings, with the reason it is true. `--fix` changes nothing:
// launchd fixes change what a job does and are only offered in the editor.
import Foundation
import Testing
import PlistTestSupport

@Suite struct CheckLaunchdJobsTests {
    @Test(.enabled(if: LaunchdData.runTests, LaunchdData.skipNote))
    func everyRealJobIsCheckedAndEveryFindingIsReviewed() async throws {
        let jobs = try LaunchdData.require()
        let paths = jobs.map(\.url.path)
        let result = try await onOwnThread { try Binary.run(["check", "--format", "json"] + paths) }
        // 1: some findings are errors (the reviewed ones); never a crash (a signal) or a usage error (2).
        #expect(result.status == 1, "status \(result.status), stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let files = object["files"] as? [[String: Any]] ?? []
        let summary = object["summary"] as? [String: Any]
        #expect(summary?["files"] as? Int == jobs.count, "every job is read")
        var found: [String: String] = [:]
        var errorsOnValidJobs: [String] = []
        let parses = Dictionary(uniqueKeysWithValues: jobs.map { ($0.name, $0.plistlibParses) })
        for file in files {
            let name = URL(fileURLWithPath: file["path"] as? String ?? "").lastPathComponent
            for problem in file["problems"] as? [[String: Any]] ?? [] {
                let key = "\(name):\(problem["line"] as? Int ?? 0) \(problem["code"] as? String ?? "")"
                found[key] = problem["message"] as? String ?? ""
                if problem["severity"] as? String == "error", parses[name] == true,
                    !(problem["code"] as? String ?? "").hasPrefix("launchd-")
                {
                    errorsOnValidJobs.append(key)
                }
            }
        }
        // Files plistlib reads get no plist-level error; the launchd errors there are listed (Minute 60).
        #expect(errorsOnValidJobs.isEmpty, "\(errorsOnValidJobs)")
        let expected = LaunchdData.reviewedFindings
        let missing = Set(expected.keys).subtracting(found.keys), extra = Set(found.keys).subtracting(expected.keys)
        #expect(missing.isEmpty, "no longer reported: \(missing.sorted())")
        #expect(extra.isEmpty, "not reviewed:\n\(extra.sorted().map { "\($0): \(found[$0]!)" }.joined(separator: "\n"))")
    }

    @Test(.enabled(if: LaunchdData.runTests, LaunchdData.skipNote))
    func fixChangesNoJob() async throws {
        let jobs = try LaunchdData.require()
        let (before, after, status) = try await onOwnThread {
            let dir = try TemporaryDirectory()
            var copies: [URL] = []
            for job in jobs { copies.append(try dir.write(job.name, Array(try Data(contentsOf: job.url)))) }
            let before = try copies.map { try Data(contentsOf: $0) }
            let run = try Binary.run(["check", "--fix"] + copies.map(\.path))
            return (before, try copies.map { try Data(contentsOf: $0) }, run.status)
        }
        #expect(status == 1)
        #expect(before == after, "check --fix changed a job")
    }

    @Test func aJobInALaunchAgentsFolderIsCheckedAsAnAgent() async throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>Label</key>\n\t<string>com.example.sync</string>\n"
            + "\t<key>ProgramArguments</key>\n\t<array>\n\t\t<string>/usr/local/bin/sync</string>\n\t</array>\n\t<key>UserName</key>\n\t<string>root</string>\n"
            + "\t<key>StartCalendarInterval</key>\n\t<dict>\n\t\t<key>Weekday</key>\n\t\t<string>6-7</string>\n\t</dict>\n\t<key>EnvironmentalVariables</key>\n\t<dict/>\n</dict>\n</plist>\n"
        let (agent, daemon) = try await onOwnThread {
            let dir = try TemporaryDirectory()
            let a = try dir.write("Library/LaunchAgents/com.example.sync.plist", text)
            let d = try dir.write("Library/LaunchDaemons/com.example.sync.plist", text)
            return (try Binary.run(["check", a.path]), try Binary.run(["check", d.path]))
        }
        #expect(agent.status == 1 && daemon.status == 1)
        let codes = { (out: String) in out.split(separator: "\n").compactMap { $0.split(separator: "[").last?.dropLast() }.map(String.init)
        }
        #expect(
            codes(agent.stdout) == ["launchd-daemon-key-in-agent", "launchd-calendar-interval", "launchd-misspelled-key"], "\(agent.stdout)"
        )
        #expect(codes(daemon.stdout) == ["launchd-calendar-interval", "launchd-misspelled-key"], "\(daemon.stdout)")
        #expect(agent.stdout.contains(":15:3: error: Weekday is one integer (0–7, 0 and 7 being Sunday), not the string '6-7'"))
    }
}
