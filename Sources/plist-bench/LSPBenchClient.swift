// The benchmarks' LSP client: the plist-lsp binary as a child process, driven synchronously over
// its stdin and stdout, as an editor drives it (one client for every section that measures round
// trips).
import Foundation
import LanguageServerProtocol
#if canImport(Glibc)
import Glibc
#endif

final class LSPBenchClient {
    let process = Process()
    private let input = Pipe(), output = Pipe()
    private var framer = MessageFramer()
    /// Messages received and not yet taken, in arrival order.
    private var queue: [[String: Any]] = []
    private var nextID = 1
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    /// What a section that needs the server prints when it is not built.
    static let missingBinaryNote = "plist-lsp not found next to plist-bench (build it: swift build -c release)"

    /// The server binary, or nil after printing that the section that needs it is skipped.
    static func binaryOrSkip() -> String? {
        if let path = binaryPath() { return path }
        print("\(missingBinaryNote); skipped.")
        return nil
    }

    /// `$PLIST_LSP_BINARY`, else `plist-lsp` next to this executable.
    static func binaryPath() -> String? {
        if let path = ProcessInfo.processInfo.environment["PLIST_LSP_BINARY"] { return path }
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let path = ((me as NSString).deletingLastPathComponent as NSString).appendingPathComponent("plist-lsp")
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Starts the server (not yet initialized: see `initialize(capabilities:)`).
    init(binary: String, arguments: [String] = ["--log-level", "error"]) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// `initialize` (waiting for its response), then `initialized`.
    func initialize(capabilities: [String: Any] = [:], rootUri: String? = nil) throws {
        _ = try request("initialize", ["processId": NSNull(), "rootUri": rootUri ?? NSNull(), "capabilities": capabilities])
        try send(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()])
    }

    func open(uri: String, text: String) throws {
        try send([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": uri, "languageId": "plist", "version": 1, "text": text]],
        ])
    }

    func close(uri: String) throws {
        try send(["jsonrpc": "2.0", "method": "textDocument/didClose", "params": ["textDocument": ["uri": uri]]])
    }

    func change(uri: String, version: Int, range: LSPRange, text: String) throws {
        let r: [String: Any] = [
            "start": ["line": range.start.line, "character": range.start.character],
            "end": ["line": range.end.line, "character": range.end.character],
        ]
        try send([
            "jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": [
                "textDocument": ["uri": uri, "version": version],
                "contentChanges": [["range": r, "text": text]],
            ],
        ])
    }

    /// Sends a request and waits for its response (the whole message: `result` or `error`).
    func request(_ method: String, _ params: [String: Any]?) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        try send(message)
        return try receive { $0["method"] == nil && $0["id"] as? Int == id }
    }

    /// Sends a notification.
    func notify(_ method: String, _ params: [String: Any]) throws {
        try send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Waits for a message from the server with this method (a notification or a request).
    @discardableResult
    func waitFor(method: String) throws -> [String: Any] {
        try receive { $0["method"] as? String == method }
    }

    /// Waits for the diagnostics of `uri` at `version`; returns how many there are.
    @discardableResult
    func waitForDiagnostics(uri: String, version: Int) throws -> Int {
        let message = try receive {
            guard $0["method"] as? String == "textDocument/publishDiagnostics", let params = $0["params"] as? [String: Any] else {
                return false
            }
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

    private func send(_ object: [String: Any]) throws {
        let body = try JSONSerialization.data(withJSONObject: object)
        try input.fileHandleForWriting.write(contentsOf: Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
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
}
