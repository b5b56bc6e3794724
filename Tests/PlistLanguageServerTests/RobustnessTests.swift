// Bad input of every kind: the right JSON-RPC error (or a clamp), and the server keeps serving.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import Testing

@Suite struct RobustnessTests {
    /// After each bad input, the session must still answer and publish.
    func expectStillServing(_ client: TestClient, version: Int) async throws {
        try client.open("file:///alive-\(version).plist", "<plist><dict><key>A</key></dict></plist>", version: version)
        let diagnostics = try await client.diagnostics("file:///alive-\(version).plist", version: version)
        #expect(diagnostics.contains { $0.code == .string("plist-key-without-value") })
    }

    @Test func invalidJSONIsAParseErrorWithNullID() async throws {
        let client = try TestClient()
        try await client.initialize()
        client.sendRaw(#"{"jsonrpc":"2.0","id":1,"method":"shutdown""#)
        let response = try await client.next("parse error") { $0["error"] != nil }
        #expect(response["id"] == .null)
        #expect(response["error"]?["code"] == .int(ErrorCode.parseError.rawValue))
        try await expectStillServing(client, version: 1)
    }

    @Test func messagesThatAreNotRequestsAreInvalidRequest() async throws {
        let client = try TestClient()
        try await client.initialize()
        client.sendRaw("[1, 2, 3]")
        let array = try await client.next("invalid request") { $0["error"] != nil }
        #expect(array["error"]?["code"] == .int(ErrorCode.invalidRequest.rawValue))
        client.sendRaw(#"{"jsonrpc":"1.0","id":3,"method":"shutdown"}"#)
        #expect(try await client.error(of: 3).code == .invalidRequest)
        client.sendRaw(#"{"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"}"#)
        let badID = try await client.next("invalid id") { $0["error"] != nil }
        #expect(badID["id"] == .null)
        try await expectStillServing(client, version: 1)
    }

    @Test func wrongParameterTypesAreInvalidParams() async throws {
        let client = try TestClient()
        try await client.initialize()
        client.sendRaw(#"{"jsonrpc":"2.0","id":11,"method":"textDocument/diagnostic","params":{"textDocument":42}}"#)
        #expect(try await client.error(of: 11).code == .invalidParams)
        client.sendRaw(#"{"jsonrpc":"2.0","id":12,"method":"textDocument/diagnostic","params":"nope"}"#)
        #expect(try await client.error(of: 12).code == .invalidParams)
        // A notification with bad params is never answered, only logged.
        client.sendRaw(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///x.plist","languageId":"plist","version":"one","text":""}}}"#)
        client.sendRaw(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///x.plist","version":2},"contentChanges":[{"range":{"start":{"line":"0"}},"text":1}]}}"#)
        try await client.barrier()
        #expect(!client.hasReceived { $0["error"] != nil })
        #expect(client.logs.all.contains { $0.contains("ignored notification textDocument/didOpen") })
        #expect(client.server.snapshot(of: "file:///x.plist") == nil)
        try await expectStillServing(client, version: 1)
    }

    @Test func aFiftyMegabyteMessage() async throws {
        let client = try TestClient()
        try await client.initialize()
        let huge = String(repeating: "x", count: 50 * 1024 * 1024)
        // Valid JSON, wrong type: the uri must be a string inside an object.
        client.sendRaw(#"{"jsonrpc":"2.0","id":21,"method":"textDocument/diagnostic","params":{"textDocument":[""# + huge + #""]}}"#)
        #expect(try await client.error(of: 21).code == .invalidParams)
        // Valid JSON, unknown method.
        client.sendRaw(#"{"jsonrpc":"2.0","id":22,"method":"plist/huge","params":{"data":""# + huge + #""}}"#)
        #expect(try await client.error(of: 22).code == .methodNotFound)
        try await expectStillServing(client, version: 1)
    }

    @Test func malformedHeadersAreSkipped() async throws {
        let client = try TestClient()
        try await client.initialize()
        client.sendBytes(Data("Content-Length: banana\r\n\r\n{}".utf8))
        client.sendBytes(Data("X: y\r\n\r\n".utf8))
        try await client.barrier()
        #expect(client.logs.all.contains { $0.contains("malformed message header") })
        try await expectStillServing(client, version: 1)
    }

    @Test func invalidUnicodeInJSONIsRejectedAndTheServerGoesOn() async throws {
        // A lone surrogate escape (an editor buffer can hold half a pair) becomes U+FFFD — one
        // UTF-16 unit, like the lone surrogate — so the server's text stays aligned with the
        // editor's; a valid pair is kept. Bytes that are not UTF-8 are rejected by the JSON parser.
        let client = try TestClient()
        try await client.initialize()
        client.sendRaw(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///s.plist","languageId":"plist","version":1,"text":"<plist>\ud800x\udc00\ud83d\ude00</strng></plist>"}}}"#)
        try await client.barrier()
        #expect(client.server.snapshot(of: "file:///s.plist")?.string == "<plist>\u{FFFD}x\u{FFFD}😀</strng></plist>")
        let mismatch = only("xml-stray-end-tag", try await client.diagnostics("file:///s.plist", version: 1))
        #expect(mismatch.map(\.range) == [range(0, 12, 0, 20)])
        #expect(!client.hasReceived { $0["error"] != nil })
        // In a request: an error response.
        var bytes = Data(#"{"jsonrpc":"2.0","id":5,"method":"textDocument/diagnostic","params":{"textDocument":{"uri":""#.utf8)
        bytes.append(contentsOf: [0xFF, 0xFE])
        bytes.append(contentsOf: Data(#""}}}"#.utf8))
        client.sendRaw(bytes)
        let invalid = try await client.next("error response") { $0["error"] != nil }
        let code = invalid["error"]?["code"]?.intValue
        #expect(code == ErrorCode.parseError.rawValue || code == ErrorCode.invalidParams.rawValue)
        try await expectStillServing(client, version: 1)
    }

    @Test func replacementCharactersAndAstralTextKeepPositionsExact() async throws {
        let client = try TestClient()
        try await client.initialize()
        // U+FFFD (3 UTF-8 bytes, 1 UTF-16 unit) and 𝄞 (4 bytes, 2 units) before the error.
        let text = "<plist><string>\u{FFFD}𝄞</strng></plist>"
        try client.open(uri, text)
        let diagnostics = try await client.diagnostics(uri, version: 1)
        #expect(only("xml-mismatched-tag", diagnostics).map(\.range) == [range(0, 18, 0, 26)])
        // An edit addressed inside 𝄞's surrogate pair is clamped to its start.
        try client.change(uri, version: 2, range: range(0, 17, 0, 17), "é")
        _ = try await client.diagnostics(uri, version: 2)
        #expect(client.server.snapshot(of: uri)?.string == "<plist><string>\u{FFFD}é𝄞</strng></plist>")
    }

    @Test func responsesTheServerDidNotAskForAreIgnored() async throws {
        let client = try TestClient()
        try await client.initialize()
        client.sendRaw(#"{"jsonrpc":"2.0","id":99,"result":{"x":1}}"#)
        client.sendRaw(#"{"jsonrpc":"2.0","id":98,"error":{"code":-1,"message":"m"}}"#)
        try await client.barrier()
        #expect(!client.hasReceived { $0["error"] != nil })
        try await expectStillServing(client, version: 1)
    }
}
