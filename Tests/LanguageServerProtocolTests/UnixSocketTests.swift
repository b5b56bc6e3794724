import Foundation
import Testing
@testable import LanguageServerProtocol
import PlistSupport
import PlistTestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct UnixSocketListenerTests {
    @Test func listenConnectExchangeAndClose() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("lsp.sock")
        let listener = try UnixSocketListener(path: path)
        let mode = try #require(fileMode(path))
        #expect(mode.type == S_IFSOCK)
        #expect(mode.permissions == 0o600)

        let clientFD = try UnixSocketListener.connect(to: path)
        let server = try await onOwnThread { try listener.accept() }
        let client = Connection(socket: clientFD)
        server.start()
        client.start()
        try await withTimeout {
            try client.send(body: MessageEncoder.request(ShutdownRequest(), id: 1))
            var events = server.events.makeAsyncIterator()
            guard case .message(.request(let id, let request)) = await events.next() else {
                Issue.record("expected shutdown")
                return
            }
            #expect(request is ShutdownRequest)
            try server.reply(to: id, result: VoidResponse())
            var clientEvents = client.events.makeAsyncIterator()
            guard case .message(.response(1, .success(.null))) = await clientEvents.next() else {
                Issue.record("expected result null")
                return
            }
            // Closing the server side wakes its reader (shutdown) and the client sees EOF.
            server.close()
            #expect(await events.next() == nil)
            #expect(await clientEvents.next() == nil)
        }
        client.close()
        listener.close()
        #expect(!exists(path))
    }

    @Test func acceptLoopGivesOneConnectionPerClientAndStopsOnClose() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("s")
        let listener = try UnixSocketListener(path: path)
        let connections = listener.connections()
        let first = try UnixSocketListener.connect(to: path)
        let second = try UnixSocketListener.connect(to: path)
        try await withTimeout {
            var iterator = connections.makeAsyncIterator()
            let a = try #require(await iterator.next())
            let b = try #require(await iterator.next())
            #expect(a.readFD != b.readFD)
            // Each session is independent: a message on one arrives only there.
            writeString(second, "Content-Length: 2\r\n\r\n{}")
            b.start()
            var events = b.events.makeAsyncIterator()
            guard case .message(.invalid(nil, _)) = await events.next() else {
                Issue.record("expected the message on the second connection")
                return
            }
            a.close()
            b.close()
            listener.close()
            #expect(await iterator.next() == nil)
        }
        close(first)
        close(second)
        #expect(!exists(path))
    }

    @Test func regularFileIsNeverReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("important.txt")
        try "keep me".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: UnixSocketError.notASocket(path: path)) { try UnixSocketListener(path: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
        let subdirectory = directory.file("dir")
        try FileManager.default.createDirectory(atPath: subdirectory, withIntermediateDirectories: false)
        #expect(throws: UnixSocketError.notASocket(path: subdirectory)) { try UnixSocketListener(path: subdirectory) }
        #expect(fileMode(subdirectory)?.type == S_IFDIR)
    }

    @Test func staleSocketIsReplaced() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("stale.sock")
        // A socket file nobody listens on (like one left by a crashed server).
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = try UnixSocketListener.address(for: path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        close(fd)
        #expect(fileMode(path)?.type == S_IFSOCK)
        #expect(throws: (any Error).self) { try UnixSocketListener.connect(to: path) }

        let listener = try UnixSocketListener(path: path)
        #expect(fileMode(path)?.permissions == 0o600)
        let client = try UnixSocketListener.connect(to: path)
        let connection = try await onOwnThread { try listener.accept() }
        connection.close()
        close(client)
        listener.close()
    }

    @Test func liveSocketIsAlreadyInUse() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("live.sock")
        let listener = try UnixSocketListener(path: path)
        #expect(throws: UnixSocketError.alreadyInUse(path: path)) { try UnixSocketListener(path: path) }
        // The running server's socket is untouched and still accepts.
        #expect(fileMode(path)?.type == S_IFSOCK)
        let client = try UnixSocketListener.connect(to: path)
        close(client)
        listener.close()
        #expect(!exists(path))
    }

    @Test func tooLongPathIsAnError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file(String(repeating: "n", count: 200))
        #expect(UnixSocketListener.maxPathLength == 107)
        #expect(throws: UnixSocketError.pathTooLong(path: path, length: path.utf8.count, maximum: 107)) {
            try UnixSocketListener(path: path)
        }
        #expect(!exists(path))
        // Exactly at the limit is fine.
        let limit = directory.file(String(repeating: "m", count: 107 - directory.path.utf8.count - 1))
        #expect(limit.utf8.count == 107)
        let listener = try UnixSocketListener(path: limit)
        #expect(fileMode(limit)?.type == S_IFSOCK)
        listener.close()
    }

    @Test func directoryOwnedBySomeoneElseIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let foreign = directory.file("foreign")
        try FileManager.default.createDirectory(atPath: foreign, withIntermediateDirectories: false)
        let otherUser: uid_t = geteuid() == 0 ? 54_321 : 0
        if geteuid() == 0 {
            #expect(chown(foreign, otherUser, otherUser) == 0)
        }
        // Without root we cannot chown; "/" (owned by root) serves as a foreign directory.
        let parent = geteuid() == 0 ? foreign : "/"
        let path = parent == "/" ? "/plsp-test.sock" : parent + "/x.sock"
        #expect(
            throws: UnixSocketError.parentDirectoryNotOwned(directory: parent, owner: UInt32(otherUser), currentUser: UInt32(geteuid()))
        ) {
            try UnixSocketListener(path: path)
        }
        #expect(!exists(path))
        #expect(throws: UnixSocketError.parentDirectoryMissing(directory: directory.file("missing"))) {
            try UnixSocketListener(path: directory.file("missing/x.sock"))
        }
    }
}

/// Tests that send a signal to the whole test process. Inside the whole suite such a signal lands on
/// any thread of any other test, where a blocking call returns `EINTR`; Foundation's
/// `FileHandle.readDataToEndOfFile()` ends the process on that (a `try!` inside): the clean-clone run
/// of stop 45 crashed so. They run in a process of their own, with DaemonSessionsTests: `.ci/run`
/// runs `PLIST_LSP_EXCLUSIVE_TESTS=1 swift test --skip-build --filter
/// 'DaemonSessionsTests|ProcessSignalTests'` after `swift test`, which skips them with that note.
@Suite(.serialized, .enabled(if: ExclusiveTests.runsAlone, ExclusiveTests.skipNote(for: "sends signals to the whole test process")))
struct ProcessSignalTests {
    @Test func signalHandlerRemovesTheSocket() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("sig.sock")
        let listener = try UnixSocketListener(path: path)
        // SIGUSR2 stands in for SIGTERM (the real helper exits the process).
        let (received, continuation) = AsyncStream.makeStream(of: Int32.self)
        let handler = TerminationSignalHandler(signals: [SIGUSR2]) { number in
            listener.close()
            continuation.yield(number)
        }
        // libdispatch registers the source asynchronously; until then SIG_IGN discards the
        // signal, so keep raising until the handler has run once.
        let stop = Locked(false)
        async let raiser: Void = onOwnThread {
            while !stop.withLock({ $0 }) {
                kill(getpid(), SIGUSR2)
                usleep(20_000)
            }
        }
        try await withTimeout {
            var iterator = received.makeAsyncIterator()
            #expect(await iterator.next() == SIGUSR2)
        }
        stop.withLock { $0 = true }
        try await raiser  // no SIGUSR2 may arrive after cancel() restores the default action
        #expect(!exists(path))
        handler.cancel()
    }

    /// What the signal above did to the whole suite: a child's output read while signals arrive at
    /// the test process is read whole (`readAll` reads again after `EINTR`, where Foundation's
    /// `readDataToEndOfFile()` ended the process).
    @Test func aChildsOutputIsReadWholeWhileSignalsArrive() async throws {
        // A handler installed without SA_RESTART, as any library may install one: a blocking read
        // on the thread the signal lands on returns EINTR.
        var action = sigaction(), previous = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        action.sa_flags = 0
        sigaction(SIGUSR2, &action, &previous)
        // A signal sent to the process lands on any thread that does not block it; the worst case
        // is the reading thread itself, so the signals go to it.
        let stop = Locked(false), reader = Locked<pthread_t?>(nil)
        async let raiser: Void = onOwnThread {
            while !stop.withLock({ $0 }) {
                if let thread = reader.withLock({ $0 }) { pthread_kill(thread, SIGUSR2) }
                usleep(1_000)
            }
        }
        let interruptedBefore = interruptedReads.withLock { $0 }
        let (output, error) = try await onOwnThread { () throws -> (String, String) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "for i in 1 2 3 4 5 6 7 8; do sleep 0.1; echo line $i; echo e$i >&2; done"]
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            // Threads started from the cooperative pool inherit libdispatch's mask, which blocks
            // signals; a thread started elsewhere does not, so this one unblocks SIGUSR2.
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            reader.withLock { $0 = pthread_self() }
            defer { reader.withLock { $0 = nil } }
            // (Foundation's readDataToEndOfFile() ends the process here: Fatal error, EINTR.)
            let read = readAll(output: out.fileHandleForReading, error: err.fileHandleForReading)
            process.waitUntilExit()
            return (String(decoding: read.0, as: UTF8.self), String(decoding: read.1, as: UTF8.self))
        }
        stop.withLock { $0 = true }
        try await raiser  // no SIGUSR2 may arrive after the previous action is back
        sigaction(SIGUSR2, &previous, nil)
        #expect(interruptedReads.withLock { $0 } > interruptedBefore, "no read was interrupted: the test proves nothing")
        #expect(output == (1...8).map { "line \($0)\n" }.joined())
        #expect(error == (1...8).map { "e\($0)\n" }.joined())
    }
}
