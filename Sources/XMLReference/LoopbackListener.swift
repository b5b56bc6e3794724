// A TCP listener on 127.0.0.1 that only counts connections: security tests use it to prove that a
// parser never fetches an external DTD or entity over the network.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A listening socket on 127.0.0.1 with an ephemeral port. Connections complete in the kernel's
/// backlog, so `drainConnections(waitingUpTo:)` after a parse sees any attempt the parse made.
public final class LoopbackListener {
    /// The port the listener is bound to.
    public let port: UInt16
    private var descriptor: Int32

    /// Binds and listens; returns nil if the socket cannot be created (reported by the caller).
    public init?() {
        #if os(Linux)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(fd, generic, length) == 0 && listen(fd, 16) == 0
                    && getsockname(fd, generic, &length) == 0
            }
        }
        guard bound, fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0 else {
            close(fd)
            return nil
        }
        descriptor = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    /// Accepts (and closes) every pending connection, polling for up to `milliseconds` for late
    /// ones; returns how many arrived. Never blocks longer than the bound.
    public func drainConnections(waitingUpTo milliseconds: Int32 = 200) -> Int {
        var count = 0
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while poll(&poller, 1, milliseconds) > 0 {
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else { break }
            close(client)
            count += 1
        }
        return count
    }
}
