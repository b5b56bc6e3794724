// initialize / initialized / shutdown / exit, errors by phase, encodings, tracing and logging.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistSupport
import Testing

@Suite struct LifecycleTests {
    @Test func initializeAnnouncesCapabilities() async throws {
        let client = try TestClient()
        let result = try await client.initialize()
        #expect(result.serverInfo?.name == "plist-lsp")
        #expect(result.capabilities.positionEncoding == .utf16)
        #expect(result.capabilities.textDocumentSync?.openClose == true)
        #expect(result.capabilities.textDocumentSync?.change == .incremental)
        // Without `save` Neovim sends no didSave, and with no file watchers (Neovim 0.11 on Linux)
        // the server never read a changed .xcconfig again (issue #38, point 6).
        #expect(result.capabilities.textDocumentSync?.save == .value(SaveOptions(includeText: false)))
        #expect(result.capabilities.diagnosticProvider == nil)  // this client does not pull
        #expect(client.server.pushesDiagnostics)
    }

    @Test(arguments: [
        ([], "utf-16"),
        (["utf-8"], "utf-8"),
        (["utf-32", "utf-16"], "utf-32"),
        (["utf-16", "utf-8"], "utf-16"),
        (["utf-7", "utf-8"], "utf-8"),
        (["utf-7"], "utf-16"),
    ])
    func positionEncodingNegotiation(offered: [String], chosen: String) async throws {
        let client = try TestClient()
        let capabilities = ClientCapabilities(
            general: GeneralClientCapabilities(
                positionEncodings: offered.map(PositionEncodingKind.init(rawValue:))))
        let result = try await client.initialize(capabilities)
        #expect(result.capabilities.positionEncoding?.rawValue == chosen)
        #expect(client.server.positionEncoding.rawValue == chosen)
    }

    /// For clients that change what is announced (position encodings, pulled or pushed
    /// diagnostics), the message on the wire is exactly what `Codable` makes of the capabilities it
    /// decodes to: no member the types do not know, none misnamed, no `null` for an absent one.
    @Test(arguments: [(["utf-8"], false, nil), (["utf-32"], true, nil), ([], true, false), ([], false, true)] as [([String], Bool, Bool?)])
    func initializeAnswerIsWhatCodableMakesOfIt(encodings: [String], pulls: Bool, push: Bool?) async throws {
        let client = try TestClient()
        var capabilities = ClientCapabilities(
            general: GeneralClientCapabilities(positionEncodings: encodings.map(PositionEncodingKind.init(rawValue:))))
        if pulls { capabilities.textDocument = TextDocumentClientCapabilities(diagnostic: .init()) }
        let id = try client.sendRequest(
            InitializeRequest(
                clientInfo: ClientInfo(name: "test"), initializationOptions: push.map { ["pushDiagnostics": .bool($0)] },
                capabilities: capabilities))
        let answer = try await client.response(to: id)
        let result = try #require(answer["result"])
        let decoded = try result.decode(as: InitializeResult.self)
        #expect(try JSONValue(encoding: decoded) == result)
        #expect(decoded.capabilities.positionEncoding?.rawValue == encodings.first ?? "utf-16")
        #expect((decoded.capabilities.diagnosticProvider != nil) == !(push ?? !pulls))
        let expectedID = try JSONValue(encoding: id)
        #expect(answer["jsonrpc"] == "2.0" && answer["id"] == expectedID)
    }

    @Test func requestBeforeInitializeIsServerNotInitialized() async throws {
        let client = try TestClient()
        let id = try client.sendRequest(DocumentDiagnosticRequest(textDocument: TextDocumentIdentifier(uri: "file:///a.plist")))
        #expect(try await client.error(of: id).code == .serverNotInitialized)
        let shutdown = try client.sendRequest(ShutdownRequest())
        #expect(try await client.error(of: shutdown).code == .serverNotInitialized)
        // Notifications before initialize are dropped: the document is not open afterwards.
        try client.open("file:///a.plist", "<plist/>")
        try await client.initialize()
        let after = try client.sendRequest(DocumentDiagnosticRequest(textDocument: TextDocumentIdentifier(uri: "file:///a.plist")))
        #expect(try await client.error(of: after).code == .invalidParams)
    }

    @Test func secondInitializeIsInvalidRequest() async throws {
        let client = try TestClient()
        try await client.initialize()
        let id = try client.sendRequest(InitializeRequest())
        #expect(try await client.error(of: id).code == .invalidRequest)
    }

    @Test func shutdownThenExitIsStatusZero() async throws {
        let client = try TestClient()
        try await client.initialize()
        _ = try await client.request(ShutdownRequest())
        let after = try client.sendRequest(DocumentDiagnosticRequest(textDocument: TextDocumentIdentifier(uri: "file:///a.plist")))
        #expect(try await client.error(of: after).code == .invalidRequest)
        let again = try client.sendRequest(ShutdownRequest())
        #expect(try await client.error(of: again).code == .invalidRequest)
        try client.send(ExitNotification())
        #expect(try await client.exitStatus() == 0)
    }

    @Test func exitWithoutShutdownIsStatusOne() async throws {
        let client = try TestClient()
        try await client.initialize()
        try client.send(ExitNotification())
        #expect(try await client.exitStatus() == 1)
    }

    @Test func exitBeforeInitializeIsStatusOne() async throws {
        let client = try TestClient()
        try client.send(ExitNotification())
        #expect(try await client.exitStatus() == 1)
    }

    @Test func endOfInputEndsTheSession() async throws {
        let client = try TestClient()
        try await client.initialize()
        try client.open("file:///a.plist", "<plist><dict>")
        client.closeInput()
        #expect(try await client.exitStatus() == 1)

        let polite = try TestClient()
        try await polite.initialize()
        _ = try await polite.request(ShutdownRequest())
        polite.closeInput()
        #expect(try await polite.exitStatus() == 0)
    }

    @Test func endOfInputInsideAMessageEndsTheSession() async throws {
        let client = try TestClient()
        try await client.initialize()
        client.sendBytes(Data("Content-Length: 100\r\n\r\n{\"jsonrpc\":".utf8))
        client.closeInput()
        #expect(try await client.exitStatus() == 1)
    }

    @Test func unknownMethodIsMethodNotFoundAndUnknownNotificationsAreIgnored() async throws {
        let client = try TestClient()
        try await client.initialize()
        client.sendRaw(#"{"jsonrpc":"2.0","id":7,"method":"plist/unknown","params":{}}"#)
        #expect(try await client.error(of: 7).code == .methodNotFound)
        // A known request without a handler (a server with no features).
        let bare = try TestClient(features: [])
        try await bare.initialize()
        let hover = try bare.sendRequest(
            HoverRequest(textDocument: TextDocumentIdentifier(uri: "file:///a.plist"), position: position(0, 0)))
        #expect(try await bare.error(of: hover).code == .methodNotFound)
        client.sendRaw(#"{"jsonrpc":"2.0","method":"plist/whatever","params":{"x":1}}"#)
        client.sendRaw(#"{"jsonrpc":"2.0","method":"$/progress","params":{"token":1,"value":{}}}"#)
        try await client.barrier()
        #expect(!client.hasReceived { $0["id"] == nil && $0["error"] != nil })
        // Still serving.
        try client.open("file:///a.plist", "<plist><true/></plist>")
        #expect(try await client.diagnostics("file:///a.plist", version: 1) == expectedDiagnostics("<plist><true/></plist>"))
    }

    @Test func setTraceSendsLogTrace() async throws {
        let client = try TestClient()
        try await client.initialize()
        try await client.barrier()
        #expect(!client.hasReceived { $0["method"]?.stringValue == "$/logTrace" })
        try client.send(SetTraceNotification(value: .messages))
        try client.open("file:///a.plist", "<plist/>")
        let trace = try await client.notification(LogTraceNotification.self) { $0.message.contains("textDocument/didOpen") }
        #expect(trace.verbose == nil)
        try client.send(SetTraceNotification(value: .verbose))
        try await client.barrier()
        let verbose = try await client.notification(LogTraceNotification.self) { $0.message.contains("workspace/executeCommand") }
        #expect(verbose.verbose?.contains("barrier") == true)
        try client.send(SetTraceNotification(value: .off))
        try await client.barrier()
        let count = client.pending.filter { $0["method"]?.stringValue == "$/logTrace" }.count
        try await client.barrier()
        #expect(client.pending.filter { $0["method"]?.stringValue == "$/logTrace" }.count == count)
    }

    @Test func logMessagesGoToTheClientAndTheLogger() async throws {
        let client = try TestClient()
        try await client.initialize(options: ["logLevel": "warning"])
        try client.open("file:///a.plist", "<plist/>")
        try client.change("file:///a.plist", version: 2, range: range(40, 0, 40, 0), "x")
        let message = try await client.notification(LogMessageNotification.self) { $0.message.contains("clamped") }
        #expect(message.type == .warning)
        #expect(client.logs.all.contains { $0.hasPrefix("[warning]") && $0.contains("clamped") })
        // Below the level the client asked for: logged locally, not sent.
        #expect(!client.hasReceived { $0["params"]?["message"]?.stringValue?.hasPrefix("initialized by") == true })
        #expect(client.logs.all.contains { $0.contains("initialized by test") })
    }
}
