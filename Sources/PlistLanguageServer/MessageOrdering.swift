// Ordering as data: every incoming message is classified, and one function decides what waits for what.
import LanguageServerProtocol

/// What a message does to the server's state, which decides how it is ordered.
public enum MessageKind: Sendable, Hashable, CustomStringConvertible {
    /// Changes one document's text (`didOpen`, `didChange`, `didClose`). Applied in the message
    /// loop, in arrival order, before the next message is read from the queue; cancels the
    /// document requests in flight on that document (they answer `ContentModified`).
    case documentUpdate(DocumentURI)
    /// Reads one document (`hover`, `completion`, `textDocument/diagnostic`, the push-diagnostics
    /// computation…). Gets the snapshot current when it arrived and runs concurrently.
    case documentRequest(DocumentURI)
    /// Changes state every later message depends on (`shutdown`, `workspace/didChangeConfiguration`):
    /// waits for everything in flight, and everything after it waits for it.
    case globalChange
    /// Reads no document and changes nothing later messages depend on: notifications such as
    /// `$/cancelRequest`, `$/setTrace`, `exit`, `initialized`, `didSave` (handled at once in the
    /// loop, so `$/cancelRequest` overtakes everything queued), and requests without a document
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
