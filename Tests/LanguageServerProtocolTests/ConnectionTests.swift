import Foundation
import Testing
@testable import LanguageServerProtocol
import PlistSupport
import PlistTestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ConnectionTests {
    @Test func requestNotificationAndResponseOverPipes() async throws {
        let (server, client) = try Connection.pipePair()
        server.start()
        client.start()
        try await withTimeout {
            try client.send(
                body: MessageEncoder.request(
                    HoverRequest(
                        textDocument: TextDocumentIdentifier(uri: "file:///a"), position: Position(line: 1, character: 2)), id: 1))
            try client.send(InitializedNotification())
            var events = server.events.makeAsyncIterator()
            guard case .message(.request(let id, let request)) = await events.next() else {
                Issue.record("expected a request")
                return
            }
            #expect(id == 1)
            #expect((request as? HoverRequest)?.position == Position(line: 1, character: 2))
            guard case .message(.notification(let notification)) = await events.next() else {
                Issue.record("expected a notification")
                return
            }
            #expect(notification is InitializedNotification)

            try server.reply(to: id, result: HoverRequest.Response.some(Hover(contents: .plaintext("doc"))))
            try server.reply(to: nil, error: .parseError("bad"))
            var clientEvents = client.events.makeAsyncIterator()
            guard case .message(.response(let responseID, .success(let result))) = await clientEvents.next() else {
                Issue.record("expected a response")
                return
            }
            #expect(responseID == 1)
            #expect(result == ["contents": ["kind": "plaintext", "value": "doc"]])
            // A response with id null is not a valid response: classified as invalid.
            guard case .message(.invalid(nil, _)) = await clientEvents.next() else {
                Issue.record("expected the id-less error to be classified invalid")
                return
            }
        }
        client.close()
        server.close()
    }

    @Test func endOfInputFinishesTheStream() async throws {
        let (server, client) = try Connection.pipePair()
        server.start()
        try client.send(ExitNotification())
        client.close()  // closes the client's write end → EOF for the server
        try await withTimeout {
            var received: [ConnectionEvent] = []
            for await event in server.events { received.append(event) }
            #expect(received.count == 1)
            guard case .message(.notification(let exit))? = received.first else {
                Issue.record("expected exit")
                return
            }
            #expect(exit is ExitNotification)
            await server.waitForReaderToFinish()
        }
        server.close()
        #expect(throws: ConnectionError.closed) { try server.send(ExitNotification()) }
    }

    @Test func framingErrorsAndTruncationAreReported() async throws {
        let input = try makePipe()
        let output = try makePipe()
        let connection = Connection(readFD: input.read, writeFD: output.write)
        connection.start()
        writeString(input.write, "Garbage line\r\n\r\nContent-Length: 2\r\n\r\n{}Content-Length: 10\r\n\r\n{")
        close(input.write)
        try await withTimeout {
            var kinds: [String] = []
            for await event in connection.events {
                switch event {
                case .framingError(let error): kinds.append("\(error.kind)")
                case .message(.invalid(nil, let error)): kinds.append("invalid \(error.code.rawValue)")
                case .message(let message): kinds.append("unexpected \(message)")
                }
            }
            #expect(kinds == ["malformedHeaderLine", "invalid -32600", "truncatedMessage"])
        }
        connection.close()
        close(output.read)
    }

    @Test func concurrentWritesNeverInterleave() async throws {
        let (server, client) = try Connection.pipePair()
        client.start()
        let writers = 8
        let perWriter = 40
        try await withTimeout {
            // Writers on real threads (blocking writes must not occupy the cooperative pool).
            async let written: Void = onOwnThread {
                DispatchQueue.concurrentPerform(iterations: writers) { writer in
                    for index in 0..<perWriter {
                        // Sizes up to ~200 KB exceed the pipe buffer, forcing partial writes.
                        let padding = String(repeating: "x", count: (writer * 7919 + index * 104_729) % 200_000)
                        let message = LogMessageNotification(type: .info, message: "\(writer):\(index):\(padding)")
                        try? server.send(message)
                    }
                }
            }
            var seen = Set<String>()
            var events = client.events.makeAsyncIterator()
            while seen.count < writers * perWriter, let event = await events.next() {
                guard case .message(.notification(let notification)) = event,
                    let log = notification as? LogMessageNotification
                else {
                    Issue.record("unexpected event \(event)")
                    break
                }
                let parts = log.message.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
                let writer = Int(parts[0])!, index = Int(parts[1])!
                #expect(parts[2].count == (writer * 7919 + index * 104_729) % 200_000)
                seen.insert("\(writer):\(index)")
            }
            #expect(seen.count == writers * perWriter)
            try await written
        }
        server.close()
        client.close()
    }

    @Test func serverToClientRequests() async throws {
        let (server, client) = try Connection.pipePair()
        server.start()
        client.start()
        // The "client" answers workspace/configuration and rejects applyEdit.
        let responder = Task {
            for await event in client.events {
                guard case .message(.request(let id, let request)) = event else { continue }
                if let configuration = request as? ConfigurationRequest {
                    try client.reply(to: id, result: configuration.items.map { _ -> JSONValue in ["strict": true] })
                } else {
                    try client.reply(to: id, error: ResponseError(code: .requestFailed, message: "no edits today"))
                }
            }
        }
        try await withTimeout {
            let values = try await server.send(ConfigurationRequest(items: [ConfigurationItem(section: "plist"), ConfigurationItem()]))
            #expect(values == [["strict": true], ["strict": true]])
            await #expect(throws: ResponseError(code: .requestFailed, message: "no edits today")) {
                try await server.send(ApplyEditRequest(edit: WorkspaceEdit()))
            }
        }
        // Input ends while a request is pending: the caller gets ConnectionError.closed.
        responder.cancel()
        _ = await responder.result
        let pending = Task { try await server.send(ConfigurationRequest(items: [])) }
        client.close()
        try await withTimeout {
            await #expect(throws: ConnectionError.self) { try await pending.value }
        }
        server.close()
    }

    @Test func largeMessageThroughPipes() async throws {
        let (server, client) = try Connection.pipePair()
        server.start()
        let text = String(repeating: "<key>k</key><string>v</string>\n", count: 300_000)  // ≈ 9.6 MB
        try await withTimeout {
            async let sent: Void = onOwnThread {
                try client.send(
                    DidOpenTextDocumentNotification(
                        textDocument: TextDocumentItem(uri: "file:///big", languageId: "plist", version: 1, text: text)))
            }
            var events = server.events.makeAsyncIterator()
            guard case .message(.notification(let notification)) = await events.next(),
                let open = notification as? DidOpenTextDocumentNotification
            else {
                Issue.record("expected didOpen")
                return
            }
            #expect(open.textDocument.text == text)
            try await sent
        }
        client.close()
        server.close()
    }
}

@Suite struct StandardIOTests {
    @Test func strayStdoutWritesGoToStderr() throws {
        // Pipes stand in for fds 1 and 2 (the process's real stdout is the test runner's).
        let fakeStdout = try makePipe()
        let fakeStderr = try makePipe()
        let protocolFD = try StandardIO.protectStandardOutput(standardOutput: fakeStdout.write, standardError: fakeStderr.write)
        #expect(protocolFD != fakeStdout.write)
        #expect(fcntl(protocolFD, F_GETFD) & FD_CLOEXEC != 0)
        writeString(fakeStdout.write, "stray print\n")  // what `print` would do
        writeString(protocolFD, "Content-Length: 2\r\n\r\n{}")
        close(protocolFD)
        close(fakeStdout.write)  // now an alias of the stderr pipe
        close(fakeStderr.write)
        #expect(String(decoding: readToEnd(fakeStdout.read), as: UTF8.self) == "Content-Length: 2\r\n\r\n{}")
        #expect(String(decoding: readToEnd(fakeStderr.read), as: UTF8.self) == "stray print\n")
    }
}

@Suite struct LogMessageTests {
    @Test func levelsMapToMessageTypes() {
        #expect(Logger.Level.debug.messageType == .log)
        #expect(Logger.Level.info.messageType == .info)
        #expect(Logger.Level.warning.messageType == .warning)
        #expect(Logger.Level.error.messageType == .error)
    }
}
