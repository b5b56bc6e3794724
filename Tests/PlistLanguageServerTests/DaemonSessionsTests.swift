// The socket daemon's sessions, in this process, over real Unix-domain sockets: a new client is
// answered however busy the others keep the cooperative pool (issue #38, point 10), and a client
// whose requests hold pool threads leaves one to the others (issue #39, point 9). Structural:
// the other client is answered while the busy work is still held, never a timing bound.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistSupport
import PlistTestSupport
import Testing

/// A synchronous LSP client over a connected socket, for a test's own thread (it needs no thread
/// of the cooperative pool, which these tests keep busy on purpose).
final class SocketWire {
    let fd: Int32
    private var framer = MessageFramer()
    private var queue: [[String: Any]] = []
    private var nextID = 1

    init(path: String) throws {
        fd = try UnixSocketListener.connect(to: path)
    }

    deinit { close(fd) }

    func send(_ object: [String: Any]) throws {
        let body = try JSONSerialization.data(withJSONObject: object)
        let data = Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        try data.withUnsafeBytes { try PlistSupport.writeAll(fd, $0) }
    }

    /// Sends a request; returns its id.
    func request(_ method: String, _ params: [String: Any]) throws -> Int {
        defer { nextID += 1 }
        try send(["jsonrpc": "2.0", "id": nextID, "method": method, "params": params])
        return nextID
    }

    /// The answer to `id`, or nil when none came within `seconds` (a generous guard).
    func answer(to id: Int, seconds: Double = 30) throws -> [String: Any]? {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let index = queue.firstIndex(where: { $0["method"] == nil && $0["id"] as? Int == id }) { return queue.remove(at: index) }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return nil }
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32(min(left, 0.2) * 1000) + 1) > 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            for case .message(let body) in buffer.withUnsafeBytes({ framer.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }) {
                if let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] { queue.append(object) }
            }
        }
    }

    func initialize(seconds: Double = 30) throws -> [String: Any]? {
        let id = try request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": [String: Any]()])
        guard let answer = try answer(to: id, seconds: seconds) else { return nil }
        try send(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()])
        return answer
    }

    func open(_ uri: String, _ text: String) throws {
        try send([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": uri, "languageId": "plist", "version": 1, "text": text]],
        ])
    }
}

/// Counts down and blocks threads until opened (tests only).
final class ThreadGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false
    private var blocked = 0

    /// Blocks the calling thread until `open()` (at most 60 s: a guard, so a failed test ends).
    func block() {
        condition.lock()
        blocked += 1
        condition.broadcast()
        let deadline = Date().addingTimeInterval(60)
        while !isOpen && condition.wait(until: deadline) {}
        blocked -= 1
        condition.unlock()
    }

    var blockedCount: Int { condition.lock(); defer { condition.unlock() }; return blocked }

    func open() { condition.lock(); isOpen = true; condition.broadcast(); condition.unlock() }

    /// Waits until `count` threads are blocked here (false after `seconds`).
    func waitUntilBlocked(_ count: Int, seconds: Double = 30) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(seconds)
        while blocked < count { if !condition.wait(until: deadline) { return blocked >= count } }
        return true
    }
}

/// A document outline that holds its thread, as a long computation on a large document does.
struct ThreadHoldingOutline: ServerFeature {
    let gate: ThreadGate

    func register(_ handlers: inout RequestHandlers) {
        handlers.document(DocumentSymbolRequest.self) { [gate] _, _, _ in
            gate.block()
            return [DocumentSymbol]()
        }
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {}
}

/// These tests hold every thread of the process's cooperative pool (or as many as a session may
/// take) on purpose, which starves every other suite's in-process server while they run: in the
/// whole suite they made unrelated tests wait past their patience. They run in a process of their
/// own: `.ci/run` runs them after `swift test` with `PLIST_LSP_EXCLUSIVE_TESTS=1 swift test
/// --skip-build --filter 'DaemonSessionsTests|ProcessSignalTests'` (docs/contributing/README.md), and `swift test`
/// alone skips them with that note.
@Suite(.serialized, .enabled(if: ExclusiveTests.runsAlone, ExclusiveTests.skipNote(for: "holds the cooperative pool's threads")))
struct DaemonSessionsTests {

    /// Serves a `SocketDaemon` at a fresh socket path for `body` (on a thread of its own).
    static func withDaemon(
        features: [any ServerFeature] = ServerFeatures.all,
        _ body: @escaping @Sendable (String) throws -> Void
    ) async throws {
        let directory = "/tmp/pld-\(UUID().uuidString.prefix(8))"
        #expect(mkdir(directory, 0o700) == 0)
        defer { rmdir(directory) }
        let listener = try UnixSocketListener(path: directory + "/s")
        let daemon = SocketDaemon(
            listener: listener, options: LanguageServerOptions(logger: Logger(label: "test", minimumLevel: .error), features: features))
        let serving = Task { await daemon.run() }
        defer { listener.close() }
        try await onOwnThread { try body(listener.path) }
        listener.close()
        await serving.value
    }

    /// Every thread of the cooperative pool is held (here by the test, in the daemon by a client
    /// whose requests keep them computing): a client that connects then still has its
    /// `initialize` answered, by the accept and reading threads, which need none of the pool.
    /// The session used to be made by a task of the pool, behind all that work: with a client that
    /// had sent 3,000 requests and read nothing, the next client's `initialize` waited seconds.
    @Test func aNewClientIsAnsweredWhileEveryThreadOfThePoolIsBusy() async throws {
        try await Self.withDaemon { path in
            // A first client, so the daemon's accept loop is surely running.
            let first = try SocketWire(path: path)
            #expect(try first.initialize(seconds: 300) != nil)
            let gate = ThreadGate()
            let width = sysconf(Int32(_SC_NPROCESSORS_ONLN))
            for _ in 0..<width { Task.detached { gate.block() } }
            defer { gate.open() }
            // The pool is this wide: once `width` of its threads are held, no task runs.
            try #require(gate.waitUntilBlocked(width), "the pool's threads could not all be held (\(gate.blockedCount) of \(width))")
            let next = try SocketWire(path: path)
            let answer = try next.initialize(seconds: 60)
            let stillHeld = gate.blockedCount == width
            gate.open()
            #expect(answer != nil, "the new client's initialize was not answered while the pool was busy")
            #expect(stillHeld)
            #expect((answer?["result"] as? [String: Any])?["capabilities"] != nil, "\(answer ?? [:])")
        }
    }

    /// One client's requests each hold a thread (as documentSymbol on a large document computes),
    /// as many as it may run at once: another client's hover is still answered while they are all
    /// held, for the daemon leaves a core to the other sessions (FairShare). A session used to run
    /// up to four pieces of work at once whatever the others needed: on two cores it held them all,
    /// and the other client waited for its work to end.
    @Test func aClientWhoseWorkHoldsThreadsLeavesOneToTheOthers() async throws {
        let gate = ThreadGate()
        try await Self.withDaemon(features: ServerFeatures.all + [ThreadHoldingOutline(gate: gate)]) { path in
            defer { gate.open() }
            let polite = try SocketWire(path: path)
            #expect(try polite.initialize(seconds: 300) != nil)
            let politeURI = "file:///polite/Info.plist"
            try polite.open(politeURI, "<plist><dict><key>CFBundleName</key><string>A</string></dict></plist>")

            let greedy = try SocketWire(path: path)
            #expect(try greedy.initialize(seconds: 300) != nil)
            let uri = "file:///greedy/Info.plist"
            try greedy.open(uri, "<plist><dict/></plist>")
            let outlines = try (0..<16).map { _ in try greedy.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]]) }
            // As many as the daemon lets it run are holding their threads.
            let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
            let share = max(1, cores - 1)
            try #require(gate.waitUntilBlocked(share), "the greedy client's work did not start (\(gate.blockedCount) held)")
            // Time for more to start if they could (a guard against a false pass, not a timing assertion).
            usleep(300_000)
            #expect(gate.blockedCount == share, "the greedy client holds \(gate.blockedCount) threads of \(cores)")

            let hover = try polite.request(
                "textDocument/hover", ["textDocument": ["uri": politeURI], "position": ["line": 0, "character": 20]])
            let answer = try polite.answer(to: hover, seconds: 20)
            let heldMeanwhile = gate.blockedCount
            gate.open()
            #expect(answer != nil, "the other client's hover was not answered while the greedy client's work held the threads")
            #expect(heldMeanwhile == share, "answered only once the greedy client's work had ended")
            let text = answer.map { "\($0["result"] ?? "")" } ?? ""
            #expect(text.contains("CFBundleName"), "\(answer ?? [:])")
            for id in outlines { #expect(try greedy.answer(to: id) != nil) }
        }
    }
}
