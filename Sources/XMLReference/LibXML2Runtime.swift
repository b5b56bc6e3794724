// Process-wide libxml2 state: one-time initialisation, the refusing entity loader, the parse lock.
#if canImport(CLibXML2)
internal import CLibXML2
import Synchronization

/// The per-parse record the C callbacks write into, reached through `ctxt->_private`.
///
/// Only touched by the thread that runs the parse, while it holds the parse lock.
final class ParseSession {
    var errors: [XMLError] = []
    var loadRequests: [ExternalLoadRequest] = []
    /// Filled by the counting callbacks of `XMLReference.saxParse`.
    var counts = SAXCounts()
    /// Filled by the recording callbacks of `XMLReference.contentEvents`.
    var events: [XMLContentEvent] = []
}

/// Owns everything global about libxml2 for this process.
///
/// libxml2 2.9 keeps the entity loader in a plain global and error handlers in per-thread globals,
/// so every parse runs under `parser`; the loader's log has its own lock because the loader runs
/// while a parse holds `parser`.
final class LibXML2Runtime: Sendable {
    static let shared = LibXML2Runtime()

    /// What the entity loader refused, and the sessions a parse has open for it to write to (by
    /// address: only the parsing thread touches a session itself).
    private struct LoadLog {
        var liveSessions: Set<UInt> = []
        var refusedLoads: [ExternalLoadRequest] = []
    }

    private let parser = Mutex(())
    private let log = Mutex(LoadLog())

    private init() {
        xmlInitParser()
        // Installed once for the whole process, so no option combination can make libxml2 open a
        // file or a URL for a DTD or an entity: every request is logged and answered with NULL.
        xmlSetExternalEntityLoader(refusingEntityLoader)
    }

    /// Runs `body` with libxml2 reserved for the calling thread, `session` reachable from callbacks.
    func withParser<T>(_ session: ParseSession, _ body: (UnsafeMutableRawPointer) -> T) -> T {
        let pointer = Unmanaged.passUnretained(session).toOpaque()
        // The result leaves through a local rather than as `withLock`'s `sending` result: it may
        // refer to `session`, which stays with the calling thread.
        var result: T?
        parser.withLock { _ in
            log.withLock { _ = $0.liveSessions.insert(UInt(bitPattern: pointer)) }
            defer { log.withLock { _ = $0.liveSessions.remove(UInt(bitPattern: pointer)) } }
            result = withExtendedLifetime(session) { body(pointer) }
        }
        return result!
    }

    /// Every load request refused since the process started, in order.
    var allRefusedLoads: [ExternalLoadRequest] { log.withLock { $0.refusedLoads } }

    fileprivate func recordRefusedLoad(_ request: ExternalLoadRequest, privatePointer: UnsafeMutableRawPointer?) {
        let live = log.withLock { log in
            log.refusedLoads.append(request)
            return privatePointer.map { log.liveSessions.contains(UInt(bitPattern: $0)) } ?? false
        }
        // The loader runs on the parsing thread, inside `withParser`: the session is alive and ours.
        if live, let privatePointer {
            Unmanaged<ParseSession>.fromOpaque(privatePointer).takeUnretainedValue().loadRequests.append(request)
        }
    }
}

/// The external entity loader: records what libxml2 wanted and refuses it.
private let refusingEntityLoader: xmlExternalEntityLoader = { url, publicID, ctxt in
    let request = ExternalLoadRequest(
        url: url.map { String(cString: $0) },
        publicID: publicID.map { String(cString: $0) }
    )
    LibXML2Runtime.shared.recordRefusedLoad(request, privatePointer: ctxt?.pointee._private)
    return nil
}

/// Converts libxml2's error record to ours.
func makeXMLError(_ error: UnsafePointer<xmlError>) -> XMLError {
    var message = error.pointee.message.map { String(cString: $0) } ?? ""
    while message.last == "\n" { message.removeLast() }
    return XMLError(
        line: Int(error.pointee.line),
        column: Int(error.pointee.int2),
        code: error.pointee.code,
        domain: error.pointee.domain,
        level: Int32(error.pointee.level.rawValue),
        message: message
    )
}

#endif
