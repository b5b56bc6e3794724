// A minimal LSP client for end-to-end tests: spawns the built plist-lsp and speaks JSON-RPC over
// its pipes or over a Unix-domain socket. Self-contained (Foundation only): it checks the
// server's framing byte by byte rather than reusing the server's own code.
import Foundation
import PlistTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One side of a JSON-RPC connection over file descriptors, with a reader thread that checks the
/// framing and parses every message.
final class LSPWire: @unchecked Sendable {
    private let readFD: Int32
    private let writeFD: Int32
    private let condition = NSCondition()
    private var messages: [[String: Any]] = []
    private var framingErrors: [String] = []
    private var ended = false
    private var nextID = 1

    init(readFD: Int32, writeFD: Int32) {
        self.readFD = readFD
        self.writeFD = writeFD
        let thread = Thread { [self] in readLoop() }
        thread.start()
    }

    private func readLoop() {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            buffer.append(contentsOf: chunk[0..<n])
            while let parsed = takeMessage(&buffer) {
                condition.lock()
                switch parsed {
                case .success(let message): messages.append(message)
                case .failure(let error): framingErrors.append(error.description)
                }
                condition.broadcast()
                condition.unlock()
            }
        }
        condition.lock()
        if !buffer.isEmpty { framingErrors.append("\(buffer.count) stray bytes at end of output") }
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    struct FramingError: Error, CustomStringConvertible { let description: String }

    /// Parses one `Content-Length` framed JSON object from the front of `buffer`.
    private func takeMessage(_ buffer: inout Data) -> Result<[String: Any], FramingError>? {
        guard let end = buffer.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let header = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        guard header.hasPrefix("Content-Length: "), let length = Int(header.dropFirst("Content-Length: ".count)) else {
            buffer.removeAll()
            return .failure(FramingError(description: "bad header: \(header.prefix(80))"))
        }
        guard buffer.count - (end.upperBound - buffer.startIndex) >= length else { return nil }
        let body = buffer[end.upperBound..<end.upperBound + length]
        buffer = Data(buffer[(end.upperBound + length)...])
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            return .failure(FramingError(description: "body is not a JSON object"))
        }
        return .success(object)
    }

    func send(_ object: [String: Any]) throws {
        let body = try JSONSerialization.data(withJSONObject: object)
        try sendBytes(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func sendBytes(_ data: Data) throws {
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(writeFD, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { throw POSIXError(.EPIPE) }
                offset += n
            }
        }
    }

    func notify(_ method: String, _ params: [String: Any] = [:]) throws {
        try send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Sends a request and returns its id.
    @discardableResult
    func request(_ method: String, _ params: [String: Any]? = nil) throws -> Int {
        condition.lock()
        let id = nextID
        nextID += 1
        condition.unlock()
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        try send(message)
        return id
    }

    /// Takes the first message matching `predicate`, waiting for it (generous guard).
    func next(_ what: String, seconds: Double = 60, where predicate: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = messages.firstIndex(where: predicate) { return messages.remove(at: index) }
            if ended || Date() > deadline { throw TimedOut(what: what, seconds: seconds) }
            _ = condition.wait(until: min(deadline, Date().addingTimeInterval(0.5)))
        }
    }

    func response(to id: Int) throws -> [String: Any] {
        try next("response \(id)") { $0["method"] == nil && ($0["id"] as? Int) == id }
    }

    /// Waits for `publishDiagnostics` of `uri` at `version` and returns its diagnostics.
    func diagnostics(_ uri: String, version: Int) throws -> [[String: Any]] {
        let message = try next("diagnostics of \(uri) v\(version)") {
            guard $0["method"] as? String == "textDocument/publishDiagnostics", let params = $0["params"] as? [String: Any] else {
                return false
            }
            return params["uri"] as? String == uri && params["version"] as? Int == version
        }
        return ((message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []
    }

    /// Waits until the peer closes its end.
    func waitForEnd(seconds: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !ended && Date() < deadline { _ = condition.wait(until: min(deadline, Date().addingTimeInterval(0.5))) }
        return ended
    }

    var errors: [String] {
        condition.lock()
        defer { condition.unlock() }
        return framingErrors
    }

    // MARK: Session helpers

    func initialize(encodings: [String]? = nil, options: [String: Any]? = nil) throws -> [String: Any] {
        var capabilities: [String: Any] = [:]
        if let encodings { capabilities["general"] = ["positionEncodings": encodings] }
        var params: [String: Any] = ["processId": NSNull(), "rootUri": NSNull(), "capabilities": capabilities]
        if let options { params["initializationOptions"] = options }
        let id = try request("initialize", params)
        let response = try self.response(to: id)
        try notify("initialized")
        return response["result"] as? [String: Any] ?? [:]
    }

    func open(_ uri: String, _ text: String, version: Int = 1) throws {
        try notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "plist", "version": version, "text": text]])
    }

    func change(_ uri: String, version: Int, range: [Int], _ text: String) throws {
        try notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri, "version": version],
                "contentChanges": [["range": lspRange(range), "text": text]],
            ])
    }

    func shutdownAndExit() throws {
        let id = try request("shutdown")
        let response = try self.response(to: id)
        #expect(response["error"] == nil)
        try notify("exit")
    }
}

/// `[l1, c1, l2, c2]` as an LSP range object.
func lspRange(_ r: [Int]) -> [String: Any] {
    ["start": ["line": r[0], "character": r[1]], "end": ["line": r[2], "character": r[3]]]
}

/// The `range` of a diagnostic as `[l1, c1, l2, c2]`.
func rangeArray(_ diagnostic: [String: Any]) -> [Int] {
    let range = diagnostic["range"] as? [String: Any] ?? [:]
    let start = range["start"] as? [String: Any] ?? [:], end = range["end"] as? [String: Any] ?? [:]
    return [start["line"], start["character"], end["line"], end["character"]].map { $0 as? Int ?? -1 }
}

/// plist-lsp running as a child process with pipes for stdin, stdout and stderr.
final class LSPServerProcess: @unchecked Sendable {
    let process = Process()
    private let stdinPipe = Pipe(), stdoutPipe = Pipe(), stderrPipe = Pipe()
    private let stderrLock = NSLock()
    private var stderrData = Data()
    private let stderrDone = DispatchSemaphore(value: 0)
    /// The protocol over the child's stdin/stdout.
    private(set) var wire: LSPWire!

    init(_ arguments: [String], executable: URL = Binary.url) throws {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else { throw Binary.BinaryMissing(path: executable.path) }
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        try process.run()
        wire = LSPWire(readFD: stdoutPipe.fileHandleForReading.fileDescriptor, writeFD: stdinPipe.fileHandleForWriting.fileDescriptor)
        let handle = stderrPipe.fileHandleForReading
        Thread { [self] in
            while true {
                let data = readSome(handle)
                if data.isEmpty { break }
                stderrLock.lock(); stderrData.append(data); stderrLock.unlock()
            }
            stderrDone.signal()
        }.start()
    }

    /// Closes the child's stdin (end of input).
    func closeInput() {
        try? stdinPipe.fileHandleForWriting.close()
    }

    var stderr: String {
        stderrLock.lock()
        defer { stderrLock.unlock() }
        return String(decoding: stderrData, as: UTF8.self)
    }

    /// Waits for the process to exit (generous guard) and returns its status; kills it on timeout.
    func waitForExit(seconds: Double = 60) throws -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                throw TimedOut(what: "plist-lsp to exit", seconds: seconds)
            }
            usleep(2_000)
        }
        _ = stderrDone.wait(timeout: .now() + 10)
        return process.terminationStatus
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    deinit {
        if process.isRunning { process.terminate() }
    }
}

/// A connected Unix-domain socket to `path`, or nil if nobody accepts there.
func connectUnixSocket(_ path: String) -> Int32? {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { close(fd); return nil }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        raw.copyBytes(from: bytes)
        raw[bytes.count] = 0
    }
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard result == 0 else { close(fd); return nil }
    return fd
}
