// Pull diagnostics after another file changed (issue #40, point 3): a translation added on disk or
// an .xcconfig that now defines a setting changes an open Info.plist's findings, so a pull that
// names the result id from before answers a full report, never `unchanged` (the client would keep
// the stale warning). The same for `workspace/diagnostic`, and the server says that a file's
// diagnostics depend on other files (`interFileDependencies`).
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistTestSupport
import Testing
import PlistWorkspace

private func codes(_ diagnostics: [Diagnostic], _ code: String) -> [Diagnostic] {
    diagnostics.filter { $0.code == .string(code) }
}

/// A client that pulls diagnostics, is asked to refresh them, and watches files for the server.
private func pullingClient() -> ClientCapabilities {
    var capabilities = richClient()
    capabilities.textDocument?.diagnostic = .init()
    capabilities.workspace = WorkspaceClientCapabilities(
        didChangeWatchedFiles: .init(dynamicRegistration: true), diagnostics: .init(refreshSupport: true))
    return capabilities
}

/// An app's Info.plist with one purpose string, its English table translating it and a German
/// table that does not (yet).
private let localizedApp: [String: String] = [
    "App/Info.plist": PlistText.dictionary(
        """
        \t<key>CFBundleDevelopmentRegion</key>
        \t<string>en</string>
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.app</string>
        \t<key>NSCameraUsageDescription</key>
        \t<string>Scans receipts.</string>
        """),
    "App/en.lproj/InfoPlist.strings": "\"NSCameraUsageDescription\" = \"Scans receipts.\";\n",
    "App/de.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"App\";\n",
]

/// The German table once the purpose string is translated.
private let germanTable = "\"CFBundleDisplayName\" = \"App\";\n\"NSCameraUsageDescription\" = \"Scannt Belege.\";\n"

private func untranslatedForGerman(_ diagnostics: [Diagnostic]) -> Bool {
    codes(diagnostics, "l10n-untranslated").contains { $0.message.contains("NSCameraUsageDescription") && $0.message.contains("for de") }
}

/// The items and result id of a full report (nil items: `unchanged`).
private func full(_ report: DocumentDiagnosticReport) -> (items: [Diagnostic]?, resultId: String?) {
    switch report {
    case .full(let resultId, let items): return (items, resultId)
    case .unchanged(let resultId): return (nil, resultId)
    }
}

@Suite struct PullResultIDTests {
    /// The sequence of the issue: the Info.plist reports `l10n-untranslated` for de; the de
    /// translation is written and announced; the pull naming the earlier result id gets a full
    /// report without the warning (before the fix: `unchanged`, and the client kept the warning).
    @Test func aTranslationAddedOnDiskChangesTheDocumentPullsResultID() async throws {
        let workspace = try TemporaryWorkspace(localizedApp)
        defer { workspace.remove() }
        let client = try TestClient()
        try await client.initialize(pullingClient(), rootUri: workspace.uri())
        let uri = workspace.uri("App/Info.plist")
        try client.open(uri, localizedApp["App/Info.plist"]!)
        let first = full(try await client.request(DocumentDiagnosticRequest(textDocument: .init(uri: uri))))
        let before = try #require(first.items)
        #expect(untranslatedForGerman(before), "\(before.map(\.message))")
        let firstID = try #require(first.resultId)

        try workspace.write("App/de.lproj/InfoPlist.strings", germanTable)
        try client.send(
            DidChangeWatchedFilesNotification(changes: [FileEvent(uri: workspace.uri("App/de.lproj/InfoPlist.strings"), type: .changed)]))
        _ = try await client.next("workspace/diagnostic/refresh") { $0["method"]?.stringValue == DiagnosticRefreshRequest.method }

        let second = full(try await client.request(DocumentDiagnosticRequest(textDocument: .init(uri: uri), previousResultId: firstID)))
        let after = try #require(second.items, "answered unchanged (\(firstID)): the client keeps the stale warning")
        #expect(!untranslatedForGerman(after), "\(after.map(\.message))")
        let secondID = try #require(second.resultId)
        #expect(secondID != firstID)
        // Asked again: `unchanged`.
        let third = full(try await client.request(DocumentDiagnosticRequest(textDocument: .init(uri: uri), previousResultId: secondID)))
        #expect(third.items == nil, "\(third)")
    }

    /// A project setting: App/Info.plist reads $(BUILD_NUMBER), which no .xcconfig defines; the
    /// .xcconfig that now defines it is written and announced, and the pull naming the earlier
    /// result id gets the report without `project-undefined-variable`.
    @Test func anXcconfigChangedOnDiskChangesTheDocumentPullsResultID() async throws {
        let folder = try ProjectFixture.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try TestClient()
        try await client.initialize(pullingClient(), rootUri: FileURI.uri(for: folder.path))
        let uri = FileURI.uri(for: folder.appendingPathComponent("App/Info.plist").path)
        try client.open(uri, ProjectFixture.appInfoPlist)
        func undefinedBuildNumber(_ diagnostics: [Diagnostic]) -> Bool {
            codes(diagnostics, "project-undefined-variable").contains { $0.message.contains("'BUILD_NUMBER'") }
        }
        var first = full(try await client.request(DocumentDiagnosticRequest(textDocument: .init(uri: uri))))
        // The first read of the project may end after the first answer: ask until it shows.
        for _ in 0..<200 where !undefinedBuildNumber(first.items ?? []) {
            try await Task.sleep(for: .milliseconds(25))
            first = full(try await client.request(DocumentDiagnosticRequest(textDocument: .init(uri: uri))))
        }
        #expect(undefinedBuildNumber(first.items ?? []), "\(first.items?.map(\.message) ?? [])")
        let firstID = try #require(first.resultId)

        let version = folder.appendingPathComponent("Config/Version.xcconfig")
        try Data((ProjectFixture.versionConfig + "BUILD_NUMBER = 7\n").utf8).write(to: version)
        try client.send(DidChangeWatchedFilesNotification(changes: [FileEvent(uri: FileURI.uri(for: version.path), type: .changed)]))
        _ = try await client.next("workspace/diagnostic/refresh") { $0["method"]?.stringValue == DiagnosticRefreshRequest.method }

        let second = full(try await client.request(DocumentDiagnosticRequest(textDocument: .init(uri: uri), previousResultId: firstID)))
        let after = try #require(second.items, "answered unchanged (\(firstID)): the client keeps the stale warning")
        #expect(!undefinedBuildNumber(after), "\(after.map(\.message))")
        #expect(second.resultId != firstID)
    }

    /// `workspace/diagnostic` with the earlier result ids, for the Info.plist open and for one
    /// nobody has open: after the translation is added, both reports are full and without the warning.
    @Test(arguments: [true, false])
    func aTranslationAddedOnDiskChangesTheWorkspaceReport(open: Bool) async throws {
        let workspace = try TemporaryWorkspace(localizedApp)
        defer { workspace.remove() }
        let client = try TestClient()
        try await client.initialize(pullingClient(), rootUri: workspace.uri())
        let uri = workspace.uri("App/Info.plist")
        let path = try #require(FileURI.path(of: uri))
        if open { try client.open(uri, localizedApp["App/Info.plist"]!) }
        func report(_ answer: WorkspaceDiagnosticReport) -> WorkspaceDocumentDiagnosticReport? {
            answer.items.first { (FileURI.path(of: $0.uri) ?? $0.uri) == path }
        }
        let first = try await client.request(WorkspaceDiagnosticRequest())
        guard case .full(_, _, _?, let before)? = report(first) else { Issue.record("\(first.items)"); return }
        #expect(untranslatedForGerman(before), "\(before.map(\.message))")
        // The ids a client holds: the workspace report's, and for the open file also the document pull's.
        var previous = first.items.compactMap { item in
            item.resultId.map { WorkspaceDiagnosticRequest.PreviousResultId(uri: item.uri, value: $0) }
        }
        if open, case .full(let documentID?, _) = try await client.request(DocumentDiagnosticRequest(textDocument: .init(uri: uri))) {
            previous.append(.init(uri: uri, value: documentID))
        }

        try workspace.write("App/de.lproj/InfoPlist.strings", germanTable)
        try client.send(
            DidChangeWatchedFilesNotification(changes: [FileEvent(uri: workspace.uri("App/de.lproj/InfoPlist.strings"), type: .changed)]))
        _ = try await client.next("workspace/diagnostic/refresh") { $0["method"]?.stringValue == DiagnosticRefreshRequest.method }

        for id in previous where (FileURI.path(of: id.uri) ?? id.uri) == path {
            let second = try await client.request(
                WorkspaceDiagnosticRequest(previousResultIds: previous.filter { $0.uri != id.uri } + [id]))
            guard case .full(_, _, let secondID, let after)? = report(second) else {
                Issue.record("not a full report after the change (previous \(id.value)): \(String(describing: report(second)))")
                continue
            }
            #expect(!untranslatedForGerman(after), "\(after.map(\.message))")
            #expect(secondID != id.value)
        }
    }

    /// Each session has its own translations (issue #40, point 3): a translation changed in one
    /// session's workspace forgets nothing in another's. Two sessions over two copies of the app;
    /// the German table is written and announced in the second. The first session's Info.plist,
    /// whose files did not change, still answers `unchanged` with the id it gave (before: the
    /// process-wide cache's generation went up for every session, and the first one analysed
    /// again and answered a new id, its sets read from the disk again).
    @Test func aTranslationChangedInOneSessionLeavesAnotherSessionsResultID() async throws {
        let first = try TemporaryWorkspace(localizedApp)
        let second = try TemporaryWorkspace(localizedApp)
        defer {
            first.remove()
            second.remove()
        }
        let a = try TestClient()
        let b = try TestClient()
        try await a.initialize(pullingClient(), rootUri: first.uri())
        try await b.initialize(pullingClient(), rootUri: second.uri())
        let uriA = first.uri("App/Info.plist")
        let uriB = second.uri("App/Info.plist")
        try a.open(uriA, localizedApp["App/Info.plist"]!)
        try b.open(uriB, localizedApp["App/Info.plist"]!)
        let beforeA = full(try await a.request(DocumentDiagnosticRequest(textDocument: .init(uri: uriA))))
        #expect(untranslatedForGerman(try #require(beforeA.items)))
        let idA = try #require(beforeA.resultId)
        let idB = try #require(full(try await b.request(DocumentDiagnosticRequest(textDocument: .init(uri: uriB)))).resultId)

        try second.write("App/de.lproj/InfoPlist.strings", germanTable)
        try b.send(
            DidChangeWatchedFilesNotification(changes: [FileEvent(uri: second.uri("App/de.lproj/InfoPlist.strings"), type: .changed)]))
        _ = try await b.next("workspace/diagnostic/refresh") { $0["method"]?.stringValue == DiagnosticRefreshRequest.method }

        // The session that was told: a full report without the warning.
        let afterB = full(try await b.request(DocumentDiagnosticRequest(textDocument: .init(uri: uriB), previousResultId: idB)))
        #expect(!untranslatedForGerman(try #require(afterB.items, "answered unchanged (\(idB))")))
        // The other: nothing of its own changed, so the id it holds still names its report.
        let afterA = full(try await a.request(DocumentDiagnosticRequest(textDocument: .init(uri: uriA), previousResultId: idA)))
        #expect(afterA.items == nil, "\(afterA.items?.map(\.message) ?? [])")
        #expect(afterA.resultId == idA, "the other session's change reached this one: \(idA) became \(afterA.resultId ?? "nil")")
    }

    /// Translations and project settings change a file's diagnostics: the server says so.
    @Test func theServerAnnouncesInterFileDependencies() async throws {
        let client = try TestClient()
        let result = try await client.initialize(pullingClient())
        #expect(result.capabilities.diagnosticProvider?.interFileDependencies == true)
    }
}
