// Issue #39 through the language server: keys are compared by their exact scalars (two keys
// Foundation keeps apart are no duplicates), and a binary plist that expands past the limit in a
// workspace is refused with the reason while the server keeps serving.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistTestSupport
import Testing
import PlistWorkspace

@Suite struct ExactTextAndBoundsTests {
    /// `café` precomposed and decomposed, `Å` and `A` + U+030A, `K` and U+212A: canonically
    /// equivalent, different keys to Core Foundation and plistlib. Only the real duplicate is
    /// reported. Failed before: Swift's `String` equality made each pair a duplicate.
    @Test(arguments: [4, 400])
    func canonicallyEquivalentKeysAreNotDuplicates(filler: Int) async throws {
        let pairs = [("caf\u{E9}", "cafe\u{301}"), ("\u{C5}", "A\u{30A}"), ("Key", "\u{212A}ey"), ("\u{516D}", "\u{F9D1}")]
        var body = ""
        for (a, b) in pairs { body += "\t<key>\(a)</key>\n\t<string>1</string>\n\t<key>\(b)</key>\n\t<string>2</string>\n" }
        // A dictionary large enough to be stored in runs and counted by name hashing.
        for k in 0..<filler { body += "\t<key>filler\(k)</key>\n\t<integer>\(k)</integer>\n" }
        body += "\t<key>same</key>\n\t<string>1</string>\n\t<key>same</key>\n\t<string>2</string>\n"
        let client = try await openedClient(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)</dict>\n</plist>\n")
        let duplicates = only("plist-duplicate-key", try await client.diagnostics(featureURI, version: 1))
        #expect(duplicates.count == 2, "\(duplicates.map(\.message))")
        #expect(duplicates.allSatisfy { $0.message.contains("'same'") }, "\(duplicates.map(\.message))")
    }

    /// The issue's 60 KB binary plist (80 GB as XML) and a 140-byte one (400 MB) as
    /// `App/Info.plist` and `Other/Info.plist`: `workspace/diagnostic` answers, each file with a
    /// `file-binary-plist` error saying why, and the server answers what follows. Failed before:
    /// the server aborted allocating the XML.
    @Test func aWorkspaceHoldingABinaryPlistBombIsAnswered() async throws {
        let workspace = try TemporaryWorkspace([
            "App/Info.plist": "", "Other/Info.plist": "", "Fine/Info.plist": "<plist version=\"1.0\"><dict/></plist>\n",
        ])
        defer { workspace.remove() }
        try Data(AdversarialPlists.sixtyKilobytes).write(to: workspace.root.appendingPathComponent("App/Info.plist"))
        try Data(AdversarialPlists.tinyStrings).write(to: workspace.root.appendingPathComponent("Other/Info.plist"))
        let client = try TestClient()
        var capabilities = richClient()
        capabilities.textDocument?.diagnostic = .init()
        try await client.initialize(capabilities, rootUri: workspace.uri())
        let report = try await client.request(WorkspaceDiagnosticRequest())
        for path in ["App/Info.plist", "Other/Info.plist"] {
            let item = report.items.first { FileURI.path(of: $0.uri) == workspace.root.appendingPathComponent(path).path }
            guard case .full(_, _, _, let items)? = item else {
                Issue.record("\(path): no full report in \(report.items.map(\.uri))"); continue
            }
            let finding = items.first { $0.code == .string("file-binary-plist") }
            #expect(finding?.message.contains("expand to more than 64 MB of XML") == true, "\(path): \(items.map(\.message))")
        }
        // Still serving: a document opened now is diagnosed.
        let uri = workspace.uri("Fine/Info.plist")
        try client.open(uri, "<plist version=\"1.0\"><dict><key>A</key><string>1</string><key>A</key><string>2</string></dict></plist>\n")
        let pulled = try await client.request(DocumentDiagnosticRequest(textDocument: TextDocumentIdentifier(uri: uri)))
        guard case .full(_, let items) = pulled else { Issue.record("expected a full report"); return }
        #expect(only("plist-duplicate-key", items).count == 2)
        // And a second workspace pull answers the same.
        let again = try await client.request(WorkspaceDiagnosticRequest())
        #expect(again.items.count == report.items.count)
    }

    /// `NSHome\u{212A}itUsageDescription` (a KELVIN SIGN for `K`) is canonically equal to
    /// `NSHomeKitUsageDescription`, but the system looks the purpose string up by its exact
    /// characters and does not find it: the key is named, with a rename to the real key. Failed
    /// before: the database's look-up by `String` took it for the known key and said nothing.
    @Test func aKeyThatOnlyLooksLikeAKnownKeyIsNotThatKey() async throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>NSHome\u{212A}itUsageDescription</key>\n\t<string>Control your lights.</string>\n</dict>\n</plist>\n"
        let client = try await openedClient(text)
        let found = only("info-misspelled-key", try await client.diagnostics(featureURI, version: 1))
        let d = try #require(found.first, "no info-misspelled-key")
        #expect(d.message.contains("should be 'NSHomeKitUsageDescription'") && d.message.contains("look the same"), "\(d.message)")
        #expect(d.range.start == Position(line: 3, character: 6))
        let actions = try await codeActions(client, d.range)
        let rename = try #require(actions.first { $0.title == "Rename to 'NSHomeKitUsageDescription'" }, "\(actions.map(\.title))")
        #expect(apply(rename.edit, to: text).contains("<key>NSHomeKitUsageDescription</key>"))
        // The real key is quiet.
        let plain = try await openedClient(text.replacingOccurrences(of: "\u{212A}", with: "K"))
        #expect(only("info-misspelled-key", try await plain.diagnostics(featureURI, version: 1)).isEmpty)
    }

    /// A translation table whose keys are `café` precomposed and decomposed: two keys, as
    /// Foundation reads the table, so no `l10n-duplicate-key`; the Info.plist has only the
    /// precomposed key, so the decomposed one translates nothing (`l10n-unknown-key`); and a
    /// purpose string translated only under a look-alike key (KELVIN SIGN) is untranslated in that
    /// locale. Failed before: `String` equality made the pair one key, the decomposed key
    /// "present" and the look-alike a translation.
    @Test func translationKeysCompareByTheirExactCharacters() async throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>CFBundleDevelopmentRegion</key>
            \t<string>en</string>
            \t<key>caf\u{E9}</key>
            \t<string>Coffee</string>
            \t<key>NSHomeKitUsageDescription</key>
            \t<string>Control your lights.</string>
            </dict>
            </plist>

            """
        let de =
            "\"caf\u{E9}\" = \"Kaffee\";\n\"cafe\u{301}\" = \"Kaffee\";\n\"NSHome\u{212A}itUsageDescription\" = \"Licht\";\n\"same\" = \"1\";\n\"same\" = \"2\";\n"
        let workspace = try TemporaryWorkspace(["App/Info.plist": plist, "App/de.lproj/InfoPlist.strings": de])
        defer { workspace.remove() }
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: workspace.uri())
        let table = workspace.uri("App/de.lproj/InfoPlist.strings")
        try client.open(table, de)
        let diagnostics = try await client.diagnostics(table) { $0.contains { $0.code == .string("l10n-duplicate-key") } }
        let duplicates = only("l10n-duplicate-key", diagnostics)
        #expect(duplicates.map(\.range.start.line) == [4], "\(duplicates.map(\.message))")
        let unknown = only("l10n-unknown-key", diagnostics)
        #expect(unknown.map(\.range.start.line) == [1, 2, 3], "\(unknown.map(\.message))")

        let info = workspace.uri("App/Info.plist")
        try client.open(info, plist)
        let untranslated = only(
            "l10n-untranslated", try await client.diagnostics(info) { $0.contains { $0.code == .string("l10n-untranslated") } })
        #expect(
            untranslated.contains { $0.message.hasPrefix("the purpose string NSHomeKitUsageDescription is not translated for de") },
            "\(untranslated.map(\.message))")
    }

    /// An editor that decoded a UTF-16 file sends its text as it is, declaration and all: a
    /// declaration naming a byte order (`UTF-16LE`, `UTF-16BE`) is read like `UTF-16`, and a
    /// mark-less UTF-16 file in the workspace is read by its `<?` as UTF-16 (XML appendix F).
    /// Failed before: `xml-unsupported-encoding` on the open document; the file on disk was read
    /// as UTF-8 and was "not XML".
    @Test func utf16DeclarationsNamingAByteOrderAreRead() async throws {
        let body =
            "<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<string>caf\u{E9}</string>\n\t<key>A</key>\n\t<string>2</string>\n</dict>\n</plist>\n"
        for declared in ["UTF-16LE", "utf-16be"] {
            let client = try await openedClient("<?xml version=\"1.0\" encoding=\"\(declared)\"?>\n" + body)
            let diagnostics = try await client.diagnostics(featureURI, version: 1)
            #expect(only("xml-unsupported-encoding", diagnostics).isEmpty, "\(declared): \(diagnostics.map(\.message))")
            #expect(only("plist-duplicate-key", diagnostics).count == 2, "\(declared): \(diagnostics.map(\.message))")
        }
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + body
        let workspace = try TemporaryWorkspace(["App/Info.plist": ""])
        defer { workspace.remove() }
        let littleEndian = Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        try Data(littleEndian).write(to: workspace.root.appendingPathComponent("App/Info.plist"))
        let client = try TestClient()
        var capabilities = richClient()
        capabilities.textDocument?.diagnostic = .init()
        try await client.initialize(capabilities, rootUri: workspace.uri())
        let report = try await client.request(WorkspaceDiagnosticRequest())
        let item = report.items.first { FileURI.path(of: $0.uri) == workspace.root.appendingPathComponent("App/Info.plist").path }
        guard case .full(_, _, _, let items)? = item else { Issue.record("no full report in \(report.items.map(\.uri))"); return }
        #expect(only("plist-duplicate-key", items).count == 2, "\(items.map(\.message))")
        #expect(items.allSatisfy { $0.severity != .error || $0.code == .string("plist-duplicate-key") }, "\(items.map(\.message))")
    }
}
