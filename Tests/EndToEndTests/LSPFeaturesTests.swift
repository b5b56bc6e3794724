// Completion, hover, outline, folding, selection ranges and inlay hints through the built
// plist-lsp binary, as an editor drives it over stdin/stdout, on a document being typed.
import Foundation
import Testing

@Suite struct LSPFeaturesTests {
    static let uri = "file:///tmp/App/Info.plist"

    func position(_ line: Int, _ character: Int) -> [String: Any] { ["line": line, "character": character] }

    @Test func featuresOnADocumentBeingTyped() throws {
        let server = try LSPServerProcess([])
        let wire = server.wire!
        let capabilities = try wire.initialize()["capabilities"] as? [String: Any] ?? [:]
        for provider in [
            "completionProvider", "hoverProvider", "documentSymbolProvider", "foldingRangeProvider", "selectionRangeProvider",
            "inlayHintProvider",
            "semanticTokensProvider", "documentLinkProvider",
        ] {
            #expect(capabilities[provider] != nil, "\(provider) not announced")
        }
        // Line 2 is being typed: an unclosed key at the end of the file.
        let text =
            "<plist>\n<dict>\n\t<key>😀</key><string>中</string>\n\t<key>UIBackgroundModes</key>\n\t<array>\n\t\t<string>fetch</string>\n\t</array>\n\t<key>NSCa"
        try wire.open(Self.uri, text)
        let doc: [String: Any] = ["uri": Self.uri]

        let completion = try wire.response(to: wire.request("textDocument/completion", ["textDocument": doc, "position": position(7, 10)]))
        let items = (completion["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        let camera = try #require(items.first { $0["label"] as? String == "NSCameraUsageDescription" })
        let edit = camera["textEdit"] as? [String: Any]
        // A client that declares no completion capabilities may insert the text as a word: one line.
        #expect(edit?["newText"] as? String == "NSCameraUsageDescription</key>")
        #expect((edit?["range"] as? [String: Any]).map { ($0["start"] as? [String: Any])?["character"] as? Int } == 6)

        let hover = try wire.response(to: wire.request("textDocument/hover", ["textDocument": doc, "position": position(5, 12)]))
        let contents = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(contents?.contains("fetch") == true)

        let symbols = try wire.response(to: wire.request("textDocument/documentSymbol", ["textDocument": doc]))
        let names = (symbols["result"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names == ["😀", "UIBackgroundModes", "NSCa"])

        let folding = try wire.response(to: wire.request("textDocument/foldingRange", ["textDocument": doc]))
        #expect((folding["result"] as? [[String: Any]] ?? []).contains { $0["startLine"] as? Int == 4 && $0["endLine"] as? Int == 5 })

        let selection = try wire.response(
            to: wire.request("textDocument/selectionRange", ["textDocument": doc, "positions": [position(2, 8)]]))
        let first = (selection["result"] as? [[String: Any]])?.first
        let range = first?["range"] as? [String: Any]
        #expect((range?["start"] as? [String: Any])?["character"] as? Int == 6)
        #expect((range?["end"] as? [String: Any])?["character"] as? Int == 8)

        let hints = try wire.response(to: wire.request("textDocument/inlayHint", ["textDocument": doc, "range": lspRange([0, 0, 9, 0])]))
        let labels = (hints["result"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        #expect(labels == ["Required background modes"])

        let tokens = try wire.response(to: wire.request("textDocument/semanticTokens/full", ["textDocument": doc]))
        let data = (tokens["result"] as? [String: Any])?["data"] as? [Int] ?? []
        // Line 3 (one line down from the 😀 key's line): `UIBackgroundModes` at UTF-16 column 6, a property.
        #expect(data.count % 5 == 0 && data.count >= 25)
        let legend = (capabilities["semanticTokensProvider"] as? [String: Any])?["legend"] as? [String: Any]
        let types = legend?["tokenTypes"] as? [String] ?? []
        var line = 0, column = 0, found: [String] = []
        for i in stride(from: 0, to: data.count, by: 5) {
            line += data[i]
            column = data[i] == 0 ? column + data[i + 1] : data[i + 1]
            if line == 3 && types.indices.contains(data[i + 3]) { found.append("\(column):\(data[i + 2]):\(types[data[i + 3]])") }
        }
        #expect(found == ["6:17:property"])

        let links = try wire.response(to: wire.request("textDocument/documentLink", ["textDocument": doc]))
        let targets = (links["result"] as? [[String: Any]] ?? []).compactMap { $0["target"] as? String }
        #expect(targets == ["https://developer.apple.com/documentation/bundleresources/information-property-list/uibackgroundmodes"])

        try wire.shutdownAndExit()
        #expect(try server.waitForExit() == 0)
        #expect(wire.errors.isEmpty)
    }
}
