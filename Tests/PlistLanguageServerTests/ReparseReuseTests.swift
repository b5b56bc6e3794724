// #11.9 over the protocol: an edit history that glues a tag fragment to an entity start inside a
// scalar must give the diagnostics of a fresh open of the same text.
import LanguageServerProtocol
import PlistLanguageServer
import Testing

@Suite struct ReparseReuseTests {
    @Test func markupTypedIntoAScalarGivesTheDiagnosticsOfAFreshOpen() async throws {
        let client = try TestClient()
        try await client.initialize(ClientCapabilities())
        let uri = "file:///edited.plist"
        try client.open(uri, "<key><</key>")
        try client.change(
            uri, version: 2,
            [
                TextDocumentContentChangeEvent(
                    range: LSPRange(start: Position(line: 0, character: 5), end: Position(line: 0, character: 6)),
                    text: "<string></string>&")
            ])
        try client.change(
            uri, version: 3,
            [
                TextDocumentContentChangeEvent(
                    range: LSPRange(start: Position(line: 0, character: 23), end: Position(line: 0, character: 23)), text: "<")
            ])
        let edited = try await client.diagnostics(uri, version: 3)
        #expect(client.server.snapshot(of: uri)?.string == "<key><string></string>&<</key>")
        try client.open("file:///fresh.plist", "<key><string></string>&<</key>", version: 1)
        let fresh = try await client.diagnostics("file:///fresh.plist", version: 1)
        #expect(!fresh.isEmpty)
        #expect(edited == fresh)
    }
}
