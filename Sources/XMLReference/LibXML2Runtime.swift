// Process-wide libxml2 state: one-time initialisation, the refusing entity loader, the parse lock.
#if canImport(CLibXML2)
internal import CLibXML2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The per-parse record the C callbacks write into, reached through `ctxt->_private`.
///
/// Only touched by the thread that runs the parse, while it holds the parse lock.
final class ParseSession {
    var errors: [XMLError] = []
    var loadRequests: [ExternalLoadRequest] = []
    /// Filled by the counting callbacks of `XMLReference.saxParse`.
    var counts = SAXCounts()
}

/// Owns everything global about libxml2 for this process.
///
/// libxml2 2.9 keeps the entity loader in a plain global and error handlers in per-thread globals,
/// so every parse runs under `parseLock`; the loader's log has its own lock because the loader runs
/// while a parse holds `parseLock`.
final class LibXML2Runtime: Sendable {
    static let shared = LibXML2Runtime()

    private let parseLock = PThreadMutex()
    private let logLock = PThreadMutex()
    nonisolated(unsafe) private var liveSessions: Set<UnsafeMutableRawPointer> = []
    nonisolated(unsafe) private var refusedLoads: [ExternalLoadRequest] = []

    private init() {
        xmlInitParser()
        // Installed once for the whole process, so no option combination can make libxml2 open a
        // file or a URL for a DTD or an entity: every request is logged and answered with NULL.
        xmlSetExternalEntityLoader(refusingEntityLoader)
    }

    /// Runs `body` with libxml2 reserved for the calling thread, `session` reachable from callbacks.
    func withParser<T>(_ session: ParseSession, _ body: (UnsafeMutableRawPointer) -> T) -> T {
        parseLock.lock()
        defer { parseLock.unlock() }
        let pointer = Unmanaged.passUnretained(session).toOpaque()
        logLock.withLock { _ = liveSessions.insert(pointer) }
        defer { logLock.withLock { _ = liveSessions.remove(pointer) } }
        return withExtendedLifetime(session) { body(pointer) }
    }

    /// Every load request refused since the process started, in order.
    var allRefusedLoads: [ExternalLoadRequest] { logLock.withLock { refusedLoads } }

    fileprivate func recordRefusedLoad(_ request: ExternalLoadRequest, privatePointer: UnsafeMutableRawPointer?) {
        let session: ParseSession? = logLock.withLock {
            refusedLoads.append(request)
            guard let privatePointer, liveSessions.contains(privatePointer) else { return nil }
            return Unmanaged<ParseSession>.fromOpaque(privatePointer).takeUnretainedValue()
        }
        session?.loadRequests.append(request)
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

/// A plain mutex. Foundation is kept out of this module: its bundled ICU clashes with the system
/// ICU headers that libxml2's headers include.
final class PThreadMutex: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
#endif
