// The table of request handlers: where editor features (hover, completion, code actions…) plug in.
import LanguageServerProtocol
import PlistAnalysis
import PlistSupport
import PlistSyntax
import PlistWorkspace

/// What a handler may use besides its request and snapshot.
public struct RequestContext: Sendable {
    /// The id of the request being answered.
    public let id: RequestID
    /// Logs to stderr (and `window/logMessage`, at the level the client asked for).
    public let logger: Logger
    /// The capabilities the client declared at `initialize`.
    public let clientCapabilities: ClientCapabilities
    /// The negotiated position encoding (snapshots already convert with it).
    public let encoding: PositionEncoding
    /// The settings in force when the request started.
    public let configuration: ServerConfiguration
    /// The diagnostics of a snapshot (e.g. for code actions that fix them).
    public let diagnostics: DiagnosticsProvider
    /// The connection, for server → client requests (`workspace/applyEdit`,
    /// `workspace/configuration`); never used to write files.
    public let connection: Connection
    /// The session's source trees.
    let sources: WorkspaceSources
    /// The session's Xcode projects.
    let projects: WorkspaceProjects
    /// The session's translations (localization sets).
    let translations: WorkspaceTranslations
    /// The session's open documents (`workspace/diagnostic` reads an open file's text, not the disk's).
    let documents: DocumentStore
    /// The session's workspace reports, cached per file.
    let workspace: WorkspaceDiagnostics

    /// The folders of the workspace: those scanned for sources and those searched for projects.
    var workspaceRoots: [String] {
        var roots = projects.roots
        for root in sources.roots where !roots.contains(root) { roots.append(root) }
        return roots
    }

    /// What the project's sources show `snapshot` needs (under the request's configuration).
    public func evidence(for snapshot: DocumentSnapshot) -> SourceEvidenceInput {
        sources.input(for: snapshot.uri, configuration: configuration)
    }

    /// What `snapshot`'s document is (`DocumentKind`): its format, decided when it was opened, and
    /// its role under this configuration and the project's view of it; the analysis checks it as
    /// the same kind (`DocumentAnalysis`).
    public func kind(of snapshot: DocumentSnapshot) -> DocumentKind {
        snapshot.kind(configuration: configuration.analysis, project: project(for: snapshot).input)
    }

    /// Reads off the cooperative pool what `snapshot`'s analysis and features read about
    /// translations (see `WorkspaceTranslations.read(for:configuration:projects:)`): called before
    /// they look the session's localization sets up.
    func readTranslations(for snapshot: DocumentSnapshot) async {
        await translations.read(for: snapshot, configuration: configuration.analysis, projects: projects)
    }

    /// What the Xcode project using `snapshot`'s file says about it.
    public func project(for snapshot: DocumentSnapshot) -> ProjectInputValue {
        projects.input(for: snapshot.uri)
    }

    /// Waits (up to `limit`) while a read of projects is under way, so that an answer does not
    /// report what the project is about to contradict (pull diagnostics: a finding that comes and
    /// goes is a false one). Reading a project takes milliseconds.
    public func settledProjects(limit: Duration = .seconds(2)) async throws {
        let deadline = ContinuousClock.now + limit
        guard projects.isReading else { return }
        // Without holding the request's place: the session's other work goes on meanwhile.
        try await WorkScheduler.waiting {
            while projects.isReading && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
        }
    }
}

/// The request handlers of a server session, by method. Build one with the `ServerFeature`s
/// (see `ServerFeatures.all`), then pass it to `LanguageServer`.
///
/// A *document* handler runs on the immutable snapshot of the version its request arrived for,
/// concurrently with other requests; an edit to that document cancels it (the client then gets
/// `ContentModified`), and `$/cancelRequest` cancels it (`RequestCancelled`). Long computations
/// should call `try Task.checkCancellation()` now and then. A *freestanding* handler needs no
/// document. Throw a `ResponseError` to answer with a specific error; any other error becomes
/// `RequestFailed`.
public struct RequestHandlers: Sendable {
    struct Entry: Sendable {
        /// Which document the request reads, or nil for a freestanding request.
        let document: @Sendable (any LSPRequest) -> DocumentURI?
        let run: @Sendable (any LSPRequest, DocumentSnapshot?, RequestContext) async throws -> any Encodable & Sendable
    }

    private(set) var entries: [String: Entry] = [:]

    public init() {}

    /// The methods with a handler.
    public var methods: [String] { entries.keys.sorted() }

    /// Registers a handler for a `textDocument/*` request reading one document.
    public mutating func document<R: TextDocumentRequest>(
        _ type: R.Type, _ body: @escaping @Sendable (R, DocumentSnapshot, RequestContext) async throws -> R.Response
    ) {
        document(type, uri: { $0.textDocument.uri }, body)
    }

    /// Registers a handler for a request reading the document `uri(request)` names.
    public mutating func document<R: LSPRequest>(
        _ type: R.Type, uri: @escaping @Sendable (R) -> DocumentURI,
        _ body: @escaping @Sendable (R, DocumentSnapshot, RequestContext) async throws -> R.Response
    ) {
        entries[R.method] = Entry(
            document: { uri($0 as! R) },
            run: { request, snapshot, context in try await body(request as! R, snapshot!, context) })
    }

    /// Registers a handler for a `textDocument/*` request whose answer may be JSON already
    /// (`EncodedResult`, an answer kept for identical requests) or an `R.Response`.
    mutating func document<R: TextDocumentRequest>(
        _ type: R.Type, answering body: @escaping @Sendable (R, DocumentSnapshot, RequestContext) async throws -> any Encodable & Sendable
    ) {
        entries[R.method] = Entry(
            document: { ($0 as! R).textDocument.uri },
            run: { request, snapshot, context in try await body(request as! R, snapshot!, context) })
    }

    /// Registers a handler for a request that reads no document (e.g. `completionItem/resolve`).
    public mutating func freestanding<R: LSPRequest>(
        _ type: R.Type, _ body: @escaping @Sendable (R, RequestContext) async throws -> R.Response
    ) {
        entries[R.method] = Entry(
            document: { _ in nil },
            run: { request, _, context in try await body(request as! R, context) })
    }

    subscript(method: String) -> Entry? { entries[method] }
}

/// A feature of the server: registers its request handlers and announces its capabilities.
///
/// To add one (hover, completion, code actions, …): write a type conforming to this protocol in
/// its own file under `Sources/PlistLanguageServer/Features/`, compute results from the
/// `DocumentSnapshot` (byte offsets ↔ LSP positions with `snapshot.offset(of:)`,
/// `snapshot.range(of:)`, `snapshot.byteRange(of:)`), and list it in `ServerFeatures.all`.
public protocol ServerFeature: Sendable {
    /// Adds this feature's handlers.
    func register(_ handlers: inout RequestHandlers)
    /// Sets this feature's members of the `initialize` result.
    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities)
}
