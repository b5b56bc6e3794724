// A document's kind is decided once (issue #40, point 1): a plist that the project names as its
// Info.plist is served as an Info.plist by every feature, whatever its name says, and a strings
// table that translates no Info.plist is never read as XML.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistTestSupport
import Testing
import PlistWorkspace

@Suite struct DocumentKindServerTests {
    /// A project whose only target's INFOPLIST_FILE is `App/Settings.plist`: a name that says
    /// nothing of an Info.plist.
    static let pbxproj = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \t\tG0 /* main group */ = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
        \t\tP0 /* Project object */ = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; projectDirPath = ""; targets = (T1); };
        \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0D); };
        \t\tC0D /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {
        \t\t\tSDKROOT = iphoneos;
        \t\t}; name = Debug; };
        \t\tT1 /* App */ = {isa = PBXNativeTarget; buildConfigurationList = L1; name = App; productType = "com.apple.product-type.application"; };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1D); };
        \t\tC1D /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {
        \t\t\tINFOPLIST_FILE = App/Settings.plist;
        \t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.app;
        \t\t}; name = Debug; };
        \t};
        \trootObject = P0;
        }

        """

    /// No key says Info.plist (no `CFBundle…`): only the project does. `UIStatusBarHidden` holds a
    /// string where an Info.plist wants a Boolean; the cursor is in a key being typed.
    static let marked =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        + "\t<key>UIStatusBarHidden</key>\n\t<string>YES</string>\n\t<key>UIRequiresFull1️⃣</key>\n\t<true/>\n</dict>\n</plist>\n"

    /// Completion at the marker and the pulled diagnostics of `App/Settings.plist`, in a folder
    /// with the project (`withProject`) or without one.
    func served(withProject: Bool) async throws -> (completion: [String], codes: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-kind-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (text, at) = lspMarked(Self.marked)
        let plist = folder.appendingPathComponent("App/Settings.plist")
        try FileManager.default.createDirectory(at: plist.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: plist)
        if withProject {
            let project = folder.appendingPathComponent("App.xcodeproj/project.pbxproj")
            try FileManager.default.createDirectory(at: project.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(Self.pbxproj.utf8).write(to: project)
        }
        let uri = FileURI.uri(for: plist.path)
        var capabilities = richClient()
        capabilities.textDocument?.diagnostic = .init()
        let client = try TestClient()
        try await client.initialize(capabilities, rootUri: FileURI.uri(for: folder.path))
        try client.open(uri, text)
        // A pull waits for the project to be read, so both answers below know it.
        let report = try await client.request(DocumentDiagnosticRequest(textDocument: .init(uri: uri)))
        guard case .full(_, let items) = report else { Issue.record("\(report)"); return ([], []) }
        let list = try await client.request(CompletionRequest(textDocument: .init(uri: uri), position: at[0]))
        return (list?.items.map(\.label) ?? [], items.compactMap { if case .string(let code)? = $0.code { code } else { nil } })
    }

    /// Completion and diagnostics agree: both serve the file as the Info.plist the project's
    /// INFOPLIST_FILE names it (completion used to read the name and content alone).
    @Test func aFileTheProjectNamesAsItsInfoPlistGetsInfoPlistCompletionAndDiagnostics() async throws {
        let named = try await served(withProject: true)
        #expect(named.completion.contains("UIRequiresFullScreen"), "\(named.completion.prefix(10))")
        #expect(named.codes.contains("info-wrong-type"), "\(named.codes)")
        // Without the project the same file is no Info.plist: neither feature treats it as one.
        let alone = try await served(withProject: false)
        #expect(!alone.completion.contains("UIRequiresFullScreen"), "\(alone.completion.prefix(10))")
        #expect(!alone.codes.contains("info-wrong-type"), "\(alone.codes)")
    }

    /// A strings table that translates no Info.plist (`Localizable.strings`) is a strings table:
    /// never parsed as XML, so no XML error is reported on it, and nothing of ours is checked in it.
    @Test func aLocalizableStringsTableIsNotReadAsXML() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-kind-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let uri = FileURI.uri(for: folder.appendingPathComponent("App/en.lproj/Localizable.strings").path)
        var capabilities = richClient()
        capabilities.textDocument?.diagnostic = .init()
        let client = try TestClient()
        try await client.initialize(capabilities)
        try client.open(uri, "\"Hello\" = \"Hello\";\n\"Bye\" = \"Bye\";\n")
        let report = try await client.request(DocumentDiagnosticRequest(textDocument: .init(uri: uri)))
        guard case .full(_, let items) = report else { Issue.record("\(report)"); return }
        #expect(items.isEmpty, "\(items.map(\.message))")
    }
}
