// One configuration parser for the editor and the command line: a setting spelled the same way
// has the same effect in `plist-lsp check` (as flags) and in the server (as settings), and both
// treat an unknown rule id as docs/configuration.md says (check: usage error; server: warning).
import Foundation
import Testing

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
    struct Problem: Hashable, CustomStringConvertible {
        let line: Int, column: Int, severity: String, code: String, message: String
        var description: String { "\(line):\(column) \(severity) \(code): \(message)" }
    }

    static func check(_ flags: [String], _ file: URL) throws -> [Problem] {
        let r = try Binary.run(["check", "--format", "json", "--hints"] + flags + [file.path])
        #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let files = object?["files"] as? [[String: Any]] ?? []
        return (files.first?["problems"] as? [[String: Any]] ?? []).map {
            Problem(line: $0["line"] as? Int ?? -1, column: $0["column"] as? Int ?? -1, severity: $0["severity"] as? String ?? "?",
                    code: $0["code"] as? String ?? "?", message: $0["message"] as? String ?? "?")
        }
    }

    static func serve(_ settings: [String: Any]?, _ file: URL) throws -> (problems: [Problem], stderr: String) {
        let server = try LSPServerProcess([])
        let wire = server.wire!
        _ = try wire.initialize(options: settings.map { ["settings": ["plist": $0]] })
        let uri = file.absoluteString
        try wire.open(uri, text)
        let levels = [1: "error", 2: "warning", 3: "information", 4: "hint"]
        let problems = try wire.diagnostics(uri, version: 1).map { d in
            let start = (d["range"] as? [String: Any])?["start"] as? [String: Any] ?? [:]
            return Problem(line: (start["line"] as? Int ?? -2) + 1, column: (start["character"] as? Int ?? -2) + 1,
                           severity: levels[d["severity"] as? Int ?? 0] ?? "?", code: d["code"] as? String ?? "?",
                           message: d["message"] as? String ?? "?")
        }
        try wire.shutdownAndExit()
        #expect(try server.waitForExit() == 0)
        return (problems, server.stderr)
    }

    @Test(arguments: spellings)
    func theSameSettingHasTheSameEffectInCheckAndInTheServer(_ spelling: Spelling) throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", Self.text)
        let fromCheck = try Self.check(spelling.flags, file)
        let fromServer = try Self.serve(spelling.settings, file)
        #expect(Set(fromCheck) == Set(fromServer.problems))
        #expect(fromCheck.count == fromServer.problems.count)
        #expect(!fromServer.stderr.contains("settings:"), "\(fromServer.stderr)")
        // Not vacuous: the setting changes what is reported.
        #expect(Set(fromCheck) != Set(try Self.check([], file)), "\(spelling) changed nothing")
    }

    @Test func anUnknownRuleIDIsAUsageErrorForCheckAndAWarningForTheServer() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", Self.text)
        let expected = "unknown rule 'plist-duplicate-keys'; did you mean plist-duplicate-key?"

        for flags in [["--disable", "plist-duplicate-keys"], ["--severity", "plist-duplicate-keys=error"]] {
            let r = try Binary.run(["check"] + flags + [file.path])
            #expect(r.status == 2)
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.contains("\(flags[0]): \(expected)"), "\(r.stderr)")
        }

        // The server warns (stderr here; window/logMessage too, see the in-process tests), skips
        // the unknown id and applies the rest of the settings.
        let (problems, stderr) = try Self.serve(
            ["disabledRules": ["plist-duplicate-keys"], "rules": ["info-wrong-type": "off"]], file)
        #expect(stderr.contains("settings: disabledRules: \(expected)"), "\(stderr)")
        #expect(problems.contains { $0.code == "plist-duplicate-key" })
        #expect(!problems.contains { $0.code == "info-wrong-type" })
        #expect(Set(problems) == Set(try Self.check(["--disable", "info-wrong-type"], file)))
    }
}
