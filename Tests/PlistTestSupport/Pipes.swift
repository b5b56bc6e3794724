// Pipes for tests that stand in for a peer or a standard stream.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A `pipe(2)` whose ends are closed on exec: a child process that another test starts meanwhile
/// must not inherit the write end, or a reader would wait for that child to exit (holding a thread
/// of the cooperative pool all that time).
public func makePipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    // (Glibc's module map does not export `pipe2`, which would close the short window before fcntl.)
    guard pipe(&fds) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return (fds[0], fds[1])
}

/// Reads everything until end of file from `fd`, then closes it.
public func readToEnd(_ fd: Int32) -> [UInt8] {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }
        result += buffer[0..<n]
    }
    close(fd)
    return result
}
