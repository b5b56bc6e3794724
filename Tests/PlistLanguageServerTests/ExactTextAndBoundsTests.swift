// Issue #39 through the language server: keys are compared by their exact scalars (two keys
// Foundation keeps apart are no duplicates), and a binary plist that expands past the limit in a
// workspace is refused with the reason while the server keeps serving.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistTestSupport
import Testing

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
        let client = try await openedClient("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)</dict>\n</plist>\n")
        let duplicates = only("plist-duplicate-key", try await client.diagnostics(featureURI, version: 1))
        #expect(duplicates.count == 2, "\(duplicates.map(\.message))")
        #expect(duplicates.allSatisfy { $0.message.contains("'same'") }, "\(duplicates.map(\.message))")
    }

    /// The issue's 60 KB binary plist (80 GB as XML) and a 140-byte one (400 MB) as
    /// `App/Info.plist` and `Other/Info.plist`: `workspace/diagnostic` answers, each file with a
    /// `file-binary-plist` error saying why, and the server answers what follows. Failed before:
    /// the server aborted allocating the XML.
    @Test func aWorkspaceHoldingABinaryPlistBombIsAnswered() async throws {
        let workspace = try TemporaryWorkspace(["App/Info.plist": "", "Other/Info.plist": "", "Fine/Info.plist": "<plist version=\"1.0\"><dict/></plist>\n"])
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
            guard case .full(_, _, _, let items)? = item else { Issue.record("\(path): no full report in \(report.items.map(\.uri))"); continue }
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
}
