// The built plist-lsp serving LSP over its stdin/stdout, as editors start it.
import Foundation
import Testing
import PlistTestSupport

@Suite struct LSPStdioTests {
    static let broken = "<plist><dict><key>😀A</key><string>x</strng></dict></plist>\n"

    /// The forms editors start, which `main` serves without the argument parser (with at most one
    /// `--log-level`), and one it leaves to the parser (a repeated option).
    @Test(arguments: [
        [], ["--stdio"], ["serve", "--stdio"], ["serve"], ["--log-level", "error"],
        ["serve", "--log-level=warning", "--stdio"], ["--log-level", "info", "--log-level", "error"],
    ])
    func anEditorSession(arguments: [String]) throws {
        let server = try LSPServerProcess(arguments)
        let wire = server.wire!
        let result = try wire.initialize()
        let capabilities = result["capabilities"] as? [String: Any]
        #expect(capabilities?["positionEncoding"] as? String == "utf-16")
        #expect((result["serverInfo"] as? [String: Any])?["name"] as? String == "plist-lsp")

        let uri = "file:///tmp/Info.plist"
        try wire.open(uri, Self.broken)
        let diagnostics = try wire.diagnostics(uri, version: 1)
        let mismatch = diagnostics.filter { $0["code"] as? String == "xml-mismatched-tag" }
        #expect(mismatch.map(rangeArray) == [[0, 36, 0, 44]])

        // Fix `</strng>` (UTF-16 columns 38–43 hold `strng`).
        try wire.change(uri, version: 2, range: [0, 38, 0, 43], "string")
        #expect(try !wire.diagnostics(uri, version: 2).contains { $0["code"] as? String == "xml-mismatched-tag" })
        try wire.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        _ = try wire.next("cleared diagnostics") {
            (($0["params"] as? [String: Any])?["diagnostics"] as? [Any])?.isEmpty == true
                && ($0["params"] as? [String: Any])?["version"] == nil
        }

        try wire.shutdownAndExit()
        #expect(try server.waitForExit() == 0)
        #expect(wire.waitForEnd())
        #expect(wire.errors.isEmpty, "stdout carried something other than protocol messages: \(wire.errors)")
        // Logged at info: quiet at the levels above it.
        let quiet = arguments.contains { $0.hasSuffix("error") || $0.hasSuffix("warning") }
        #expect(server.stderr.contains("serving LSP on stdin/stdout") == !quiet)
    }

    @Test func utf8PositionsWhenTheClientOffersThem() throws {
        let server = try LSPServerProcess([])
        let wire = server.wire!
        let result = try wire.initialize(encodings: ["utf-8", "utf-16"])
        #expect((result["capabilities"] as? [String: Any])?["positionEncoding"] as? String == "utf-8")
        try wire.open("file:///a.plist", Self.broken)
        let mismatch = try wire.diagnostics("file:///a.plist", version: 1).filter { $0["code"] as? String == "xml-mismatched-tag" }
        #expect(mismatch.map(rangeArray) == [[0, 38, 0, 46]])
        try wire.shutdownAndExit()
        #expect(try server.waitForExit() == 0)
    }

    @Test func endOfInputWithoutShutdownExitsWithStatusOne() throws {
        let server = try LSPServerProcess([])
        _ = try server.wire.initialize()
        server.closeInput()
        #expect(try server.waitForExit() == 1)
    }

    @Test func badInputIsAnsweredAndTheSessionContinues() throws {
        let server = try LSPServerProcess(["--log-level", "error"])
        let wire = server.wire!
        _ = try wire.initialize()
        try wire.sendBytes(Data("Content-Length: 5\r\n\r\n{oops".utf8))
        let parseError = try wire.next("parse error") { $0["error"] != nil }
        #expect((parseError["error"] as? [String: Any])?["code"] as? Int == -32700)
        try wire.send(["jsonrpc": "2.0", "id": 77, "method": "textDocument/diagnostic", "params": ["textDocument": 1]])
        #expect(((try wire.response(to: 77))["error"] as? [String: Any])?["code"] as? Int == -32602)
        try wire.send(["jsonrpc": "2.0", "id": 78, "method": "plist/nothing"])
        #expect(((try wire.response(to: 78))["error"] as? [String: Any])?["code"] as? Int == -32601)
        try wire.open("file:///b.plist", "<plist><dict>")
        #expect(try !wire.diagnostics("file:///b.plist", version: 1).isEmpty)
        try wire.shutdownAndExit()
        #expect(try server.waitForExit() == 0)
        #expect(wire.errors.isEmpty)
    }

    @Test func requestBeforeInitializeAndAfterShutdown() throws {
        let server = try LSPServerProcess([])
        let wire = server.wire!
        let early = try wire.request("textDocument/diagnostic", ["textDocument": ["uri": "file:///a.plist"]])
        #expect(((try wire.response(to: early))["error"] as? [String: Any])?["code"] as? Int == -32002)
        _ = try wire.initialize()
        let shutdown = try wire.request("shutdown")
        _ = try wire.response(to: shutdown)
        let late = try wire.request("textDocument/diagnostic", ["textDocument": ["uri": "file:///a.plist"]])
        #expect(((try wire.response(to: late))["error"] as? [String: Any])?["code"] as? Int == -32600)
        try wire.notify("exit")
        #expect(try server.waitForExit() == 0)
    }

    @Test func helpDocumentsBothTransports() throws {
        let root = try Binary.run(["--help"])
        #expect(root.stdout.contains("--stdio"))
        #expect(root.stdout.contains("--listen"))
        let serve = try Binary.run(["serve", "--help"])
        #expect(serve.stdout.contains("--listen <path>"))
        #expect(serve.stdout.contains("0600"))
        let both = try Binary.run(["--stdio", "--listen", "/tmp/x.sock"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("cannot be combined"))
        // An invalid level is the parser's to report, whichever form names it.
        for arguments in [["--log-level", "loud"], ["--stdio", "--log-level=loud"]] {
            let bad = try Binary.run(arguments)
            #expect(bad.status == 2)
            #expect(bad.stderr.contains("unknown log level 'loud'"))
        }
    }

    /// Over stdio, `exit` used to wait until the client drained stdout: a client that pipelines
    /// hundreds of requests and reads nothing kept the server alive. Now the server exits.
    @Test func exitDoesNotWaitForAClientThatDoesNotRead() async throws {
        try await onOwnThread {
            let process = Process()
            process.executableURL = Binary.url
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output  // never read
            process.standardError = FileHandle.nullDevice
            // The server may exit before it has read all of our input: a write error, not a signal.
            _ = signal(SIGPIPE, SIG_IGN)
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            var keys = ""
            for k in 0..<50 { keys += "<key>Key\(k)</key><string>Value \(k)</string>\n" }
            let open: [String: Any] = [
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": [
                    "textDocument": [
                        "uri": "file:///a.plist", "languageId": "plist", "version": 1, "text": "<plist><dict>\n\(keys)</dict></plist>",
                    ]
                ],
            ]
            var bodies = [
                #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#,
                #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
                String(decoding: try JSONSerialization.data(withJSONObject: open), as: UTF8.self),
            ]
            // 500 outlines of 50 entries: megabytes, far more than a pipe holds.
            for id in 1...500 {
                bodies.append(
                    #"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///a.plist"}}}"#
                )
            }
            bodies.append(#"{"jsonrpc":"2.0","method":"exit"}"#)
            var data = Data()
            for body in bodies { data += Data("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }
            try? input.fileHandleForWriting.write(contentsOf: data)
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            #expect(!process.isRunning, "plist-lsp did not exit while its stdout was not read")
            if !process.isRunning { #expect(process.terminationStatus == 1) }
        }
    }
}
