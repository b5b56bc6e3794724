import PlistSupport
import Synchronization

/// What the poller reads for: one connection's input side.
protocol PolledReader: AnyObject, Sendable {
    /// The descriptor to read, a socket (read with `MSG_DONTWAIT`: one read that blocked would
    /// stall every connection). It stays open until `readEnded()` has returned.
    var readFD: Int32 { get }
    /// Whether the reader takes no input for now (it is still busy with what it has: reading on
    /// would only buffer without bound). Call `ReadPoller.shared.wake()` when that changes.
    var isPaused: Bool { get }
    /// Bytes read from `readFD`, in order. Called on the poller's thread only.
    func received(_ bytes: UnsafeRawBufferPointer)
    /// End of input or a read error: the reader is no longer polled. Called once, on the poller's thread.
    func readEnded()
}

/// One thread that waits with `poll(2)` on the input of every started socket connection, so an idle
/// client costs a descriptor and a few bytes, not a thread (the daemon serves any number of
/// sessions with one reader thread; writers start on demand and end when their queue is empty).
///
/// Readiness is level-triggered and each ready descriptor gets one `read` per round (at most
/// `bufferSize` bytes), so a client that sends a lot cannot starve the others. A paused reader
/// (flow control, or a large message being decoded) is not read, but its hang-up is seen. A
/// descriptor leaves the set only when its read returns end of input or an error, or it hangs up
/// while paused (a socket's `close()` or `drop` call `shutdown(2)`, which makes it readable at end
/// of input); its owner closes it only after `readEnded()`, so the poller never polls a closed or
/// reused descriptor.
final class ReadPoller: @unchecked Sendable {
    static let shared = ReadPoller()

    /// What one read takes. Flow control pauses a connection between reads, so every message in
    /// one read is taken past the bound: 16 KiB is about a hundred small requests (64 KiB let a
    /// flooder have some 460 unanswered, and the other clients waited seconds behind the pool's
    /// work on them); a 1 MB message is still read in 64 rounds, a fraction of its decoding.
    static let bufferSize = 16 * 1024

    private let lock = Mutex(())
    /// Readers added since the poller thread last looked (guarded by `lock`).
    private var added: [any PolledReader] = []
    private var threadStarted = false
    /// A self-pipe: a byte written to `wakeWrite` makes `poll` return to take in `added`.
    private let wakeRead: Int32
    private let wakeWrite: Int32

    private init() {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0, "pipe failed: \(errno)")
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // Never block the thread that adds a reader; a full pipe already means "wake up".
        for fd in ends { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        wakeRead = ends[0]
        wakeWrite = ends[1]
    }

    /// Starts polling `reader.readFD` (the poller thread starts with the first reader).
    func add(_ reader: any PolledReader) {
        let startThread = lock.withLock { _ -> Bool in
            added.append(reader)
            defer { threadStarted = true }
            return !threadStarted
        }
        if startThread {
            startDetachedThread(name: "lsp-readers") { [self] in run() }
        } else {
            wake()
        }
    }

    /// Makes the poller look again at its readers (one was added, or is no longer paused).
    func wake() {
        var byte: UInt8 = 1
        while write(wakeWrite, &byte, 1) < 0 && errno == EINTR {}
    }

    private func drainWakePipe() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &bytes, bytes.count) > 0 {}
    }

    private func run() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.bufferSize, alignment: 1)
        defer { buffer.deallocate() }
        var readers: [any PolledReader] = lock.withLock { _ in
            defer { added = [] }; return added
        }
        var descriptors: [pollfd] = []
        var paused: [Bool] = []
        while true {
            descriptors.removeAll(keepingCapacity: true)
            paused.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
            for reader in readers {
                // A paused reader is not read until it wakes us, but its hang-up is still seen
                // (poll(2) reports POLLHUP and POLLERR whatever the events asked): a peer that
                // leaves while it is paused ends it at once (its unread input is moot).
                let isPaused = reader.isPaused
                paused.append(isPaused)
                descriptors.append(pollfd(fd: reader.readFD, events: isPaused ? 0 : Int16(POLLIN), revents: 0))
            }
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                fatalError("poll failed: \(String(cString: strerror(errno)))")
            }
            var ended: [Int] = []
            for index in 1..<descriptors.count where descriptors[index].revents != 0 {
                let reader = readers[index - 1]
                if paused[index - 1] {
                    if descriptors[index].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                        reader.readEnded()
                        ended.append(index - 1)
                    }
                    continue
                }
                let count = recv(reader.readFD, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
                if count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { continue }
                if count <= 0 {
                    reader.readEnded()
                    ended.append(index - 1)
                } else {
                    reader.received(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                }
            }
            for index in ended.reversed() { readers.remove(at: index) }
            if descriptors[0].revents != 0 {
                drainWakePipe()
                readers += lock.withLock { _ in
                    defer { added = [] }; return added
                }
            }
        }
    }
}
