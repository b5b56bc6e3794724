// The built plist-lsp as a daemon on a Unix-domain socket: many clients, careful socket handling.
import Foundation
import Testing
import PlistTestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct LSPSocketTests {
    /// A short temporary directory (socket paths must fit in 107 bytes).
    static func shortDirectory() throws -> URL {
        let url = URL(fileURLWithPath: "/tmp/plsp-\(UUID().uuidString.prefix(8))")
        // Owner-only whatever the umask: the daemon refuses a directory others can write to.
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
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

    // MARK: Issue 11

    /// Every request the server answers on a raw socket: sends framed bodies, never reads.
    static func sendFramed(_ fd: Int32, _ bodies: [String]) {
        var data = Data()
        for body in bodies { data += Data("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                // MSG_NOSIGNAL: the daemon may close this client while it still writes.
                let n = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// A position of `Int.max` in one client's requests and changes used to trap and take every
    /// session of the daemon down (and leave the socket behind). Now it is clamped.
    @Test func oneClientsHugePositionsHarmNoOtherSession() async throws {
        try await onOwnThread {
            let directory = try Self.shortDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("s").path
            let daemon = try Self.startDaemon(at: path)
            let (a, fdA) = try Self.client(path)
            let (b, fdB) = try Self.client(path)
            defer { close(fdA); close(fdB) }
            _ = try a.initialize()
            _ = try b.initialize()
            let uri = "file:///x/Info.plist"
            try a.open(uri, "<plist><dict><key>é😀</key></dict></plist>")
            try b.open(uri, "<plist><dict><key>A</key></dict></plist>")
            _ = try a.diagnostics(uri, version: 1)
            _ = try b.diagnostics(uri, version: 1)
            let huge = Int.max
            let position: [String: Any] = ["line": 0, "character": huge]
            let hover = try a.request("textDocument/hover", ["textDocument": ["uri": uri], "position": position])
            let completion = try a.request("textDocument/completion", ["textDocument": ["uri": uri], "position": position])
            let selection = try a.request("textDocument/selectionRange", ["textDocument": ["uri": uri], "positions": [position]])
            let hints = try a.request(
                "textDocument/inlayHint",
                [
                    "textDocument": ["uri": uri], "range": ["start": ["line": 0, "character": 0], "end": position],
                ])
            // (Answered before the change, which would cancel them with ContentModified.)
            for id in [hover, completion, selection, hints] {
                let response = try a.response(to: id)
                #expect(response["error"] == nil, "\(response)")
            }
            try a.change(uri, version: 2, range: [0, huge, huge, huge], "<!-- end -->")
            _ = try a.diagnostics(uri, version: 2)
            // The other session is untouched and goes on.
            try b.change(uri, version: 2, range: [0, 25, 0, 25], "<true/>")
            #expect(try !b.diagnostics(uri, version: 2).contains { $0["code"] as? String == "plist-key-without-value" })
            try a.shutdownAndExit()
            try b.shutdownAndExit()
            daemon.signal(SIGTERM)
            #expect(try daemon.waitForExit() == 128 + SIGTERM)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    /// Another user who can write to the directory could unlink the socket, bind their own and
    /// receive the next client's `initialize`: such a directory is refused.
    @Test(arguments: [0o777, 0o770, 0o720, 0o702])
    func aDirectoryOthersCanWriteToIsRefused(mode: Int) async throws {
        try await onOwnThread {
            let directory = try Self.shortDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            #expect(chmod(directory.path, mode_t(mode)) == 0)
            let path = directory.appendingPathComponent("s").path
            let result = try Binary.run(["--listen", path])
            #expect(result.status == 2)
            #expect(result.stderr.contains("group or other users can write to it"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    /// SIGHUP (the terminal went away) and SIGUSR1 end the daemon like SIGTERM: the socket is
    /// removed, the status is 128 + the signal.
    @Test(arguments: [SIGHUP, SIGUSR1])
    func hangupAndUser1RemoveTheSocket(signal: Int32) async throws {
        try await onOwnThread {
            let directory = try Self.shortDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("s").path
            let daemon = try Self.startDaemon(at: path)
            daemon.signal(signal)
            #expect(try daemon.waitForExit() == 128 + signal)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    /// SIGPIPE is ignored (a write to a client that left is that session's error only).
    @Test func sigpipeIsIgnored() async throws {
        try await onOwnThread {
            let directory = try Self.shortDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("s").path
            let daemon = try Self.startDaemon(at: path)
            daemon.signal(SIGPIPE)
            let (wire, fd) = try Self.client(path)
            defer { close(fd) }
            _ = try wire.initialize()
            try wire.shutdownAndExit()
            #expect(daemon.process.isRunning)
            daemon.signal(SIGTERM)
            #expect(try daemon.waitForExit() == 128 + SIGTERM)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    /// Idle sessions cost no thread: every connection's input is read by one poller thread and
    /// writers end when their queue is empty, so 40 initialized, idle clients add (almost) no
    /// thread to the daemon (one reader thread each used to add 40). Counted in /proc (Linux).
    @Test func idleClientsHoldNoThreadOfTheirOwn() async throws {
        try await onOwnThread {
            guard FileManager.default.fileExists(atPath: "/proc/self/task") else {
                print("skipped: no /proc/PID/task to count the daemon's threads on this system")
                return
            }
            let directory = try Self.shortDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("s").path
            let daemon = try Self.startDaemon(at: path)
            func threads() throws -> Int {
                try FileManager.default.contentsOfDirectory(atPath: "/proc/\(daemon.process.processIdentifier)/task").count
            }
            func session() throws -> (LSPWire, Int32, String) {
                let (client, fd) = try Self.client(path)
                _ = try client.initialize()
                let uri = "file:///idle/\(fd)/Info.plist"
                try client.open(uri, "<plist><dict><key>CFBundleName</key></dict></plist>")
                _ = try client.diagnostics(uri, version: 1)
                return (client, fd, uri)
            }
            var sessions = [try session()]
            // Let the writer thread of the first session finish after its last message.
            try waitUntil("the daemon to settle") { (try? threads()) ?? 0 > 0 }
            usleep(200_000)
            let withOne = try threads()
            for _ in 1..<40 { sessions.append(try session()) }
            usleep(200_000)
            let withForty = try threads()
            #expect(withForty - withOne < 8, "\(withOne) threads with one idle session, \(withForty) with forty")
            // Every session is still served.
            for (client, _, uri) in sessions {
                let id = try client.request(
                    "textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 20]])
                let hover = try client.response(to: id)
                #expect("\(hover["result"] ?? "")".contains("CFBundleName"))
            }
            for (_, fd, _) in sessions { close(fd) }
            daemon.signal(SIGTERM)
            #expect(try daemon.waitForExit() == 128 + SIGTERM)
        }
    }

    /// A client that pipelines thousands of requests and never reads used to block every other
    /// client and new connections (every pool thread stuck in a write to it). Its output now waits
    /// in its own bounded queue: others are served meanwhile, and past the bound (64 MiB) the
    /// client is disconnected.
    @Test func aClientThatNeverReadsStallsNobodyAndIsDisconnected() async throws {
        try await onOwnThread {
            let directory = try Self.shortDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("s").path
            let daemon = try Self.startDaemon(at: path)
            let greedy = try #require(connectUnixSocket(path))
            defer { close(greedy) }
            let uri = "file:///big/Info.plist"
            var keys = ""
            for k in 0..<20 { keys += "<key>Key\(k)</key><string>Value \(k) é😀</string>\n" }
            let open: [String: Any] = [
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": [
                    "textDocument": ["uri": uri, "languageId": "plist", "version": 1, "text": "<plist><dict>\n\(keys)</dict></plist>\n"]
                ],
            ]
            var bodies = [
                #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#,
                #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
                String(decoding: try JSONSerialization.data(withJSONObject: open), as: UTF8.self),
            ]
            // 1,000 outlines (a few KB each): far more than the socket buffers hold.
            for id in 1...1_000 {
                bodies.append(
                    #"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"\#(uri)"}}}"#)
            }
            Self.sendFramed(greedy, bodies)
            // A polite client connects afterwards and is served.
            let (polite, fd) = try Self.client(path)
            defer { close(fd) }
            _ = try polite.initialize()
            try polite.open("file:///p/Info.plist", "<plist><dict><key>A</key></dict></plist>")
            #expect(
                try polite.diagnostics("file:///p/Info.plist", version: 1).contains { $0["code"] as? String == "plist-key-without-value" })
            try polite.shutdownAndExit()
            #expect(polite.waitForEnd())
            // Past the bound the greedy client is dropped: requests whose error echoes a 64 KB id
            // (cheap to answer) take its unread output over 64 MiB.
            let id = String(repeating: "i", count: 64 << 10)
            Self.sendFramed(greedy, (0..<1_100).map { #"{"jsonrpc":"2.0","id":"\#(id)\#($0)","method":"plist/unknown"}"# })
            var received = 0
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline {
                var poller = pollfd(fd: greedy, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 1_000) > 0 else { continue }
                let n = read(greedy, &buffer, buffer.count)
                if n <= 0 { break }
                received += n
            }
            #expect(Date() < deadline, "the greedy client was never disconnected")
            #expect(received < 64 << 20, "received \(received) bytes: the output was not dropped")
            // Dropped past the 64 MiB bound ("does not read its messages"), or, on a machine so busy
            // that a write to it made no progress for 30 s before the bound was reached, by the
            // write timeout ("write failed"): either way the daemon says why it let the client go.
            try waitUntil("the daemon to log the drop", seconds: 120) {
                daemon.stderr.contains("connection dropped: the client does not read")
                    || daemon.stderr.contains("connection dropped: write failed")
            }
            daemon.signal(SIGTERM)
            #expect(try daemon.waitForExit() == 128 + SIGTERM)
        }
    }
}
