// Tag editing through the server: highlights of a tag pair, linked editing, the close tag added as
// `>` is typed (onTypeFormatting, after the edit that typed it), close-tag completion, and the
// matching-tag jump — in UTF-16 positions with multi-byte text in front.
import LanguageServerProtocol
import PlistTestSupport
import Testing

@Suite struct TagEditingServerTests {
    @Test func capabilitiesAreAnnounced() async throws {
        let client = try TestClient()
        let result = try await client.initialize(richClient())
        #expect(result.capabilities.documentHighlightProvider == .bool(true))
        #expect(result.capabilities.linkedEditingRangeProvider == .bool(true))
        #expect(result.capabilities.documentOnTypeFormattingProvider?.firstTriggerCharacter == ">")
    }

    @Test(arguments: multiBytePrefixes)
    func highlightsAndLinkedRanges(prefix: String) async throws {
        let (text, at) = lspMarked(withPrefix("<plist><dict>\n<key>🔥</key>\n<str1️⃣ing>📷</string>\n</dict></plist>", prefix))
        let client = try await openedClient(text)
        let highlights = try #require(
            try await client.request(DocumentHighlightRequest(textDocument: .init(uri: featureURI), position: at[0])))
        #expect(
            highlights.map { text[stringIndex(of: $0.range.start, in: text)..<stringIndex(of: $0.range.end, in: text)] } == [
                "string", "string",
            ])
        let linked = try #require(
            try await client.request(LinkedEditingRangeRequest(textDocument: .init(uri: featureURI), position: at[0])))
        #expect(linked.ranges == highlights.map(\.range))
        // Renaming the pair as a client does with these ranges.
        let renamed = linked.ranges.reversed().reduce(text) { applying(TextEdit(range: $1, newText: "integer"), to: $0) }
        #expect(renamed.contains("<integer>📷</integer>"))
    }

    @Test(arguments: multiBytePrefixes)
    func matchingTag(prefix: String) async throws {
        let (text, at) = lspMarked(
            withPrefix("<plist><dict>\n<key>🔥</key>\n<ar1️⃣ray>\n<string>📷</string>\n</2️⃣array>\n</dict></plist>", prefix))
        let client = try await openedClient(text)
        let forward = try await client.request(MatchingTagRequest(textDocument: .init(uri: featureURI), position: at[0]))
        #expect(forward == at[1])
        let back = try #require(try await client.request(MatchingTagRequest(textDocument: .init(uri: featureURI), position: at[1])))
        #expect(back == Position(line: at[0].line, character: at[0].character - 2))
    }

    /// The client sends the `>` as a change, then asks; the answer inserts the close tag at the cursor.
    @Test(arguments: multiBytePrefixes)
    func closeTagAsGreaterThanIsTyped(prefix: String) async throws {
        let (text, at) = lspMarked(withPrefix("<plist><dict>\n<key>🔥</key>\n\t<string1️⃣\n</dict></plist>", prefix))
        let client = try await openedClient(text)
        try client.change(featureURI, version: 2, range: LSPRange(start: at[0], end: at[0]), ">")
        let typed = applying(TextEdit(range: LSPRange(start: at[0], end: at[0]), newText: ">"), to: text)
        let cursor = Position(line: at[0].line, character: at[0].character + 1)
        let edits = try #require(
            try await client.request(
                DocumentOnTypeFormattingRequest(
                    textDocument: .init(uri: featureURI), position: cursor, ch: ">",
                    options: FormattingOptions(tabSize: 4, insertSpaces: false))))
        #expect(edits.count == 1)
        #expect(edits[0].range == LSPRange(start: cursor, end: cursor))
        #expect(applying(edits[0], to: typed) == withPrefix("<plist><dict>\n<key>🔥</key>\n\t<string></string>\n</dict></plist>", prefix))
        // Typed again where the element is closed: nothing.
        let closed = try await client.request(
            DocumentOnTypeFormattingRequest(
                textDocument: .init(uri: featureURI), position: Position(line: 1, character: 5), ch: ">",
                options: FormattingOptions(tabSize: 4, insertSpaces: false)))
        #expect(closed == nil)
    }

    @Test func closeTagCompletion() async throws {
        let (text, at) = lspMarked("<plist><dict>\n<key>🔥</key>\n<string>📷</1️⃣\n</dict></plist>")
        let client = try await openedClient(text)
        let list = try #require(try await client.request(CompletionRequest(textDocument: .init(uri: featureURI), position: at[0])))
        let item = try #require(list.items.first { $0.label == "</string>" })
        let edit: TextEdit
        switch item.textEdit {
        case .textEdit(let e)?: edit = e
        case .insertReplace(let e)?: edit = TextEdit(range: e.replace, newText: e.newText)
        case nil: Issue.record("no edit"); return
        }
        #expect(applying(edit, to: text) == "<plist><dict>\n<key>🔥</key>\n<string>📷</string>\n</dict></plist>")
    }

    @Test func translationFilesHaveNoTags() async throws {
        let uri = "file:///App/en.lproj/InfoPlist.strings"
        let client = try TestClient()
        try await client.initialize(richClient())
        try client.open(uri, "\"A\" = \"<string>\";\n")
        let highlights = try await client.request(
            DocumentHighlightRequest(textDocument: .init(uri: uri), position: Position(line: 0, character: 10)))
        #expect(highlights == nil)
    }
}
