// Pipes for tests that stand in for a peer or a standard stream.
import Foundation
import Synchronization
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

/// Everything `handle` yields until end of file, by `read(2)` again after `EINTR`; the handle stays
/// open (its owner closes it). Foundation's `readDataToEndOfFile()` and `availableData` end the
/// process when a read fails (a `try!` inside), as one did with `EINTR` in the clean-clone run of
/// stop 45 while another suite signalled the test process.
public func readAll(_ handle: FileHandle) -> Data {
    var result = Data()
    while case let chunk = readSome(handle), !chunk.isEmpty { result.append(chunk) }
    return result
}

/// The next bytes `handle` yields (empty at end of file or on an error other than `EINTR`): what
/// `availableData` gives, without its `try!`.
public func readSome(_ handle: FileHandle) -> Data {
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { interruptedReads.withLock { $0 += 1 }; continue }
        return n <= 0 ? Data() : Data(buffer[0..<n])
    }
}

/// How many reads of `readSome` a signal interrupted (and were read again), for the test that
/// proves they are.
public let interruptedReads = Mutex(0)

/// A child's standard output and standard error read to their ends at once (standard error on a
/// thread of its own), so that a child filling one pipe while the other is read cannot stall.
public func readAll(output: FileHandle, error: FileHandle) -> (output: Data, error: Data) {
    final class Box: @unchecked Sendable { var data = Data() }
    let errorBox = Box()
    let done = DispatchSemaphore(value: 0)
    let reader = Thread {
        errorBox.data = readAll(error)
        done.signal()
    }
    reader.start()
    let outputData = readAll(output)
    done.wait()
    return (outputData, errorBox.data)
}
