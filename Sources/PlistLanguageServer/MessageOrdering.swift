// Ordering as data: every incoming message is classified in one switch (`MessageKind.init`), and
// one function decides what waits for what (`MessageKind.mustWait`).
import LanguageServerProtocol
import PlistSupport

/// What a message does to the server's state, which decides how it is ordered.
public enum MessageKind: Sendable, Hashable, CustomStringConvertible {
    /// Changes one document's text (`didOpen`, `didChange`, `didClose`). Applied in the message
    /// loop, in arrival order, before the next message is read from the queue; cancels the
    /// document requests in flight on that document (they answer `ContentModified`).
    case documentUpdate(DocumentURI)
    /// Reads one document (`hover`, `completion`, `textDocument/diagnostic`, the push-diagnostics
    /// computation…). Gets the snapshot current when it arrived and runs concurrently.
    case documentRequest(DocumentURI)
    /// Changes state every later message depends on (`initialize`, `shutdown`,
    /// `workspace/didChangeConfiguration`): waits for everything in flight, and everything after
    /// it waits for it. (`initialize` is handled in the loop: nothing can be in flight before it.)
    case globalChange
    /// Reads no document and changes nothing later messages depend on: notifications such as
    /// `$/cancelRequest`, `$/setTrace`, `exit`, `initialized`, `didSave`,
    /// `workspace/didChangeWatchedFiles` (handled at once in the loop, so `$/cancelRequest`
    /// overtakes everything queued; a source rescan they start runs on its own thread and
    /// republishes when it is done), and requests without a document
    /// such as `completionItem/resolve` (tasks that only wait for global changes).
    case freestanding

    public var description: String {
        switch self {
        case .documentUpdate(let uri): return "document update \(uri)"
        case .documentRequest(let uri): return "document request \(uri)"
        case .globalChange: return "global change"
        case .freestanding: return "freestanding"
        }
    }

    /// Whether work of kind `later`, arriving after work of kind `earlier` that is still in
    /// flight, must wait for it to finish. The single place where ordering is decided.
    ///
    /// Notifications other than global changes are handled inside the message loop, in arrival
    /// order, before the next message is taken, so they never wait: document updates are applied
    /// at once (they do not wait for the requests reading the same document: those hold their
    /// own snapshot, so the update cancels them instead, `ContentModified`).
    /// Everything else runs as a task that first waits for the work this function names:
    /// - a global change waits for everything before it, and everything after it waits for it;
    /// - document requests and freestanding requests never wait for each other.
    public static func mustWait(_ later: MessageKind, for earlier: MessageKind) -> Bool {
        switch (later, earlier) {
        case (.documentUpdate, _): return false
        case (.globalChange, _): return true
        case (_, .globalChange): return true
        case (.documentRequest, _), (.freestanding, _): return false
        }
    }

    /// Whether an update of this kind invalidates in-flight work of kind `other`
    /// (the in-flight work then answers `ContentModified`).
    func invalidates(_ other: MessageKind) -> Bool {
        if case .documentUpdate(let a) = self, case .documentRequest(let b) = other { return a == b }
        return false
    }
}

/// A message the session handles, decoded once into this closed set so that the mapping to
/// `MessageKind` (`MessageKind.init(_:)`) and the dispatch (`LanguageServer`) are exhaustive
/// switches. It also names the one piece of work the server starts on its own, the
/// push-diagnostics computation, so that every kind is assigned in that one mapping.
enum Incoming: Sendable {
    // Requests.
    case initialize(id: RequestID, InitializeRequest)
    case shutdown(id: RequestID)
    /// A request a `ServerFeature` handles; `document` is the document it reads (nil: freestanding).
    case feature(id: RequestID, any LSPRequest, RequestHandlers.Entry, document: DocumentURI?)
    /// A request the protocol layer decodes but no feature handles (`MethodNotFound`).
    case unsupported(id: RequestID, method: String)
    // Notifications.
    case exit
    case initialized
    case cancelRequest(RequestID)
    case setTrace(TraceValue)
    case didOpen(TextDocumentItem)
    case didChange(DidChangeTextDocumentNotification)
    case didClose(DocumentURI)
    case didSave(DocumentURI)
    case didChangeConfiguration(JSONValue)
    /// Source files the client watches for us changed (`workspace/didChangeWatchedFiles`).
    case didChangeWatchedFiles([FileEvent])
    /// A notification the protocol layer decodes that a client does not send (server → client ones).
    case unexpected(method: String)
    // Work the server starts itself.
    /// Computing and publishing the diagnostics of a snapshot (after an open, a change, or a
    /// configuration change).
    case publishDiagnostics(DocumentSnapshot)

    /// Classifies a decoded request; `handlers` says which feature requests exist and which
    /// document each reads.
    init(request: any LSPRequest, id: RequestID, handlers: RequestHandlers) {
        // Existential casts cannot be exhaustive: every other request type is a feature's or unsupported.
        if let initialize = request as? InitializeRequest {
            self = .initialize(id: id, initialize)
        } else if request is ShutdownRequest {
            self = .shutdown(id: id)
        } else if let entry = handlers[type(of: request).method] {
            self = .feature(id: id, request, entry, document: entry.document(request))
        } else {
            self = .unsupported(id: id, method: type(of: request).method)
        }
    }

    /// Classifies a decoded notification.
    init(notification: any LSPNotification) {
        switch notification {
        case is ExitNotification: self = .exit
        case is InitializedNotification: self = .initialized
        case let cancel as CancelRequestNotification: self = .cancelRequest(cancel.id)
        case let trace as SetTraceNotification: self = .setTrace(trace.value)
        case let open as DidOpenTextDocumentNotification: self = .didOpen(open.textDocument)
        case let change as DidChangeTextDocumentNotification: self = .didChange(change)
        case let close as DidCloseTextDocumentNotification: self = .didClose(close.textDocument.uri)
        case let save as DidSaveTextDocumentNotification: self = .didSave(save.textDocument.uri)
        case let configuration as DidChangeConfigurationNotification: self = .didChangeConfiguration(configuration.settings)
        case let watched as DidChangeWatchedFilesNotification: self = .didChangeWatchedFiles(watched.changes)
        // Existential casts cannot be exhaustive: the remaining types are server → client notifications.
        default: self = .unexpected(method: type(of: notification).method)
        }
    }

    /// The id of a request (nil for notifications and the server's own work).
    var requestID: RequestID? {
        switch self {
        case .initialize(let id, _), .shutdown(let id), .feature(let id, _, _, _), .unsupported(let id, _): return id
        case .exit, .initialized, .cancelRequest, .setTrace, .didOpen, .didChange, .didClose, .didSave,
            .didChangeConfiguration, .didChangeWatchedFiles, .unexpected, .publishDiagnostics:
            return nil
        }
    }

    /// The LSP method, for messages and logs.
    var method: String {
        switch self {
        case .initialize: return InitializeRequest.method
        case .shutdown: return ShutdownRequest.method
        case .feature(_, let request, _, _): return type(of: request).method
        case .unsupported(_, let method), .unexpected(let method): return method
        case .exit: return ExitNotification.method
        case .initialized: return InitializedNotification.method
        case .cancelRequest: return CancelRequestNotification.method
        case .setTrace: return SetTraceNotification.method
        case .didOpen: return DidOpenTextDocumentNotification.method
        case .didChange: return DidChangeTextDocumentNotification.method
        case .didClose: return DidCloseTextDocumentNotification.method
        case .didSave: return DidSaveTextDocumentNotification.method
        case .didChangeConfiguration: return DidChangeConfigurationNotification.method
        case .didChangeWatchedFiles: return DidChangeWatchedFilesNotification.method
        case .publishDiagnostics: return PublishDiagnosticsNotification.method
        }
    }
}

extension MessageKind {
    /// The kind of every message, in one exhaustive switch: the only place kinds are assigned.
    init(_ message: Incoming) {
        switch message {
        case .initialize, .shutdown, .didChangeConfiguration:
            self = .globalChange
        case .feature(_, _, _, let document?):
            self = .documentRequest(document)
        case .publishDiagnostics(let snapshot):
            self = .documentRequest(snapshot.uri)
        case .didOpen(let item):
            self = .documentUpdate(item.uri)
        case .didChange(let change):
            self = .documentUpdate(change.textDocument.uri)
        case .didClose(let uri):
            self = .documentUpdate(uri)
        case .feature(_, _, _, nil), .unsupported, .exit, .initialized, .cancelRequest, .setTrace, .didSave, .didChangeWatchedFiles,
            .unexpected:
            self = .freestanding
        }
    }
}
