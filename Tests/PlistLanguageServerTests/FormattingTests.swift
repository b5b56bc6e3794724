// textDocument/formatting and rangeFormatting through the server: Xcode's layout, edits that touch
// only what changed (in UTF-16 positions with multi-byte text in front), the editor's indentation
// when the setting asks for it, and no edits plus a message for a file with syntax errors.
import Foundation
import LanguageServerProtocol
import Testing
import PlistTestSupport

@Suite struct FormattingTests {
    static let messy = """
        <?xml version='1.0' encoding='utf-8'?>
        <!DOCTYPE plist PUBLIC "-//Apple Computer//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleName</key>   <string>Caf&#233; &amp; Bar 📷 &apos;x&apos;</string>
            <!-- keep me -->
            <key>UIRequiresFullScreen</key>
            <true></true>
            <key>UIBackgroundModes</key>
            <array>
            </array>
        </dict>
        </plist>
        """

    static let xcode = PlistText.dictionary(
        """
        \t<key>CFBundleName</key>
        \t<string>Café &amp; Bar 📷 'x'</string>
        \t<!-- keep me -->
        \t<key>UIRequiresFullScreen</key>
        \t<true/>
        \t<key>UIBackgroundModes</key>
        \t<array/>
        """, doctype: true)

    func formatted(_ client: TestClient, _ text: String, tabSize: Int = 4, spaces: Bool = true) async throws -> (String, [TextEdit]) {
        let edits = try #require(
            try await client.request(
                DocumentFormattingRequest(
                    textDocument: .init(uri: featureURI), options: FormattingOptions(tabSize: tabSize, insertSpaces: spaces))))
        return (edits.reversed().reduce(text) { applying($1, to: $0) }, edits)
    }

    @Test func formatsAsXcodeWrites() async throws {
        let client = try await openedClient(Self.messy)
        let (result, edits) = try await formatted(client, Self.messy)
        #expect(result == Self.xcode)
        // Small edits, not one replacement of the document: the key lines' text is untouched.
        #expect(edits.count > 5)
        #expect(!edits.contains { $0.newText.contains("CFBundleName") || $0.newText.contains("UIBackgroundModes</key>") })
    }

    @Test func alreadyFormattedGivesNoEdits() async throws {
        let client = try await openedClient(Self.xcode)
        let (_, edits) = try await formatted(client, Self.xcode)
        #expect(edits.isEmpty)
    }

    @Test(arguments: multiBytePrefixes)
    func editsLandInUTF16Positions(prefix: String) async throws {
        // A comment with multi-byte text before the messy lines: positions after it must be right.
        let text = Self.messy.replacingOccurrences(of: "<dict>\n", with: "<dict>\n\(prefix)\n")
        let client = try await openedClient(text)
        let (result, _) = try await formatted(client, text)
        #expect(result == Self.xcode.replacingOccurrences(of: "<dict>\n", with: prefix.isEmpty ? "<dict>\n" : "<dict>\n\t\(prefix)\n"))
    }

    @Test func rangeFormattingTouchesOnlyTheRange() async throws {
        let client = try await openedClient(Self.messy)
        // Lines 7–8 (0-based): the <true></true> entry.
        let edits = try #require(
            try await client.request(
                DocumentRangeFormattingRequest(
                    textDocument: .init(uri: featureURI), range: LSPRange(start: position(6, 0), end: position(7, 17)),
                    options: FormattingOptions(tabSize: 4, insertSpaces: true))))
        let result = edits.reversed().reduce(Self.messy) { applying($1, to: $0) }
        #expect(result.contains("\t<key>UIRequiresFullScreen</key>\n\t<true/>"))
        #expect(result.contains("    <key>CFBundleName</key>   <string>"))  // outside the range: as it was
        #expect(result.contains("<?xml version='1.0'"))
    }

    @Test func editorIndentationWhenTheSettingSaysSo() async throws {
        let client = try await openedClient(Self.messy, options: ["settings": ["formatting": ["indentation": "editor"]]])
        let (result, _) = try await formatted(client, Self.messy, tabSize: 2, spaces: true)
        #expect(result == Self.xcode.replacingOccurrences(of: "\t", with: "  "))
        let tabs = try await openedClient(Self.messy)
        let (xcode, _) = try await formatted(tabs, Self.messy, tabSize: 2, spaces: true)
        #expect(xcode == Self.xcode)  // the default ignores the editor: Xcode writes tabs
    }

    @Test func dataIsWrappedAsXcodeWraps() async throws {
        let bytes = (0..<100).map { String(UnicodeScalar(UInt8(65 + $0 % 26))) }.joined()
        let base64 = Data(bytes.utf8).base64EncodedString()
        let text = "<plist version=\"1.0\"><dict><key>D</key><data>\(base64)</data></dict></plist>"
        let client = try await openedClient(text)
        let (result, _) = try await formatted(client, text)
        // One level deep: 76 − 8 columns = 68 characters a line, indented like <data>.
        let lines = base64.chunked(68).map { "\t" + $0 }.joined(separator: "\n")
        #expect(result.hasSuffix("\t<key>D</key>\n\t<data>\n\(lines)\n\t</data>\n</dict>\n</plist>\n"))
    }

    @Test func syntaxErrorsGiveNoEditsAndSayWhy() async throws {
        let text = Self.messy.replacingOccurrences(of: "</string>", with: "</strng>")
        let client = try await openedClient(text)
        let (result, edits) = try await formatted(client, text)
        #expect(edits.isEmpty && result == text)
        let shown = try await client.notification(ShowMessageNotification.self) { $0.message.contains("did not format") }
        #expect(shown.message.contains("line 5"))
        #expect(shown.message.contains("xml-mismatched-tag"))
    }
}

extension String {
    func chunked(_ n: Int) -> [String] {
        var out: [String] = []
        var rest = Substring(self)
        while !rest.isEmpty { out.append(String(rest.prefix(n))); rest = rest.dropFirst(n) }
        return out
    }
}
