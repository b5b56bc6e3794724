// Ordering, snapshots and cancellation, with a test feature whose handler waits on a gate.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistTestSupport
import Testing

/// Opens once; waiters poll (tests only).
final class Gate: @unchecked Sendable {
    private var isOpen = false
    private let lock = NSLock()
    func open() { lock.lock(); isOpen = true; lock.unlock() }
    var opened: Bool { lock.lock(); defer { lock.unlock() }; return isOpen }

    /// Waits until the gate opens (or, if `orCancellation`, until the task is cancelled).
    func wait(orCancellation: Bool) async {
        let deadline = ContinuousClock.now + .seconds(900)
        while !opened && ContinuousClock.now < deadline {
            if orCancellation && Task.isCancelled { return }
            // Not Task.sleep: it returns at once in a cancelled task, which would spin.
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1)) { done.resume() }
            }
        }
    }
}

/// Records what the hover handler saw.
final class Seen: @unchecked Sendable {
    private var items: [(version: Int, text: String)] = []
    private var started = 0
    private let lock = NSLock()
    func start() { lock.lock(); started += 1; lock.unlock() }
    var startedCount: Int { lock.lock(); defer { lock.unlock() }; return started }
    func add(_ version: Int, _ text: String) { lock.lock(); items.append((version, text)); lock.unlock() }
    var all: [(version: Int, text: String)] { lock.lock(); defer { lock.unlock() }; return items }
}

/// A hover handler that blocks on a gate, then answers with the snapshot's version.
struct BlockingHover: ServerFeature {
    let gate: Gate
    let seen: Seen
    /// Whether the handler gives up when cancelled (otherwise it ignores cancellation).
    let cooperative: Bool

    func register(_ handlers: inout RequestHandlers) {
        handlers.document(HoverRequest.self) { [gate, seen, cooperative] request, snapshot, _ in
            seen.start()
            await gate.wait(orCancellation: cooperative)
            seen.add(snapshot.version, snapshot.string)
            if cooperative { try Task.checkCancellation() }
            return Hover(contents: .plaintext("version \(snapshot.version)"))
        }
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.hoverProvider = .bool(true)
    }
}

func hover(_ uri: DocumentURI) -> HoverRequest {
    HoverRequest(textDocument: TextDocumentIdentifier(uri: uri), position: position(0, 0))
}

/// Waits until the handler has started (a generous guard, not a timing assertion).
func waitUntilStarted(_ seen: Seen, count: Int = 1) async throws {
    let deadline = ContinuousClock.now + .seconds(defaultTimeout)
    while seen.startedCount < count {
        guard ContinuousClock.now < deadline else { throw TimedOut(what: "handler start", seconds: defaultTimeout) }
        try await Task.sleep(for: .milliseconds(1))
    }
}

@Suite struct OrderingTests {
    @Test func theOrderingFunction() {
        let a = MessageKind.documentRequest("a"), b = MessageKind.documentRequest("b")
        let updateA = MessageKind.documentUpdate("a")
        // Requests never wait for each other; updates never wait.
        #expect(!MessageKind.mustWait(a, for: a))
        #expect(!MessageKind.mustWait(a, for: b))
        #expect(!MessageKind.mustWait(updateA, for: a))
        #expect(!MessageKind.mustWait(a, for: updateA))
        #expect(!MessageKind.mustWait(.freestanding, for: a))
        // Global changes wait for everything and everything waits for them.
        for kind in [a, updateA, .freestanding, .globalChange] {
            #expect(MessageKind.mustWait(.globalChange, for: kind))
        }
        #expect(MessageKind.mustWait(a, for: .globalChange))
        #expect(MessageKind.mustWait(.freestanding, for: .globalChange))
    }

    @Test func cancelRequestAnswersRequestCancelled() async throws {
        let gate = Gate(), seen = Seen()
        let client = try TestClient(features: ServerFeatures.all + [BlockingHover(gate: gate, seen: seen, cooperative: true)])
        let result = try await client.initialize()
        #expect(result.capabilities.hoverProvider == .bool(true))
        try client.open(uri, "<plist/>")
        let id = try client.sendRequest(hover(uri))
        try await waitUntilStarted(seen)
        try client.send(CancelRequestNotification(id: id))
        #expect(try await client.error(of: id).code == .requestCancelled)
        // Cancelling something that already finished (or never existed) is harmless.
        try client.send(CancelRequestNotification(id: id))
        try client.send(CancelRequestNotification(id: .string("nope")))
        gate.open()
        let hover = try await client.request(hover(uri))
        #expect(hover?.contents.value == "version 1")
    }

    /// A session computes at most `LanguageServer.concurrencyPerSession` pieces of work at once;
    /// the rest wait in the session, in order, rather than in the pool every session of the
    /// daemon shares (where another client's request would queue behind all of them). Every
    /// request used to start at once.
    @Test func aSessionComputesAtMostItsShareAtOnce() async throws {
        let gate = Gate(), seen = Seen()
        let client = try TestClient(features: ServerFeatures.all + [BlockingHover(gate: gate, seen: seen, cooperative: false)])
        try await client.initialize()
        try client.open(uri, "<plist/>")
        _ = try await client.diagnostics(uri, version: 1)
        let limit = LanguageServer.concurrencyPerSession
        let ids = try (0..<3 * limit).map { _ in try client.sendRequest(hover(uri)) }
        try await waitUntilStarted(seen, count: limit)
        // Time for the others to start if they could (a guard against a false pass, not a timing assertion).
        try await Task.sleep(for: .milliseconds(300))
        #expect(seen.startedCount == limit)
        gate.open()
        for id in ids { #expect(try await client.result(of: id, as: Hover?.self)?.contents.value == "version 1") }
        #expect(seen.startedCount == 3 * limit)
    }

    @Test func anEditCancelsRequestsOnThatDocumentWithContentModified() async throws {
        let gate = Gate(), seen = Seen()
        let client = try TestClient(features: ServerFeatures.all + [BlockingHover(gate: gate, seen: seen, cooperative: false)])
        try await client.initialize()
        try client.open(uri, "<plist/>")
        try client.open("file:///other.plist", "<plist/>")
        let onDocument = try client.sendRequest(hover(uri))
        let onOther = try client.sendRequest(hover("file:///other.plist"))
        try await waitUntilStarted(seen, count: 2)
        try client.change(uri, version: 2, range: range(0, 0, 0, 0), "<!--v2-->")
        // Reading goes on while both handlers are blocked: the edit is applied and published.
        _ = try await client.diagnostics(uri, version: 2)
        gate.open()
        #expect(try await client.error(of: onDocument).code == .contentModified)
        // The other document's request is unaffected.
        let other = try await client.result(of: onOther, as: Hover?.self)
        #expect(other?.contents.value == "version 1")
        // The cancelled handler ran on the snapshot of the version its request arrived for.
        #expect(seen.all.map(\.version) == [1, 1])
        #expect(seen.all.allSatisfy { $0.text == "<plist/>" })
    }

    @Test func requestsRunOnTheSnapshotTheyArrivedFor() async throws {
        let gate = Gate(), seen = Seen()
        let client = try TestClient(features: ServerFeatures.all + [BlockingHover(gate: gate, seen: seen, cooperative: false)])
        try await client.initialize()
        try client.open(uri, "<plist/>", version: 1)
        try client.change(uri, version: 2, range: range(0, 0, 0, 0), "<!--2-->")
        let id = try client.sendRequest(hover(uri))
        try await waitUntilStarted(seen)
        gate.open()
        let answer = try await client.result(of: id, as: Hover?.self)
        #expect(answer?.contents.value == "version 2")
        #expect(seen.all.first?.text == "<!--2--><plist/>")
    }

    @Test func shutdownWaitsForRequestsInFlight() async throws {
        let gate = Gate(), seen = Seen()
        let client = try TestClient(features: ServerFeatures.all + [BlockingHover(gate: gate, seen: seen, cooperative: false)])
        try await client.initialize()
        try client.open(uri, "<plist/>")
        let hoverID = try client.sendRequest(hover(uri))
        try await waitUntilStarted(seen)
        let shutdownID = try client.sendRequest(ShutdownRequest())
        try await client.barrier()  // answered (InvalidRequest after shutdown) while both wait
        #expect(!client.hasReceived { $0["id"] == .int(shutdownID.intValue) })
        gate.open()
        _ = try await client.response(to: shutdownID)
        // The hover answered before shutdown did.
        #expect(try await client.result(of: hoverID, as: Hover?.self)?.contents.value == "version 1")
        try client.send(ExitNotification())
        #expect(try await client.exitStatus() == 0)
    }

    @Test func exitDoesNotWaitForRequestsInFlight() async throws {
        let gate = Gate(), seen = Seen()
        let client = try TestClient(features: ServerFeatures.all + [BlockingHover(gate: gate, seen: seen, cooperative: false)])
        try await client.initialize()
        try client.open(uri, "<plist/>")
        _ = try client.sendRequest(hover(uri))
        try await waitUntilStarted(seen)
        try client.send(ExitNotification())
        #expect(try await client.exitStatus() == 1)
        gate.open()
    }
}

extension RequestID {
    var intValue: Int {
        if case .int(let value) = self { return value }
        return -1
    }
}
