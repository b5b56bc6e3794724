// Text synchronisation, versions, pushed and pulled diagnostics, positions in each encoding.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import Testing

let uri = "file:///Info.plist"
/// `</strng>` starts after `<plist><dict><key>` (18 bytes), 😀 (4 bytes, 2 UTF-16 units, 1 scalar),
/// `A</key>` (7) and `<string>x` (9).
let emojiText = "<plist><dict><key>😀A</key><string>x</strng></dict></plist>"

@Suite struct DocumentTests {
    @Test(arguments: [("utf-16", 36), ("utf-8", 38), ("utf-32", 35)])
    func diagnosticsAtPositionsInTheNegotiatedEncoding(encoding: String, column: Int) async throws {
        let client = try TestClient()
        try await client.initialize(
            ClientCapabilities(
                general: GeneralClientCapabilities(
                    positionEncodings: [PositionEncodingKind(rawValue: encoding)])))
        try client.open(uri, emojiText, version: 7)
        let diagnostics = try await client.diagnostics(uri, version: 7)
        let mismatch = try #require(diagnostics.first { $0.code == .string("xml-mismatched-tag") })
        #expect(mismatch.range == range(0, column, 0, column + 8))
        #expect(mismatch.severity == .error)
        #expect(mismatch.source == "plist")
        #expect(mismatch.message.contains("</strng>"))
    }

    @Test func diagnosticsWithCRLFLineEnds() async throws {
        let client = try TestClient()
        try await client.initialize()
        try client.open(uri, "<plist>\r\n<dict>\r\n<key>A</key><string>x</strng>\r\n</dict></plist>\r\n")
        let diagnostics = try await client.diagnostics(uri, version: 1)
        #expect(only("xml-mismatched-tag", diagnostics).map(\.range) == [range(2, 21, 2, 29)])
    }

    @Test func diagnosticsCarryTheRuleIdAsCode() async throws {
        let client = try TestClient()
        try await client.initialize()
        try client.open(uri, "<plist><dict><key>A</key><integer>1.5</integer><key>B</key></dict></plist>")
        let codes = try await client.diagnostics(uri, version: 1).compactMap { code -> String? in
            if case .string(let s) = code.code { return s }
            return nil
        }
        #expect(codes.contains("plist-invalid-integer"))
        #expect(codes.contains("plist-key-without-value"))
    }

    @Test func rangedAndFullChangesInOrder() async throws {
        let client = try TestClient()
        try await client.initialize()
        let uri = "file:///doc.plist"
        try client.open(uri, "<plist><dict>\n<key>A</key>\n<string>x</string>\n</dict></plist>\n")
        #expect(
            try await client.diagnostics(uri, version: 1)
                == expectedDiagnostics("<plist><dict>\n<key>A</key>\n<string>x</string>\n</dict></plist>\n"))

        // Line 2 is `<string>x</string>`: break its end tag.
        try client.change(uri, version: 2, range: range(2, 11, 2, 17), "strng")
        let broken = try await client.diagnostics(uri, version: 2)
        #expect(only("xml-mismatched-tag", broken).map(\.range) == [range(2, 9, 2, 17)])
        #expect(client.server.snapshot(of: uri)?.string == "<plist><dict>\n<key>A</key>\n<string>x</strng>\n</dict></plist>\n")

        // Several changes in one notification apply one after the other.
        try client.change(
            uri, version: 3,
            [
                TextDocumentContentChangeEvent(range: range(2, 11, 2, 16), text: "string"),
                TextDocumentContentChangeEvent(range: range(1, 5, 1, 6), text: "Bé"),
                TextDocumentContentChangeEvent(range: range(1, 7, 1, 7), text: "😀"),
            ])
        #expect(
            try await client.diagnostics(uri, version: 3)
                == expectedDiagnostics("<plist><dict>\n<key>Bé😀</key>\n<string>x</string>\n</dict></plist>\n"))
        #expect(client.server.snapshot(of: uri)?.string == "<plist><dict>\n<key>Bé😀</key>\n<string>x</string>\n</dict></plist>\n")

        // A change without a range replaces the text.
        try client.change(uri, version: 4, [TextDocumentContentChangeEvent(text: "<plist><dict>")])
        let unclosed = try await client.diagnostics(uri, version: 4)
        #expect(unclosed == expectedDiagnostics("<plist><dict>"))
        #expect(!unclosed.isEmpty)
        #expect(client.server.snapshot(of: uri)?.version == 4)
        #expect(client.server.snapshot(of: uri)?.string == "<plist><dict>")
    }

    @Test func closingClearsDiagnostics() async throws {
        let client = try TestClient()
        try await client.initialize()
        try client.open(uri, emojiText)
        #expect(try await !client.diagnostics(uri, version: 1).isEmpty)
        try client.send(DidCloseTextDocumentNotification(textDocument: TextDocumentIdentifier(uri: uri)))
        #expect(try await client.diagnostics(uri, version: nil).isEmpty)
        #expect(client.server.snapshot(of: uri) == nil)
        let id = try client.sendRequest(DocumentDiagnosticRequest(textDocument: TextDocumentIdentifier(uri: uri)))
        #expect(try await client.error(of: id).code == .invalidParams)
    }

    @Test func changesToDocumentsThatAreNotOpenAreLoggedAndIgnored() async throws {
        let client = try TestClient()
        try await client.initialize()
        try client.change("file:///nope.plist", version: 2, range: range(0, 0, 0, 0), "x")
        try client.send(DidCloseTextDocumentNotification(textDocument: TextDocumentIdentifier(uri: "file:///nope.plist")))
        try client.send(DidSaveTextDocumentNotification(textDocument: TextDocumentIdentifier(uri: "file:///nope.plist")))
        try await client.barrier()
        #expect(client.server.snapshot(of: "file:///nope.plist") == nil)
        #expect(client.logs.all.contains { $0.contains("not open") })
        try client.open(uri, "<plist/>")
        #expect(try await client.diagnostics(uri, version: 1) == expectedDiagnostics("<plist/>"))
    }

    @Test func outOfRangeEditsAreClampedAndLogged() async throws {
        let client = try TestClient()
        try await client.initialize()
        try client.open(uri, "<plist><string>😀</string></plist>\n<!-- -->")
        // Past the last line: the end of the text.
        try client.change(uri, version: 2, range: range(99, 0, 99, 5), "!")
        // Past the end of line 0: its end (before the line break).
        try client.change(uri, version: 3, range: range(0, 500, 0, 600), "?")
        // Inside the surrogate pair of 😀 (UTF-16 columns 15–16): the pair is split as in the
        // editor's buffer, and each lone half is U+FFFD (not a clamp: the position is valid).
        try client.change(uri, version: 4, range: range(0, 16, 0, 16), "x")
        // End before start: put in order.
        try client.change(uri, version: 5, range: range(0, 3, 0, 1), "")
        _ = try await client.diagnostics(uri, version: 5)
        #expect(client.server.snapshot(of: uri)?.string == "<ist><string>\u{FFFD}x\u{FFFD}</string></plist>?\n<!-- -->!")
        #expect(client.logs.all.filter { $0.contains("clamped") }.count == 3)
    }

    @Test func staleVersionsAreAppliedAndLogged() async throws {
        let client = try TestClient()
        try await client.initialize()
        try client.open(uri, "<plist/>", version: 5)
        try client.change(uri, version: 5, range: range(0, 0, 0, 0), "<!---->")
        // Both versions are numbered 5: the didOpen's publish may come first, so the one of the
        // changed text is awaited by its content (a wait that never sees it fails as Stalled).
        let expected = expectedDiagnostics("<!----><plist/>")
        _ = try await client.diagnostics(uri) { $0 == expected }
        #expect(client.server.snapshot(of: uri)?.string == "<!----><plist/>")
        #expect(client.logs.all.contains { $0.contains("version 5 follows version 5") })
    }

    @Test func pullDiagnosticsForClientsThatPull() async throws {
        let client = try TestClient()
        let result = try await client.initialize(
            ClientCapabilities(
                textDocument: TextDocumentClientCapabilities(diagnostic: .init())))
        #expect(result.capabilities.diagnosticProvider?.interFileDependencies == true)
        #expect(!client.server.pushesDiagnostics)
        try client.open(uri, emojiText)
        let report = try await client.request(DocumentDiagnosticRequest(textDocument: TextDocumentIdentifier(uri: uri)))
        guard case .full(let resultID, let items) = report else { Issue.record("expected a full report"); return }
        #expect(only("xml-mismatched-tag", items).map(\.range) == [range(0, 36, 0, 44)])
        let id = try #require(resultID)
        let again = try await client.request(
            DocumentDiagnosticRequest(
                textDocument: TextDocumentIdentifier(uri: uri), previousResultId: id))
        // Unchanged (with this id, or a new one when a generation went up and the findings did not change).
        guard case .unchanged(let againID) = again, againID.hasSuffix(id.drop { $0 != ":" }) else { Issue.record("\(again)"); return }
        try client.change(uri, version: 2, range: range(0, 38, 0, 43), "string")
        let fixed = try await client.request(
            DocumentDiagnosticRequest(
                textDocument: TextDocumentIdentifier(uri: uri), previousResultId: resultID))
        guard case .full(_, let fixedItems) = fixed else { Issue.record("expected a full report"); return }
        #expect(only("xml-mismatched-tag", fixedItems).isEmpty)
        #expect(fixedItems == expectedDiagnostics(emojiText.replacingOccurrences(of: "strng", with: "string"), uri: uri))
        // Nothing was pushed.
        try await client.barrier()
        #expect(!client.hasReceived { $0["method"]?.stringValue == PublishDiagnosticsNotification.method })
    }

    @Test func pushAndPullCanBeForced() async throws {
        let client = try TestClient()
        let result = try await client.initialize(
            ClientCapabilities(textDocument: TextDocumentClientCapabilities(diagnostic: .init())),
            options: ["pushDiagnostics": true])
        #expect(client.server.pushesDiagnostics)
        // Not announced: a client that pulled too would keep both (Neovim 0.11 kept the pulled
        // ones stale after a save had the projects read again; issue #38, point 6).
        #expect(result.capabilities.diagnosticProvider == nil)
        try client.open(uri, emojiText)
        #expect(try await only("xml-mismatched-tag", client.diagnostics(uri, version: 1)).count == 1)

        let puller = try TestClient()
        let pulled = try await puller.initialize(options: ["pushDiagnostics": false])
        #expect(pulled.capabilities.diagnosticProvider != nil)
        #expect(!puller.server.pushesDiagnostics)
    }

    @Test func configurationChangeRepublishes() async throws {
        let client = try TestClient()
        try await client.initialize()
        try client.open(uri, emojiText)
        let first = try await client.diagnostics(uri, version: 1)
        try client.send(DidChangeConfigurationNotification(settings: ["plist": ["diagnostics": ["enabled": true]]]))
        let second = try await client.diagnostics(uri, version: 1)
        #expect(first == second)
        // A pull after the change gets a new result id (snapshot, configuration generation, source
        // evidence, projects and translations generations, then a digest of the findings).
        let report = try await client.request(DocumentDiagnosticRequest(textDocument: TextDocumentIdentifier(uri: uri)))
        guard case .full(let resultID, _) = report else { Issue.record("expected a full report"); return }
        #expect(resultID?.split(separator: ".").dropFirst().first == "1", "\(String(describing: resultID))")
    }

    @Test func documentsAreIndependentPerSession() async throws {
        let a = try TestClient(), b = try TestClient()
        try await a.initialize()
        try await b.initialize()
        try a.open(uri, emojiText)
        try b.open(uri, "<plist/>")
        #expect(try await only("xml-mismatched-tag", a.diagnostics(uri, version: 1)).count == 1)
        #expect(try await b.diagnostics(uri, version: 1) == expectedDiagnostics("<plist/>", uri: uri))
    }
}
