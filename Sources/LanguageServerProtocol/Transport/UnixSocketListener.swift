import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSupport

public enum UnixSocketError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path does not fit in `sockaddr_un.sun_path` (it is never truncated).
    case pathTooLong(path: String, length: Int, maximum: Int)
    /// The socket's directory does not exist or is not a directory.
    case parentDirectoryMissing(directory: String)
    /// The socket's directory belongs to another user (someone else could swap the socket).
    case parentDirectoryNotOwned(directory: String, owner: UInt32, currentUser: UInt32)
    /// The socket's directory can be written by its group or by others (mode `mode`), who could
    /// unlink the socket and bind their own in its place.
    case parentDirectoryWritableByOthers(directory: String, mode: UInt32)
    /// Something that is not a socket exists at the path; it is left untouched.
    case notASocket(path: String)
    /// A live server already answers on the path.
    case alreadyInUse(path: String)
    /// The listener was closed.
    case closed
    case system(call: String, path: String, errno: Int32)

    public var description: String {
        switch self {
        case .pathTooLong(let path, let length, let maximum):
            return "socket path is too long (\(length) bytes, at most \(maximum) allowed): \(path)"
        case .parentDirectoryMissing(let directory):
            return "socket directory does not exist or is not a directory: \(directory)"
        case .parentDirectoryNotOwned(let directory, let owner, let user):
            return "refusing to use socket directory \(directory): owned by uid \(owner), not by the current user (uid \(user))"
        case .parentDirectoryWritableByOthers(let directory, let mode):
            return
                "refusing to use socket directory \(directory): its group or other users can write to it (mode \(String(mode, radix: 8))); use a directory only you can write to (chmod go-w)"
        case .notASocket(let path):
            return "refusing to replace \(path): it exists and is not a socket"
        case .alreadyInUse(let path):
            return "socket \(path) is already in use by a running server"
        case .closed:
            return "listener closed"
        case .system(let call, let path, let code):
            return "\(call) failed for \(path): \(errnoDescription(code))"
        }
    }
}

/// A Unix-domain stream socket listener for `--listen PATH`: one `Connection` per client.
///
/// Binding is careful: the socket file is created with mode 0600; the directory must belong to
/// the current user and be writable by nobody else (group and others could replace the socket:
/// unlink it and bind their own, then receive the next client's messages); an existing non-socket is never touched; a stale socket (nobody accepts)
/// is replaced; a live one is an "already in use" error; too-long paths are errors.
public final class UnixSocketListener: Sendable {
    public let path: String
    private let fd: Int32
    /// Identity of the socket file we created, so `close()` only ever removes our own file.
    private let device: UInt64
    private let inode: UInt64

    private struct State {
        var closed = false
        var acceptors = 0
        var fdClosed = false
    }
    private let state = Locked(State())

    /// Longest path (in UTF-8 bytes) that fits in `sun_path` with its terminating NUL.
    public static var maxPathLength: Int {
        MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1
    }

    public init(path: String, backlog: Int32 = 16) throws {
        self.path = path
        let address = try Self.address(for: path)
        try Self.checkDirectory(of: path)

        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else { throw UnixSocketError.notASocket(path: path) }
            // A socket file exists: is anyone listening?
            if let probe = try? Self.connectDescriptor(address: address, path: path) {
                closeDescriptor(probe)
                throw UnixSocketError.alreadyInUse(path: path)
            }
            // Stale (ECONNREFUSED) or unusable: replace it. Check it is still a socket first.
            var again = stat()
            if lstat(path, &again) == 0 {
                guard again.st_mode & S_IFMT == S_IFSOCK else { throw UnixSocketError.notASocket(path: path) }
                guard unlink(path) == 0 || errno == ENOENT else {
                    throw UnixSocketError.system(call: "unlink", path: path, errno: errno)
                }
            }
        } else if errno != ENOENT {
            throw UnixSocketError.system(call: "lstat", path: path, errno: errno)
        }

        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw UnixSocketError.system(call: "socket", path: path, errno: errno) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        // umask makes bind create the file owner-only from the start (no window with wider
        // permissions); chmod afterwards guards against a concurrent umask change.
        let oldMask = umask(0o177)
        var bindAddress = address
        let bound = withUnsafePointer(to: &bindAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        let bindErrno = errno
        umask(oldMask)
        guard bound == 0 else {
            closeDescriptor(fd)
            if bindErrno == EADDRINUSE { throw UnixSocketError.alreadyInUse(path: path) }
            throw UnixSocketError.system(call: "bind", path: path, errno: bindErrno)
        }
        var created = stat()
        guard chmod(path, 0o600) == 0, lstat(path, &created) == 0 else {
            let code = errno
            closeDescriptor(fd)
            _ = unlink(path)
            throw UnixSocketError.system(call: "chmod", path: path, errno: code)
        }
        guard listen(fd, backlog) == 0 else {
            let code = errno
            closeDescriptor(fd)
            _ = unlink(path)
            throw UnixSocketError.system(call: "listen", path: path, errno: code)
        }
        self.fd = fd
        self.device = UInt64(created.st_dev)
        self.inode = UInt64(created.st_ino)
    }

    deinit {
        close()
    }

    /// Waits for the next client and returns its connection (not yet started).
    /// Throws `UnixSocketError.closed` once `close()` has been called.
    public func accept() throws -> Connection {
        let allowed = state.withLock { state -> Bool in
            if state.closed { return false }
            state.acceptors += 1
            return true
        }
        guard allowed else { throw UnixSocketError.closed }
        defer {
            let closeNow = state.withLock { state -> Bool in
                state.acceptors -= 1
                if state.closed && state.acceptors == 0 && !state.fdClosed {
                    state.fdClosed = true
                    return true
                }
                return false
            }
            if closeNow { closeDescriptor(fd) }
        }
        while true {
            let client = Glibc.accept(fd, nil, nil)
            if client >= 0 {
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                return Connection(socket: client)
            }
            let code = errno
            if state.withLock({ $0.closed }) { throw UnixSocketError.closed }
            if code == EINTR || code == ECONNABORTED { continue }
            throw UnixSocketError.system(call: "accept", path: path, errno: code)
        }
    }

    /// An accept loop on its own thread: one connection per client (each its own session).
    /// The stream finishes when the listener is closed.
    public func connections() -> AsyncStream<Connection> {
        let (stream, continuation) = AsyncStream.makeStream(of: Connection.self)
        startDetachedThread(name: "lsp-accept") { [self] in
            while true {
                do {
                    continuation.yield(try accept())
                } catch UnixSocketError.closed {
                    break
                } catch {
                    // Transient failures (e.g. EMFILE): back off briefly rather than spin.
                    usleep(100_000)
                }
            }
            continuation.finish()
        }
        return stream
    }

    /// Stops accepting, wakes a blocked `accept`, and removes the socket file (only if it is
    /// still the one this listener created). Idempotent; async-signal-unsafe (uses locks).
    public func close() {
        let closeNow = state.withLock { state -> Bool? in
            if state.closed { return nil }
            state.closed = true
            if state.acceptors == 0 {
                state.fdClosed = true
                return true
            }
            return false
        }
        guard let closeNow else { return }
        var info = stat()
        if lstat(path, &info) == 0, UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode {
            _ = unlink(path)
        }
        _ = shutdown(fd, Int32(SHUT_RDWR))  // wakes a thread blocked in accept(2)
        if closeNow { closeDescriptor(fd) }
    }

    /// Connects a client socket to `path` (for clients and tests). Returns the descriptor.
    public static func connect(to path: String) throws -> Int32 {
        try connectDescriptor(address: address(for: path), path: path)
    }

    // MARK: Helpers

    static func address(for path: String) throws -> sockaddr_un {
        let bytes = Array(path.utf8)
        guard bytes.count <= maxPathLength else {
            throw UnixSocketError.pathTooLong(path: path, length: bytes.count, maximum: maxPathLength)
        }
        guard !bytes.isEmpty, !bytes.contains(0) else {
            throw UnixSocketError.system(call: "socket path", path: path, errno: EINVAL)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    private static func checkDirectory(of path: String) throws {
        var directory = PathName.directory(of: path)
        if directory.isEmpty { directory = "." }
        var info = stat()
        guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw UnixSocketError.parentDirectoryMissing(directory: directory)
        }
        let user = geteuid()
        guard info.st_uid == user else {
            throw UnixSocketError.parentDirectoryNotOwned(directory: directory, owner: UInt32(info.st_uid), currentUser: UInt32(user))
        }
        guard info.st_mode & 0o022 == 0 else {
            throw UnixSocketError.parentDirectoryWritableByOthers(directory: directory, mode: UInt32(info.st_mode & 0o7777))
        }
    }

    private static func connectDescriptor(address: sockaddr_un, path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw UnixSocketError.system(call: "socket", path: path, errno: errno) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var address = address
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            closeDescriptor(fd)
            throw UnixSocketError.system(call: "connect", path: path, errno: code)
        }
        return fd
    }
}

/// Termination-signal handling (SIGINT and SIGTERM by default) through Dispatch signal sources (the default disposition is
/// ignored first, so the handler runs on a queue, outside signal context, where locks and
/// `unlink` are safe). Keep the object alive as long as the handling should last.
/// Note: libdispatch registers the sources asynchronously, so a signal arriving in the instant
/// right after `init` may still be ignored; install the handler early.
public final class TerminationSignalHandler: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]
    private let signals: [Int32]

    /// - Parameters:
    ///   - signals: the signals to handle (SIGINT and SIGTERM by default).
    ///   - handler: called once per delivered signal with its number.
    public init(
        signals: [Int32] = [SIGINT, SIGTERM], queue: DispatchQueue = DispatchQueue(label: "plist-lsp.signals"),
        handler: @escaping @Sendable (Int32) -> Void
    ) {
        self.signals = signals
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            _ = signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    /// Stops handling and restores the default disposition of the signals.
    public func cancel() {
        for source in sources { source.cancel() }
        for number in signals { _ = signal(number, SIG_DFL) }
    }
}
