// `plist-lsp check --fix` never loses a write (issue #11.6): symbolic links, hard links, read-only
// files, owner and mode, a save made by another program during the fix, signals during the
// write, and names close to the file system's limit — each through the built binary.
import Foundation
import PlistTestSupport
import Testing

@Suite struct CheckWriteSafetyTests {
    // A bare '&' Foundation cannot read: the safe fix writes it as &amp;.
    let broken =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleName</key>\n\t<string>Salt & Pepper</string>\n</dict>\n</plist>\n"
    let fixed =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleName</key>\n\t<string>Salt &amp; Pepper</string>\n</dict>\n</plist>\n"

    func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    func info(_ path: String) throws -> stat {
        var s = stat()
        guard lstat(path, &s) == 0 else { throw CocoaError(.fileNoSuchFile) }
        return s
    }

    /// The temporary files a write left in `directory`.
    func leftovers(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("plist-lsp") }
    }

    @Test func aSymbolicLinkIsWrittenThroughToItsTarget() throws {
        let dir = try TemporaryDirectory()
        let target = try dir.write("Shared/Info.plist", broken)
        let link = dir.url.appendingPathComponent("Info.plist")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "Shared/Info.plist")
        let r = try Binary.run(["check", "--fix", link.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try info(link.path).st_mode & S_IFMT == S_IFLNK, "the link was replaced by a regular file")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "Shared/Info.plist")
        #expect(try contents(target) == fixed)
        #expect(try leftovers(dir.url).isEmpty && leftovers(target.deletingLastPathComponent()).isEmpty)
    }

    @Test func aHardLinkedFileIsLeftAloneWithAMessage() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", broken)
        let other = dir.url.appendingPathComponent("Copy.plist")
        try FileManager.default.linkItem(at: file, to: other)
        let r = try Binary.run(["check", "--fix", file.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("not fixed: the file has 2 hard links"))
        #expect(try contents(file) == broken && contents(other) == broken)
        #expect(try info(file.path).st_ino == info(other.path).st_ino, "the hard link was split")
    }

    @Test func aReadOnlyFileIsLeftAloneWithAMessage() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", broken)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        let r = try Binary.run(["check", "--fix", file.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("not fixed: the file is read-only"))
        #expect(r.stdout.contains("[xml-invalid-reference]"), "the problem is still reported")
        #expect(try contents(file) == broken)
        #expect(try info(file.path).st_mode & 0o7777 == 0o444)
    }

    @Test(.enabled(if: getuid() == 0, "changing a file's owner needs root"))
    func ownerAndGroupAreKeptAndSetIDBitsDropped() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", broken)
        guard chown(file.path, 4321, 8765) == 0, chmod(file.path, 0o6754) == 0 else { throw CocoaError(.fileWriteNoPermission) }
        let r = try Binary.run(["check", "--fix", file.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try contents(file) == fixed)
        let s = try info(file.path)
        #expect(s.st_uid == 4321 && s.st_gid == 8765, "owner \(s.st_uid):\(s.st_gid)")
        #expect(s.st_mode & 0o7777 == 0o754, "mode \(String(s.st_mode & 0o7777, radix: 8))")
    }

    @Test func aFileWhoseNameIsCloseToTheLimitCanBeFixed() throws {
        let dir = try TemporaryDirectory()
        // 255 bytes: the longest name the file system takes.
        let name = String(repeating: "n", count: 255 - "-Info.plist".count) + "-Info.plist"
        let file = try dir.write(name, broken)
        let r = try Binary.run(["check", "--fix", "--file-kind", "infoPlist", file.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try contents(file) == fixed)
        #expect(try leftovers(dir.url).isEmpty)
    }

    /// Starts `check --fix` paused with its temporary file written, and waits for that file. The
    /// child gets an empty signal mask and default actions (the test runner's threads block most
    /// signals, and a spawned child would inherit that), as a shell would start it.
    func startPausedFix(_ file: URL, in dir: URL) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), defaults = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&defaults)
        for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let arguments = [Binary.url.path, "check", "--fix", file.path]
        var environment = ProcessInfo.processInfo.environment
        environment["PLIST_LSP_TEST_PAUSE_BEFORE_RENAME"] = "30"
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, Binary.url.path, nil, &attributes, argv, envp) == 0 else { throw CocoaError(.executableLoad) }
        try waitUntil("the temporary file", seconds: 60) { ((try? leftovers(dir)) ?? []).count == 1 }
        return pid
    }

    @Test func aSaveByAnotherProgramDuringTheFixIsKept() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", broken)
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["check", "--fix", file.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["PLIST_LSP_TEST_PAUSE_BEFORE_RENAME": "1"]) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try waitUntil("the temporary file", seconds: 60) { ((try? leftovers(dir.url)) ?? []).count == 1 }
        // Another editor saves the same length in place, within the same second.
        let theirs = broken.replacingOccurrences(of: "Pepper", with: "Vinegar")
        try Data(theirs.utf8).write(to: file)
        let stderr = String(decoding: readAll(err.fileHandleForReading), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(stderr.contains("not fixed: the file changed on disk while it was being fixed"), "\(stderr)")
        #expect(try contents(file) == theirs)
        #expect(try leftovers(dir.url).isEmpty)
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalDuringTheWriteLeavesNoTemporaryFile(_ signal: Int32) throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", broken)
        let pid = try startPausedFix(file, in: dir.url)
        kill(pid, signal)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Killed by that signal (the low 7 bits of the wait status), as without the cleanup.
        #expect(status & 0x7F == signal, "wait status \(status)")
        #expect(try leftovers(dir.url).isEmpty)
        #expect(try contents(file) == broken)
    }
}
