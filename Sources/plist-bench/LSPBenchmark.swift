// LSP round trips against the real plist-lsp binary over pipes, as an editor drives it:
// spawn → initialize response, didChange → publishDiagnostics (4 KB and 1 MB), peak RSS.
// Targets (issue #4): initialize ≤ 5 ms; diagnostics p99 ≤ 2 ms (4 KB) and ≤ 20 ms (1 MB);
// peak RSS ≤ 40 MiB with the 1 MB document open.
import Foundation
import LanguageServerProtocol
#if canImport(Glibc)
import Glibc
#endif

struct LSPRoundTripSection: BenchmarkSection {
    let id = "lsp"
    let title = "LSP round trips (the plist-lsp binary over pipes)"

    func run(_ context: BenchContext) {
        guard let binary = LSPBenchServer.binaryPath() else {
            print("plist-lsp not found next to plist-bench (build it: swift build -c release); skipped.")
            return
        }
        print("binary: \(binary)\n")
        do {
            try runStartup(binary, context)
            try runEdits(binary, context)
        } catch {
            printError("plist-bench: LSP section failed: \(error)")
        }
    }

    private func runStartup(_ binary: String, _ context: BenchContext) throws {
        var seconds: [Double] = []
        let runs = context.iterations(full: 40, quick: 5)
        for _ in 0..<(runs + 2) {
            let clock = ContinuousClock()
            let start = clock.now
            let server = try LSPBenchServer(binary: binary)
            try server.initialize()
            let elapsed = (clock.now - start).seconds
            try server.shutdown()
            seconds.append(elapsed)
        }
        let sample = Sample(seconds: Array(seconds.dropFirst(2)))
        var table = Table("Measure", "Runs", "p50", "p99", "Target")
        table.add("spawn → initialize response", "\(sample.seconds.count)", formatTime(sample.median),
                  formatTime(sample.percentile(99)), "≤ 5 ms")
        table.print()
        print("")
    }

    private func runEdits(_ binary: String, _ context: BenchContext) throws {
        var table = Table("Document", "Edits", "p50", "p99", "Target")
        var rss: (peak: Int, current: Int)?
        for (file, edits, target) in [(BenchData.files[0], context.iterations(full: 400, quick: 40), "≤ 2 ms"),
                                      (BenchData.files[1], context.iterations(full: 200, quick: 20), "≤ 20 ms")] {
            let text = context.data.bytes(of: file)
            let server = try LSPBenchServer(binary: binary)
            try server.initialize()
            let uri = "file:///bench/\(file.name)"
            try server.open(uri: uri, text: String(decoding: text, as: UTF8.self))
            _ = try server.waitForDiagnostics(uri: uri, version: 1)
            // Type one character into a string value in the middle, then delete it again.
            let position = LSPBenchServer.positionOfStringContent(in: text)
            var seconds: [Double] = []
            let clock = ContinuousClock()
            for i in 0..<(edits + 10) {
                let version = i + 2
                let insert = i % 2 == 0
                let range = LSPRange(
                    start: position,
                    end: insert ? position : Position(line: position.line, character: position.character + 1))
                let start = clock.now
                try server.change(uri: uri, version: version, range: range, text: insert ? "x" : "")
                _ = try server.waitForDiagnostics(uri: uri, version: version)
                if i >= 10 { seconds.append((clock.now - start).seconds) }
            }
            let sample = Sample(seconds: seconds)
            table.add(file.label, "\(seconds.count)", formatTime(sample.median), formatTime(sample.percentile(99)), target)
            if file.name == BenchData.files[1].name { rss = server.memory() }
            try server.shutdown()
        }
        table.print()
        if let rss {
            print("")
            var memory = Table("Measure", "Value", "Target")
            memory.add("peak RSS, 1 MB document open and edited", String(format: "%.1f MiB", Double(rss.peak) / 1024), "≤ 40 MiB")
            memory.add("RSS after the edits", String(format: "%.1f MiB", Double(rss.current) / 1024), "")
            memory.print()
        }
    }
}

/// plist-lsp as a child process, driven synchronously over its stdin/stdout.
final class LSPBenchServer {
    let process = Process()
    private let input = Pipe(), output = Pipe()
    private var framer = MessageFramer()
    private var queue: [[String: Any]] = []
    private var nextID = 1
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    /// `$PLIST_LSP_BINARY`, else `plist-lsp` next to this executable.
    static func binaryPath() -> String? {
        if let path = ProcessInfo.processInfo.environment["PLIST_LSP_BINARY"] { return path }
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let path = ((me as NSString).deletingLastPathComponent as NSString).appendingPathComponent("plist-lsp")
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    init(binary: String) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--log-level", "error"]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    private func send(_ object: [String: Any]) throws {
        let body = try JSONSerialization.data(withJSONObject: object)
        let data = Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        try input.fileHandleForWriting.write(contentsOf: data)
    }

    /// Reads until a message matching `predicate` arrives (earlier ones are kept).
    private func receive(_ predicate: ([String: Any]) -> Bool) throws -> [String: Any] {
        while true {
            if let index = queue.firstIndex(where: predicate) { return queue.remove(at: index) }
            let fd = output.fileHandleForReading.fileDescriptor
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw BenchError("plist-lsp closed its output") }
            let events = buffer.withUnsafeBytes { framer.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            for case .message(let body) in events {
                if let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] { queue.append(object) }
            }
        }
    }

    private func request(_ method: String, _ params: [String: Any]?) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        try send(message)
        return try receive { $0["method"] == nil && $0["id"] as? Int == id }
    }

    func initialize() throws {
        _ = try request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": [String: Any]()])
        try send(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()])
    }

    func open(uri: String, text: String) throws {
        try send(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                  "params": ["textDocument": ["uri": uri, "languageId": "plist", "version": 1, "text": text]]])
    }

    func change(uri: String, version: Int, range: LSPRange, text: String) throws {
        let r: [String: Any] = ["start": ["line": range.start.line, "character": range.start.character],
                                "end": ["line": range.end.line, "character": range.end.character]]
        try send(["jsonrpc": "2.0", "method": "textDocument/didChange",
                  "params": ["textDocument": ["uri": uri, "version": version],
                             "contentChanges": [["range": r, "text": text]]]])
    }

    func waitForDiagnostics(uri: String, version: Int) throws -> Int {
        let message = try receive {
            guard $0["method"] as? String == "textDocument/publishDiagnostics", let params = $0["params"] as? [String: Any] else { return false }
            return params["uri"] as? String == uri && params["version"] as? Int == version
        }
        return ((message["params"] as? [String: Any])?["diagnostics"] as? [Any])?.count ?? 0
    }

    /// Peak and current resident set size in KiB (`VmHWM`, `VmRSS` of /proc/PID/status).
    func memory() -> (peak: Int, current: Int)? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
        }
        guard let peak = field("VmHWM"), let current = field("VmRSS") else { return nil }
        return (peak, current)
    }

    func shutdown() throws {
        _ = try request("shutdown", nil)
        try send(["jsonrpc": "2.0", "method": "exit"])
        process.waitUntilExit()
    }

    /// The UTF-16 position right after a `<string>` start tag near the middle of the text.
    static func positionOfStringContent(in text: [UInt8]) -> Position {
        let tag = Array("<string>".utf8)
        var i = text.count / 2
        while i + tag.count < text.count && Array(text[i..<i + tag.count]) != tag { i += 1 }
        let offset = min(text.count, i + tag.count)
        var lineStart = offset
        while lineStart > 0 && text[lineStart - 1] != 0x0A { lineStart -= 1 }
        let line = text[0..<lineStart].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        let character = String(decoding: text[lineStart..<offset], as: UTF8.self).utf16.count
        return Position(line: line, character: character)
    }
}
