// The server on checkouts as people have them (issue #38, point 1), made at test time from
// ../shared/projects: what the cross-file rules say in the editor is true, and what cannot be
// read is a note that it is unknown, never a warning stating a fact. With a workspace folder and
// without one (the projects then found from the opened plist upward, point 11).
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import PlistTestSupport
import Testing
import PlistWorkspace

@Suite struct CheckoutServerTests {
    static func codes(_ diagnostics: [Diagnostic], _ code: String) -> [Diagnostic] {
        diagnostics.filter { $0.code == .string(code) }
    }

    /// Opens `path` of `checkout` (with the checkout as workspace folder, or none) and returns its
    /// diagnostics once one of the project evidence rule's notes is there.
    func diagnostics(_ checkout: URL, _ path: String, workspaceFolder: Bool) async throws -> [Diagnostic] {
        let file = checkout.appendingPathComponent(path)
        let uri = FileURI.uri(for: file.path)
        let client = try TestClient()
        try await client.initialize(richClient(), rootUri: workspaceFolder ? FileURI.uri(for: checkout.path) : nil)
        try client.open(uri, try String(contentsOf: file, encoding: .utf8))
        return try await client.diagnostics(uri) { !Self.codes($0, "project-evidence-unknown").isEmpty }
    }

    /// Loop's set-up on NetNewsWire: CODE_SIGN_ENTITLEMENTS is `$(NNW_ENTITLEMENTS)`, defined in a
    /// git-ignored Local.xcconfig that is not there: the push entitlement is unknown, not missing.
    @Test(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote), arguments: [true, false])
    func aMissingGitIgnoredXcconfigIsANoteThatTheEntitlementIsUnknown(workspaceFolder: Bool) async throws {
        let checkout = try Checkouts.netNewsWireWithLocalEntitlements(present: false)
        defer { Checkouts.remove(checkout) }
        let found = try await diagnostics(checkout, "iOS/Resources/Info.plist", workspaceFolder: workspaceFolder)
        #expect(Self.codes(found, "project-missing-entitlement").isEmpty, "\(found.map(\.message))")
        let unknown = Self.codes(found, "project-evidence-unknown")
        #expect(unknown.count == 1, "\(unknown.map(\.message))")
        #expect(unknown.first?.severity == .information)
        #expect(
            unknown.first?.message
                == "The background mode 'remote-notification' needs the 'aps-environment' entitlement; whether NetNewsWire-iOS has it is unknown: CODE_SIGN_ENTITLEMENTS is $(NNW_ENTITLEMENTS), and no file that could be read defines $(NNW_ENTITLEMENTS) (Local.xcconfig cannot be read)"
        )
        #expect(unknown.first?.range.start.line == 102)
    }

    /// Mastodon's case on NetNewsWire: the entitlements file the project names is not on disk.
    @Test(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func anEntitlementsFileNotOnDiskIsANoteThatTheEntitlementIsUnknown() async throws {
        let checkout = try Checkouts.copy("Ranchero-Software__NetNewsWire")
        defer { Checkouts.remove(checkout) }
        try FileManager.default.removeItem(at: checkout.appendingPathComponent("iOS/Resources/NetNewsWire.entitlements"))
        let found = try await diagnostics(checkout, "iOS/Resources/Info.plist", workspaceFolder: true)
        #expect(Self.codes(found, "project-missing-entitlement").isEmpty, "\(found.map(\.message))")
        #expect(
            Self.codes(found, "project-evidence-unknown").map(\.message) == [
                "The background mode 'remote-notification' needs the 'aps-environment' entitlement; whether NetNewsWire-iOS has it is unknown: CODE_SIGN_ENTITLEMENTS names 'iOS/Resources/NetNewsWire.entitlements', which is not on disk"
            ])
    }

    /// blink's checkout without the developer_setup.xcconfig its configurations are based on:
    /// the settings it would define are unknown, a note each, with the project's line naming the
    /// file as related information; no "not defined by any configuration" warning.
    @Test(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func settingsOfAMissingBaseConfigurationAreUnknown() async throws {
        let checkout = try Checkouts.copy("blinksh__blink")
        defer { Checkouts.remove(checkout) }
        let found = try await diagnostics(checkout, "BlinkConfig/Info.plist", workspaceFolder: true)
        #expect(Self.codes(found, "project-undefined-variable").isEmpty, "\(found.map(\.message))")
        let unknown = Self.codes(found, "project-evidence-unknown")
        #expect(
            unknown.contains {
                $0.message.hasPrefix(
                    "No configuration of BlinkConfig that could be read defines 'REVCAT_PUBKEY', but developer_setup.xcconfig cannot be read and may"
                )
            },
            "\(unknown.map(\.message))")
        #expect(
            unknown.allSatisfy { $0.relatedInformation?.contains { $0.location.uri.hasSuffix("project.pbxproj") } == true },
            "\(unknown.map(\.relatedInformation))")
    }

    /// IceCubesApp's layout with neither of its configurations' base files in the checkout
    /// (Debug's is git-ignored, Release's removed): BUNDLE_ID_PREFIX is unknown, a note with the
    /// project's lines naming both files; the push entitlement, named in the target's own settings
    /// and read, is not in question.
    @Test func aSettingEveryUnreadBaseFileMayDefineIsUnknown() async throws {
        let checkout = try Checkouts.iceCubes()
        defer { Checkouts.remove(checkout) }
        try FileManager.default.removeItem(at: checkout.appendingPathComponent("IceCubesApp-release.xcconfig"))
        let found = try await diagnostics(checkout, "IceCubesApp/Info.plist", workspaceFolder: true)
        #expect(
            !found.contains { $0.code == .string("project-undefined-variable") || $0.code == .string("project-missing-entitlement") },
            "\(found.map(\.message))")
        let unknown = Self.codes(found, "project-evidence-unknown")
        #expect(
            unknown.map(\.message) == [
                "No configuration of IceCubesApp that could be read defines 'BUNDLE_ID_PREFIX', but IceCubesApp.xcconfig and IceCubesApp-release.xcconfig cannot be read and may: whether Xcode replaces $(BUNDLE_ID_PREFIX) with nothing is unknown"
            ])
        #expect(unknown.first?.relatedInformation?.count == 2, "\(String(describing: unknown.first?.relatedInformation))")
    }
}
