// Inputs that are not files, files too large to be plists, links out of the source tree and build
// settings written to explode: `check` and `format` end quickly, say what happened in one line, and
// go on with the other files (issue #29 §2, §3). Each run has a generous time limit: the test asserts
// that the work is bounded, never how fast it is.
import Foundation
import PlistTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension Binary {
    /// Runs plist-lsp, killing it after `limit` seconds; `finished` is false when it had to be killed.
    static func run(_ arguments: [String], limit: TimeInterval) throws -> (result: Result, finished: Bool) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let killed = Locked(false)
        let watchdog = Thread {
            let deadline = Date().addingTimeInterval(limit)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning {
                killed.set(true)
                kill(process.processIdentifier, SIGKILL)
            }
        }
        watchdog.start()
        let (outData, errData) = readAll(output: out.fileHandleForReading, error: err.fileHandleForReading)
        process.waitUntilExit()
        let result = Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
        return (result, !killed.get())
    }
}

/// A value shared with the watchdog thread.
private final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.lock(); defer { lock.unlock() }; return value }
    func set(_ v: Value) { lock.lock(); value = v; lock.unlock() }
}

@Suite struct HostileInputTests {
    static let broken = "<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<strng>b</string>\n</dict>\n</plist>\n"

    /// A Unix socket bound at `path` (closed once bound: the name stays).
    static func bindSocket(at path: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
    }

    @Test(arguments: ["check", "format"])
    func aFIFOOrSocketInAFolderGetsOneLineAndTheRunGoesOn(_ command: String) async throws {
        let dir = try TemporaryDirectory()
        _ = try dir.write("a/Broken.plist", Self.broken)
        #expect(mkfifo(dir.url.appendingPathComponent("a/p.plist").path, 0o600) == 0)
        try Self.bindSocket(at: dir.url.appendingPathComponent("a/s.plist").path)
        let folder = dir.url.appendingPathComponent("a").path
        let (r, finished) = try await onOwnThread { try Binary.run([command, folder], limit: 60) }
        #expect(finished, "\(command) did not end with a FIFO in the folder")
        #expect(r.status == 2)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.filter { $0.contains("p.plist: ") && $0.contains("not a regular file (a FIFO)") }.count == 1, "\(r.stderr)")
        #expect(lines.filter { $0.contains("s.plist: ") && $0.contains("not a regular file (a socket)") }.count == 1, "\(r.stderr)")
        // The other file was read: check reports it, format refuses it.
        #expect((r.stdout + r.stderr).contains("Broken.plist:4:"), "\(r.stdout)\(r.stderr)")
    }

    @Test(arguments: ["check", "format"])
    func aFIFOOrDeviceNamedOnTheCommandLineGetsOneLine(_ command: String) async throws {
        let dir = try TemporaryDirectory()
        let fifo = dir.url.appendingPathComponent("p.plist").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let good = try dir.write("Broken.plist", Self.broken)
        let (r, finished) = try await onOwnThread { try Binary.run([command, fifo, "/dev/zero", good.path], limit: 60) }
        #expect(finished, "\(command) did not end")
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(fifo): not a regular file (a FIFO)"), "\(r.stderr)")
        #expect(r.stderr.contains("/dev/zero: not a regular file (a character device)"), "\(r.stderr)")
        #expect((r.stdout + r.stderr).contains("Broken.plist:4:"))
    }

    @Test func aFileOverTheSizeLimitIsNotRead() async throws {
        let dir = try TemporaryDirectory()
        let big = dir.url.appendingPathComponent("Big.plist").path
        // Sparse: no disk is used.
        let fd = open(big, O_CREAT | O_WRONLY, 0o600)
        #expect(ftruncate(fd, off_t(300 << 20)) == 0)
        close(fd)
        let (r, finished) = try await onOwnThread { try Binary.run(["check", big], limit: 60) }
        #expect(finished)
        #expect(r.status == 2)
        #expect(r.stderr.contains("larger than the 256 MB a plist may be"), "\(r.stderr)")
    }

    @Test func aProjectFileOverTheLimitSaysSo() async throws {
        let dir = try TemporaryDirectory()
        let pbxproj = dir.url.appendingPathComponent("App.xcodeproj/project.pbxproj")
        try FileManager.default.createDirectory(at: pbxproj.deletingLastPathComponent(), withIntermediateDirectories: true)
        let fd = open(pbxproj.path, O_CREAT | O_WRONLY, 0o600)
        #expect(ftruncate(fd, off_t(17 << 20)) == 0)
        close(fd)
        let root = dir.url.path
        let (r, finished) = try await onOwnThread { try Binary.run(["check", "--project", root], limit: 60) }
        #expect(finished)
        #expect(!r.stderr.contains("no Xcode project or XcodeGen spec found"), "\(r.stderr)")
        #expect(r.stderr.contains("project.pbxproj: cannot be read: larger than the 16 MB a project file may be"), "\(r.stderr)")
    }

    @Test func aFileLinkOutOfTheSourceTreeIsNotFollowed() async throws {
        let dir = try TemporaryDirectory()
        let manifest = try dir.write(
            "app/Resources/PrivacyInfo.xcprivacy",
            "<plist version=\"1.0\">\n<dict>\n\t<key>NSPrivacyTracking</key>\n\t<false/>\n</dict>\n</plist>\n")
        _ = try dir.write("outside/Store.m", "id d = [NSUserDefaults standardUserDefaults];\n")
        _ = try dir.write("app/src/Inside.m", "int x = 1;\n")
        _ = try dir.write("app/src/Real.m", "int y = 2;\n")
        try FileManager.default.createSymbolicLink(
            atPath: dir.url.appendingPathComponent("app/src/Link.m").path, withDestinationPath: "../../outside/Store.m")
        // A link to a file inside the tree is read.
        try FileManager.default.createSymbolicLink(
            atPath: dir.url.appendingPathComponent("app/src/Same.m").path, withDestinationPath: "Real.m")
        let sources = dir.url.appendingPathComponent("app").path
        let outside = try await onOwnThread { try Binary.run(["check", "--sources", sources, manifest.path]) }
        #expect(!outside.stdout.contains("NSUserDefaults"), "\(outside.stdout)")
        // The same call in a file of the tree is found (the scan works).
        _ = try dir.write("app/src/Inside.m", "id d = [NSUserDefaults standardUserDefaults];\n")
        let inside = try await onOwnThread { try Binary.run(["check", "--sources", sources, manifest.path]) }
        #expect(inside.stdout.contains("NSUserDefaults at src/Inside.m:1:9"), "\(inside.stdout)")
    }

    /// h0 … h39, each including the next twice and once with `#include?`, `W<i> = $(W<i+1>)$(W<i+1>)`.
    @Test func fortyXcconfigsThatDoubleEndAndSayTheValueIsCut() async throws {
        let folder = try ProjectFixture.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ProjectFixture.writeDoublingXcconfigs(in: folder)
        let (r, finished) = try await onOwnThread { try Binary.run(["check", "--project", folder.path], limit: 120) }
        #expect(finished, "check --project did not end within 120 s")
        #expect(r.stderr.contains("the value of W0 expands to more than 65536 bytes and is cut there"), "\(r.stderr)")
        #expect(!r.stderr.contains("includes itself"), "\(r.stderr)")
    }

    @Test func aChainOfTwentyXcconfigsIsNoCycle() async throws {
        let folder = try ProjectFixture.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("Config")
        try "#include \"h0.xcconfig\"\n".write(to: config.appendingPathComponent("App.xcconfig"), atomically: true, encoding: .utf8)
        for i in 0..<20 {
            let text = (i < 19 ? "#include \"h\(i + 1).xcconfig\"\n" : "PRODUCT_BUNDLE_IDENTIFIER = com.example.app\n") + "V\(i) = \(i)\n"
            try text.write(to: config.appendingPathComponent("h\(i).xcconfig"), atomically: true, encoding: .utf8)
        }
        let (r, finished) = try await onOwnThread { try Binary.run(["check", "--project", folder.path], limit: 120) }
        #expect(finished)
        #expect(!r.stderr.contains("includes itself"), "\(r.stderr)")
        #expect(!r.stderr.contains("deep"), "\(r.stderr)")
    }
}
