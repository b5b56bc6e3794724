// `workspace/diagnostic` over the real projects of ../shared/projects (copied to a temporary folder
// when a test changes them): a report for every plist, `unchanged` for what did not change, the
// refresh after an .xcconfig changes, partial results, Xcode 16's synchronized folders deciding
// whose code a privacy manifest hears of, Swift package targets, workspaces and XcodeGen includes.
import Foundation
import LanguageServerProtocol
import PlistFormats
import PlistLanguageServer
import PlistTestSupport
import Testing
import PlistWorkspace

private func codes(_ diagnostics: [Diagnostic], _ code: String) -> [Diagnostic] {
    diagnostics.filter { $0.code == .string(code) }
}

/// A client that pulls diagnostics, is asked to refresh them, and watches files for the server.
private func pullClient() -> ClientCapabilities {
    var capabilities = richClient()
    capabilities.textDocument?.diagnostic = .init()
    capabilities.workspace = WorkspaceClientCapabilities(
        didChangeWatchedFiles: .init(dynamicRegistration: true), diagnostics: .init(refreshSupport: true))
    return capabilities
}

/// The real project `name`, copied to a temporary folder.
private func copyOfProject(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-workspace-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let copy = folder.appendingPathComponent(name)
    try FileManager.default.copyItem(at: SharedData.projectsDirectory.appendingPathComponent(name), to: copy)
    return copy
}

/// Every plist, entitlements file and privacy manifest below `folder` (not in hidden folders).
private func plistFiles(below folder: URL) -> Set<String> {
    var out = Set<String>()
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    while let url = enumerator?.nextObject() as? URL {
        if ["plist", "entitlements", "xcprivacy"].contains(url.pathExtension) { out.insert(url.standardizedFileURL.path) }
    }
    return out
}

/// The reports by path.
private func byPath(_ report: WorkspaceDiagnosticReport) -> [String: WorkspaceDocumentDiagnosticReport] {
    var out: [String: WorkspaceDocumentDiagnosticReport] = [:]
    for item in report.items { out[FileURI.path(of: item.uri) ?? item.uri] = item }
    return out
}

private func items(_ report: WorkspaceDocumentDiagnosticReport?) -> [Diagnostic]? {
    if case .full(_, _, _, let items) = report { return items }
    return nil
}

private func isUnchanged(_ report: WorkspaceDocumentDiagnosticReport?) -> Bool {
    if case .unchanged = report { return true }
    return false
}

/// The result ids of a report, to send back.
private func previous(_ report: WorkspaceDiagnosticReport) -> [WorkspaceDiagnosticRequest.PreviousResultId] {
    report.items.compactMap { item in item.resultId.map { .init(uri: item.uri, value: $0) } }
}

private let realProjects: [String] =
    SharedData.projectsPresent
    ? ((try? FileManager.default.contentsOfDirectory(atPath: SharedData.projectsDirectory.path)) ?? []).filter { !$0.contains(".") }
        .sorted()
    : []

@Suite struct WorkspaceDiagnosticsTests {
    @Test func theServerAnnouncesWorkspaceDiagnosticsToAPullingClient() async throws {
        let client = try TestClient()
        let result = try await client.initialize(pullClient())
        #expect(result.capabilities.diagnosticProvider?.workspaceDiagnostics == true)
    }

    /// Every real project: one report for each of its plists, entitlements files and privacy
    /// manifests; asked again with the result ids, every one is `unchanged`.
    @Test(
        .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
        .enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func everyPlistOfARealProjectHasAReportAndAnUnchangedOneNext() async throws {
        #expect(realProjects.count >= 21)
        for name in realProjects {
            let folder = SharedData.projectsDirectory.appendingPathComponent(name)
            let client = try TestClient()
            try await client.initialize(pullClient(), rootUri: FileURI.uri(for: folder.path))
            let first = try await client.request(WorkspaceDiagnosticRequest())
            let expected = plistFiles(below: folder)
            #expect(Set(byPath(first).keys) == expected, "\(name)")
            #expect(first.items.count == expected.count, "\(name): \(first.items.count) reports for \(expected.count) plists")
            #expect(first.items.allSatisfy { items($0) != nil && $0.resultId != nil }, "\(name)")
            let second = try await client.request(WorkspaceDiagnosticRequest(previousResultIds: previous(first)))
            #expect(second.items.count == expected.count, "\(name)")
            #expect(second.items.allSatisfy(isUnchanged), "\(name): \(second.items.filter { !isUnchanged($0) }.map(\.uri))")
        }
    }

    /// With a partial result token, the reports come as `$/progress` and the answer is empty.
    @Test(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func partialResultsStreamTheReports() async throws {
        let folder = SharedData.projectsDirectory.appendingPathComponent("Automattic__simplenote-ios")
        let client = try TestClient()
        try await client.initialize(pullClient(), rootUri: FileURI.uri(for: folder.path))
        let answer = try await client.request(WorkspaceDiagnosticRequest(partialResultToken: .string("ws-1")))
        #expect(answer.items.isEmpty)
        var streamed: [WorkspaceDocumentDiagnosticReport] = []
        for message in client.pending where message["method"]?.stringValue == ProgressNotification.method {
            let progress = try message["params"]!.decode(as: ProgressNotification.self)
            #expect(progress.token == .string("ws-1"))
            streamed += try progress.value.decode(as: WorkspaceDiagnosticReport.self).items
        }
        #expect(Set(streamed.map { FileURI.path(of: $0.uri)! }) == plistFiles(below: folder))
        #expect(streamed.count > WorkspaceDiagnosticsTestLimits.batch, "more than one batch: \(streamed.count)")
    }

    /// An open document is reported with its text and version, not the disk's.
    @Test(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func anOpenDocumentIsReportedWithItsVersion() async throws {
        let folder = try copyOfProject("yattee__yattee")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let client = try TestClient()
        try await client.initialize(pullClient(), rootUri: FileURI.uri(for: folder.path))
        let path = folder.appendingPathComponent("YatteeShareExtension/Info.plist").path
        try client.open(
            FileURI.uri(for: path), "<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleIdentifier</key>\n</dict>\n</plist>\n", version: 7)
        let report = byPath(try await client.request(WorkspaceDiagnosticRequest()))[path]
        guard case .full(_, let version, _, let diagnostics) = report else { Issue.record("\(String(describing: report))"); return }
        #expect(version == 7)
        #expect(diagnostics.contains { $0.message.contains("CFBundleIdentifier") }, "\(diagnostics.map(\.message))")
    }

    /// An .xcconfig change the client reports (`didChangeWatchedFiles`) makes the server ask for a
    /// refresh; pulled again, the report of the plist that reads the setting changes and the
    /// others are unchanged.
    @Test(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func anXcconfigChangeRefreshesThePulledReports() async throws {
        let folder = try copyOfProject("Ranchero-Software__NetNewsWire")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let client = try TestClient()
        try await client.initialize(pullClient(), rootUri: FileURI.uri(for: folder.path))
        let first = try await client.request(WorkspaceDiagnosticRequest())
        let macInfo = folder.appendingPathComponent("Mac/Resources/Info.plist").path
        let iosInfo = folder.appendingPathComponent("iOS/Resources/Info.plist").path
        let before = try #require(items(byPath(first)[macInfo]))
        #expect(!before.contains { $0.message.contains("'APP_GROUP_ID'") }, "\(before.map(\.message))")

        // The Mac targets' common .xcconfig no longer defines APP_GROUP_ID, which the Mac Info.plist reads.
        let xcconfig = folder.appendingPathComponent("xcconfig/common/NetNewsWire_mac_target_common.xcconfig")
        let text = try String(contentsOf: xcconfig, encoding: .utf8)
        try Data(
            text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("APP_GROUP_ID") }
                .joined(separator: "\n").utf8
        ).write(to: xcconfig)
        try client.send(DidChangeWatchedFilesNotification(changes: [FileEvent(uri: FileURI.uri(for: xcconfig.path), type: .changed)]))
        _ = try await client.next("workspace/diagnostic/refresh") { $0["method"]?.stringValue == DiagnosticRefreshRequest.method }

        let second = byPath(try await client.request(WorkspaceDiagnosticRequest(previousResultIds: previous(first))))
        let after = try #require(items(second[macInfo]), "\(String(describing: second[macInfo]))")
        #expect(codes(after, "project-undefined-variable").contains { $0.message.contains("'APP_GROUP_ID'") }, "\(after.map(\.message))")
        #expect(isUnchanged(second[iosInfo]), "\(String(describing: second[iosInfo]))")
        // Only the Mac targets include that .xcconfig: every other report is unchanged.
        let changed = second.filter { !isUnchanged($0.value) }.keys.sorted()
        #expect(changed.allSatisfy { $0.hasPrefix(folder.appendingPathComponent("Mac").path + "/") }, "\(changed)")
        #expect(second.count == first.items.count)
    }

    /// NetNewsWire's iOS app synchronizes the `iOS` and `Shared` folders: its privacy manifest
    /// (iOS/Resources) hears of the code in Shared/, and not of the Mac app's.
    @Test(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func synchronizedFoldersAttributeCallSitesToTheirTarget() async throws {
        let folder = try copyOfProject("Ranchero-Software__NetNewsWire")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let files = [
            "iOS/SceneDelegate.swift": "import UIKit\nfinal class SceneDelegate {}\n",
            "Shared/Timing/Uptime.swift": "import Foundation\nlet started = ProcessInfo.processInfo.systemUptime\n",
            "Mac/Storage.swift": "import Foundation\nlet keys: Set<URLResourceKey> = [.volumeAvailableCapacityKey]\n",
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let client = try TestClient()
        try await client.initialize(pullClient(), rootUri: FileURI.uri(for: folder.path))
        let manifest = folder.appendingPathComponent("iOS/Resources/PrivacyInfo.xcprivacy").path
        var found: [Diagnostic] = []
        // The first scan of the sources may end after the first answer: ask until it shows.
        for _ in 0..<200 {
            found = codes(
                items(byPath(try await client.request(WorkspaceDiagnosticRequest()))[manifest]) ?? [], "privacy-missing-api-declaration")
            if !found.isEmpty { break }
            try await Task.sleep(for: .milliseconds(25))
        }
        let bootTime = try #require(
            found.first { $0.message.contains("NSPrivacyAccessedAPICategorySystemBootTime") }, "\(found.map(\.message))")
        #expect(
            bootTime.relatedInformation?.first?.location.uri
                == FileURI.uri(for: folder.appendingPathComponent("Shared/Timing/Uptime.swift").path))
        #expect(
            !found.contains { $0.message.contains("NSPrivacyAccessedAPICategoryDiskSpace") }, "the Mac app's code: \(found.map(\.message))")
    }

    /// A Swift package with two targets: each target's privacy manifest hears of its own code only,
    /// also when a target's folder (`path:`) holds another target's folder.
    @Test func aPackageTargetsManifestHearsOfItsOwnCodeOnly() async throws {
        let manifest =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>NSPrivacyTracking</key>\n\t<false/>\n</dict>\n</plist>\n"
        let workspace = try TemporaryWorkspace([
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Kit",
                targets: [
                    .target(name: "Core", path: "Sources/Core", exclude: ["UI"], resources: [.process("PrivacyInfo.xcprivacy")]),
                    .target(name: "CoreUI", dependencies: ["Core"], path: "Sources/Core/UI",
                            resources: [.copy("Resources/PrivacyInfo.xcprivacy")]),
                    .testTarget(name: "CoreTests", dependencies: ["Core"]),
                ]
            )
            """,
            "Sources/Core/Settings.swift": "import Foundation\nlet name = UserDefaults.standard.string(forKey: \"name\")\n",
            "Sources/Core/PrivacyInfo.xcprivacy": manifest,
            "Sources/Core/UI/Clock.swift": "import Foundation\nlet t = mach_absolute_time()\n",
            "Sources/Core/UI/Resources/PrivacyInfo.xcprivacy": manifest,
        ])
        defer { workspace.remove() }
        let client = try TestClient()
        try await client.initialize(pullClient(), rootUri: workspace.uri())
        let core = workspace.root.appendingPathComponent("Sources/Core/PrivacyInfo.xcprivacy").path
        let ui = workspace.root.appendingPathComponent("Sources/Core/UI/Resources/PrivacyInfo.xcprivacy").path
        var reports: [String: WorkspaceDocumentDiagnosticReport] = [:]
        for _ in 0..<200 {
            reports = byPath(try await client.request(WorkspaceDiagnosticRequest()))
            if !codes(items(reports[core]) ?? [], "privacy-missing-api-declaration").isEmpty,
                !codes(items(reports[ui]) ?? [], "privacy-missing-api-declaration").isEmpty
            {
                break
            }
            try await Task.sleep(for: .milliseconds(25))
        }
        let coreFindings = codes(items(reports[core]) ?? [], "privacy-missing-api-declaration").map(\.message)
        let uiFindings = codes(items(reports[ui]) ?? [], "privacy-missing-api-declaration").map(\.message)
        #expect(coreFindings.count == 1 && coreFindings[0].contains("NSPrivacyAccessedAPICategoryUserDefaults"), "\(coreFindings)")
        #expect(uiFindings.count == 1 && uiFindings[0].contains("NSPrivacyAccessedAPICategorySystemBootTime"), "\(uiFindings)")
    }

    /// A CocoaPods-style workspace names a second project in `Pods/`, a folder the search for
    /// projects skips: its plists are reported too, with their project's findings.
    @Test(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func aWorkspaceWithTwoProjectsReportsBoth() async throws {
        let folder = try copyOfProject("rileytestut__AltStore")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Pods"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: SharedData.projectsDirectory.appendingPathComponent("maximgorbatyuk__slothy-terminal"),
            to: folder.appendingPathComponent("Pods/Slothy"))
        let workspace = folder.appendingPathComponent("AltStore.xcworkspace")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace
               version = "1.0">
               <FileRef
                  location = "group:AltStore.xcodeproj">
               </FileRef>
               <Group location = "group:Pods" name = "Pods">
                  <FileRef
                     location = "group:Slothy/SlothyTerminal.xcodeproj">
                  </FileRef>
               </Group>
            </Workspace>
            """.utf8
        ).write(to: workspace.appendingPathComponent("contents.xcworkspacedata"))
        let client = try TestClient()
        try await client.initialize(pullClient(), rootUri: FileURI.uri(for: folder.path))
        let reports = byPath(try await client.request(WorkspaceDiagnosticRequest()))
        let podsPlist = folder.appendingPathComponent("Pods/Slothy/SlothyTerminal/Info.plist").path
        #expect(reports[podsPlist] != nil, "\(reports.keys.sorted())")
        // Both projects are read: hover-free evidence is the log line naming two projects.
        let read = client.pending.contains { message in
            message["params"]?["message"]?.stringValue?.contains("read the Xcode projects in \(folder.path): 2 projects") == true
        }
        #expect(read, "\(client.pending.compactMap { $0["params"]?["message"]?.stringValue }.filter { $0.contains("read the Xcode") })")
        for path in plistFiles(below: folder) where !path.contains("/Pods/") { #expect(reports[path] != nil, "\(path)") }
    }

    /// XcodeGen `include:`: the targets of an included spec are the project's, with its paths
    /// relative to its own folder.
    @Test(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func anXcodeGenIncludeAddsItsTargets() async throws {
        let folder = try copyOfProject("kiwix__kiwix-apple")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let spec = folder.appendingPathComponent("project.yml")
        try Data(("include:\n  - path: Extensions/widgets.yml\n" + (try String(contentsOf: spec, encoding: .utf8))).utf8).write(to: spec)
        let extensions = folder.appendingPathComponent("Extensions")
        try FileManager.default.createDirectory(at: extensions.appendingPathComponent("Widget"), withIntermediateDirectories: true)
        try Data(
            """
            targets:
              KiwixWidget:
                type: app-extension
                platform: iOS
                info:
                  path: Widget/Info.plist
                  properties:
                    CFBundleDisplayName: Kiwix
            """.utf8
        ).write(to: extensions.appendingPathComponent("widgets.yml"))
        let widget = extensions.appendingPathComponent("Widget/Info.plist")
        try Data(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleIdentifier</key>\n\t<string>org.kiwix.widget</string>\n</dict>\n</plist>\n"
                .utf8
        ).write(to: widget)
        let client = try TestClient()
        try await client.initialize(pullClient(), rootUri: FileURI.uri(for: folder.path))
        let report = byPath(try await client.request(WorkspaceDiagnosticRequest()))[widget.path]
        let found = try #require(items(report), "\(String(describing: report))")
        // An app extension's Info.plist without NSExtension: known only from the included target's type.
        #expect(!codes(found, "project-extension-point-missing").isEmpty, "\(found.map(\.message))")
    }
}

@Suite struct WorkspaceChangeTests {
    private static let manifest =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>NSPrivacyTracking</key>\n\t<false/>\n</dict>\n</plist>\n"

    /// A plist outside every project changes on disk: a pulling client is asked to refresh, and
    /// that file's report changes while the others answer unchanged.
    /// A binary Info.plist nobody has open is reported as its XML form, the text the editor
    /// configurations show for it: the same findings at the same places as that text written out.
    @Test func aBinaryPlistIsReportedAsItsXMLForm() async throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleIdentifier</key>\n\t<string>com.example.app</string>\n\t<key>UIRequiredDeviceCapabilities</key>\n\t<string>armv7</string>\n\t<key>NSCameraUsageDescription</key>\n\t<string></string>\n</dict>\n</plist>\n"
        let binary = try PropertyListFormat.binary1.write(PropertyListFormat.xml1.read(Array(text.utf8)))
        let xmlForm = try PropertyListFormat.xmlText(ofBinary: binary)
        let workspace = try TemporaryWorkspace(["Text/Info.plist": String(decoding: xmlForm, as: UTF8.self), "Binary/Info.plist": ""])
        defer { workspace.remove() }
        try Data(binary).write(to: workspace.root.appendingPathComponent("Binary/Info.plist"))
        let client = try TestClient()
        try await client.initialize(pullClient(), rootUri: workspace.uri())
        let reports = byPath(try await client.request(WorkspaceDiagnosticRequest()))
        let fromBinary = try #require(items(reports[workspace.root.appendingPathComponent("Binary/Info.plist").path]))
        let fromText = try #require(items(reports[workspace.root.appendingPathComponent("Text/Info.plist").path]))
        func summary(_ d: [Diagnostic]) -> [String] { d.map { "\($0.code.map { "\($0)" } ?? "") \($0.range) \($0.message)" } }
        #expect(summary(fromBinary) == summary(fromText))
        #expect(!codes(fromBinary, "info-wrong-type").isEmpty)
        #expect(!codes(fromBinary, "privacy-empty-usage-description").isEmpty)
        #expect(codes(fromBinary, "file-binary-plist").isEmpty)
    }

    @Test func aWatchedPlistNobodyHasOpenRefreshesItsReport() async throws {
        let workspace = try TemporaryWorkspace([
            "Config/Extra.plist": "<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<string>a</string>\n</dict>\n</plist>\n",
            "Config/Other.plist": "<plist version=\"1.0\">\n<dict/>\n</plist>\n",
        ])
        defer { workspace.remove() }
        let client = try TestClient()
        try await client.initialize(pullClient(), rootUri: workspace.uri())
        let first = try await client.request(WorkspaceDiagnosticRequest())
        #expect(first.items.count == 2)
        try workspace.write("Config/Extra.plist", "<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<key>B</key>\n</dict>\n</plist>\n")
        try client.send(DidChangeWatchedFilesNotification(changes: [FileEvent(uri: workspace.uri("Config/Extra.plist"), type: .changed)]))
        _ = try await client.next("workspace/diagnostic/refresh") { $0["method"]?.stringValue == DiagnosticRefreshRequest.method }
        let second = byPath(try await client.request(WorkspaceDiagnosticRequest(previousResultIds: previous(first))))
        #expect(!(items(second[workspace.root.appendingPathComponent("Config/Extra.plist").path]) ?? []).isEmpty)
        #expect(isUnchanged(second[workspace.root.appendingPathComponent("Config/Other.plist").path]))
    }

    /// A client without file watchers (eglot 1.9, which reports saves of plist buffers only): an
    /// .xcconfig changed elsewhere is read when the user saves a plist the project uses.
    @Test func savingAPlistOfTheProjectReadsAnXcconfigChangedElsewhere() async throws {
        let folder = try ProjectFixture.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        let uri = FileURI.uri(for: folder.appendingPathComponent("App/Info.plist").path)
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: FileURI.uri(for: folder.path))
        try client.open(uri, ProjectFixture.appInfoPlist)
        _ = try await client.diagnostics(uri) { !codes($0, "project-undefined-variable").isEmpty }
        try Data("APP_VERSION = 3.1\nBUILD_NUMBER = 7\n".utf8).write(to: folder.appendingPathComponent("Config/Version.xcconfig"))
        try client.send(DidSaveTextDocumentNotification(textDocument: .init(uri: uri)))
        _ = try await client.diagnostics(uri) {
            codes($0, "project-undefined-variable").isEmpty && !codes($0, "project-missing-entitlement").isEmpty
        }
    }

    /// A client without file watchers (eglot 1.9) that saves Package.swift: the package is read
    /// again, and the open manifest's findings follow its new targets.
    @Test func savingPackageSwiftReadsThePackageAgain() async throws {
        let package = { (targets: String) in
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [\(targets)])\n"
        }
        let workspace = try TemporaryWorkspace([
            "Package.swift": package(".target(name: \"Core\")"),
            "Sources/Core/Settings.swift": "import Foundation\nlet name = UserDefaults.standard.string(forKey: \"name\")\n",
            "Sources/Core/PrivacyInfo.xcprivacy": Self.manifest,
            "Sources/Core/UI/Clock.swift": "import Foundation\nlet t = mach_absolute_time()\n",
        ])
        defer { workspace.remove() }
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: workspace.uri())
        let uri = workspace.uri("Sources/Core/PrivacyInfo.xcprivacy")
        try client.open(uri, Self.manifest)
        _ = try await client.diagnostics(uri) { codes($0, "privacy-missing-api-declaration").count == 2 }
        try workspace.write(
            "Package.swift", package(".target(name: \"Core\", exclude: [\"UI\"]), .target(name: \"CoreUI\", path: \"Sources/Core/UI\")"))
        try client.send(DidSaveTextDocumentNotification(textDocument: .init(uri: workspace.uri("Package.swift"))))
        let after = try await client.diagnostics(uri) { codes($0, "privacy-missing-api-declaration").count == 1 }
        #expect(codes(after, "privacy-missing-api-declaration")[0].message.contains("NSPrivacyAccessedAPICategoryUserDefaults"))
    }
}

@Suite struct WorkspaceCancellationTests {
    /// `$/cancelRequest` stops a workspace answer under way: after the first partial result the
    /// request is cancelled, answers `RequestCancelled`, and the rest of the files are not reported.
    @Test func cancellingStopsTheReportsUnderWay() async throws {
        var files: [String: String] = [:]
        for n in 0..<600 {
            files["Plists/\(n / 100)/File\(n).plist"] =
                "<plist version=\"1.0\">\n<dict>\n\t<key>K\(n)</key>\n\t<string>v</string>\n</dict>\n</plist>\n"
        }
        let workspace = try TemporaryWorkspace(files)
        defer { workspace.remove() }
        let client = try TestClient()
        try await client.initialize(pullClient(), rootUri: workspace.uri())
        let id = try client.sendRequest(WorkspaceDiagnosticRequest(partialResultToken: .string("big")))
        _ = try await client.next("the first partial result") { $0["method"]?.stringValue == ProgressNotification.method }
        try client.send(CancelRequestNotification(id: id))
        #expect(try await client.error(of: id).code == .requestCancelled)
        var streamed = 0
        for message in client.pending where message["method"]?.stringValue == ProgressNotification.method {
            streamed += try message["params"]!.decode(as: ProgressNotification.self).value.decode(as: WorkspaceDiagnosticReport.self).items
                .count
        }
        #expect(streamed < 600, "\(streamed) reports streamed before the cancellation took effect")
        // The session goes on: a new request answers in full.
        #expect(try await client.request(WorkspaceDiagnosticRequest()).items.count == 600)
    }
}

enum WorkspaceDiagnosticsTestLimits {
    /// `WorkspaceDiagnostics.batchSize`, as the test sees it (simplenote-ios has 25 plists).
    static let batch = 16
}
