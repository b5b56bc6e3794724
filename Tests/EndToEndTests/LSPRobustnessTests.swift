// The server survives hostile documents (issue #11.2, #11.3) and its fix-all keeps data, through
// the built binary over stdin/stdout as an editor drives it.
import Foundation
import Testing

@Suite struct LSPRobustnessTests {
    static let uri = "file:///tmp/App/Info.plist"
    var doc: [String: Any] { ["uri": Self.uri] }

    func position(_ line: Int, _ character: Int) -> [String: Any] { ["line": line, "character": character] }

    @Test func deeplyNestedDocumentKeepsTheServerAlive() throws {
        let server = try LSPServerProcess([])
        let wire = server.wire!
        // The hint on custom keys is off by default; asked for, it shows the analysis still runs.
        _ = try wire.initialize(options: ["settings": ["plist": ["rules": ["info-unknown-key": "hint"]]]])
        // 3,000 nested containers on line 4; the innermost string sits in the middle of the line.
        let text = CheckRobustnessTests.nested(3_000)
        try wire.open(Self.uri, text)
        // 'Deep' is a custom key (a hint); the typed view reads 512 levels and says so.
        #expect(try wire.diagnostics(Self.uri, version: 1).map { $0["code"] as? String } == ["info-unknown-key", "plist-too-deep"])
        let line4 = text.split(separator: "\n", omittingEmptySubsequences: false)[4]
        let middle = try #require(line4.range(of: "<string>x")).upperBound
        let deep = position(4, line4.utf16.distance(from: line4.startIndex, to: middle) - 1)

        let symbols = try wire.response(to: wire.request("textDocument/documentSymbol", ["textDocument": doc]))
        var level = (symbols["result"] as? [[String: Any]])?.first
        var depth = 0
        while let current = level { depth += 1; level = (current["children"] as? [[String: Any]])?.first }
        // The outline stops expanding at its documented depth instead of recursing 3,000 times.
        #expect(depth == 64)

        let folding = try wire.response(to: wire.request("textDocument/foldingRange", ["textDocument": doc]))
        #expect(folding["result"] is [Any])
        let hints = try wire.response(to: wire.request("textDocument/inlayHint", ["textDocument": doc, "range": lspRange([0, 0, 6, 0])]))
        #expect(hints["result"] is [Any])
        let hover = try wire.response(to: wire.request("textDocument/hover", ["textDocument": doc, "position": deep]))
        #expect(hover["error"] == nil)
        let completion = try wire.response(to: wire.request("textDocument/completion", ["textDocument": doc, "position": deep]))
        #expect(completion["error"] == nil)

        // Still alive and analysing: an edit gets its diagnostics.
        try wire.change(Self.uri, version: 2, range: [3, 6, 3, 10], "Deeper")
        #expect(
            try wire.diagnostics(Self.uri, version: 2).first?["message"] as? String
                == "'Deeper' is not a key the system reads here (custom keys are fine)")
        try wire.shutdownAndExit()
        #expect(try server.waitForExit() == 0)
    }

    @Test func duplicateKeysPublishBoundedDiagnostics() throws {
        let server = try LSPServerProcess([])
        let wire = server.wire!
        _ = try wire.initialize()
        try wire.open(Self.uri, CheckRobustnessTests.duplicates(1_000))
        let diagnostics = try wire.diagnostics(Self.uri, version: 1)
        #expect(diagnostics.count == 501)
        #expect(diagnostics.allSatisfy { ($0["relatedInformation"] as? [Any])?.count ?? 0 <= 1 })
        let size = try JSONSerialization.data(withJSONObject: diagnostics).count
        #expect(size < 1_000_000, "\(size) bytes")
        try wire.shutdownAndExit()
        #expect(try server.waitForExit() == 0)
    }

    @Test func fixAllRepairsABrokenDuplicateRatherThanRemovingIt() throws {
        let server = try LSPServerProcess([])
        let wire = server.wire!
        _ = try wire.initialize()
        // The first 'A' is broken (its string is never closed): Foundation would not read this
        // file at all, so removing that entry is not known to keep the data. Its text runs straight
        // into the next tag, so where it ends is known and closing it keeps the data; a text
        // followed by a line break is a guess, closed only when the user picks the fix (below).
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<string>first<key>B</key>\n\t<string>b</string>\n\t<key>A</key>\n\t<string>second</string>\n</dict>\n</plist>\n"
        try wire.open(Self.uri, text)
        let diagnostics = try wire.diagnostics(Self.uri, version: 1)
        #expect(diagnostics.contains { $0["code"] as? String == "plist-duplicate-key" })
        let reply = try wire.response(
            to: wire.request(
                "textDocument/codeAction",
                [
                    "textDocument": doc, "range": lspRange([0, 0, 11, 0]), "context": ["diagnostics": [], "only": ["source.fixAll"]],
                ]))
        let action = try #require((reply["result"] as? [[String: Any]])?.first)
        let edit = action["edit"] as? [String: Any]
        let edits =
            ((edit?["changes"] as? [String: Any])?[Self.uri] as? [[String: Any]])
            ?? ((edit?["documentChanges"] as? [[String: Any]])?.first?["edits"] as? [[String: Any]]) ?? []
        #expect(edits.contains { ($0["newText"] as? String)?.contains("</string>") == true }, "\(edits)")
        #expect(!edits.contains { rangeArray($0).first == 3 }, "the broken entry is removed: \(edits)")

        // With a line break after the unclosed text, fix-all neither guesses the value's end nor
        // removes the broken entry.
        let guessed = text.replacingOccurrences(of: "<string>first<key>B", with: "<string>first\n\t<key>B")
        try wire.change(Self.uri, version: 2, range: [0, 0, 11, 0], guessed)
        _ = try wire.diagnostics(Self.uri, version: 2)
        let guessReply = try wire.response(
            to: wire.request(
                "textDocument/codeAction",
                [
                    "textDocument": doc, "range": lspRange([0, 0, 12, 0]), "context": ["diagnostics": [], "only": ["source.fixAll"]],
                ]))
        for action in (guessReply["result"] as? [[String: Any]]) ?? [] {
            let edit = action["edit"] as? [String: Any]
            let edits =
                ((edit?["changes"] as? [String: Any])?[Self.uri] as? [[String: Any]])
                ?? ((edit?["documentChanges"] as? [[String: Any]])?.first?["edits"] as? [[String: Any]]) ?? []
            #expect(!edits.contains { rangeArray($0).first == 3 || ($0["newText"] as? String)?.contains("</string>") == true }, "\(edits)")
        }

        // The quick fix is still offered for the earlier occurrence, never applied by fix-all.
        let quick = try wire.response(
            to: wire.request(
                "textDocument/codeAction",
                [
                    "textDocument": doc, "range": lspRange([3, 7, 3, 7]), "context": ["diagnostics": []],
                ]))
        let remove = try #require(
            (quick["result"] as? [[String: Any]])?.first { ($0["title"] as? String)?.hasPrefix("Remove this duplicate") == true })
        #expect(remove["kind"] as? String == "quickfix")
        try wire.shutdownAndExit()
        #expect(try server.waitForExit() == 0)
    }
}
