// An in-process LSP client over pipes: raw JSON in and out, typed helpers on top.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistSupport
import PlistSyntax
import PlistTestSupport
import PlistWorkspace
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Collects log lines of a server session.
final class LogCollector: @unchecked Sendable {
    private var lines: [String] = []
    private let lock = NSLock()
    var sink: ClosureLogSink {
        ClosureLogSink { [self] level, _, message in
            lock.lock(); lines.append("[\(level)] \(message)"); lock.unlock()
        }
    }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
}

/// A client talking to a `LanguageServer` running in this process.
///
/// Messages from the server are parsed into `JSONValue`s and kept in a mailbox; `next(where:)`
/// takes the first matching one (waiting up to a generous guard, never asserting a time). A wait
/// for a message fails as soon as the server has closed its output with no such message.
final class TestClient: @unchecked Sendable {
    let server: LanguageServer
    let logs = LogCollector()
    private let writeFD: Int32
    private let readFD: Int32
    private let serverTask: Task<Int32, Never>
    private var mailbox: [JSONValue] = []
    /// Counts arrivals, so waiters only rescan the mailbox when something new came.
    private var arrivals = 0
    private var readerDone = false
    private let lock = NSLock()
    private var nextID = 1
    private var writeClosed = false

    init(features: [any ServerFeature] = ServerFeatures.all, diagnostics: DiagnosticsProvider = DiagnosticsProvider()) throws {
        var toServer: [Int32] = [0, 0], toClient: [Int32] = [0, 0]
        guard pipe(&toServer) == 0, pipe(&toClient) == 0 else { throw POSIXError(.EMFILE) }
        for fd in toServer + toClient { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        writeFD = toServer[1]
        readFD = toClient[0]
        let connection = Connection(readFD: toServer[0], writeFD: toClient[1])
        let logger = Logger(label: "test", minimumLevel: .debug, sinks: [logs.sink])
        let server = LanguageServer(
            connection: connection, options: LanguageServerOptions(logger: logger, features: features, diagnostics: diagnostics))
        self.server = server
        serverTask = Task {
            let status = await server.run()
            connection.close()
            return status
        }
        // The reader holds the client weakly: a test that drops its client without closing it
        // ends the session (deinit closes the server's input, the server ends and closes its
        // output, the reader reads the end and closes its descriptor). Held strongly, every such
        // client kept its four pipe descriptors, its server and this thread until the end of the
        // run: over 1,700 descriptors in the whole suite, where Foundation's Process.run() reads
        // past a buffer when it lists /proc/self/fd (swift-corelibs-foundation#5472) and crashed
        // the clean-clone run.
        let thread = Thread { [weak self, readFD] in Self.readLoop(readFD, into: { self }) }
        thread.start()
    }

    deinit {
        closeInput()
    }

    /// Reads the server's messages from `fd` into the client `client()` gives while there is one,
    /// until the end of the server's output; then closes `fd`.
    private static func readLoop(_ fd: Int32, into client: () -> TestClient?) {
        var framer = MessageFramer()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            let events = buffer.withUnsafeBytes { framer.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            for case .message(let body) in events {
                guard let client = client() else { continue }
                let value = (try? JSONReader.parse([UInt8](body))) ?? .string("unparsable: \(String(decoding: body, as: UTF8.self))")
                client.lock.lock(); client.mailbox.append(value); client.arrivals += 1; client.lock.unlock()
            }
        }
        if let client = client() { client.lock.lock(); client.readerDone = true; client.lock.unlock() }
        Glibc.close(fd)
    }

    // MARK: Sending

    func sendRaw(_ body: Data) {
        let message = Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        sendBytes(message)
    }

    func sendRaw(_ body: String) { sendRaw(Data(body.utf8)) }

    /// Writes `bytes` in full (a server that has gone away takes nothing: the test sees that later).
    func sendBytes(_ bytes: Data) {
        bytes.withUnsafeBytes { raw in _ = try? writeAll(writeFD, raw) }
    }

    func send<N: LSPNotification>(_ notification: N) throws {
        sendRaw(try MessageEncoder.notification(notification))
    }

    /// Sends a request and returns its id (the answer is taken with `response(to:)`).
    @discardableResult
    func sendRequest<R: LSPRequest>(_ request: R) throws -> RequestID {
        let id: RequestID = lock.withLock {
            defer { nextID += 1 }; return .int(nextID)
        }
        sendRaw(try MessageEncoder.request(request, id: id))
        return id
    }

    /// Sends a request and waits for its result; an error response is thrown as `ResponseError`.
    func request<R: LSPRequest>(_ request: R) async throws -> R.Response {
        let id = try sendRequest(request)
        return try await result(of: id, as: R.Response.self)
    }

    func result<T: Decodable>(of id: RequestID, as type: T.Type) async throws -> T {
        let response = try await self.response(to: id)
        if let error = response["error"] { throw try error.decode(as: ResponseError.self) }
        return try (response["result"] ?? .null).decode(as: T.self)
    }

    /// The error of the response to `id` (fails the test if it was a result).
    func error(of id: RequestID) async throws -> ResponseError {
        let response = try await self.response(to: id)
        let error = try #require(response["error"], "expected an error, got \(response)")
        return try error.decode(as: ResponseError.self)
    }

    func response(to id: RequestID) async throws -> JSONValue {
        let expected = try JSONValue(encoding: id)
        return try await next("response to \(id)") { $0["method"] == nil && $0["id"] == expected }
    }

    /// Closes the client's output: the server sees end of input.
    func closeInput() {
        lock.lock(); defer { lock.unlock() }
        if writeClosed { return }
        writeClosed = true
        Glibc.close(writeFD)
    }

    /// Waits for the server's `run()` to return (after `exit` or end of input).
    func exitStatus() async throws -> Int32 {
        let task = serverTask
        return try await withTimeout("server exit") { await task.value }
    }

    // MARK: Receiving

    /// How long a wait for a live server's message may take while the process is busy. Generous
    /// on purpose: in a full parallel test run the in-process server shares the two-thread
    /// cooperative pool with CPU-heavy suites and waited more than 60 s for its turn (95 tests
    /// timed out at 60 s in one such run, none alone; 204 at 300 s in a clean-clone run in which no
    /// test finished in the first 267 s). A server that has ended fails the wait at
    /// once, and one that has nothing left to do fails it after `idleLimit` (`Stalled`).
    static let patience: Double = 900

    /// How long the whole test process may stay idle (no more CPU time than `idleCPU` and 5 % of
    /// the time waited, nothing arriving) before a wait fails: nothing in the process is working towards the message, so it
    /// will not come. Run alone, a test whose message never comes fails in these seconds; in a busy
    /// parallel run other suites keep the process working and `patience` bounds the wait.
    static let idleLimit: Duration = .seconds(8)
    static let idleCPU: Duration = .milliseconds(40)

    /// The CPU time this process has used, all threads.
    static func processCPUTime() -> Duration {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return .seconds(t.tv_sec) + .nanoseconds(t.tv_nsec)
    }

    /// Takes the first message matching `predicate`, waiting for it if needed: until the server
    /// has closed its output (nothing more can come: fails at once) or `patience` has passed.
    func next(_ what: String, where predicate: @escaping (JSONValue) -> Bool) async throws -> JSONValue {
        let deadline = ContinuousClock.now + .seconds(Self.patience)
        var scanned = -1
        var idle = IdleWatch(now: .now, cpu: Self.processCPUTime(), limit: Self.idleLimit, allowance: Self.idleCPU)
        while ContinuousClock.now < deadline {
            let (found, ended, arrived): (JSONValue?, Bool, Bool) = lock.withLock {
                let ended = readerDone
                guard arrivals != scanned else { return (nil, ended, false) }
                scanned = arrivals
                guard let index = mailbox.firstIndex(where: predicate) else { return (nil, ended, true) }
                return (mailbox.remove(at: index), ended, true)
            }
            if let found { return found }
            // Everything the server sent before closing its output is scanned: it will not come.
            if ended { throw ServerEnded(what: what) }
            if idle.stalled(now: .now, cpu: Self.processCPUTime(), arrived: arrived) { throw Stalled(what: what, idle: Self.idleLimit) }
            // Poll quickly at first, then gently (the polling must not look like work).
            try await Task.sleep(for: idle.waited(now: .now) < .milliseconds(200) ? .milliseconds(1) : .milliseconds(20))
        }
        throw TimedOut(what: what, seconds: Self.patience)
    }

    /// The messages received so far and not taken.
    var pending: [JSONValue] { lock.withLock { mailbox } }

    /// The first notification of type `N` whose params match `predicate` (decoded only when
    /// the method matches; decoding is costly when a test framework records every thrown error).
    func notification<N: LSPNotification>(_ type: N.Type, where predicate: @escaping (N) -> Bool = { _ in true }) async throws -> N {
        let message = try await next(N.method) { message in
            guard message["method"]?.stringValue == N.method, message["id"] == nil,
                let params = try? (message["params"] ?? .null).decode(as: N.self)
            else { return false }
            return predicate(params)
        }
        return try (message["params"] ?? .null).decode(as: N.self)
    }

    /// The published diagnostics of `uri` at `version`.
    func diagnostics(_ uri: DocumentURI, version: Int?) async throws -> [Diagnostic] {
        let expectedVersion: JSONValue? = version.map { .int($0) }
        let message = try await next("diagnostics of \(uri) v\(version.map(String.init) ?? "null")") { message in
            message["method"]?.stringValue == PublishDiagnosticsNotification.method
                && message["params"]?["uri"]?.stringValue == uri && message["params"]?["version"] == expectedVersion
        }
        return try (message["params"] ?? .null).decode(as: PublishDiagnosticsNotification.self).diagnostics
    }

    /// The first published diagnostics of `uri` that satisfy `predicate` (earlier publishes, e.g.
    /// before a source scan finished, are passed over).
    func diagnostics(_ uri: DocumentURI, where predicate: @escaping ([Diagnostic]) -> Bool) async throws -> [Diagnostic] {
        let message = try await next("diagnostics of \(uri) as expected") { message in
            guard message["method"]?.stringValue == PublishDiagnosticsNotification.method, message["params"]?["uri"]?.stringValue == uri,
                let params = try? (message["params"] ?? .null).decode(as: PublishDiagnosticsNotification.self)
            else { return false }
            return predicate(params.diagnostics)
        }
        return try (message["params"] ?? .null).decode(as: PublishDiagnosticsNotification.self).diagnostics
    }

    /// Waits a moment and says whether a message matching `predicate` arrived (for "nothing
    /// was sent" checks; a barrier request first makes this deterministic).
    func hasReceived(where predicate: (JSONValue) -> Bool) -> Bool {
        lock.withLock { mailbox.contains(where: predicate) }
    }

    // MARK: Conveniences

    @discardableResult
    func initialize(
        _ capabilities: ClientCapabilities = ClientCapabilities(), options: JSONValue? = nil, rootUri: DocumentURI? = nil
    ) async throws -> InitializeResult {
        let result = try await request(
            InitializeRequest(
                clientInfo: ClientInfo(name: "test"), rootUri: rootUri, initializationOptions: options, capabilities: capabilities))
        try send(InitializedNotification())
        return result
    }

    func open(_ uri: DocumentURI, _ text: String, version: Int = 1) throws {
        try send(
            DidOpenTextDocumentNotification(textDocument: TextDocumentItem(uri: uri, languageId: "plist", version: version, text: text)))
    }

    func change(_ uri: DocumentURI, version: Int, _ changes: [TextDocumentContentChangeEvent]) throws {
        try send(
            DidChangeTextDocumentNotification(
                textDocument: VersionedTextDocumentIdentifier(uri: uri, version: version), contentChanges: changes))
    }

    func change(_ uri: DocumentURI, version: Int, range: LSPRange, _ text: String) throws {
        try change(uri, version: version, [TextDocumentContentChangeEvent(range: range, text: text)])
    }

    /// A round trip that orders everything sent before it (an unknown request: MethodNotFound).
    func barrier() async throws {
        let id = try sendRequest(ExecuteCommandRequest(command: "barrier"))
        _ = try await response(to: id)
    }
}

/// The server closed its output before sending what a test waited for.
/// Whether a wait has gone on while the process did nothing: a stretch starts when something
/// arrives or the process works (more CPU time than `allowance` and 5 % of the stretch, which the
/// waiting's own polling stays under); a stretch longer than `limit` is a stall.
struct IdleWatch {
    private var since: ContinuousClock.Instant
    private var cpuAtStart: Duration
    let limit: Duration
    let allowance: Duration

    init(now: ContinuousClock.Instant, cpu: Duration, limit: Duration, allowance: Duration) {
        (since, cpuAtStart, self.limit, self.allowance) = (now, cpu, limit, allowance)
    }

    func waited(now: ContinuousClock.Instant) -> Duration { now - since }

    mutating func stalled(now: ContinuousClock.Instant, cpu: Duration, arrived: Bool) -> Bool {
        if arrived || cpu - cpuAtStart > allowance + waited(now: now) / 20 {
            (since, cpuAtStart) = (now, cpu)
            return false
        }
        return waited(now: now) > limit
    }
}

/// A wait for a message while nothing in the process worked towards it.
struct Stalled: Error, CustomStringConvertible {
    let what: String
    let idle: Duration
    var description: String { "no \(what): the server is alive but the process did nothing for \(idle) (nothing is on its way)" }
}

struct ServerEnded: Error, CustomStringConvertible {
    let what: String
    var description: String { "the server closed its output without sending \(what)" }
}

/// The diagnostics the server should publish for `text` (whatever rules the analysis has today).
func expectedDiagnostics(_ text: String, uri: DocumentURI = "file:///expected.plist", encoding: PositionEncoding = .utf16) -> [Diagnostic] {
    DiagnosticsProvider().diagnostics(
        for: DocumentSnapshot(uri: uri, text: text, encoding: encoding), configuration: ServerConfiguration(),
        translations: LocalizationSetCache())
}

/// The diagnostics with one rule id.
func only(_ code: String, _ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.filter { $0.code == .string(code) }
}

func position(_ line: Int, _ character: Int) -> Position { Position(line: line, character: character) }
func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> LSPRange { LSPRange(start: position(l1, c1), end: position(l2, c2)) }

/// The test client's stall rule: a wait fails in seconds when the process does nothing, and goes
/// on while it works or messages arrive.
@Suite struct IdleWatchTests {
    let start = ContinuousClock.now

    @Test func aProcessDoingNothingStallsAfterTheLimit() {
        var watch = IdleWatch(now: start, cpu: .seconds(10), limit: .seconds(8), allowance: .milliseconds(40))
        do {
            let stalled = watch.stalled(now: start + .seconds(4), cpu: .seconds(10) + .milliseconds(5), arrived: false)
            #expect(!stalled)
        }
        do {
            let stalled = watch.stalled(now: start + .seconds(8), cpu: .seconds(10) + .milliseconds(10), arrived: false)
            #expect(!stalled)
        }
        do {
            let stalled = watch.stalled(now: start + .seconds(9), cpu: .seconds(10) + .milliseconds(12), arrived: false)
            #expect(stalled)
        }
    }

    @Test func workOrAnArrivalStartsTheStretchAgain() {
        var watch = IdleWatch(now: start, cpu: .seconds(10), limit: .seconds(8), allowance: .milliseconds(40))
        // Seven seconds in, the process worked (a second of CPU): the stretch starts again.
        do {
            let stalled = watch.stalled(now: start + .seconds(7), cpu: .seconds(11), arrived: false)
            #expect(!stalled)
        }
        do {
            let stalled = watch.stalled(now: start + .seconds(14), cpu: .seconds(11) + .milliseconds(10), arrived: false)
            #expect(!stalled)
        }
        // A message that was not the one awaited arrived: again.
        do {
            let stalled = watch.stalled(now: start + .seconds(14.5), cpu: .seconds(11) + .milliseconds(11), arrived: true)
            #expect(!stalled)
        }
        do {
            let stalled = watch.stalled(now: start + .seconds(22), cpu: .seconds(11) + .milliseconds(20), arrived: false)
            #expect(!stalled)
        }
        do {
            let stalled = watch.stalled(now: start + .seconds(23), cpu: .seconds(11) + .milliseconds(21), arrived: false)
            #expect(stalled)
        }
    }
}
