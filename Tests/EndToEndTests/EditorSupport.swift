// Runs real editors (headless Neovim, batch Emacs) with the configurations in editors/ against
// the built plist-lsp, and reads back what each check reported.
//
// Skip semantics: a test whose editor is missing is *skipped* on a developer machine (Swift
// Testing reports it with the reason) and *fails* when CI is set, so CI can never pass without
// having run the editors. Every run is bounded: the scripts have their own watchdog and the
// process is killed after `EditorRun.timeout`.
import Foundation
import Testing
import PlistTestSupport

enum EditorTools {
    /// CI sets CI=true (`.ci/run`).
    static let inCI: Bool = {
        guard let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() else { return false }
        return !["", "0", "false", "no"].contains(value)
    }()

    /// The full path of an executable on PATH.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static let nvim = which("nvim")

    static let emacs = which("emacs")
    static let node = which("node")

    /// Whether eglot can be loaded the way the Emacs checks load it (Debian's elpa-eglot, or an
    /// Emacs with eglot built in).
    static let emacsHasEglot = emacsLoads("eglot")

    /// Whether `feature` loads from Debian's ELPA directory (or is built in), as the checks load it.
    static func emacsLoads(_ feature: String) -> Bool {
        guard let emacs else { return false }
        let result = try? EditorRun.run(
            emacs,
            [
                "--batch", "-Q", "--eval",
                """
                (progn (require 'package)
                       (setq package-user-dir (make-temp-file "plist-lsp-elpa" t))
                       (add-hook 'kill-emacs-hook (lambda () (ignore-errors (delete-directory package-user-dir t))))
                       (setq package-directory-list (list "/usr/share/emacs/site-lisp/elpa"))
                       (package-initialize)
                       (kill-emacs (if (require '\(feature) nil t) 0 3)))
                """,
            ], environment: [:], timeout: 60)
        return result?.status == 0
    }

    /// True when the test must run: the tool is there, or CI demands it (and the test fails).
    static func shouldRun(_ available: Bool) -> Bool { available || inCI }

    /// The tool, or a loud failure (only reached in CI when it is missing).
    static func require(_ path: String?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        guard let path else {
            Issue.record("\(what) is not installed, and CI=true requires it (.ci/run installs it with apt)", sourceLocation: sourceLocation)
            throw EditorRun.Missing(what: what)
        }
        return path
    }
}

/// The checks every editor configuration passes, each by the same name in the editor's check script
/// (editors/neovim/test/check.lua, editors/emacs/test/plist-lsp-test.el): an editor's suite runs
/// all of them, so a check added here is asked of every editor. What only one editor has (its
/// filetype detection, its 0.11 configuration path, byte-compilation) stays in its own suite.
enum EditorCheck: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case diagnostics, hover, completion, quickfix, outline

    var testDescription: String {
        switch self {
        case .diagnostics: "diagnostics arrive at the right lines and columns"
        case .hover: "hover on a key shows its documentation"
        case .completion: "completion in a top-level <key> offers NSCameraUsageDescription"
        case .quickfix: "the Add NSCameraUsageDescription quick-fix edits the buffer"
        case .outline: "the outline names array items by their content; with no inlay hints shown, the Xcode name leads the detail"
        }
    }
}

enum EditorRun {
    static let timeout: TimeInterval = 90

    struct Missing: Error, CustomStringConvertible {
        let what: String
        var description: String { "\(what) is not installed" }
    }

    struct Result {
        var status: Int32
        var timedOut: Bool
        var stdout: String
        var stderr: String
    }

    /// Runs a program with a bounded wait; output goes to files so a chatty child never blocks.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        directory: URL? = nil, timeout: TimeInterval = timeout
    ) throws -> Result {
        let scratch = try TemporaryDirectory()
        let outURL = scratch.url.appendingPathComponent("stdout"), errURL = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer { try? out.close(); try? err.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        let timedOut = process.isRunning
        if timedOut {
            process.terminate()
            let grace = Date().addingTimeInterval(3)
            while process.isRunning && Date() < grace { usleep(50_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, timedOut: timedOut,
            stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }

    /// The fixture every editor check opens, copied so an editor can change it freely.
    static let fixture = SharedData.repositoryRoot.appendingPathComponent("editors/test/Info.plist")

    /// A home for the editor: no user configuration, no shada/history in the real home.
    static func isolatedEnvironment(_ home: URL) -> [String: String] {
        // Temporary files in the scratch folder, removed with it: Emacs left a package folder and
        // its native compiler's files in /tmp on every run.
        let temporary = home.appendingPathComponent("tmp")
        try? FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        return [
            "HOME": home.path,
            "TMPDIR": temporary.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
            "XDG_STATE_HOME": home.appendingPathComponent(".local/state").path,
            "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path,
            "PLIST_LSP_BINARY": Binary.url.path,
        ]
    }

    /// Runs one check script: copies the fixture, runs the editor, and turns the result lines
    /// ("PASS|FAIL check: detail") into expectations. Returns the PASS lines. The editor is waited
    /// for on a thread of its own (`onOwnThread`): an editor run takes seconds, and a thread of the
    /// two-thread cooperative pool held that long starves the in-process server tests.
    @discardableResult
    static func check(
        _ name: String, editor: String, sourceLocation: SourceLocation = #_sourceLocation,
        command: (_ fixture: URL, _ environment: [String: String]) -> (String, [String], [String: String])
    )
        async throws -> [String]
    {
        guard FileManager.default.isExecutableFile(atPath: Binary.url.path) else { throw Binary.BinaryMissing(path: Binary.url.path) }
        let scratch = try TemporaryDirectory()
        let project = scratch.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let fixture = project.appendingPathComponent("Info.plist")
        try FileManager.default.copyItem(at: Self.fixture, to: fixture)
        let resultURL = scratch.url.appendingPathComponent("result.txt")
        var environment = isolatedEnvironment(scratch.url.appendingPathComponent("home"))
        environment["PLIST_LSP_CHECK"] = name
        environment["PLIST_LSP_RESULT"] = resultURL.path
        environment["PLIST_LSP_FILE"] = fixture.path
        let (executable, arguments, extra) = command(fixture, environment)
        environment.merge(extra) { $1 }
        let finalEnvironment = environment
        let result = try await onOwnThread {
            try run(executable, arguments, environment: finalEnvironment, directory: SharedData.repositoryRoot)
        }

        let report = (try? String(contentsOf: resultURL, encoding: .utf8)) ?? ""
        let lines = report.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let failures = lines.filter { $0.hasPrefix("FAIL ") }
        let passes = lines.filter { $0.hasPrefix("PASS ") }
        let context = "\(editor) \(name) check; exit \(result.status)\n\(report)\n--- stderr ---\n\(result.stderr.suffix(3000))"
        if result.timedOut {
            Issue.record("\(editor) did not finish within \(Int(timeout)) s\n\(context)", sourceLocation: sourceLocation)
        }
        for (index, failure) in failures.enumerated() {
            Issue.record("\(editor): \(failure)\(index == 0 ? "\n" + context : "")", sourceLocation: sourceLocation)
        }
        if failures.isEmpty && passes.isEmpty {
            Issue.record("\(editor) reported no verdict for \(name)\n\(context)", sourceLocation: sourceLocation)
        } else if failures.isEmpty && result.status != 0 {
            Issue.record("\(editor) exited \(result.status) although every check passed\n\(context)", sourceLocation: sourceLocation)
        }
        return passes
    }
}
