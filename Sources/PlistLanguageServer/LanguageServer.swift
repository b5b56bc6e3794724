// One LSP session over one connection: lifecycle and dispatch (documents: DocumentStore; work in
// flight: WorkScheduler; ordering: MessageOrdering; the project's sources: WorkspaceSources).
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LanguageServerProtocol
import PlistAnalysis
import PlistSyntax
import PlistSupport
import PlistWorkspace
import SourceEvidence

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
/// The session keeps the lifecycle (`initialize`, `shutdown`, `exit`) and dispatches; the open
/// documents and their snapshots belong to a `DocumentStore`, the work in flight to a
/// `WorkScheduler`. The message loop (`run()`) takes messages in arrival order, classifies each
/// (`Incoming`, then `MessageKind`) and dispatches it. Notifications are handled inside the
/// loop: document updates are applied at once (incremental reparse → new immutable
/// `DocumentSnapshot`) and cancel the requests in flight on that document; `$/cancelRequest`
/// cancels its request as soon as it is read. Requests run as tasks on the snapshot current when
/// they arrived, after the in-flight work `MessageKind.mustWait` names; the loop never waits for
/// them, so reading goes on while they compute. Diagnostics are pushed after every open and
/// change (unless the client pulls).
public final class LanguageServer: Sendable {
    /// The version reported in `serverInfo`.
    public static let version = ToolVersion.current

    public let connection: Connection
    private let options: LanguageServerOptions
    private let handlers: RequestHandlers
    /// The session logger: `options.logger` plus forwarding to `window/logMessage`.
    public let logger: Logger
    private let state = Locked(State())
    private let documents = DocumentStore()
    private let scheduler: WorkScheduler
    /// Serialises `publishDiagnostics` so a stale result can never overtake a newer one.
    private let publishing = Locked(())
    /// The lowest level forwarded to `window/logMessage`; nil until initialized.
    private let forwardLevel: Locked<Logger.Level?>
    /// The project's source trees, scanned for privacy evidence (docs/source-evidence.md).
    private let sources: WorkspaceSources
    /// The Xcode projects of the workspace (docs/project-awareness.md).
    private let projects: WorkspaceProjects
    /// The localization sets of the workspace's Info.plists (this session's own).
    private let translations = WorkspaceTranslations()
    /// The reports of `workspace/diagnostic`, cached per file.
    private let workspaceDiagnostics = WorkspaceDiagnostics()
    /// Numbers the requests the server sends without waiting for their answers.
    private let unansweredRequests = Locked(0)
    /// Documents whose diagnostics wait for a read of projects under way: published without the
    /// project, then with it, a finding that comes and goes is a false one (an `INFOPLIST_KEY_*`
    /// setting makes a key the file lacks present). Published when the read settles.
    private let waitingForProjects = Locked(Set<DocumentURI>())

    private struct State {
        enum Phase { case uninitialized, running, shutDown }
        var phase = Phase.uninitialized
        var encoding = PositionEncoding.utf16
        var client = ClientCapabilities()
        var pushDiagnostics = true
        var trace = TraceValue.off
        var configuration = ServerConfiguration()
        /// The client named no workspace folder: each opened plist's project root is scanned.
        var rootsFromDocuments = false
        /// The client agreed to report every change to source files (`registerSourceWatchers`):
        /// until it answers the registration, and if it refuses it, saves walk the sources.
        var watchingSources = false
        /// The id of the registration request for the watchers, until the client answers it.
        var watcherRegistration: RequestID?
        /// The client has gone (end of input, or dropped): everything in flight was cancelled, and
        /// requests still read after are answered `RequestCancelled` without being run.
        var clientGone = false
    }

    public convenience init(connection: Connection, options: LanguageServerOptions = LanguageServerOptions()) {
        self.init(connection: connection, options: options, share: .single())
    }

    /// A session whose work takes its turns in `share` with the other sessions of the process
    /// (the socket daemon's: `SocketDaemon`).
    init(connection: Connection, options: LanguageServerOptions, share: FairShare) {
        self.connection = connection
        self.scheduler = WorkScheduler(share: share)
        self.options = options
        self.handlers = ServerFeatures.handlers(for: options.features)
        let forwardLevel = Locked<Logger.Level?>(nil)
        self.forwardLevel = forwardLevel
        self.logger = options.logger.adding(
            ClosureLogSink { [connection] level, _, message in
                guard let minimum = forwardLevel.withLock({ $0 }), level >= minimum else { return }
                try? connection.send(LogMessageNotification(type: level.messageType, message: message))
            })
        sources = WorkspaceSources(logger: logger)
        projects = WorkspaceProjects(logger: logger, translations: translations.cache)
        sources.setScopes { [weak projects] path in projects?.sourceScope(forPlistAt: path) }
        sources.onChange { [weak self] in self?.inputsChanged() }
        projects.onChange { [weak self] in
            // Which code counts for a plist follows the projects (synchronized folders, package targets).
            self?.sources.scopesChanged()
            self?.inputsChanged()
        }
        projects.onSettled { [weak self] in self?.projectsSettled() }
        // `initialize` arrives first and alone (the client waits for its answer): answered on the
        // reading thread as soon as it is decoded, not handed to the message loop's task first
        // (one thread fewer before the first answer, and none of the concurrency runtime's;
        // docs/contributing/performance.md). The next message is read only after this returns, so the order
        // of messages is kept. Anything else goes through the loop.
        // One client must not starve the others of a daemon: its connection is not read while its
        // requests, messages or replies pile up (flow control), and everything of it is cancelled
        // as soon as it leaves, not once the messages it sent before are all handled.
        connection.enableFlowControl()
        connection.whenPeerLeaves { [weak self] in self?.clientLeft() }
        connection.answerFirstMessage { [weak self] message in
            guard let self, case .request(_, let request) = message, request is InitializeRequest else { return false }
            _ = handle(message)
            return true
        }
    }

    // MARK: Observing (tests, tools)

    /// The current snapshot of an open document.
    public func snapshot(of uri: DocumentURI) -> DocumentSnapshot? {
        documents.snapshot(of: uri)
    }

    /// The negotiated position encoding.
    public var positionEncoding: PositionEncoding { state.withLock { $0.encoding } }

    /// How many pieces of one session's work compute at once (the others wait their turn in the
    /// session: docs/contributing/server.md, "Limits").
    public static var concurrencyPerSession: Int { WorkScheduler.concurrencyLimit }

    /// Whether diagnostics are pushed (`publishDiagnostics`) rather than pulled.
    public var pushesDiagnostics: Bool { state.withLock { $0.pushDiagnostics } }

    // MARK: The message loop

    /// Starts the connection and serves it until `exit` or end of input. Returns the exit
    /// status: 0 if `shutdown` was received, 1 otherwise. Work still in flight is cancelled.
    public func run() async -> Int32 {
        connection.start()
        let clock = ContinuousClock()
        var busy = Duration.zero
        loop: for await event in connection.events {
            let started = clock.now
            switch event {
            case .framingError(let error):
                logger.warning("skipped a malformed message header: \(error)")
            case .message(let message):
                // An edit is applied here, in the loop: with other sessions sharing the daemon it
                // takes its turn with this session's other work (a client sending edits without
                // pause must not hold a core beside its work in progress).
                if case .notification(let notification) = message,
                    notification is DidChangeTextDocumentNotification
                        || notification is DidOpenTextDocumentNotification || notification is DidCloseTextDocumentNotification
                {
                    if await scheduler.inLoop({ handle(message) }) == .exit { break loop }
                } else if handle(message) == .exit {
                    break loop
                }
            }
            connection.eventHandled()
            // After every 10 ms spent handling messages here (edits are reparsed in the loop), the
            // pool's thread goes to the other sessions' work that is ready, so a session sending
            // edits without pause cannot keep a thread to itself.
            busy += clock.now - started
            if busy > Self.loopSlice {
                busy = .zero
                await Task.yield()
            }
        }
        forwardLevel.withLock { $0 = nil }
        sources.close()
        projects.close()
        if let reason = connection.dropReason { options.logger.warning("connection dropped: \(reason)") }
        scheduler.cancelAll(.init(code: .requestCancelled, message: "the server is exiting"))
        scheduler.close()
        return state.withLock { $0.phase == .shutDown } ? 0 : 1
    }

    /// The client went away (end of input, or its connection dropped it): whatever it asked is
    /// moot, so everything in flight is cancelled at once, on the thread that noticed.
    private func clientLeft() {
        state.withLock { $0.clientGone = true }
        scheduler.cancelAll(.init(code: .requestCancelled, message: "the client has gone"))
    }

    /// How long the message loop handles messages before it lets other work of the pool run.
    private static let loopSlice = Duration.milliseconds(10)

    private enum Outcome { case next, exit }

    private func handle(_ message: IncomingMessage) -> Outcome {
        switch message {
        case .request(let id, let request):
            trace(request, id: id)
            return dispatch(Incoming(request: request, id: id, handlers: handlers))
        case .notification(let notification):
            trace(notification, id: nil)
            return dispatch(Incoming(notification: notification))
        case .response(let id, let result):
            if state.withLock({ $0.watcherRegistration == id }) {
                watcherRegistrationAnswered(result)
                break
            }
            if case .string(let name) = id, name.hasPrefix(Self.unansweredPrefix) { break }
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

    // MARK: Dispatch

    /// Admits `message` in the current phase of the lifecycle, then handles it as its kind says:
    /// document updates and the other notifications in the loop (global changes excepted),
    /// everything else through the scheduler.
    @discardableResult
    private func dispatch(_ message: Incoming) -> Outcome {
        let phase = state.withLock { $0.phase }
        switch (phase, message) {
        case (_, .exit):
            return .exit
        case (_, .publishDiagnostics), (.uninitialized, .initialize), (.running, _):
            break
        case (.uninitialized, _), (.shutDown, _):
            if let id = message.requestID {
                reply(
                    to: id,
                    error: phase == .uninitialized
                        ? .serverNotInitialized
                        : .invalidRequest("\(message.method): the server is shutting down (shutdown was received)"))
            } else {
                logger.debug("dropped \(message.method): \(phase == .shutDown ? "shutdown was received" : "not initialized")")
            }
            return .next
        }
        let kind = MessageKind(message)
        switch message {
        case .initialize(let id, let request):
            if phase == .running {
                reply(to: id, error: .invalidRequest("initialize was already received"))
            } else {
                initialize(id: id, request)
            }
        case .shutdown(let id):
            state.withLock { $0.phase = .shutDown }
            scheduler.schedule(kind, requestID: id) { [self] _ in
                reply(to: id, result: VoidResponse())
            }
        case .feature(let id, let request, let entry, let uri):
            run(request, id: id, entry: entry, document: uri, kind: kind)
        case .unsupported(let id, let method):
            reply(to: id, error: ResponseError(code: .methodNotFound, message: "\(method) is not supported by plist-lsp"))
        case .exit:
            break
        case .initialized:
            registerSourceWatchers()
        case .cancelRequest(let id):
            if !scheduler.cancel(requestID: id) { logger.debug("$/cancelRequest for \(id), which is not in flight") }
        case .setTrace(let value):
            state.withLock { $0.trace = value }
        case .didOpen(let item):
            didOpen(item, kind: kind)
        case .didChange(let change):
            didChange(change, kind: kind)
        case .didClose(let uri):
            didClose(uri, kind: kind)
        case .didSave(let uri):
            logger.debug("saved \(uri)")
            // A save is the moment sources may have changed too; a client watching them for us
            // reports each changed file itself, so the walk of every tree is for clients that do not.
            if !state.withLock({ $0.watchingSources }) { sources.rescanAll() }
            if let path = FileURI.path(of: uri) { workspaceFilesChanged([path]) }
        case .didChangeWatchedFiles(let changes):
            let paths = changes.compactMap { FileURI.path(of: $0.uri) }
            sources.filesChanged(paths)
            workspaceFilesChanged(paths)
        case .didChangeConfiguration(let settings):
            didChangeConfiguration(settings, kind: kind)
        case .unexpected(let method):
            logger.debug("ignored \(method) (a server-to-client notification)")
        case .publishDiagnostics(let snapshot):
            publishDiagnostics(snapshot, kind: kind)
        }
        return .next
    }

    // MARK: Requests

    private func run(_ request: any LSPRequest, id: RequestID, entry: RequestHandlers.Entry, document uri: DocumentURI?, kind: MessageKind)
    {
        let method = type(of: request).method
        if state.withLock({ $0.clientGone }) {
            return reply(to: id, error: .init(code: .requestCancelled, message: "the client has gone"))
        }
        var snapshot: DocumentSnapshot?
        if let uri {
            snapshot = documents.snapshot(of: uri)
            guard snapshot != nil else {
                return reply(to: id, error: .invalidParams("\(method): the document is not open: \(uri)"))
            }
        }
        scheduler.schedule(kind, requestID: id) { [self, snapshot] cancellation in
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
            diagnostics: options.diagnostics, connection: connection, sources: sources, projects: projects,
            translations: translations, documents: documents, workspace: workspaceDiagnostics)
    }

    /// The key database (about 10 ms to decode) loads after the first `initialize` is answered, on
    /// a thread of its own, once per process: the answer does not wait for it, and the first
    /// analysis waits only for what is left of the load.
    private static let sharedTablesLoading: Void = startDetachedThread(name: "plist-lsp-tables") { Analyzer.loadSharedTables() }

    private func initialize(id: RequestID, _ request: InitializeRequest) {
        let offered = request.capabilities.general?.positionEncodings ?? []
        let encoding = offered.lazy.compactMap(PositionEncoding.init(kind:)).first ?? .utf16
        let initOptions = request.initializationOptions
        let pullCapable = request.capabilities.textDocument?.diagnostic != nil
        let push = initOptions?["pushDiagnostics"]?.boolValue ?? !pullCapable
        let logLevel = initOptions?["logLevel"]?.stringValue.flatMap(Logger.Level.init(name:)) ?? .info

        let capabilities = Self.capabilities(encoding: encoding, push: push, client: request.capabilities, options: options)

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
        reply(
            to: id,
            result: InitializeResult(capabilities: capabilities, serverInfo: ServerInfo(name: "plist-lsp", version: options.version)))
        _ = Self.sharedTablesLoading
        forwardLevel.withLock { $0 = logLevel }
        let client = request.clientInfo.map { "\($0.name)\($0.version.map { " " + $0 } ?? "")" } ?? "an unnamed client"
        logger.info("initialized by \(client); positions in \(encoding.rawValue); diagnostics \(push ? "pushed" : "pulled")")
        let configuration = state.withLock { $0.configuration }
        reportProblems(in: configuration)
        startSources(request, enabled: configuration.analysis.sourceEvidence)
    }

    /// What the server announces to a client with `client`'s capabilities.
    private static func capabilities(
        encoding: PositionEncoding, push: Bool, client: ClientCapabilities,
        options: LanguageServerOptions
    ) -> ServerCapabilities {
        var capabilities = ServerCapabilities(
            positionEncoding: encoding.kind,
            textDocumentSync: TextDocumentSyncOptions(
                openClose: true, change: .incremental,
                // Without it Neovim sends no didSave, and a client with no file
                // watchers never has the projects read again (issue #38).
                save: .value(SaveOptions(includeText: false))))
        for feature in options.features { feature.announce(&capabilities, client: client) }
        // Pushed diagnostics (forced with `pushDiagnostics`) are the only ones: a client told it may
        // pull as well keeps both, and Neovim 0.11, which pulls only after a change, kept the
        // pulled ones stale after a save had the projects read again.
        if push { capabilities.diagnosticProvider = nil }
        if !push { capabilities.diagnosticProvider = capabilities.diagnosticProvider ?? PullDiagnosticsFeature.options }
        return capabilities
    }

    // MARK: Source evidence

    /// Scans the workspace folders (else `rootUri`, else `rootPath`); a client that names none
    /// gets each opened plist's project root scanned instead.
    private func startSources(_ request: InitializeRequest, enabled: Bool) {
        sources.setEnabled(enabled)
        var roots = (request.workspaceFolders ?? []).compactMap { FileURI.path(of: $0.uri) }
        if roots.isEmpty, let root = request.rootUri.flatMap(FileURI.path(of:)) ?? request.rootPath { roots = [root] }
        if roots.isEmpty {
            state.withLock { $0.rootsFromDocuments = true }
        }
        for root in roots {
            sources.addRoot(root)
            projects.addRoot(root)
        }
    }

    /// Asks a client that can to tell us when source files change (`workspace/didChangeWatchedFiles`).
    private func registerSourceWatchers() {
        let capable = state.withLock { $0.client.workspace?.didChangeWatchedFiles?.dynamicRegistration == true }
        guard capable else { return }
        let pattern = "**/*.{" + SourceLanguage.pathExtensions.joined(separator: ",") + "}"
        // The project files (docs/project-awareness.md), the plists targets read from each other
        // and every file the workspace reports cover (`WorkspaceFileKinds`).
        let options = try? JSONValue(
            encoding: DidChangeWatchedFilesRegistrationOptions(
                watchers: [
                    FileSystemWatcher(globPattern: pattern)
                ] + WorkspaceFileKinds.watchPatterns.map { FileSystemWatcher(globPattern: $0) }))
        let request = RegisterCapabilityRequest(registrations: [
            Registration(id: "plist-lsp-source-files", method: DidChangeWatchedFilesNotification.method, registerOptions: options)
        ])
        // Recorded before it is sent, so that however soon the answer comes, it is recognised.
        let id = nextUnansweredID()
        state.withLock { $0.watcherRegistration = id }
        sendWithoutWaiting(request, id: id)
    }

    /// The client answered the request to watch files: sources are left to its events if it
    /// agreed; if it refused, every save walks them, as for a client that cannot watch.
    private func watcherRegistrationAnswered(_ result: Result<JSONValue, ResponseError>) {
        let agreed: Bool
        if case .failure(let error) = result {
            logger.info("the client did not register the file watchers (\(error.message)); each save rereads the sources")
            agreed = false
        } else {
            agreed = true
        }
        state.withLock {
            $0.watcherRegistration = nil
            $0.watchingSources = agreed
        }
    }

    /// What the ids of the requests sent by `sendWithoutWaiting` start with.
    private static let unansweredPrefix = "plist-lsp-"

    /// Sends a server → client request at once, in the order of what the loop sends, and leaves
    /// its answer unread: a task awaiting it could be scheduled late, and a client that is
    /// already shutting down (eglot in batch mode) then fails to answer a dead process.
    private func sendWithoutWaiting<R: LSPRequest>(_ request: R, id: RequestID? = nil) {
        let id = id ?? nextUnansweredID()
        do { try connection.send(body: MessageEncoder.request(request, id: id)) } catch {
            options.logger.debug("could not send \(R.method): \(error)")
        }
    }

    private func nextUnansweredID() -> RequestID {
        let n = unansweredRequests.withLock { n -> Int in
            n += 1
            return n
        }
        return .string("\(Self.unansweredPrefix)\(n)")
    }

    /// Files changed on disk (watched, or saved): the projects are read again if one of them is
    /// a project file (the read's end refreshes everything); else a client that pulls is asked to
    /// pull again when a file the workspace reports cover changed (a plist nobody has open).
    private func workspaceFilesChanged(_ paths: [String]) {
        // A translation saved or changed elsewhere: the open Info.plists it translates (and the
        // other translations) are checked again against the files as they now are.
        let translationsChanged = translations.filesChanged(paths)
        if projects.filesChanged(paths) { return }
        if translationsChanged {
            inputsChanged()
            return
        }
        guard paths.contains(where: WorkspaceFileKinds.affectsReports) else { return }
        let (push, refresh) = state.withLock { ($0.pushDiagnostics, $0.client.workspace?.diagnostics?.refreshSupport == true) }
        if !push && refresh { sendWithoutWaiting(DiagnosticRefreshRequest()) }
    }

    /// The read of projects settled: the documents that waited for it are published now.
    private func projectsSettled() {
        let waiting = waitingForProjects.withLock { waiting in
            defer { waiting = [] }
            return waiting
        }
        for uri in waiting {
            if let snapshot = documents.snapshot(of: uri) { dispatch(.publishDiagnostics(snapshot)) }
        }
    }

    /// The source evidence or the projects changed: open documents get their diagnostics again (a client that pulls is
    /// asked to pull, if it can be).
    private func inputsChanged() {
        let (push, refresh) = state.withLock { ($0.pushDiagnostics, $0.client.workspace?.diagnostics?.refreshSupport == true) }
        if push {
            for snapshot in documents.snapshots { dispatch(.publishDiagnostics(snapshot)) }
        } else if refresh {
            sendWithoutWaiting(DiagnosticRefreshRequest())
        }
    }

    /// Logs what the settings could not use (as warnings: stderr and `window/logMessage`); the
    /// rest of the settings applies. `check` refuses the same problems in its flags.
    private func reportProblems(in configuration: ServerConfiguration) {
        for problem in configuration.problems { logger.warning("settings: \(problem)") }
    }

    // MARK: Documents

    private func didOpen(_ item: TextDocumentItem, kind: MessageKind) {
        if state.withLock({ $0.rootsFromDocuments }), let path = FileURI.path(of: item.uri) {
            sources.addProjectRoot(containing: path)
            projects.addProjectRoot(containing: path)
        }
        let (snapshot, reopened) = documents.open(item, encoding: state.withLock { $0.encoding })
        if reopened {
            logger.warning("\(item.uri) was opened again; its text was replaced")
            scheduler.invalidate(for: kind)
        }
        dispatch(.publishDiagnostics(snapshot))
    }

    private func didChange(_ change: DidChangeTextDocumentNotification, kind: MessageKind) {
        let uri = change.textDocument.uri
        let version = change.textDocument.version
        guard let current = documents.snapshot(of: uri) else {
            logger.warning("ignored a change to \(uri), which is not open")
            return
        }
        scheduler.invalidate(for: kind)
        if version <= current.version {
            logger.warning("\(uri): version \(version) follows version \(current.version); applied anyway")
        }
        let (snapshot, clamped) = documents.apply(change.contentChanges, version: version, to: current)
        for message in clamped { logger.warning(message) }
        dispatch(.publishDiagnostics(snapshot))
    }

    private func didClose(_ uri: DocumentURI, kind: MessageKind) {
        guard let closed = documents.close(uri) else {
            logger.warning("ignored closing \(uri), which is not open")
            return
        }
        scheduler.invalidate(for: kind)
        if state.withLock({ $0.pushDiagnostics }) {
            publishing.withLock { _ in
                send(PublishDiagnosticsNotification(uri: uri, diagnostics: []))
            }
        }
        FreedMemory.released(bytes: closed.text.count)
    }

    private func didChangeConfiguration(_ settings: JSONValue, kind: MessageKind) {
        scheduler.schedule(kind, requestID: nil) { [self] _ in
            let changed = state.withLock { state -> ServerConfiguration? in
                // `{}` or `null` (eglot sends `{}` on connect when the user set nothing) carries no
                // settings for us: keep those from `initializationOptions` rather than wiping them.
                let next = ServerConfiguration(settings: settings, generation: state.configuration.generation + 1)
                if next.settings == .null || next.settings == .object([:]) { return nil }
                state.configuration = next
                return next
            }
            guard let changed else { return }
            logger.info("configuration changed")
            reportProblems(in: changed)
            sources.setEnabled(changed.analysis.sourceEvidence)
            for snapshot in documents.snapshots { dispatch(.publishDiagnostics(snapshot)) }
        }
    }

    // MARK: Diagnostics

    private func publishDiagnostics(_ snapshot: DocumentSnapshot, kind: MessageKind) {
        guard state.withLock({ $0.pushDiagnostics && !$0.clientGone }) else { return }
        scheduler.schedule(kind, requestID: nil) { [self] _ in
            guard !Task.isCancelled else { return }
            // Recorded first, then the read asked about: a read that settles in between publishes it.
            waitingForProjects.withLock { _ = $0.insert(snapshot.uri) }
            if projects.isReading { return }
            waitingForProjects.withLock { _ = $0.remove(snapshot.uri) }
            let configuration = state.withLock { $0.configuration }
            await translations.read(for: snapshot, configuration: configuration.analysis, projects: projects)
            guard !Task.isCancelled else { return }
            let diagnostics = options.diagnostics.diagnostics(
                for: snapshot, configuration: configuration,
                evidence: sources.input(for: snapshot.uri, configuration: configuration),
                project: projects.input(for: snapshot.uri), translations: translations.cache)
            guard !Task.isCancelled else { return }
            publishing.withLock { _ in
                // Only the current version of an open document is published.
                guard documents.isCurrent(snapshot) else { return }
                send(PublishDiagnosticsNotification(uri: snapshot.uri, version: snapshot.version, diagnostics: diagnostics))
            }
        }
    }

    // MARK: Output

    private func trace(_ message: any Encodable & Sendable, id: RequestID?) {
        let trace = state.withLock { $0.trace }
        guard trace != .off else { return }
        let method =
            (message as? any LSPRequest).map { type(of: $0).method }
            ?? (message as? any LSPNotification).map { type(of: $0).method } ?? "?"
        if method == LogTraceNotification.method { return }
        let text = id.map { "Received request '\(method) - (\($0))'." } ?? "Received notification '\(method)'."
        var verbose: String?
        if trace == .verbose { verbose = (try? JSONValue(encoding: message)).map { "Params: \($0.description)" } }
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
            if let encoded = result as? EncodedResult {
                body = try MessageEncoder.response(id: id, encoded: encoded)
            } else {
                body = try MessageEncoder.response(id: id, result: result)
            }
        } catch {
            logger.error("the response to request \(id) could not be encoded (\(describeEncodingError(error))); answered InternalError")
            return reply(to: id, error: .internalError("the response could not be encoded: \(describeEncodingError(error))"))
        }
        send(body, answering: id)
    }

    /// Sends the answer to request `id`; a client gone away is only logged.
    private func send(_ body: Data, answering id: RequestID) {
        do { try connection.send(body: body, answering: id) } catch {
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
