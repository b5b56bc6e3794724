// One LSP session over one connection: lifecycle, documents, dispatch, ordering, cancellation.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LanguageServerProtocol
import PlistSyntax

/// How a server session behaves.
public struct LanguageServerOptions: Sendable {
    /// Where the session logs (stderr by default; never stdout). Lines at or above the level the
    /// client chose (`initializationOptions.logLevel`, default `info`) also go to `window/logMessage`.
    public var logger: Logger
    /// The features whose handlers the session serves (`ServerFeatures.all` by default).
    public var features: [any ServerFeature]
    /// Computes diagnostics for push and pull.
    public var diagnostics: DiagnosticsProvider
    /// Reported as `serverInfo.version`.
    public var version: String

    public init(
        logger: Logger = Logger(label: "plist-lsp"), features: [any ServerFeature] = ServerFeatures.all,
        diagnostics: DiagnosticsProvider = DiagnosticsProvider(), version: String = LanguageServer.version
    ) {
        self.logger = logger
        self.features = features
        self.diagnostics = diagnostics
        self.version = version
    }
}

/// A language server session: reads messages from a `Connection` and answers them until `exit`
/// or end of input. One instance per client (stdio has one; the socket daemon makes one per
/// accepted connection).
///
/// The message loop (`run()`) takes messages in arrival order and classifies each
/// (`MessageKind`). Notifications are handled inside the loop: document updates are applied at
/// once (incremental reparse → new immutable `DocumentSnapshot`) and cancel the requests in
/// flight on that document; `$/cancelRequest` cancels its request as soon as it is read.
/// Requests run as tasks on the snapshot current when they arrived, after the in-flight work
/// `MessageKind.mustWait` names; the loop never waits for them, so reading goes on while they
/// compute. Diagnostics are pushed after every open and change (unless the client pulls).
public final class LanguageServer: Sendable {
    /// The version reported in `serverInfo`.
    public static let version = "0.1.0"

    public let connection: Connection
    private let options: LanguageServerOptions
    private let handlers: RequestHandlers
    /// The session logger: `options.logger` plus forwarding to `window/logMessage`.
    public let logger: Logger
    private let state = Locked(State())
    /// Serialises `publishDiagnostics` so a stale result can never overtake a newer one.
    private let publishing = Locked(())
    /// The lowest level forwarded to `window/logMessage`; nil until initialized.
    private let forwardLevel: Locked<Logger.Level?>

    private struct State {
        enum Phase { case uninitialized, running, shutDown }
        var phase = Phase.uninitialized
        var encoding = PositionEncoding.utf16
        var client = ClientCapabilities()
        var pushDiagnostics = true
        var trace = TraceValue.off
        var configuration = ServerConfiguration()
        var documents: [DocumentURI: DocumentSnapshot] = [:]
        var work: [Int: Work] = [:]
        var requests: [RequestID: Int] = [:]
        var nextWorkID = 0
        var nextSnapshotID = 1
    }

    /// Work in flight: a request, a diagnostics computation, a global change.
    private struct Work {
        let kind: MessageKind
        let task: Task<Void, Never>
        let cancellation: Cancellation
    }

    /// Why a piece of work was cancelled, set before its task is cancelled.
    private final class Cancellation: Sendable {
        private let reason = Locked<ResponseError?>(nil)
        func set(_ error: ResponseError) { reason.withLock { if $0 == nil { $0 = error } } }
        var error: ResponseError { reason.withLock { $0 } ?? .requestCancelled }
    }

    public init(connection: Connection, options: LanguageServerOptions = LanguageServerOptions()) {
        self.connection = connection
        self.options = options
        self.handlers = ServerFeatures.handlers(for: options.features)
        let forwardLevel = Locked<Logger.Level?>(nil)
        self.forwardLevel = forwardLevel
        self.logger = options.logger.adding(ClosureLogSink { [connection] level, _, message in
            guard let minimum = forwardLevel.withLock({ $0 }), level >= minimum else { return }
            try? connection.send(LogMessageNotification(type: level.messageType, message: message))
        })
    }

    // MARK: Observing (tests, tools)

    /// The current snapshot of an open document.
    public func snapshot(of uri: DocumentURI) -> DocumentSnapshot? {
        state.withLock { $0.documents[uri] }
    }

    /// The negotiated position encoding.
    public var positionEncoding: PositionEncoding { state.withLock { $0.encoding } }

    /// Whether diagnostics are pushed (`publishDiagnostics`) rather than pulled.
    public var pushesDiagnostics: Bool { state.withLock { $0.pushDiagnostics } }

    // MARK: The message loop

    /// Starts the connection and serves it until `exit` or end of input. Returns the exit
    /// status: 0 if `shutdown` was received, 1 otherwise. Work still in flight is cancelled.
    public func run() async -> Int32 {
        connection.start()
        loop: for await event in connection.events {
            switch event {
            case .framingError(let error):
                logger.warning("skipped a malformed message header: \(error)")
            case .message(let message):
                if handle(message) == .exit { break loop }
            }
        }
        forwardLevel.withLock { $0 = nil }
        if let reason = connection.dropReason { options.logger.warning("connection dropped: \(reason)") }
        let (work, shutDown) = state.withLock { state in
            (Array(state.work.values), state.phase == .shutDown)
        }
        for item in work {
            item.cancellation.set(.init(code: .requestCancelled, message: "the server is exiting"))
            item.task.cancel()
        }
        return shutDown ? 0 : 1
    }

    private enum Outcome { case next, exit }

    private func handle(_ message: IncomingMessage) -> Outcome {
        switch message {
        case .request(let id, let request):
            trace(request, id: id)
            handleRequest(id: id, request)
        case .notification(let notification):
            trace(notification, id: nil)
            return handleNotification(notification)
        case .response(let id, _):
            logger.debug("ignored a response to an unknown request \(id)")
        case .invalid(let id, let error):
            logger.warning("answered an invalid message with \(error)")
            reply(to: id, error: error)
        case .ignoredNotification(let method, let error):
            if error.code == .methodNotFound {
                logger.debug("ignored unknown notification \(method)")
            } else if !method.hasPrefix("$/") {
                logger.warning("ignored notification \(method): \(error.message)")
            }
        }
        return .next
    }

    // MARK: Requests

    private func handleRequest(id: RequestID, _ request: any LSPRequest) {
        let method = type(of: request).method
        let phase = state.withLock { $0.phase }
        switch (phase, request) {
        case (.uninitialized, let initialize as InitializeRequest):
            self.initialize(id: id, initialize)
            return
        case (.uninitialized, _):
            return reply(to: id, error: .serverNotInitialized)
        case (.shutDown, _):
            return reply(to: id, error: .invalidRequest("\(method): the server is shutting down (shutdown was received)"))
        case (.running, is InitializeRequest):
            return reply(to: id, error: .invalidRequest("initialize was already received"))
        case (.running, is ShutdownRequest):
            state.withLock { $0.phase = .shutDown }
            schedule(.globalChange, requestID: id) { [self] _ in
                reply(to: id, result: VoidResponse())
            }
            return
        case (.running, _):
            break
        }
        guard let entry = handlers[method] else {
            return reply(to: id, error: ResponseError(code: .methodNotFound, message: "\(method) is not supported by plist-lsp"))
        }
        var snapshot: DocumentSnapshot?
        let kind: MessageKind
        if let uri = entry.document(request) {
            snapshot = state.withLock { $0.documents[uri] }
            guard snapshot != nil else {
                return reply(to: id, error: .invalidParams("\(method): the document is not open: \(uri)"))
            }
            kind = .documentRequest(uri)
        } else {
            kind = .freestanding
        }
        schedule(kind, requestID: id) { [self, snapshot] cancellation in
            do {
                try Task.checkCancellation()
                let result = try await entry.run(request, snapshot, makeContext(id: id))
                try Task.checkCancellation()
                reply(to: id, result: result)
            } catch is CancellationError {
                reply(to: id, error: cancellation.error)
            } catch let error as ResponseError {
                reply(to: id, error: error)
            } catch {
                logger.error("\(method) failed: \(error)")
                reply(to: id, error: .requestFailed("\(method) failed: \(error)"))
            }
        }
    }

    private func makeContext(id: RequestID) -> RequestContext {
        let (client, encoding, configuration) = state.withLock { ($0.client, $0.encoding, $0.configuration) }
        return RequestContext(
            id: id, logger: logger, clientCapabilities: client, encoding: encoding, configuration: configuration,
            diagnostics: options.diagnostics, connection: connection)
    }

    private func initialize(id: RequestID, _ request: InitializeRequest) {
        let offered = request.capabilities.general?.positionEncodings ?? []
        let encoding = offered.lazy.compactMap(PositionEncoding.init(kind:)).first ?? .utf16
        let initOptions = request.initializationOptions
        let pullCapable = request.capabilities.textDocument?.diagnostic != nil
        let push = initOptions?["pushDiagnostics"]?.boolValue ?? !pullCapable
        let logLevel = initOptions?["logLevel"]?.stringValue.flatMap(Logger.Level.init(name:)) ?? .info

        var capabilities = ServerCapabilities(
            positionEncoding: encoding.kind,
            textDocumentSync: TextDocumentSyncOptions(openClose: true, change: .incremental))
        for feature in options.features { feature.announce(&capabilities, client: request.capabilities) }
        if !push { capabilities.diagnosticProvider = capabilities.diagnosticProvider ?? DiagnosticOptions(
            identifier: "plist", interFileDependencies: false, workspaceDiagnostics: false) }

        state.withLock { state in
            state.phase = .running
            state.encoding = encoding
            state.client = request.capabilities
            state.pushDiagnostics = push
            state.trace = request.trace ?? .off
            if let settings = initOptions?["settings"] {
                state.configuration = ServerConfiguration(settings: settings, generation: 1)
            }
        }
        reply(to: id, result: InitializeResult(
            capabilities: capabilities, serverInfo: ServerInfo(name: "plist-lsp", version: options.version)))
        forwardLevel.withLock { $0 = logLevel }
        let client = request.clientInfo.map { "\($0.name)\($0.version.map { " " + $0 } ?? "")" } ?? "an unnamed client"
        logger.info("initialized by \(client); positions in \(encoding.rawValue); diagnostics \(push ? "pushed" : "pulled")")
    }

    // MARK: Notifications

    private func handleNotification(_ notification: any LSPNotification) -> Outcome {
        if notification is ExitNotification { return .exit }
        let phase = state.withLock { $0.phase }
        guard phase == .running else {
            logger.debug("dropped \(type(of: notification).method): \(phase == .shutDown ? "shutdown was received" : "not initialized")")
            return .next
        }
        switch notification {
        case let cancel as CancelRequestNotification:
            self.cancel(requestID: cancel.id)
        case let trace as SetTraceNotification:
            state.withLock { $0.trace = trace.value }
        case let open as DidOpenTextDocumentNotification:
            didOpen(open.textDocument)
        case let change as DidChangeTextDocumentNotification:
            didChange(change)
        case let close as DidCloseTextDocumentNotification:
            didClose(close.textDocument.uri)
        case let save as DidSaveTextDocumentNotification:
            logger.debug("saved \(save.textDocument.uri)")
        case let configuration as DidChangeConfigurationNotification:
            didChangeConfiguration(configuration.settings)
        case is InitializedNotification:
            break
        default:
            logger.debug("ignored \(type(of: notification).method) (a server-to-client notification)")
        }
        return .next
    }

    private func didOpen(_ item: TextDocumentItem) {
        let kind = MessageKind.documentUpdate(item.uri)
        let tree = SyntaxTree.parse(Array(item.text.utf8))
        let (snapshot, reopened) = state.withLock { state in
            let snapshot = DocumentSnapshot(uri: item.uri, version: item.version, languageID: item.languageId, tree: tree,
                                            encoding: state.encoding, id: state.nextSnapshotID)
            state.nextSnapshotID += 1
            let reopened = state.documents.updateValue(snapshot, forKey: item.uri) != nil
            return (snapshot, reopened)
        }
        if reopened {
            logger.warning("\(item.uri) was opened again; its text was replaced")
            invalidateWork(for: kind)
        }
        scheduleDiagnostics(snapshot)
    }

    private func didChange(_ change: DidChangeTextDocumentNotification) {
        let uri = change.textDocument.uri
        let version = change.textDocument.version
        guard let current = state.withLock({ $0.documents[uri] }) else {
            logger.warning("ignored a change to \(uri), which is not open")
            return
        }
        invalidateWork(for: .documentUpdate(uri))
        if version <= current.version {
            logger.warning("\(uri): version \(version) follows version \(current.version); applied anyway")
        }
        let id = state.withLock { state -> Int in
            defer { state.nextSnapshotID += 1 }
            return state.nextSnapshotID
        }
        let (snapshot, clamped) = current.applying(change.contentChanges, version: version, id: id)
        for message in clamped { logger.warning(message) }
        state.withLock { $0.documents[uri] = snapshot }
        scheduleDiagnostics(snapshot)
    }

    private func didClose(_ uri: DocumentURI) {
        let (wasOpen, push) = state.withLock { state in
            (state.documents.removeValue(forKey: uri) != nil, state.pushDiagnostics)
        }
        guard wasOpen else {
            logger.warning("ignored closing \(uri), which is not open")
            return
        }
        invalidateWork(for: .documentUpdate(uri))
        if push {
            publishing.withLock { _ in
                send(PublishDiagnosticsNotification(uri: uri, diagnostics: []))
            }
        }
    }

    private func didChangeConfiguration(_ settings: JSONValue) {
        schedule(.globalChange, requestID: nil) { [self] _ in
            let snapshots = state.withLock { state -> [DocumentSnapshot] in
                // `{}` or `null` (eglot sends `{}` on connect when the user set nothing) carries no
                // settings for us: keep those from `initializationOptions` rather than wiping them.
                let next = ServerConfiguration(settings: settings, generation: state.configuration.generation + 1)
                if next.settings == .null || next.settings == .object([:]) { return [] }
                state.configuration = next
                return Array(state.documents.values)
            }
            logger.info("configuration changed")
            for snapshot in snapshots { scheduleDiagnostics(snapshot) }
        }
    }

    // MARK: Diagnostics

    private func scheduleDiagnostics(_ snapshot: DocumentSnapshot) {
        guard state.withLock({ $0.pushDiagnostics }) else { return }
        schedule(.documentRequest(snapshot.uri), requestID: nil) { [self] _ in
            guard !Task.isCancelled else { return }
            let configuration = state.withLock { $0.configuration }
            let diagnostics = options.diagnostics.diagnostics(for: snapshot, configuration: configuration)
            guard !Task.isCancelled else { return }
            publishing.withLock { _ in
                // Only the current version of an open document is published.
                guard state.withLock({ $0.documents[snapshot.uri]?.id == snapshot.id }) else { return }
                send(PublishDiagnosticsNotification(uri: snapshot.uri, version: snapshot.version, diagnostics: diagnostics))
            }
        }
    }

    // MARK: Scheduling and cancellation

    /// Runs `body` as a task after the in-flight work that `MessageKind.mustWait` names.
    private func schedule(
        _ kind: MessageKind, requestID: RequestID?,
        _ body: @escaping @Sendable (Cancellation) async -> Void
    ) {
        let cancellation = Cancellation()
        state.withLock { state in
            let workID = state.nextWorkID
            state.nextWorkID += 1
            let dependencies = state.work.values.filter { MessageKind.mustWait(kind, for: $0.kind) }.map(\.task)
            // Created under the lock, so the task cannot finish (and unregister) before it is registered.
            let task = Task { [self] in
                for dependency in dependencies { await dependency.value }
                await body(cancellation)
                self.state.withLock { state in
                    state.work[workID] = nil
                    if let requestID, state.requests[requestID] == workID { state.requests[requestID] = nil }
                }
            }
            state.work[workID] = Work(kind: kind, task: task, cancellation: cancellation)
            if let requestID { state.requests[requestID] = workID }
        }
    }

    /// `$/cancelRequest`: the request answers `RequestCancelled` (unless it already answered).
    private func cancel(requestID: RequestID) {
        guard let work = state.withLock({ state in state.requests[requestID].flatMap { state.work[$0] } }) else {
            logger.debug("$/cancelRequest for \(requestID), which is not in flight")
            return
        }
        work.cancellation.set(.requestCancelled)
        work.task.cancel()
    }

    /// Cancels the in-flight work an update makes stale; requests answer `ContentModified`.
    private func invalidateWork(for update: MessageKind) {
        let stale = state.withLock { state in state.work.values.filter { update.invalidates($0.kind) } }
        for work in stale {
            work.cancellation.set(ResponseError(code: .contentModified, message: "the document changed"))
            work.task.cancel()
        }
    }

    // MARK: Output

    private func trace(_ message: any Encodable & Sendable, id: RequestID?) {
        let trace = state.withLock { $0.trace }
        guard trace != .off else { return }
        let method = (message as? any LSPRequest).map { type(of: $0).method }
            ?? (message as? any LSPNotification).map { type(of: $0).method } ?? "?"
        if method == LogTraceNotification.method { return }
        let text = id.map { "Received request '\(method) - (\($0))'." } ?? "Received notification '\(method)'."
        var verbose: String?
        if trace == .verbose { verbose = (try? JSONValue(encoding: message)).map { "Params: \($0.jsonString)" } }
        send(LogTraceNotification(message: text, verbose: verbose))
    }

    private func send<N: LSPNotification>(_ notification: N) {
        do { try connection.send(notification) } catch {
            options.logger.debug("could not send \(N.method): \(error)")
        }
    }

    /// Answers `id` with `result`. Every request gets an answer: a result that cannot be encoded
    /// (FoundationEssentials' JSON encoder gives up beyond 512 levels of nesting, for example)
    /// becomes an `InternalError` response with the same id, and the failure is logged.
    private func reply(to id: RequestID, result: any Encodable & Sendable) {
        let body: Data
        do {
            body = try MessageEncoder.response(id: id, result: result)
        } catch {
            logger.error("the response to request \(id) could not be encoded (\(describeEncodingError(error))); answered InternalError")
            return reply(to: id, error: .internalError("the response could not be encoded: \(describeEncodingError(error))"))
        }
        do { try connection.send(body: body) } catch {
            options.logger.debug("could not answer request \(id): \(error)")
        }
    }

    private func reply(to id: RequestID?, error: ResponseError) {
        do { try connection.reply(to: id, error: error) } catch {
            options.logger.debug("could not answer request \(id?.description ?? "null"): \(error)")
        }
    }
}

/// A one-line account of why a value could not be encoded (the error's own text can be long).
private func describeEncodingError(_ error: any Error) -> String {
    if case EncodingError.invalidValue(_, let context) = error {
        return context.debugDescription.split(separator: "\n").first.map(String.init) ?? "invalid value"
    }
    return "\(error)".split(separator: "\n").first.map(String.init) ?? "unknown error"
}
