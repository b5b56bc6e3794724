// Issue #40 point 5, driven as a user would: a String Catalog's JSON violations are diagnostics at
// their place in the editor (the one positional JSON reader), and a string holding what XML escapes
// and what XML 1.0 forbids is written the same by `convert`, a quick fix and `format`, and read back
// to the same value by the parser (the one XML escaper, `XMLEscaping`).
import Foundation
import LanguageServerProtocol
import PlistFormats
import PlistLanguageServer
import PlistSupport
import PlistSyntax
import PlistTestSupport
import Testing
import PlistWorkspace

struct CatalogJSONSyntaxTests {
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "BirdsGreeting" : {
              "comment" : "Shown\tfirst",
              "localizations" : {
                "fr" : { "stringUnit" : { "state" : "translated", "value" : "Bonjour" } }
              }
            }
          },
          "version" : 1e+-
        }

        """

    /// `1e+-` and a raw tab in a string, which Xcode's JSON reader refuses: `l10n-syntax` errors at
    /// their bytes; the same catalog written as RFC 8259 says has none.
    @Test func aCatalogsJSONViolationsAreDiagnosticsAtTheirPlace() async throws {
        let folder = try KeyRenameTests.fixture(["App/InfoPlist.xcstrings": Self.catalog])
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: folder.path))
        let uri = KeyRenameTests.uri(folder, "App/InfoPlist.xcstrings")
        try client.open(uri, Self.catalog)
        let diagnostics = try await client.diagnostics(uri) { $0.filter { $0.code == .string("l10n-syntax") }.count >= 2 }
        let syntax = diagnostics.filter { $0.code == .string("l10n-syntax") }
        #expect(syntax.count == 2, "\(syntax.map(\.message))")
        let tab = try #require(syntax.first { $0.message.contains("control character") })
        #expect(tab.message == "a control character in a string must be escaped (\\u0009)")
        #expect(tab.range == LSPRange(start: Position(line: 4, character: 24), end: Position(line: 4, character: 25)))
        #expect(tab.severity == .error)
        let number = try #require(syntax.first { $0.message.contains("number") })
        #expect(number.message == "1e+- is not a JSON number")
        #expect(number.range == LSPRange(start: Position(line: 10, character: 14), end: Position(line: 10, character: 18)))
        #expect(number.severity == .error)

        let fixed = Self.catalog.replacingOccurrences(of: "Shown\tfirst", with: "Shown\\tfirst").replacingOccurrences(
            of: "1e+-", with: "\"1.0\"")
        try client.change(uri, version: 2, [TextDocumentContentChangeEvent(text: fixed)])
        let after = try await client.diagnostics(uri, version: 2)
        #expect(!after.contains { $0.code == .string("l10n-syntax") }, "\(after.map(\.message))")
    }
}

struct OneXMLEscapingPolicyTests {
    /// What XML escapes (`&`, `<`, `>` in `]]>`), a CR, controls XML 1.0 forbids (written as
    /// references, which Core Foundation reads) and the noncharacter U+FFFE, beside a tab and a LF
    /// (written as they are).
    static let value = "a&b<c]]>d\u{1}e\u{1B}f\rg\th\ni\u{FFFE}j"
    static let escaped = "a&amp;b&lt;c]]&gt;d&#1;e&#27;f&#13;g\th\ni&#xFFFE;j"
    /// The same string, spelled otherwise: every character as a reference.
    static let spelledOtherwise = "a&#38;b&#x3C;c]]&#62;d&#x1;e&#x1b;f&#xD;g&#9;h&#10;i&#xfffe;j"

    static func plist(_ element: String) -> String {
        PlistText.dictionary("\t<key>CFBundleName</key>\n\t\(element)\n", doctype: true)
    }

    /// The string's value as the parser reads `text` (the XML reader of `check`, the server and `convert`).
    static func readBack(_ text: String) throws -> String? {
        let value = try PropertyListObject.from(PlistDocument(text: Array(text.utf8)))
        guard case .dictionary(let entries) = value, case .string(let s) = entries.first?.value else { return nil }
        return s
    }

    @Test func convertAFixAndFormatWriteOneTextThatReadsBackTheSame() async throws {
        #expect(String(decoding: XMLEscaping.content(Self.value), as: UTF8.self) == Self.escaped)
        let expected = Self.plist("<string>\(Self.escaped)</string>")

        // convert, from a value and from a binary plist (its UTF-16 string written straight to XML).
        let value = PropertyListObject.dictionary([.init("CFBundleName", .string(Self.value))])
        let fromValue = String(decoding: try PropertyListFormat.xml1.write(value), as: UTF8.self)
        #expect(fromValue.contains("<string>\(Self.escaped)</string>"), "\(fromValue)")
        var binary = try PropertyListFormat.binary1.write(value)
        let fromBinary = String(decoding: try PropertyListFormat.xml1.converting(&binary, from: .binary1), as: UTF8.self)
        #expect(fromBinary == fromValue)
        // ASCII strings take the byte path: the same policy.
        let ascii = "x&y<z]]>\u{2}\r"
        var asciiBinary = try PropertyListFormat.binary1.write(.dictionary([.init("CFBundleName", .string(ascii))]))
        let asciiXML = String(decoding: try PropertyListFormat.xml1.converting(&asciiBinary, from: .binary1), as: UTF8.self)
        #expect(asciiXML.contains("<string>\(String(decoding: XMLEscaping.content(ascii), as: UTF8.self))</string>"), "\(asciiXML)")
        #expect(asciiXML.contains("<string>x&amp;y&lt;z]]&gt;&#2;&#13;</string>"))

        // A quick fix: CFBundleName holds an <integer>; "Change to <string>…" writes its text.
        let wrong = Self.plist("<integer>\(Self.spelledOtherwise)</integer>")
        let client = try await openedClient(wrong)
        _ = try await client.diagnostics(featureURI) { !$0.isEmpty }
        let actions = try await codeActions(client, LSPRange(start: Position(line: 5, character: 2), end: Position(line: 5, character: 3)))
        let change = try #require(actions.first { $0.title.hasPrefix("Change to <string>") }, "\(actions.map(\.title))")
        let fixed = apply(change.edit, to: wrong)
        #expect(fixed == expected)

        // format, on the string spelled otherwise.
        let spelled = Self.plist("<string>\(Self.spelledOtherwise)</string>")
        try client.change(featureURI, version: 2, [TextDocumentContentChangeEvent(text: spelled)])
        let edits = try #require(
            try await client.request(
                DocumentFormattingRequest(
                    textDocument: .init(uri: featureURI), options: FormattingOptions(tabSize: 4, insertSpaces: false))))
        let formatted = edits.sorted { $0.range.start > $1.range.start }.reduce(spelled) { applying($1, to: $0) }
        #expect(formatted == expected)

        // The parser reads every one of them back to the string.
        for text in [fromValue, fixed, formatted, spelled] {
            #expect(try Self.readBack(text) == Self.value, "\(text)")
        }
    }
}
