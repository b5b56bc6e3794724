import Foundation
import Testing
@testable import LanguageServerProtocol
import PlistSupport

@Suite struct MessageClassificationTests {
    @Test func request() throws {
        let message = classify(
            #"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.plist"},"position":{"line":2,"character":5}}}"#
        )
        guard case .request(let id, let request) = message, let hover = request as? HoverRequest else {
            Issue.record("expected a hover request, got \(message)")
            return
        }
        #expect(id == .int(1))
        #expect(hover.textDocument.uri == "file:///a.plist")
        #expect(hover.position == Position(line: 2, character: 5))
    }

    @Test func stringIDAndParameterlessRequest() {
        let message = classify(#"{"jsonrpc":"2.0","id":"abc","method":"shutdown"}"#)
        guard case .request(let id, let request) = message else {
            Issue.record("expected a request, got \(message)")
            return
        }
        #expect(id == .string("abc"))
        #expect(request is ShutdownRequest)
        // `params: null` is also accepted for shutdown.
        guard case .request(_, let again) = classify(#"{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}"#) else {
            Issue.record("expected a request")
            return
        }
        #expect(again is ShutdownRequest)
    }

    @Test func notification() {
        let message = classify(#"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///x"}}}"#)
        guard case .notification(let notification) = message,
            let didClose = notification as? DidCloseTextDocumentNotification
        else {
            Issue.record("expected didClose, got \(message)")
            return
        }
        #expect(didClose.textDocument.uri == "file:///x")
        guard case .notification(let exit) = classify(#"{"jsonrpc":"2.0","method":"exit"}"#) else {
            Issue.record("expected exit")
            return
        }
        #expect(exit is ExitNotification)
        guard case .notification(let initialized) = classify(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#) else {
            Issue.record("expected initialized")
            return
        }
        #expect(initialized is InitializedNotification)
    }

    @Test func responses() {
        guard case .response(let id, .success(let value)) = classify(#"{"jsonrpc":"2.0","id":5,"result":[{"a":1}]}"#) else {
            Issue.record("expected a success response")
            return
        }
        #expect(id == .int(5))
        #expect(value == [["a": 1]])
        guard case .response(_, .success(let null)) = classify(#"{"jsonrpc":"2.0","id":5,"result":null}"#) else {
            Issue.record("expected a null result response")
            return
        }
        #expect(null == .null)
        guard
            case .response(let errorID, .failure(let error)) = classify(
                #"{"jsonrpc":"2.0","id":"r","error":{"code":-32601,"message":"nope","data":{"x":true}}}"#)
        else {
            Issue.record("expected an error response")
            return
        }
        #expect(errorID == .string("r"))
        #expect(error == ResponseError(code: .methodNotFound, message: "nope", data: ["x": true]))
    }

    @Test func invalidJSONIsParseError() {
        for text in [#"{"jsonrpc":"2.0","#, "", "nul", #"{"a":}"#] {
            guard case .invalid(let id, let error) = classify(text) else {
                Issue.record("expected invalid for \(text)")
                continue
            }
            #expect(id == nil)
            #expect(error.code == .parseError)
        }
    }

    @Test(arguments: [
        (#"{"jsonrpc":"2.0","id":1}"#, RequestID?.some(.int(1))),
        (#"{"jsonrpc":"2.0"}"#, nil),
        (#"[1,2]"#, nil),
        (#""hello""#, nil),
        (#"{"jsonrpc":"1.0","id":3,"method":"shutdown"}"#, .int(3)),
        (#"{"id":4,"method":"shutdown"}"#, .int(4)),
        (#"{"jsonrpc":"2.0","id":true,"method":"shutdown"}"#, nil),
        (#"{"jsonrpc":"2.0","id":1.5,"method":"shutdown"}"#, nil),
        (#"{"jsonrpc":"2.0","id":null,"method":"shutdown"}"#, nil),
        (#"{"jsonrpc":"2.0","id":6,"method":7}"#, .int(6)),
        (#"{"jsonrpc":"2.0","id":7,"result":1,"error":{"code":1,"message":"m"}}"#, .int(7)),
        (#"{"jsonrpc":"2.0","result":1}"#, nil),
        (#"{"jsonrpc":"2.0","id":8,"error":"bad"}"#, .int(8)),
    ])
    func invalidRequests(text: String, expectedID: RequestID?) {
        guard case .invalid(let id, let error) = classify(text) else {
            Issue.record("expected invalid for \(text), got \(classify(text))")
            return
        }
        #expect(id == expectedID)
        #expect(error.code == .invalidRequest)
    }

    @Test func unknownMethods() {
        guard case .invalid(let id, let error) = classify(#"{"jsonrpc":"2.0","id":9,"method":"foo/bar","params":{}}"#) else {
            Issue.record("expected method not found")
            return
        }
        #expect(id == .int(9))
        #expect(error.code == .methodNotFound)
        guard
            case .ignoredNotification(let method, let notificationError) = classify(#"{"jsonrpc":"2.0","method":"$/progress","params":{}}"#)
        else {
            Issue.record("expected an ignored notification")
            return
        }
        #expect(method == "$/progress")
        #expect(notificationError.code == .methodNotFound)
    }

    @Test func invalidParams() {
        guard
            case .invalid(let id, let error) = classify(
                #"{"jsonrpc":"2.0","id":10,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a"}}}"#)
        else {
            Issue.record("expected invalid params")
            return
        }
        #expect(id == .int(10))
        #expect(error.code == .invalidParams)
        #expect(error.message.contains("position"))
        guard case .invalid(_, let missing) = classify(#"{"jsonrpc":"2.0","id":11,"method":"textDocument/hover"}"#) else {
            Issue.record("expected invalid params for missing params")
            return
        }
        #expect(missing.code == .invalidParams)
        guard
            case .ignoredNotification(let method, let notificationError) = classify(
                #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{}}}"#)
        else {
            Issue.record("expected an ignored notification")
            return
        }
        #expect(method == "textDocument/didOpen")
        #expect(notificationError.code == .invalidParams)
    }

    @Test func registryHasUniqueMethodsForEveryType() {
        let registry = MessageRegistry.lsp
        #expect(registry.requests.count == 31)
        #expect(registry.notifications.count == 14)
        for (method, type) in registry.requests { #expect(type.method == method) }
        for (method, type) in registry.notifications { #expect(type.method == method) }
        #expect(registry.requestType(for: "initialize") == InitializeRequest.self)
        #expect(registry.notificationType(for: "textDocument/didChange") == DidChangeTextDocumentNotification.self)
    }
}

@Suite struct MessageEncodingTests {
    @Test func requestEnvelope() throws {
        let body = try MessageEncoder.request(ConfigurationRequest(items: [ConfigurationItem(section: "plist")]), id: 3)
        #expect(
            try JSONValue(parsing: body)
                == json(#"{"jsonrpc":"2.0","id":3,"method":"workspace/configuration","params":{"items":[{"section":"plist"}]}}"#))
        let shutdown = try MessageEncoder.request(ShutdownRequest(), id: "s")
        #expect(try JSONValue(parsing: shutdown) == json(#"{"jsonrpc":"2.0","id":"s","method":"shutdown"}"#))
    }

    @Test func notificationEnvelope() throws {
        let body = try MessageEncoder.notification(LogMessageNotification(type: .warning, message: "hi"))
        #expect(try JSONValue(parsing: body) == json(#"{"jsonrpc":"2.0","method":"window/logMessage","params":{"type":2,"message":"hi"}}"#))
        let exit = try MessageEncoder.notification(ExitNotification())
        #expect(try JSONValue(parsing: exit) == json(#"{"jsonrpc":"2.0","method":"exit"}"#))
    }

    @Test func responsesAlwaysCarryResultOrError() throws {
        let shutdown = try MessageEncoder.response(id: 1, result: VoidResponse())
        #expect(try JSONValue(parsing: shutdown) == json(#"{"jsonrpc":"2.0","id":1,"result":null}"#))
        let noHover = try MessageEncoder.response(id: 2, result: HoverRequest.Response.none)
        #expect(try JSONValue(parsing: noHover) == json(#"{"jsonrpc":"2.0","id":2,"result":null}"#))
        let hover = try MessageEncoder.response(id: 2, result: HoverRequest.Response.some(Hover(contents: .markdown("**x**"))))
        #expect(
            try JSONValue(parsing: hover) == json(#"{"jsonrpc":"2.0","id":2,"result":{"contents":{"kind":"markdown","value":"**x**"}}}"#))
        let error = try MessageEncoder.error(id: nil, .parseError("bad"))
        #expect(try JSONValue(parsing: error) == json(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad"}}"#))
        let withData = try MessageEncoder.error(id: "q", ResponseError(code: .requestFailed, message: "m", data: [1]))
        #expect(try JSONValue(parsing: withData) == json(#"{"jsonrpc":"2.0","id":"q","error":{"code":-32803,"message":"m","data":[1]}}"#))
    }

    @Test func errorCodes() {
        let expected: [(ErrorCode, Int)] = [
            (.parseError, -32700), (.invalidRequest, -32600), (.methodNotFound, -32601), (.invalidParams, -32602),
            (.internalError, -32603), (.serverNotInitialized, -32002), (.unknownErrorCode, -32001),
            (.requestCancelled, -32800), (.contentModified, -32801), (.serverCancelled, -32802),
            (.requestFailed, -32803),
        ]
        for (code, value) in expected { #expect(code.rawValue == value) }
    }

    @Test func encodedMessagesDecodeBack() throws {
        let request = DidChangeTextDocumentNotification(
            textDocument: VersionedTextDocumentIdentifier(uri: "file:///a", version: 2),
            contentChanges: [TextDocumentContentChangeEvent(text: "<plist/>")])
        guard case .notification(let decoded) = MessageDecoder().decode(try MessageEncoder.notification(request)) else {
            Issue.record("expected a notification")
            return
        }
        #expect(decoded as? DidChangeTextDocumentNotification == request)
    }

    /// Duplicate member names at any depth, with escapes decoded and escaped quotes and
    /// backslashes inside strings read correctly; equal names in different objects are fine.
    @Test func duplicateMemberNamesAreFoundAtAnyDepth() {
        let decoder = MessageDecoder()
        func isDuplicate(_ params: String) -> Bool {
            let text = #"{"jsonrpc":"2.0","id":1,"method":"plist/x","params":\#(params)}"#
            if case .invalid(let id, let error) = decoder.decode(Data(text.utf8)), error.message.contains("occurs twice") {
                #expect(id == .int(1))
                return true
            }
            return false
        }
        #expect(isDuplicate(#"{"a":"x\"y","a":1}"#))
        #expect(isDuplicate(#"{"k\"":1,"k\u0022":2}"#))
        #expect(isDuplicate(#"{"x":[{"deep":{"b":1,"c":"\\","b":2}}]}"#))
        #expect(!isDuplicate(#"{"a":"\\","b":{"a":1},"c":"\"a\":1,\"a\":2"}"#))
        #expect(!isDuplicate(#"[{"a":1},{"a":2}]"#))
        #expect(!isDuplicate(#"{"a":1,"A":2,"a ":3}"#))
    }
}
