// One configuration parser for the editor and the command line: a setting spelled the same way
// has the same effect in `plist-lsp check` (as flags) and in the server (as settings), and both
// treat an unknown rule id as docs/configuration.md says (check: usage error; server: warning).
import Foundation
import Testing
import PlistTestSupport

@Suite struct ConfigurationParityTests {
    /// Triggers duplicate keys, a wrong type and an invalid value, an unknown key (a hint), and a
    /// `#ifdef DEBUG` branch that adds a third duplicate when DEBUG is defined.
    static let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>CFBundleName</key>
        \t<string>Demo</string>
        \t<key>CFBundleName</key>
        \t<string>Demo2</string>
        \t<key>UIStatusBarHidden</key>
        \t<string>yes</string>
        #ifdef DEBUG
        \t<key>CFBundleName</key>
        \t<string>Debug</string>
        #endif
        \t<key>MyCustomKey</key>
        \t<string>x</string>
        </dict>
        </plist>

        """

    /// The same setting as `check` flags and as editor settings.
    struct Spelling: Sendable, CustomStringConvertible {
        let flags: [String]
        let settings: [String: any Sendable]
        var description: String { flags.joined(separator: " ") }
    }

    static let spellings: [Spelling] = [
        Spelling(flags: ["--severity", "plist-duplicate-key=Info"], settings: ["rules": ["plist-duplicate-key": "Info"]]),
        Spelling(flags: ["--severity", "info-unknown-key=WARNING"], settings: ["rules": ["info-unknown-key": "WARNING"]]),
        Spelling(flags: ["--severity", "info-wrong-type=none"], settings: ["rules": ["info-wrong-type": "none"]]),
        Spelling(flags: ["--severity", "info-wrong-type=disabled"], settings: ["rules": ["info-wrong-type": "disabled"]]),
        Spelling(flags: ["--disable", "info-invalid-value"], settings: ["disabledRules": ["info-invalid-value"]]),
        Spelling(flags: ["--file-kind", "entitlements"], settings: ["fileKind": "entitlements"]),
        Spelling(flags: ["--file-kind", "Other"], settings: ["fileKind": "Other"]),
        Spelling(flags: ["--no-info-plist-rules"], settings: ["infoPlistRules": false]),
        Spelling(flags: ["-D", "DEBUG"], settings: ["preprocessorDefinitions": ["DEBUG"]]),
        Spelling(flags: ["-DDEBUG=1"], settings: ["preprocessorDefinitions": ["DEBUG=1"]]),
    ]

    /// A problem as both report it: 1-based line and column (the text is ASCII), level, rule, message.
    struct Problem: Hashable, Sendable, CustomStringConvertible {
        let line: Int, column: Int, severity: String, code: String, message: String
        var description: String { "\(line):\(column) \(severity) \(code): \(message)" }
    }

    /// What `check --format json --hints` reported, with its exit status and stderr.
    struct CheckRun: Sendable {
        let status: Int32, problems: [Problem], stderr: String
    }

    /// What the server published at `initialize` with the settings, with its exit status after
    /// shutdown and exit, and its stderr.
    struct ServerRun: Sendable {
        let status: Int32, problems: [Problem], stderr: String
    }

    static func check(_ flags: [String], _ file: URL) throws -> CheckRun {
        let r = try Binary.run(["check", "--format", "json"] + flags + [file.path])
        let object = try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let files = object?["files"] as? [[String: Any]] ?? []
        let problems = (files.first?["problems"] as? [[String: Any]] ?? []).map {
            Problem(
                line: $0["line"] as? Int ?? -1, column: $0["column"] as? Int ?? -1, severity: $0["severity"] as? String ?? "?",
                code: $0["code"] as? String ?? "?", message: $0["message"] as? String ?? "?")
        }
        return CheckRun(status: r.status, problems: problems, stderr: r.stderr)
    }

    static func serve(_ settings: [String: Any]?, _ file: URL) throws -> ServerRun {
        let server = try LSPServerProcess([])
        let wire = server.wire!
        _ = try wire.initialize(options: settings.map { ["settings": ["plist": $0]] })
        let uri = file.absoluteString
        try wire.open(uri, text)
        let levels = [1: "error", 2: "warning", 3: "information", 4: "hint"]
        let problems = try wire.diagnostics(uri, version: 1).map { d in
            let start = (d["range"] as? [String: Any])?["start"] as? [String: Any] ?? [:]
            return Problem(
                line: (start["line"] as? Int ?? -2) + 1, column: (start["character"] as? Int ?? -2) + 1,
                severity: levels[d["severity"] as? Int ?? 0] ?? "?", code: d["code"] as? String ?? "?",
                message: d["message"] as? String ?? "?")
        }
        let id = try wire.request("shutdown")
        _ = try wire.response(to: id)
        try wire.notify("exit")
        return ServerRun(status: try server.waitForExit(), problems: problems, stderr: server.stderr)
    }

    // The child processes are waited for on threads of their own (`onOwnThread`): the
    // cooperative pool stays free for the in-process server tests; assertions run here.

    @Test(arguments: spellings)
    func theSameSettingHasTheSameEffectInCheckAndInTheServer(_ spelling: Spelling) async throws {
        let (fromCheck, fromServer, unconfigured) = try await onOwnThread {
            let dir = try TemporaryDirectory()
            let file = try dir.write("Info.plist", Self.text)
            return (try Self.check(spelling.flags, file), try Self.serve(spelling.settings, file), try Self.check([], file))
        }
        #expect(fromCheck.status == 0 || fromCheck.status == 1, "\(fromCheck.stderr)")
        #expect(fromServer.status == 0)
        #expect(Set(fromCheck.problems) == Set(fromServer.problems))
        #expect(fromCheck.problems.count == fromServer.problems.count)
        #expect(!fromServer.stderr.contains("settings:"), "\(fromServer.stderr)")
        // Not vacuous: the setting changes what is reported.
        #expect(Set(fromCheck.problems) != Set(unconfigured.problems), "\(spelling) changed nothing")
    }

    @Test func anUnknownRuleIDIsAUsageErrorForCheckAndAWarningForTheServer() async throws {
        let expected = "unknown rule 'plist-duplicate-keys'; did you mean plist-duplicate-key?"
        let flags = [["--disable", "plist-duplicate-keys"], ["--severity", "plist-duplicate-keys=error"]]
        let (refused, served, withoutUnknownID) = try await onOwnThread {
            let dir = try TemporaryDirectory()
            let file = try dir.write("Info.plist", Self.text)
            return (
                try flags.map { try Self.check($0, file) },
                try Self.serve(["disabledRules": ["plist-duplicate-keys"], "rules": ["info-wrong-type": "off"]], file),
                try Self.check(["--disable", "info-wrong-type"], file)
            )
        }
        for (flags, run) in zip(flags, refused) {
            #expect(run.status == 2)
            #expect(run.problems.isEmpty)
            #expect(run.stderr.contains("\(flags[0]): \(expected)"), "\(run.stderr)")
        }
        // The server warns (stderr here; window/logMessage too, see the in-process tests), skips
        // the unknown id and applies the rest of the settings.
        #expect(served.status == 0)
        #expect(served.stderr.contains("settings: disabledRules: \(expected)"), "\(served.stderr)")
        #expect(served.problems.contains { $0.code == "plist-duplicate-key" })
        #expect(!served.problems.contains { $0.code == "info-wrong-type" })
        #expect(Set(served.problems) == Set(withoutUnknownID.problems))
    }
}
