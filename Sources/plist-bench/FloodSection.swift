// The socket daemon under a flooding client (issue #29, section 4): another client's hover
// latency while one client opens a 1 MB document and sends documentSymbol requests as fast as
// the daemon takes them without reading a reply, against the same run's quiet baseline; the same
// while a client that reads its answers floods documentSymbol (64 unanswered at a time) or edits
// (issue #39, point 9: the other client's p99 should stay within 5x quiet); then, once the flooder
// has left, how long until the daemon's CPU is idle, and its resident memory and open
// descriptors. Figures only, over real Unix-domain sockets.
import Foundation
import LanguageServerProtocol
import PlistSupport
#if canImport(Glibc)
import Glibc
#endif

struct FloodSection: BenchmarkSection {
    let id = "flood"
    let title = "One client floods the socket daemon (plist-lsp --listen)"

    func run(_ context: BenchContext) {
        guard let binary = LSPBenchClient.binaryOrSkip() else { return }
        print("binary: \(binary)\n")
        do {
            try measure(binary, context)
        } catch {
            printError("plist-bench: flood section failed: \(error)")
        }
    }

    /// About 1 MB: 200 entries of 5 KB strings (an outline of 200 symbols).
    static let megabyteDocument: String = {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        let filler = String(repeating: "0123456789abcdef", count: 320)
        for i in 0..<200 { text += "\t<key>Key\(i)</key>\n\t<string>\(i) \(filler)</string>\n" }
        return text + "</dict>\n</plist>\n"
    }()

    private func measure(_ binary: String, _ context: BenchContext) throws {
        let directory = "/tmp/plb-\(getpid())"
        mkdir(directory, 0o700)
        defer { rmdir(directory) }
        let path = directory + "/s"
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: binary)
        daemon.arguments = ["--listen", path, "--log-level", "error"]
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        defer {
            daemon.terminate()
            daemon.waitUntilExit()
        }
        let probe = DaemonProbe(pid: daemon.processIdentifier)
        let deadline = Date().addingTimeInterval(30)
        var socketFD: Int32?
        while socketFD == nil && Date() < deadline {
            socketFD = SocketClient.connect(path)
            if socketFD == nil { usleep(10_000) }
        }
        guard let socketFD else { throw BenchError("the daemon did not listen on \(path)") }
        let polite = SocketClient(fd: socketFD)
        defer { close(socketFD) }
        try polite.initialize()
        let uri = "file:///polite/Info.plist"
        try polite.open(uri: uri, text: "<plist><dict><key>CFBundleName</key><string>A</string></dict></plist>")
        try polite.waitForDiagnostics(uri: uri)

        // Quiet: the polite client alone.
        let hovers = context.iterations(full: 300, quick: 40)
        var quiet: [Double] = []
        for _ in 0..<hovers { quiet.append(try polite.hover(uri: uri, timeout: 30)) }
        usleep(300_000)
        let quietRSS = probe.residentKiB(), quietFDs = probe.openDescriptors()

        // Flooding: the polite client hovers one after the other meanwhile.
        let seconds = context.quick ? 3.0 : 6.0
        let flooder = try Flooder(path: path)
        let flooded = Locked(false)
        let document = Self.megabyteDocument
        let thread = Thread {
            flooder.flood(uri: "file:///flood/Info.plist", text: document, seconds: seconds, maxRequests: 250_000)
            flooded.withLock { $0 = true }
        }
        thread.start()
        var loud: [Double] = []
        var timeouts = 0
        while !flooded.withLock({ $0 }) {
            let latency = try polite.hover(uri: uri, timeout: 30)
            if latency >= 30 { timeouts += 1 }
            loud.append(latency)
        }
        let floodRSS = probe.residentKiB()
        flooder.disconnect()
        let left = Date()
        let idle = probe.secondsUntilIdle(within: 300)
        let afterHover = try polite.hover(uri: uri, timeout: 60)
        usleep(500_000)
        let afterRSS = probe.residentKiB(), afterFDs = probe.openDescriptors()

        let quietSample = Sample(seconds: quiet), loudSample = Sample(seconds: loud)
        var latency = Table("Other client's hover", "Hovers", "p50", "p99", "max")
        latency.add(
            "quiet (alone)", "\(quiet.count)", formatTime(quietSample.median), formatTime(quietSample.percentile(99)),
            formatTime(quiet.max() ?? 0))
        latency.add(
            "while one client floods", "\(loud.count)\(timeouts > 0 ? " (\(timeouts) timed out at 30 s)" : "")",
            formatTime(loudSample.median), formatTime(loudSample.percentile(99)), formatTime(loud.max() ?? 0))
        latency.add("right after it left", "1", formatTime(afterHover), formatTime(afterHover), formatTime(afterHover))
        latency.print()
        print(
            "p99 while flooded / quiet p99: \(String(format: "%.1f", loudSample.percentile(99) / max(quietSample.percentile(99), 1e-9)))x")
        print("")
        // Clients that read their answers but never pause (issue #39, point 9): documentSymbol on the
        // 1 MB document, 64 at a time, and edits to it, each as fast as the daemon takes them.
        var fairness = Table(
            "Other client's hover, one client reading its answers floods", "Hovers", "p50", "p99", "p99 / quiet p99", "flooder read")
        fairness.add("quiet (alone)", "\(quiet.count)", formatTime(quietSample.median), formatTime(quietSample.percentile(99)), "1.0x", "")
        for mode in [ReadingFlooder.Mode.documentSymbol, .didChange] {
            let reader = try ReadingFlooder(path: path, mode: mode)
            let finished = Locked(false)
            let flooding = Thread {
                reader.flood(text: document, seconds: seconds)
                finished.withLock { $0 = true }
            }
            flooding.start()
            usleep(500_000)
            var latencies: [Double] = []
            while !finished.withLock({ $0 }) { latencies.append(try polite.hover(uri: uri, timeout: 30)) }
            reader.disconnect()
            let sample = Sample(seconds: latencies)
            fairness.add(
                "while one client floods \(mode.rawValue)", "\(latencies.count)", formatTime(sample.median),
                formatTime(sample.percentile(99)),
                String(format: "%.1fx", sample.percentile(99) / max(quietSample.percentile(99), 1e-9)),
                mode == .documentSymbol ? "\(reader.answers) outlines" : "\(reader.received) messages")
            _ = probe.secondsUntilIdle(within: 60)
        }
        fairness.print()
        print("")
        var recovery = Table("Measure", "Value")
        recovery.add("requests the flooder got written in \(Int(seconds)) s", "\(flooder.requestsSent)")
        recovery.add(
            "time to idle after it left (CPU < 2 % over 1 s)",
            idle.map { String(format: "%.2f s", $0) } ?? "not idle after \(Int(Date().timeIntervalSince(left))) s")
        recovery.add("RSS quiet / while flooded / after", "\(quietRSS / 1024) / \(floodRSS / 1024) / \(afterRSS / 1024) MiB")
        recovery.add("open descriptors quiet / after", "\(quietFDs) / \(afterFDs)")
        recovery.print()
    }
}

/// What /proc says about the daemon.
private struct DaemonProbe {
    let pid: Int32

    func cpuTicks() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13 else { return 0 }
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }

    func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }

    func residentKiB() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// Seconds until the daemon used less than 2 % of a core over a 1 s window (checked every
    /// 100 ms), counted to the start of that window; nil if not within `limit` seconds.
    func secondsUntilIdle(within limit: Double) -> Double? {
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        let start = Date()
        var window: [(Date, Int)] = []
        while Date().timeIntervalSince(start) < limit {
            let now = Date()
            window.append((now, cpuTicks()))
            window.removeAll { now.timeIntervalSince($0.0) > 1.05 }
            if let first = window.first, let last = window.last, last.0.timeIntervalSince(first.0) >= 0.95,
                Double(last.1 - first.1) / ticksPerSecond < 0.02
            {
                return first.0.timeIntervalSince(start)
            }
            usleep(100_000)
        }
        return nil
    }
}

/// A synchronous LSP client over a connected Unix-domain socket.
private final class SocketClient {
    let fd: Int32
    private var framer = MessageFramer()
    private var queue: [[String: Any]] = []
    private var nextID = 1
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    init(fd: Int32) { self.fd = fd }

    static func connect(_ path: String) -> Int32? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8)
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else { Glibc.close(fd); return nil }
        return fd
    }

    func initialize() throws {
        _ = try request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": [String: Any]()], timeout: 30)
        try send(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()])
    }

    func open(uri: String, text: String) throws {
        try send([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": uri, "languageId": "plist", "version": 1, "text": text]],
        ])
    }

    func waitForDiagnostics(uri: String) throws {
        _ = try receive(timeout: 30) { $0["method"] as? String == "textDocument/publishDiagnostics" }
    }

    /// Seconds until the hover is answered (`timeout` if it is not by then).
    func hover(uri: String, timeout: Double) throws -> Double {
        let start = Date()
        let answer = try request(
            "textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 20]],
            timeout: timeout)
        return answer == nil ? timeout : Date().timeIntervalSince(start)
    }

    private func request(_ method: String, _ params: [String: Any], timeout: Double) throws -> [String: Any]? {
        let id = nextID
        nextID += 1
        try send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        return try receive(timeout: timeout) { $0["method"] == nil && $0["id"] as? Int == id }
    }

    private func send(_ object: [String: Any]) throws {
        let body = try JSONSerialization.data(withJSONObject: object)
        let data = Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw BenchError("the daemon closed the polite client's socket") }
                offset += n
            }
        }
    }

    /// The first message matching `predicate`, or nil after `timeout` seconds.
    private func receive(timeout: Double, _ predicate: ([String: Any]) -> Bool) throws -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let index = queue.firstIndex(where: predicate) { return queue.remove(at: index) }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return nil }
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32(min(left, 1) * 1000)) > 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw BenchError("the daemon closed the polite client's socket") }
            let events = buffer.withUnsafeBytes { framer.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            for case .message(let body) in events {
                if let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] { queue.append(object) }
            }
        }
    }
}

/// A client that floods the daemon and reads everything it answers: documentSymbol requests on a
/// 1 MB document, 64 unanswered at a time, or edits to it (each a one-character change) as fast
/// as the daemon reads them, with their diagnostics read as they come.
private final class ReadingFlooder: @unchecked Sendable {
    enum Mode: String { case documentSymbol, didChange }
    let fd: Int32
    let mode: Mode
    /// Responses read (documentSymbol), and every message read (diagnostics of the edits too).
    private(set) var answers = 0, received = 0
    private var framer = MessageFramer()
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var pending = Data()

    init(path: String, mode: Mode) throws {
        guard let fd = SocketClient.connect(path) else { throw BenchError("could not connect the reading flooder") }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        self.fd = fd
        self.mode = mode
    }

    private static func frame(_ body: String) -> Data { Data("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    /// Writes what is pending and reads what arrived, waiting at most 50 ms for either.
    private func pump() -> Bool {
        var waiting = pollfd(fd: fd, events: Int16(POLLIN) | (pending.isEmpty ? 0 : Int16(POLLOUT)), revents: 0)
        _ = poll(&waiting, 1, 50)
        if !pending.isEmpty {
            let n = pending.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if n > 0 { pending.removeFirst(n) } else if n < 0 && errno != EAGAIN && errno != EINTR { return false }
        }
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        if n == 0 { return false }
        if n > 0 {
            let events = buffer.withUnsafeBytes { framer.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            for case .message(let body) in events {
                received += 1
                if body.starts(with: Array(#"{"jsonrpc":"2.0","method""#.utf8)) { continue }
                if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any], object["method"] == nil,
                    object["id"] != nil
                {
                    answers += 1
                }
            }
        }
        return true
    }

    func flood(text: String, seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        let uri = "file:///flood-\(mode.rawValue)/Info.plist"
        let open: [String: Any] = [
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": [
                "textDocument": ["uri": uri, "languageId": "plist", "version": 1, "text": text]
            ],
        ]
        guard let openBody = try? JSONSerialization.data(withJSONObject: open) else { return }
        pending += Self.frame(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#)
        pending += Self.frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        pending += Self.frame(String(decoding: openBody, as: UTF8.self))
        var sent = 0, version = 1
        while Date() < deadline {
            switch mode {
            case .documentSymbol:
                while sent - answers < 64 {
                    sent += 1
                    pending += Self.frame(
                        #"{"jsonrpc":"2.0","id":\#(sent),"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"\#(uri)"}}}"#
                    )
                }
            case .didChange:
                while pending.count < 4096 {
                    version += 1
                    pending += Self.frame(
                        #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"range":{"start":{"line":4,"character":20},"end":{"line":4,"character":21}},"text":"\#(version % 10)"}]}}"#
                    )
                }
            }
            guard pump() else { return }
        }
    }

    func disconnect() { close(fd) }
}

/// A client that writes without ever reading (non-blocking writes: a daemon that stops reading
/// it makes it wait, up to the deadline, rather than hang).
private final class Flooder: @unchecked Sendable {
    let fd: Int32
    private(set) var requestsSent = 0

    init(path: String) throws {
        guard let fd = SocketClient.connect(path) else { throw BenchError("could not connect the flooder") }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        self.fd = fd
    }

    private static func frame(_ body: String) -> Data { Data("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    private func write(_ data: Data, until deadline: Date) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n > 0 { offset += n; continue }
                if n < 0 && errno == EINTR { continue }
                guard n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK), Date() < deadline else { return false }
                var waiting = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&waiting, 1, 50)
            }
            return true
        }
    }

    func flood(uri: String, text: String, seconds: Double, maxRequests: Int) {
        let deadline = Date().addingTimeInterval(seconds)
        let open: [String: Any] = [
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": [
                "textDocument": ["uri": uri, "languageId": "plist", "version": 1, "text": text]
            ],
        ]
        guard let openBody = try? JSONSerialization.data(withJSONObject: open) else { return }
        var start = Self.frame(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#)
        start += Self.frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        start += Self.frame(String(decoding: openBody, as: UTF8.self))
        guard write(start, until: deadline) else {
            while Date() < deadline { usleep(50_000) }
            return
        }
        while requestsSent < maxRequests && Date() < deadline {
            var batch = Data()
            for id in requestsSent + 1...requestsSent + 256 {
                batch += Self.frame(
                    #"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"\#(uri)"}}}"#)
            }
            guard write(batch, until: deadline) else { break }
            requestsSent += 256
        }
        while Date() < deadline { usleep(50_000) }
    }

    func disconnect() { close(fd) }
}
