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

    /// Whether the installed Neovim is at least `major.minor` (from `nvim --version`'s `NVIM vX.Y.Z`).
    static func neovimIsAtLeast(_ major: Int, _ minor: Int) -> Bool {
        guard let nvim, let result = try? EditorRun.run(nvim, ["--version"], environment: [:], timeout: 10),
              let line = result.stdout.split(separator: "\n").first, let v = line.split(separator: "v").last else { return false }
        let parts = v.split(separator: ".").compactMap { Int($0.prefix { $0.isNumber }) }
        guard parts.count >= 2 else { return false }
        return (parts[0], parts[1]) >= (major, minor)
    }
    static let emacs = which("emacs")
    static let node = which("node")

    /// Whether eglot can be loaded the way the Emacs checks load it (Debian's elpa-eglot, or an
    /// Emacs with eglot built in).
    static let emacsHasEglot: Bool = {
        guard let emacs else { return false }
        let result = try? EditorRun.run(emacs, ["--batch", "-Q", "--eval", """
            (progn (require 'package)
                   (setq package-user-dir (make-temp-file "plist-lsp-elpa" t))
                   (setq package-directory-list (list "/usr/share/emacs/site-lisp/elpa"))
                   (package-initialize)
                   (kill-emacs (if (require 'eglot nil t) 0 3)))
            """], environment: [:], timeout: 60)
        return result?.status == 0
    }()

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
    static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                    directory: URL? = nil, timeout: TimeInterval = timeout) throws -> Result {
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
        return Result(status: process.terminationStatus, timedOut: timedOut,
                      stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }

    /// The fixture every editor check opens, copied so an editor can change it freely.
    static let fixture = SharedData.repositoryRoot.appendingPathComponent("editors/test/Info.plist")

    /// A home for the editor: no user configuration, no shada/history in the real home.
    static func isolatedEnvironment(_ home: URL) -> [String: String] {
        [
            "HOME": home.path,
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
    static func check(_ name: String, editor: String, sourceLocation: SourceLocation = #_sourceLocation,
                      command: (_ fixture: URL, _ environment: [String: String]) -> (String, [String], [String: String]))
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

/// A real Neovim in a tmux terminal, typed at with `send-keys` the way a person types, with the
/// configuration in editors/neovim (editors/neovim/test/init.lua) and the built plist-lsp. It
/// catches what a headless check cannot: what the built-in completion keys (`<C-x><C-o>`, the
/// popup, <CR>) really put into the file.
final class TerminalNeovim {
    static let tmux = EditorTools.which("tmux")
    /// Both programs are needed; CI demands them.
    static let available = EditorTools.shouldRun(EditorTools.nvim != nil && tmux != nil)

    let scratch: TemporaryDirectory
    let file: URL
    private let tmux: String
    /// A server of its own (`tmux -L`), so the test never touches a user's tmux sessions.
    private let socket = "plist-lsp-test-\(UUID().uuidString.prefix(8))"
    private var started = false

    /// Opens `text` as App/Info.plist in Neovim in an 100×30 terminal and waits until plist-lsp is attached.
    ///
    /// Every wait here is `Task.sleep`, never a blocking sleep: Swift Testing runs tests on a pool
    /// with one thread per core, and a blocked thread starves the in-process servers of other tests.
    init(_ text: String, name: String = "Info.plist", environment extra: [String: String] = [:],
         sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let nvim = try EditorTools.require(EditorTools.nvim, "nvim (Neovim)", sourceLocation: sourceLocation)
        tmux = try EditorTools.require(Self.tmux, "tmux", sourceLocation: sourceLocation)
        guard FileManager.default.isExecutableFile(atPath: Binary.url.path) else { throw Binary.BinaryMissing(path: Binary.url.path) }
        scratch = try TemporaryDirectory()
        file = try scratch.write("App/\(name)", text)
        let ready = scratch.url.appendingPathComponent("ready")
        var environment = EditorRun.isolatedEnvironment(scratch.url.appendingPathComponent("home"))
        environment["PLIST_LSP_READY"] = ready.path
        environment.merge(extra) { $1 }
        let init_ = SharedData.repositoryRoot.appendingPathComponent("editors/neovim/test/init.lua").path
        // tmux runs the command through a shell: hand it the environment explicitly.
        let command = (["env"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + [nvim, "-i", "NONE", "-n", "-u", init_, file.path]).map(Self.quoted).joined(separator: " ")
        try tmuxCommand(["new-session", "-d", "-x", "100", "-y", "30", command])
        started = true
        let deadline = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: ready.path) {
            guard Date() < deadline else {
                Issue.record("plist-lsp did not attach within 15 s; screen:\n\(screen())", sourceLocation: sourceLocation)
                throw EditorRun.Missing(what: "an attached plist-lsp")
            }
            try await Self.pause(0.05)
        }
    }

    static func pause(_ seconds: TimeInterval) async throws {
        try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }

    /// Ends Neovim (`:qa!`, which stops plist-lsp too) and this test's tmux server; by their
    /// process ids when they do not go by themselves.
    func quit() async {
        guard started else { return }
        started = false
        let pids = (try? tmuxOutput(["display-message", "-p", "#{pid} #{pane_pid}"]))?
            .split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? []
        try? tmuxCommand(["send-keys", "Escape", ":qa!", "Enter"])
        try? tmuxCommand(["kill-server"])
        let deadline = Date().addingTimeInterval(3)
        while pids.contains(where: { kill($0, 0) == 0 }) && Date() < deadline { try? await Self.pause(0.05) }
        for pid in pids where kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(atPath: "/tmp/tmux-\(getuid())/\(socket)")
    }

    private func tmuxOutput(_ arguments: [String]) throws -> String {
        let out = scratch.url.appendingPathComponent("tmux-output.txt")
        try tmuxCommand(arguments, output: out)
        return try String(contentsOf: out, encoding: .utf8)
    }

    deinit { if started { try? tmuxCommand(["kill-server"]) } }

    /// Types keys (tmux key names such as `C-x`, `Enter`, `Escape`, or literal text), then lets
    /// the editor catch up, as the pause between a person's keystrokes does.
    func type(_ keys: String..., pause: TimeInterval = 0.3) async throws {
        try tmuxCommand(["send-keys"] + keys)
        try await Self.pause(pause)
    }

    /// Types literal text (no key-name lookup), e.g. `<key>Privacy - Cam`.
    func typeText(_ text: String) async throws {
        try tmuxCommand(["send-keys", "-l", text])
        try await Self.pause(0.3)
    }

    /// `:w`, waits until the file on disk changed, and returns its bytes.
    func save(sourceLocation: SourceLocation = #_sourceLocation) async throws -> [UInt8] {
        let before = try Array(Data(contentsOf: file))
        try await type("Escape", ":w", "Enter")
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            let now = try Array(Data(contentsOf: file))
            if now != before { return now }
            try await Self.pause(0.05)
        }
        Issue.record("the file was not written; screen:\n\(screen())", sourceLocation: sourceLocation)
        return before
    }

    /// What the terminal shows now.
    func screen() -> String { (try? tmuxOutput(["capture-pane", "-p"])) ?? "" }

    /// Runs one tmux command (a client that answers within milliseconds) with posix_spawn, not
    /// Foundation's Process: the tmux server that
    /// `new-session` forks keeps every descriptor it inherits, including the one Process watches
    /// for the child's exit, so Process would wait for the server (forever) instead of the client.
    private func tmuxCommand(_ arguments: [String], output: URL? = nil) throws {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output?.path ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else: the tmux server outlives this call, and a pipe end it inherited from a
        // concurrent test (Binary.run's output pipes, a test client's pipes) would keep that test
        // waiting for an end of file until the server exits.
        Self.closeFrom3(&actions)
        let argv = ([tmux, "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tmux, &actions, nil, argv, environ)
        guard spawned == 0 else { throw EditorRun.Missing(what: "tmux (posix_spawn: \(spawned))") }
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(10)
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < deadline else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw EditorRun.Missing(what: "an answer from tmux \(arguments.first ?? "")")
            }
            usleep(2_000)
        }
        // Exited normally with status 0 (kill-server may find no server: that is fine).
        if (status & 0x7f != 0 || (status >> 8) & 0xff != 0) && arguments.first != "kill-server" {
            throw EditorRun.Missing(what: "a working tmux \(arguments.first ?? "") (wait status \(status))")
        }
    }

    /// Adds "close every descriptor from 3 up" to `actions`: glibc's closefrom action (2.34+, looked
    /// up at run time since the Swift module does not import it), else one close per descriptor open now.
    private static func closeFrom3(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap(Int32.init) where fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
    }

    private static func quoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
