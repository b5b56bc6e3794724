// Closing a connection: the end of its events, its pending requests and its descriptors.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSupport
import Synchronization

extension Connection {
    // MARK: Closing

    /// Stops sending (what is already queued is still written, then the writer ends), wakes the
    /// reader for sockets (`shutdown` of the read side), and closes owned descriptors once
    /// neither the reader nor the writer uses them. For a pipe, the reader ends when the peer
    /// closes its end.
    public func close() {
        let alreadyClosed = state.withLock { state -> Bool in
            if state.closed { return true }
            state.closed = true
            return false
        }
        if alreadyClosed { return }
        outbox.close(discarding: false)
        flow.end()
        first.close()  // a first message held for a consumer that closes instead
        // Wakes a reader blocked in read(2) on a socket; harmless (ENOTSOCK) on pipes.
        _ = shutdown(readFD, Int32(SHUT_RD))
        releaseDescriptors()
        let (pending, waiters) = state.withLock { state in
            let pending = state.pending
            state.pending = [:]
            var waiters: [CheckedContinuation<Void, Never>] = []
            if !state.started {
                waiters = state.readerDone
                state.readerDone = []
            }
            return (pending, waiters)
        }
        for waiter in pending.values { waiter.resume(throwing: ConnectionError.closed) }
        for waiter in waiters { waiter.resume() }
        if !state.withLock({ $0.started }) { continuation.finish() }
    }

    /// Closes each owned descriptor once the connection is closed and nothing uses it any more
    /// (a socket is one descriptor, shared by the reader and the writer).
    func releaseDescriptors() {
        guard ownsFileDescriptors else { return }
        let writerDone = outbox.isWriterIdleForever
        let (closeRead, closeWrite) = state.withLock { state -> (Bool, Bool) in
            guard state.closed else { return (false, false) }
            let readerDone = !state.started || state.readerFinished
            var closeRead = false, closeWrite = false
            if readFD == writeFD {
                if readerDone && writerDone && !state.readFDClosed { state.readFDClosed = true; closeRead = true }
            } else {
                if readerDone && !state.readFDClosed { state.readFDClosed = true; closeRead = true }
                if writerDone && !state.writeFDClosed { state.writeFDClosed = true; closeWrite = true }
            }
            return (closeRead, closeWrite)
        }
        if closeRead { closeDescriptor(readFD) }
        if closeWrite { closeDescriptor(writeFD) }
    }
}
