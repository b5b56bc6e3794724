// Bad input of every kind: the right JSON-RPC error (or a clamp), and the server keeps serving.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistTestSupport
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
        client.sendRaw(
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///x.plist","languageId":"plist","version":"one","text":""}}}"#
        )
        client.sendRaw(
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///x.plist","version":2},"contentChanges":[{"range":{"start":{"line":"0"}},"text":1}]}}"#
        )
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
        client.sendRaw(
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///s.plist","languageId":"plist","version":1,"text":"<plist>\ud800x\udc00\ud83d\ude00</strng></plist>"}}}"#
        )
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
        // An insertion between the halves of 𝄞's surrogate pair splits it, as in the editor's
        // buffer: each lone half is U+FFFD, one unit like the surrogate, so positions stay aligned.
        try client.change(uri, version: 2, range: range(0, 17, 0, 17), "é")
        _ = try await client.diagnostics(uri, version: 2)
        #expect(client.server.snapshot(of: uri)?.string == "<plist><string>\u{FFFD}\u{FFFD}é\u{FFFD}</strng></plist>")
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

    // MARK: Issue 11

    /// Positions far outside the text — up to `Int.max`, the most a JSON integer that decodes can
    /// hold, and negative ones — are clamped in every request and in a change; nothing traps.
    @Test func hugePositionsAreClampedNeverATrap() async throws {
        let client = try TestClient()
        try await client.initialize()
        let doc = "file:///huge.plist"
        let line0 = "<plist><dict><key>CFBundleName</key><string>é😀</string></dict></plist>"
        try client.open(doc, line0 + "\n")
        let max = "9223372036854775807", min = "-9223372036854775808"
        let positions = [
            #"{"line":0,"character":\#(max)}"#, #"{"line":\#(max),"character":\#(max)}"#,
            #"{"line":1,"character":\#(max)}"#, #"{"line":\#(min),"character":\#(min)}"#, #"{"line":0,"character":\#(min)}"#,
        ]
        var id = 1000
        var ids: [Int] = []
        let document = #""textDocument":{"uri":"\#(doc)"}"#
        for position in positions {
            for (method, params) in [
                ("textDocument/hover", #""position":\#(position)"#),
                ("textDocument/completion", #""position":\#(position)"#),
                ("textDocument/selectionRange", #""positions":[\#(position),\#(position)]"#),
                ("textDocument/inlayHint", #""range":{"start":{"line":0,"character":0},"end":\#(position)}"#),
                ("textDocument/inlayHint", #""range":{"start":\#(position),"end":{"line":0,"character":3}}"#),
                ("textDocument/codeAction", #""range":{"start":\#(position),"end":\#(position)},"context":{"diagnostics":[]}"#),
            ] {
                id += 1
                ids.append(id)
                client.sendRaw(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":{\#(document),\#(params)}}"#)
            }
        }
        for id in ids {
            let response = try await client.response(to: .int(id))
            #expect(response["error"] == nil, "request \(id): \(response)")
        }
        // A change from far past the end of line 0 to far past the end of the text: clamped to
        // the end of line 0 … the end of the text.
        client.sendRaw(
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(doc)","version":2},"contentChanges":[{"range":{"start":\#(positions[0]),"end":\#(positions[1])},"text":"!"}]}}"#
        )
        _ = try await client.diagnostics(doc, version: 2)
        #expect(client.server.snapshot(of: doc)?.string == line0 + "!")
        try await expectStillServing(client, version: 1)
    }

    /// A response the JSON encoder cannot write (FoundationEssentials stops at 512 levels of
    /// nesting) is still answered: InternalError with the same id, and the failure is logged.
    @Test func everyRequestIsAnsweredEvenWhenItsResultCannotBeEncoded() async throws {
        let client = try TestClient()
        try await client.initialize()
        let doc = "file:///deep.plist"
        let depth = 600
        let text =
            "<plist>" + String(repeating: "<array>", count: depth) + "<true/>" + String(repeating: "</array>", count: depth) + "</plist>"
        try client.open(doc, text)
        _ = try await client.diagnostics(doc, version: 1)
        let symbols = try client.sendRequest(DocumentSymbolRequest(textDocument: TextDocumentIdentifier(uri: doc)))
        let innermost = position(0, 7 + 7 * depth + 2)
        let selection = try client.sendRequest(
            SelectionRangeRequest(textDocument: TextDocumentIdentifier(uri: doc), positions: [innermost]))
        for id in [symbols, selection] {
            let response = try await client.response(to: id)
            if let error = response["error"] {
                #expect(error["code"] == .int(ErrorCode.internalError.rawValue), "\(response)")
                #expect(client.logs.all.contains { $0.contains("response to request \(id) could not be encoded") })
            } else {
                #expect(response["result"] != nil)
            }
        }
        try await expectStillServing(client, version: 1)
    }

    /// `"method":"shutdown","method":"textDocument/hover"`: the client's JSON.parse keeps the last
    /// member, our decoder the first. Such a message is rejected (Invalid Request, same id), at any depth.
    @Test func duplicateMemberNamesAreAnInvalidRequest() async throws {
        let client = try TestClient()
        try await client.initialize()
        client.sendRaw(
            #"{"jsonrpc":"2.0","id":31,"method":"shutdown","method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.plist"},"position":{"line":0,"character":0}}}"#
        )
        let error = try await client.error(of: 31)
        #expect(error.code == .invalidRequest)
        #expect(error.message.contains("\"method\""))
        // Escaped names are the same names; nested objects count too.
        client.sendRaw(
            #"{"jsonrpc":"2.0","id":32,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.plist","\u0075ri":"file:///b.plist"},"position":{"line":0,"character":0}}}"#
        )
        #expect(try await client.error(of: 32).code == .invalidRequest)
        // A duplicated id: the answer's id is null.
        client.sendRaw(#"{"jsonrpc":"2.0","id":33,"id":34,"method":"shutdown"}"#)
        let ambiguous = try await client.next("duplicate id") { $0["error"] != nil && $0["id"] == .null }
        #expect(ambiguous["error"]?["code"] == .int(ErrorCode.invalidRequest.rawValue))
        // Not shut down: the session goes on. The same name in different objects is fine.
        let fine = try client.sendRequest(ExecuteCommandRequest(command: "x"))
        #expect(try await client.error(of: fine).code == .methodNotFound)
        try await expectStillServing(client, version: 1)
    }

    /// Framing mistakes cost only the faulty message, never the next good one.
    @Test func aFramingMistakeDoesNotCostTheNextMessage() async throws {
        let client = try TestClient()
        try await client.initialize()
        func request(_ id: Int) -> String { #"{"jsonrpc":"2.0","id":\#(id),"method":"plist/unknown","params":{"text":"é☃"}}"# }
        func framed(_ body: String, length: Int? = nil, newline: String = "\r\n") -> Data {
            Data("Content-Length: \(length ?? body.utf8.count)\(newline)\(newline)\(body)".utf8)
        }
        // LF-only header lines are accepted.
        client.sendBytes(framed(request(41), newline: "\n"))
        #expect(try await client.error(of: 41).code == .methodNotFound)
        // Content-Length one too small, one too large, counted in characters: the next message is answered.
        client.sendBytes(framed(request(42), length: request(42).utf8.count - 1) + framed(request(43)))
        #expect(try await client.error(of: 43).code == .methodNotFound)
        client.sendBytes(framed(request(44), length: request(44).utf8.count + 1) + framed(request(45)))
        #expect(try await client.error(of: 45).code == .methodNotFound)
        // (Too large by one swallows only the next header's first byte, which is given back.)
        #expect(try await client.error(of: 44).code == .methodNotFound)
        client.sendBytes(framed(request(46), length: request(46).count) + framed(request(47)))
        #expect(try await client.error(of: 47).code == .methodNotFound)
        try await expectStillServing(client, version: 1)
    }

    /// One 225 KB line of non-ASCII text holding 5,000 entries: the outline's 20,000 positions
    /// are each converted in O(log n), not by walking from the start of the line (quadratic:
    /// billions of steps, it did not finish here), and every column is exact against a naive count.
    @Test func columnsOnAVeryLongNonASCIILineAreExactAndFast() async throws {
        let client = try TestClient()
        try await client.initialize()
        let doc = "file:///long-line.plist"
        let count = 5_000
        var text = "<plist><dict>"
        var keyColumns: [Int] = []  // naive UTF-16 column of each key's text
        for k in 0..<count {
            keyColumns.append(text.utf16.count + "<key>".utf16.count)
            text += "<key>K\(k)é</key><string>日😀</string>"
        }
        text += "</dict></plist>"
        try client.open(doc, text)
        let symbols = try await withTimeout("the outline of a long line", seconds: 900) {
            try await client.request(DocumentSymbolRequest(textDocument: TextDocumentIdentifier(uri: doc)))
        }
        let entries = try #require(symbols)
        #expect(entries.count == count)
        #expect(entries.map(\.selectionRange.start) == keyColumns.map { position(0, $0) })
        #expect(entries.map(\.selectionRange.end) == (0..<count).map { position(0, keyColumns[$0] + "K\($0)é".utf16.count) })
    }
}
