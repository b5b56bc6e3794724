// The built plist-lsp as a daemon on a Unix-domain socket: many clients, careful socket handling.
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct LSPSocketTests {
    /// A short temporary directory (socket paths must fit in 107 bytes).
    static func shortDirectory() throws -> URL {
        let url = URL(fileURLWithPath: "/tmp/plsp-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func startDaemon(at path: String) throws -> LSPServerProcess {
        let daemon = try LSPServerProcess(["--listen", path])
        try waitUntil("the socket at \(path)") {
            guard FileManager.default.fileExists(atPath: path), let fd = connectUnixSocket(path) else { return false }
            close(fd)
            return true
        }
        return daemon
    }

    static func client(_ path: String) throws -> (LSPWire, Int32) {
        let fd = try #require(connectUnixSocket(path))
        return (LSPWire(readFD: fd, writeFD: fd), fd)
    }

    @Test func manyClientsEachWithItsOwnSession() throws {
        let directory = try Self.shortDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("lsp.sock").path
        let daemon = try Self.startDaemon(at: path)

        var info = stat()
        #expect(lstat(path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFSOCK)
        #expect(info.st_mode & 0o777 == 0o600)

        let (a, fdA) = try Self.client(path)
        let (b, fdB) = try Self.client(path)
        defer { close(fdA); close(fdB) }
        _ = try a.initialize()
        _ = try b.initialize(encodings: ["utf-8"])
        let uri = "file:///same/Info.plist"
        try a.open(uri, "<plist><dict><key>😀</key></dict></plist>")
        try b.open(uri, "<plist><dict><key>😀</key><true/></dict></plist>")
        #expect(try a.diagnostics(uri, version: 1).contains { $0["code"] as? String == "plist-key-without-value" })
        #expect(try !b.diagnostics(uri, version: 1).contains { $0["code"] as? String == "plist-key-without-value" })
        // After `<true/>`: UTF-8 column 35 (😀 is 4 bytes).
        try b.change(uri, version: 2, range: [0, 35, 0, 35], "<key>B</key>")
        let added = try b.diagnostics(uri, version: 2)
        let keyWithoutValue = added.filter { $0["code"] as? String == "plist-key-without-value" }
        #expect(keyWithoutValue.map { Array(rangeArray($0).prefix(2)) } == [[0, 35]])

        // One client leaves; the other goes on, and new clients are still accepted.
        try a.shutdownAndExit()
        #expect(a.waitForEnd())
        try b.change(uri, version: 3, range: [0, 35, 0, 47], "")
        #expect(try !b.diagnostics(uri, version: 3).contains { $0["code"] as? String == "plist-key-without-value" })
        let (c, fdC) = try Self.client(path)
        defer { close(fdC) }
        _ = try c.initialize()
        try c.shutdownAndExit()
        #expect(c.waitForEnd())
        #expect(a.errors.isEmpty && b.errors.isEmpty && c.errors.isEmpty)

        daemon.signal(SIGTERM)
        #expect(try daemon.waitForExit() == 128 + SIGTERM)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func sigintRemovesTheSocket() throws {
        let directory = try Self.shortDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("s").path
        let daemon = try Self.startDaemon(at: path)
        daemon.signal(SIGINT)
        #expect(try daemon.waitForExit() == 128 + SIGINT)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aFileThatIsNotASocketIsNeverReplaced() throws {
        let directory = try Self.shortDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("notes.txt").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
        let result = try Binary.run(["--listen", path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("is not a socket"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
    }

    @Test func aStaleSocketIsReplaced() throws {
        let directory = try Self.shortDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("stale.sock").path
        // A socket file nobody listens on (bound, then closed without unlinking).
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8)
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        close(fd)
        #expect(connectUnixSocket(path) == nil)

        let daemon = try Self.startDaemon(at: path)
        let (wire, client) = try Self.client(path)
        defer { close(client) }
        _ = try wire.initialize()
        try wire.shutdownAndExit()
        daemon.signal(SIGTERM)
        #expect(try daemon.waitForExit() == 128 + SIGTERM)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aSocketInUseIsAnError() throws {
        let directory = try Self.shortDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("busy.sock").path
        let daemon = try Self.startDaemon(at: path)
        let second = try Binary.run(["--listen", path])
        #expect(second.status == 2)
        #expect(second.stderr.contains("already in use"))
        daemon.signal(SIGTERM)
        let status = try daemon.waitForExit()
        #expect(status == 128 + SIGTERM, "reason \(daemon.process.terminationReason.rawValue), stderr: \(daemon.stderr)")
    }

    @Test func aTooLongPathIsAnError() throws {
        let path = "/tmp/" + String(repeating: "p", count: 120) + ".sock"
        let result = try Binary.run(["--listen", path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("too long"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aMissingDirectoryIsAnError() throws {
        let result = try Binary.run(["--listen", "/tmp/plsp-missing-\(UUID().uuidString.prefix(8))/s.sock"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("does not exist"))
    }
}
