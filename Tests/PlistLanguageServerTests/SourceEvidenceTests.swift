// Source evidence through the server: a workspace of small Swift and Objective-C files we write,
// a privacy manifest and an Info.plist that miss what the code uses, the call sites as related
// information, the quick fix, and the rescan after watched files change or a save.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistSupport
import Testing
import PlistWorkspace

/// A folder of files in the temporary directory, removed by `remove()`.
struct TemporaryWorkspace {
    let root: URL

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-sources-\(UUID().uuidString)")
        for (path, text) in files { try write(path, text) }
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func uri(_ path: String = "") -> DocumentURI {
        FileURI.uri(for: path.isEmpty ? root.path : root.appendingPathComponent(path).path)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

private let manifest =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>NSPrivacyTracking</key>\n\t<false/>\n</dict>\n</plist>\n"
private let infoPlist =
    "<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleIdentifier</key>\n\t<string>com.example.app</string>\n</dict>\n</plist>\n"

private func codes(_ diagnostics: [Diagnostic], _ code: String) -> [Diagnostic] {
    diagnostics.filter { $0.code == .string(code) }
}

/// Whether a missing-purpose-string diagnostic names `key`.
private func mentions(_ diagnostics: [Diagnostic], _ key: String) -> Bool {
    codes(diagnostics, "privacy-missing-purpose-string").contains { $0.message.contains("'\(key)'") }
}

@Suite struct SourceEvidenceServerTests {
    @Test func aManifestGetsTheCategoriesTheCodeUsesWithCallSitesAndAFix() async throws {
        let workspace = try TemporaryWorkspace([
            "App/Settings.swift":
                "import Foundation\n\nlet 名前 = UserDefaults.standard.string(forKey: \"name\") // not UserDefaults again\n",
            "App/PrivacyInfo.xcprivacy": manifest,
            "Pods/Analytics/Tracker.m":
                "#import <Foundation/Foundation.h>\nuint64_t t = mach_absolute_time();\nid d = [NSUserDefaults standardUserDefaults];\n",
        ])
        defer { workspace.remove() }
        let uri = workspace.uri("App/PrivacyInfo.xcprivacy")
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: workspace.uri())
        try client.open(uri, manifest)
        let diagnostics = codes(
            try await client.diagnostics(uri) { codes($0, "privacy-missing-api-declaration").count == 2 },
            "privacy-missing-api-declaration")

        let defaults = try #require(diagnostics.first { $0.message.contains("NSPrivacyAccessedAPICategoryUserDefaults") })
        #expect(defaults.severity == .warning)
        #expect(defaults.message.hasPrefix("ITMS-91053: the app's code uses user defaults APIs (UserDefaults at App/Settings.swift:3:"))
        #expect(defaults.codeDescription?.href.hasSuffix("#privacy-missing-api-declaration") == true)
        let related = try #require(defaults.relatedInformation)
        #expect(related.map(\.location.uri) == [workspace.uri("App/Settings.swift"), workspace.uri("Pods/Analytics/Tracker.m")])
        #expect(related[0].location.range == range(2, 9, 2, 21))  // after `let 名前 = `, in UTF-16
        #expect(related[1].location.range == range(2, 8, 2, 22))
        #expect(related[1].message.contains("third-party"))

        // Only an SDK reads the boot time: a note that its own manifest should declare it.
        let bootTime = try #require(diagnostics.first { $0.message.contains("NSPrivacyAccessedAPICategorySystemBootTime") })
        #expect(bootTime.severity == .information)
        #expect(
            bootTime.message.hasPrefix(
                "ITMS-91053: third-party code uses the system boot time APIs (mach_absolute_time at Pods/Analytics/Tracker.m:2:14)"))

        let result = try await client.request(
            CodeActionRequest(
                textDocument: .init(uri: uri), range: defaults.range,
                context: CodeActionContext(diagnostics: [defaults])))
        let actions = (result ?? []).compactMap { action -> CodeAction? in
            if case .codeAction(let a) = action { return a }; return nil
        }
        let fix = try #require(actions.first { $0.title == "Declare NSPrivacyAccessedAPICategoryUserDefaults (then choose its reason)" })
        #expect(fix.kind == .quickFix)
        let edits = try #require(fix.edit?.changes?[uri])
        let fixed = edits.sorted { $0.range.start > $1.range.start }.reduce(manifest) { applying($1, to: $0) }
        #expect(
            fixed
                == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>NSPrivacyTracking</key>\n\t<false/>\n"
                + "\t<key>NSPrivacyAccessedAPITypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>NSPrivacyAccessedAPIType</key>\n"
                + "\t\t\t<string>NSPrivacyAccessedAPICategoryUserDefaults</string>\n\t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>\n"
                + "\t\t\t<array>\n\t\t\t</array>\n\t\t</dict>\n\t</array>\n</dict>\n</plist>\n")
        // The fix is offered, never applied blindly.
        let fixAll = try await client.request(
            CodeActionRequest(
                textDocument: .init(uri: uri), range: range(0, 0, 0, 0),
                context: CodeActionContext(diagnostics: [], only: [.sourceFixAll])))
        #expect(fixAll?.isEmpty ?? true)
    }

    static let appWithInfoPlist = ["App/Info.plist": infoPlist, "App/Main.swift": "print(\"hello\")\n"]

    /// A client that can register file watchers, initialised on `workspace`, and the server's
    /// request to register them (not answered yet).
    static func clientThatCanWatchFiles(_ workspace: TemporaryWorkspace) async throws -> (TestClient, JSONValue) {
        var capabilities = ClientCapabilities()
        capabilities.workspace = WorkspaceClientCapabilities(
            didChangeWatchedFiles: DynamicRegistrationCapability(dynamicRegistration: true))
        let client = try TestClient()
        try await client.initialize(capabilities, rootUri: workspace.uri())
        let registration = try await client.next("client/registerCapability") {
            $0["method"]?.stringValue == RegisterCapabilityRequest.method
        }
        return (client, registration)
    }

    @Test func anInfoPlistFollowsWatchedFilesAndSaves() async throws {
        let workspace = try TemporaryWorkspace(Self.appWithInfoPlist)
        defer { workspace.remove() }
        let uri = workspace.uri("App/Info.plist")
        // The server asks to be told about source files; the client agrees.
        let (client, registration) = try await Self.clientThatCanWatchFiles(workspace)
        let request = try (registration["params"] ?? .null).decode(as: RegisterCapabilityRequest.self)
        #expect(request.registrations.first?.method == DidChangeWatchedFilesNotification.method)
        let watchers = try #require(request.registrations.first?.registerOptions).decode(as: DidChangeWatchedFilesRegistrationOptions.self)
            .watchers
        #expect(watchers.first?.globPattern.contains("swift") == true && watchers.first?.globPattern.contains("mm") == true)
        client.sendRaw(#"{"jsonrpc":"2.0","id":\#(try #require(registration["id"]).description),"result":null}"#)

        try client.open(uri, infoPlist)
        try workspace.write(
            "App/Camera.swift",
            "func scan() {\n    AVCaptureDevice.requestAccess(for: .video) { granted in\n        print(granted)\n    }\n}\n")
        try client.send(DidChangeWatchedFilesNotification(changes: [FileEvent(uri: workspace.uri("App/Camera.swift"), type: .created)]))
        let found = codes(
            try await client.diagnostics(uri) { !codes($0, "privacy-missing-purpose-string").isEmpty }, "privacy-missing-purpose-string")
        #expect(found.count == 1)
        #expect(
            found[0].message
                == "ITMS-90683: the app's code uses the camera (requestAccess at App/Camera.swift:2:21), but 'NSCameraUsageDescription' is missing"
        )
        #expect(found[0].range == range(1, 0, 1, 6))
        #expect(
            found[0].relatedInformation?.map(\.location) == [Location(uri: workspace.uri("App/Camera.swift"), range: range(1, 20, 1, 33))])

        // The call is gone and the plist is saved: the client watches the sources, so the save
        // walks nothing; an event for another file rereads that file only, and the call is still seen.
        try workspace.write("App/Camera.swift", "func scan() {}\n")
        try client.send(DidSaveTextDocumentNotification(textDocument: TextDocumentIdentifier(uri: uri)))
        try workspace.write("App/Steps.swift", "let pedometer = CMPedometer()\n")
        try client.send(DidChangeWatchedFilesNotification(changes: [FileEvent(uri: workspace.uri("App/Steps.swift"), type: .created)]))
        let both = codes(try await client.diagnostics(uri) { mentions($0, "NSMotionUsageDescription") }, "privacy-missing-purpose-string")
        #expect(mentions(both, "NSCameraUsageDescription"), "\(both.map(\.message))")

        // The event for the camera file rereads it.
        try client.send(DidChangeWatchedFilesNotification(changes: [FileEvent(uri: workspace.uri("App/Camera.swift"), type: .changed)]))
        _ = try await client.diagnostics(uri) { !mentions($0, "NSCameraUsageDescription") && mentions($0, "NSMotionUsageDescription") }
    }

    @Test func aClientThatDoesNotWatchFilesGetsTheSourcesWalkedOnSave() async throws {
        let workspace = try TemporaryWorkspace([
            "App/Info.plist": infoPlist,
            "App/Main.swift": "print(\"hello\")\n",
        ])
        defer { workspace.remove() }
        let uri = workspace.uri("App/Info.plist")
        let client = try TestClient()
        try await client.initialize(rootUri: workspace.uri())
        try client.open(uri, infoPlist)
        #expect(codes(try await client.diagnostics(uri, version: 1), "privacy-missing-purpose-string").isEmpty)
        try workspace.write("App/Camera.swift", "func scan() {\n    AVCaptureDevice.requestAccess(for: .video) { _ in }\n}\n")
        try client.send(DidSaveTextDocumentNotification(textDocument: TextDocumentIdentifier(uri: uri)))
        _ = try await client.diagnostics(uri) { mentions($0, "NSCameraUsageDescription") }
    }

    /// A client that could watch files but refuses the registration is treated like one that
    /// cannot: a save walks the sources, and a file written since is seen.
    @Test func aClientThatRefusesToWatchFilesGetsTheSourcesWalkedOnSave() async throws {
        let workspace = try TemporaryWorkspace(Self.appWithInfoPlist)
        defer { workspace.remove() }
        let uri = workspace.uri("App/Info.plist")
        let (client, registration) = try await Self.clientThatCanWatchFiles(workspace)
        client.sendRaw(
            #"{"jsonrpc":"2.0","id":\#(try #require(registration["id"]).description),"error":{"code":-32601,"message":"no file watching here"}}"#
        )

        try client.open(uri, infoPlist)
        #expect(codes(try await client.diagnostics(uri, version: 1), "privacy-missing-purpose-string").isEmpty)
        try workspace.write("App/Camera.swift", "func scan() {\n    AVCaptureDevice.requestAccess(for: .video) { _ in }\n}\n")
        try client.send(DidSaveTextDocumentNotification(textDocument: TextDocumentIdentifier(uri: uri)))
        _ = try await client.diagnostics(uri) { mentions($0, "NSCameraUsageDescription") }
    }

    @Test func theSettingSwitchesScanningOffAndOn() async throws {
        let workspace = try TemporaryWorkspace([
            "App/PrivacyInfo.xcprivacy": manifest,
            "App/Disk.swift": "let free = try url.resourceValues(forKeys: [.volumeAvailableCapacityForImportantUsageKey])\n",
        ])
        defer { workspace.remove() }
        let uri = workspace.uri("App/PrivacyInfo.xcprivacy")
        let client = try TestClient()
        try await client.initialize(options: ["settings": ["plist": ["sourceEvidence": false]]], rootUri: workspace.uri())
        try client.open(uri, manifest)
        #expect(codes(try await client.diagnostics(uri, version: 1), "privacy-missing-api-declaration").isEmpty)
        try client.send(DidChangeConfigurationNotification(settings: ["plist": ["sourceEvidence": true]]))
        let found = try await client.diagnostics(uri) { !codes($0, "privacy-missing-api-declaration").isEmpty }
        #expect(codes(found, "privacy-missing-api-declaration").first?.message.contains("NSPrivacyAccessedAPICategoryDiskSpace") == true)
    }

    @Test func aClientWithoutAWorkspaceFolderGetsTheProjectRootScanned() async throws {
        let workspace = try TemporaryWorkspace([
            "Package.swift": "// swift-tools-version:5.9\n",
            "Sources/App/Info.plist": infoPlist,
            "Sources/App/Map.m": "- (void)start {\n    [self.locationManager requestWhenInUseAuthorization];\n}\n",
        ])
        defer { workspace.remove() }
        let uri = workspace.uri("Sources/App/Info.plist")
        let client = try TestClient()
        try await client.initialize()
        try client.open(uri, infoPlist)
        let found = codes(
            try await client.diagnostics(uri) { !codes($0, "privacy-missing-purpose-string").isEmpty }, "privacy-missing-purpose-string")
        #expect(found.first?.message.contains("'NSLocationWhenInUseUsageDescription'") == true)
        #expect(found.first?.relatedInformation?.first?.location.uri == workspace.uri("Sources/App/Map.m"))
    }

    @Test func aProjectRootFoundWhileScanningIsOffIsScannedWhenItIsSwitchedOn() async throws {
        let workspace = try TemporaryWorkspace([
            "Package.swift": "// swift-tools-version:5.9\n",
            "Sources/App/Info.plist": infoPlist,
            "Sources/App/Steps.swift": "let pedometer = CMPedometer()\n",
        ])
        defer { workspace.remove() }
        let uri = workspace.uri("Sources/App/Info.plist")
        let client = try TestClient()
        try await client.initialize(options: ["settings": ["sourceEvidence": false]])
        try client.open(uri, infoPlist)
        #expect(codes(try await client.diagnostics(uri, version: 1), "privacy-missing-purpose-string").isEmpty)
        try client.send(DidChangeConfigurationNotification(settings: ["sourceEvidence": true]))
        let found = codes(
            try await client.diagnostics(uri) { !codes($0, "privacy-missing-purpose-string").isEmpty }, "privacy-missing-purpose-string")
        #expect(found.first?.message.contains("'NSMotionUsageDescription'") == true)
    }
}
