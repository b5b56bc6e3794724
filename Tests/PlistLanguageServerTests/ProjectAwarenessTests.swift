// Project awareness through the server, on the small project of `ProjectFixture`: keys set by
// build settings, `$(VAR)` hover / definition / inlay hints, the undefined-variable warning, rules
// by product type, preprocessor definitions from the target, the cross-file rules, and the
// refresh after a watched file changes.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistAnalysis
import PlistTestSupport
import Testing
import PlistWorkspace

private func codes(_ diagnostics: [Diagnostic], _ code: String) -> [Diagnostic] {
    diagnostics.filter { $0.code == .string(code) }
}

@Suite struct ProjectAwarenessServerTests {
    /// A session on the fixture project, with `path`'s file open and its diagnostics once the
    /// project was read (the undefined-variable warning or another project rule shows it was).
    func session(
        _ path: String, until predicate: @escaping @Sendable ([Diagnostic]) -> Bool
    ) async throws
        -> (client: TestClient, folder: URL, uri: DocumentURI, diagnostics: [Diagnostic])
    {
        let folder = try ProjectFixture.write()
        let uri = FileURI.uri(for: folder.appendingPathComponent(path).path)
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: folder.path))
        try client.open(uri, ProjectFixture.files[path]!)
        let diagnostics = try await client.diagnostics(uri, where: predicate)
        return (client, folder, uri, diagnostics)
    }

    @Test func buildSettingsCountAsKeysAndTheProjectRulesReport() async throws {
        let (_, folder, _, diagnostics) = try await session("App/Info.plist") { !codes($0, "project-undefined-variable").isEmpty }
        defer { try? FileManager.default.removeItem(at: folder) }
        // INFOPLIST_KEY_NSCameraUsageDescription answers the still-camera capability.
        #expect(codes(diagnostics, "privacy-missing-usage-description").isEmpty, "\(diagnostics.map(\.message))")
        let undefined = codes(diagnostics, "project-undefined-variable")
        #expect(undefined.count == 1)
        #expect(undefined.first?.message.hasPrefix("'BUILD_NUMBER' is not defined by any configuration of App") == true)
        #expect(undefined.first?.range == range(6, 11, 6, 23))
        let push = codes(diagnostics, "project-missing-entitlement")
        #expect(push.count == 1 && push[0].message.contains("'aps-environment'") && push[0].message.contains("App.entitlements"))
        // The target's INFOPLIST_PREPROCESSOR_DEFINITIONS (BETA=1) make the #else branch inactive:
        // its always-location key, which would need the when-in-use one, is not read.
        #expect(!diagnostics.contains { $0.message.contains("NSLocationWhenInUseUsageDescription") })
    }

    /// #28: the first diagnostics of an opened plist already know its project. Published once
    /// without it, the capability's missing-usage-description warning came and went as the
    /// project's INFOPLIST_KEY_NSCameraUsageDescription was read: a false warning.
    @Test(arguments: [true, false])
    func theFirstPublishAlreadyKnowsTheProject(workspaceFolder: Bool) async throws {
        let folder = try ProjectFixture.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        let uri = FileURI.uri(for: folder.appendingPathComponent("App/Info.plist").path)
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: workspaceFolder ? FileURI.uri(for: folder.path) : nil)
        try client.open(uri, ProjectFixture.appInfoPlist)
        let first = try await client.notification(PublishDiagnosticsNotification.self) { $0.uri == uri }
        #expect(codes(first.diagnostics, "privacy-missing-usage-description").isEmpty, "\(first.diagnostics.map(\.message))")
        #expect(!codes(first.diagnostics, "project-undefined-variable").isEmpty, "\(first.diagnostics.map(\.message))")
    }

    /// The same for a client that pulls diagnostics: its first answer waits for the project.
    @Test func theFirstPulledReportAlreadyKnowsTheProject() async throws {
        let folder = try ProjectFixture.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        let uri = FileURI.uri(for: folder.appendingPathComponent("App/Info.plist").path)
        var capabilities = richClient()
        capabilities.textDocument?.diagnostic = .init()
        let client = try TestClient()
        try await client.initialize(capabilities, rootUri: FileURI.uri(for: folder.path))
        try client.open(uri, ProjectFixture.appInfoPlist)
        let report = try await client.request(DocumentDiagnosticRequest(textDocument: .init(uri: uri)))
        guard case .full(_, let items) = report else { Issue.record("\(report)"); return }
        #expect(codes(items, "privacy-missing-usage-description").isEmpty, "\(items.map(\.message))")
        #expect(!codes(items, "project-undefined-variable").isEmpty, "\(items.map(\.message))")
    }

    @Test func hoverDefinitionAndInlayHintsResolveAVariable() async throws {
        let (client, folder, uri, _) = try await session("App/Info.plist") { !codes($0, "project-undefined-variable").isEmpty }
        defer { try? FileManager.default.removeItem(at: folder) }
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: uri), position: position(4, 14))))
        #expect(hover.contents.value.contains("Debug: `1.2` — Version.xcconfig:1 (the target's .xcconfig)"), "\(hover.contents.value)")
        #expect(hover.contents.value.contains("Release: `2.0` — Version.xcconfig:2"))
        #expect(hover.range == range(4, 9, 4, 23))

        let locations = try #require(try await client.request(DefinitionRequest(textDocument: .init(uri: uri), position: position(4, 14))))
        let version = FileURI.uri(for: folder.appendingPathComponent("Config/Version.xcconfig").path)
        #expect(locations.map(\.uri) == [version, version])
        #expect(locations.map(\.range) == [range(0, 0, 0, 11), range(1, 0, 1, 11)])

        let hints = try await client.request(InlayHintRequest(textDocument: .init(uri: uri), range: range(0, 0, 30, 0))) ?? []
        let labels = hints.compactMap { hint -> String? in
            if case .string(let s) = hint.label { return s }; return nil
        }
        #expect(labels.contains("Debug: 1.2 · Release: 2.0"), "\(labels)")
        #expect(labels.contains("= com.example.app"))
    }

    /// Issue #29 §3 over LSP: forty .xcconfig files each including the next twice (and once with
    /// `#include?`), `W<i> = $(W<i+1>)$(W<i+1>)`: the project is read, the plist analysed, and
    /// hover on `$(W0)` says the value is cut (before, the project thread kept a core busy).
    @Test func settingsThatExplodeAreReadAndTheCutIsShown() async throws {
        let folder = try ProjectFixture.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ProjectFixture.writeDoublingXcconfigs(in: folder)
        let uri = FileURI.uri(for: folder.appendingPathComponent("App/Info.plist").path)
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: folder.path))
        try client.open(uri, ProjectFixture.appInfoPlist.replacingOccurrences(of: "$(APP_VERSION)", with: "$(W0)"))
        _ = try await client.diagnostics(uri) { !codes($0, "project-undefined-variable").isEmpty }
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: uri), position: position(4, 12))))
        #expect(hover.contents.value.contains("(cut at 65536 bytes: it expands further)"), "\(hover.contents.value.suffix(300))")
    }

    @Test func theProductTypeAndTheOtherPlistDecide() async throws {
        let widget = try await session("Widget/Info.plist") { !codes($0, "project-extension-point-missing").isEmpty }
        defer { try? FileManager.default.removeItem(at: widget.folder) }
        #expect(codes(widget.diagnostics, "project-extension-point-missing")[0].message.hasPrefix("Widget is an app extension"))

        let entitlements = try await session("App/App.entitlements") { !codes($0, "project-entitlement-purpose-string").isEmpty }
        defer { try? FileManager.default.removeItem(at: entitlements.folder) }
        let purpose = codes(entitlements.diagnostics, "project-entitlement-purpose-string")
        #expect(
            purpose[0].message
                == "'com.apple.developer.healthkit' needs 'NSHealthShareUsageDescription' in the Info.plist of App ('Info.plist'), which lacks it"
        )
    }

    @Test func theBuildSettingHintsCanBeSwitchedOff() async throws {
        let folder = try ProjectFixture.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        let uri = FileURI.uri(for: folder.appendingPathComponent("App/Info.plist").path)
        let client = try TestClient()
        try await client.initialize(
            richClient(), options: ["settings": ["inlayHints": ["buildSettings": false]]], rootUri: FileURI.uri(for: folder.path))
        try client.open(uri, ProjectFixture.appInfoPlist)
        _ = try await client.diagnostics(uri) { !codes($0, "project-undefined-variable").isEmpty }
        let hints = try await client.request(InlayHintRequest(textDocument: .init(uri: uri), range: range(0, 0, 30, 0))) ?? []
        #expect(
            !hints.contains {
                if case .string(let s) = $0.label { return s.hasPrefix("= ") || s.contains("Debug:") }; return false
            })
        #expect(!hints.isEmpty)  // Xcode's names of known keys are still shown
    }

    @Test func aWatchedChangeToAnXcconfigIsReadAgain() async throws {
        let (client, folder, uri, _) = try await session("App/Info.plist") { !codes($0, "project-undefined-variable").isEmpty }
        defer { try? FileManager.default.removeItem(at: folder) }
        let version = folder.appendingPathComponent("Config/Version.xcconfig")
        try Data("APP_VERSION = 3.1\nBUILD_NUMBER = 7\n".utf8).write(to: version)
        try client.send(DidChangeWatchedFilesNotification(changes: [FileEvent(uri: FileURI.uri(for: version.path), type: .changed)]))
        _ = try await client.diagnostics(uri) {
            codes($0, "project-undefined-variable").isEmpty && !codes($0, "project-missing-entitlement").isEmpty
        }
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: uri), position: position(4, 14))))
        #expect(hover.contents.value.contains("Release: `3.1`"), "\(hover.contents.value)")
    }

    @Test func withoutAWorkspaceFolderAnOpenedPlistReadsOnlyTheProjectAboveIt() async throws {
        let first = try ProjectFixture.write(), second = try ProjectFixture.write()
        let loose = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-loose-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: loose, withIntermediateDirectories: true)
        defer { for folder in [first, second, loose] { try? FileManager.default.removeItem(at: folder) } }
        let client = try TestClient()
        try await client.initialize(richClient(), options: ["settings": ["sourceEvidence": false]])
        let firstURI = FileURI.uri(for: first.appendingPathComponent("App/Info.plist").path)
        try client.open(firstURI, ProjectFixture.appInfoPlist)
        _ = try await client.diagnostics(firstURI) { !codes($0, "project-undefined-variable").isEmpty }

        // A plist outside every project, then one in a second project: only the second is read.
        try client.open(FileURI.uri(for: loose.appendingPathComponent("Info.plist").path), ProjectFixture.widgetInfoPlist)
        let secondURI = FileURI.uri(for: second.appendingPathComponent("App/Info.plist").path)
        try client.open(secondURI, ProjectFixture.appInfoPlist)
        _ = try await client.diagnostics(secondURI) { !codes($0, "project-undefined-variable").isEmpty }
        let reads = client.pending.compactMap { message -> String? in
            guard message["method"]?.stringValue == LogMessageNotification.method,
                let text = message["params"]?["message"]?.stringValue, text.contains("read the Xcode projects in ")
            else { return nil }
            return text
        }
        #expect(reads.count == 2, "\(reads)")
        #expect(reads.filter { $0.contains(first.path) }.count == 1, "\(reads)")
        #expect(reads.last?.contains(second.path) == true, "\(reads)")
    }

    @Test func aBrokenProjectLeavesThePlistAnalysedAlone() async throws {
        let folder = try ProjectFixture.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("// !$*UTF8*$!\n{ objects = { P0 = {isa = PBXProject; targets = (T1".utf8)
            .write(to: folder.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        let uri = FileURI.uri(for: folder.appendingPathComponent("App/Info.plist").path)
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: folder.path))
        try client.open(uri, ProjectFixture.appInfoPlist)
        let diagnostics = try await client.diagnostics(uri, version: 1)
        #expect(!codes(diagnostics, "privacy-missing-usage-description").isEmpty)
        #expect(try await client.request(DefinitionRequest(textDocument: .init(uri: uri), position: position(4, 14))) == nil)
    }
}

/// #28: an OpenStep (old-style) plist opened in the editor is checked as `check` checks it, never
/// reported as "This is not XML".
@Suite struct OpenStepDocumentTests {
    static let text = """
        // An old-style Info.plist
        {
            CFBundleIdentifier = "com.example.app";
            CFBundleName = Demo;
            UIRequiredDeviceCapabilities = ( "still-camera" );
        }

        """

    @Test func diagnosedLikeCheck() async throws {
        let client = try await openedClient(Self.text)
        let diagnostics = try await client.diagnostics(featureURI, version: 1)
        #expect(!diagnostics.contains { $0.code == .string("xml-text-outside-root") }, "\(diagnostics.map(\.message))")
        let check = Analyzer.findings(forFileBytes: Array(Self.text.utf8), path: featureURI).diagnostics
        #expect(diagnostics.map(\.code) == check.map { .string($0.code) })
        #expect(diagnostics.contains { $0.code == .string("privacy-missing-usage-description") })
        let camera = try #require(diagnostics.first { $0.code == .string("privacy-missing-usage-description") })
        #expect(camera.range.start.line == 4, "on the capability's line")
    }
}
