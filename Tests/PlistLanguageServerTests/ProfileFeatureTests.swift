// Configuration profiles through the server (docs/profiles.md): recognised by name and by content,
// completion that knows where it is (payload types in PayloadContent, then that payload's keys, then
// their values; the wrapper's keys at the top level), hover with the schema's facts and Apple's page,
// the rules' diagnostics and their fixes.
import Foundation
import LanguageServerProtocol
import PlistLanguageServer
import Testing
import PlistTestSupport
import PlistSupport
import PlistWorkspace

@Suite struct ProfileFeatureTests {
    static let uri = "file:///Profiles/Dock.mobileconfig"

    /// A profile whose one payload holds `payload` (three tabs deep).
    static func profile(_ payload: String, top: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        	<key>PayloadContent</key>
        	<array>
        		<dict>
        \(payload)
        		</dict>
        	</array>
        	<key>PayloadIdentifier</key>
        	<string>com.example.profile</string>
        	<key>PayloadType</key>
        	<string>Configuration</string>
        	<key>PayloadUUID</key>
        	<string>5C6A2E5B-3C21-4E7B-9B6F-2D8E1A4C7F10</string>
        	<key>PayloadVersion</key>
        	<integer>1</integer>
        \(top)</dict>
        </plist>

        """
    }

    static let dockHeader = """
        			<key>PayloadIdentifier</key>
        			<string>com.example.profile.dock</string>
        			<key>PayloadType</key>
        			<string>com.apple.dock</string>
        			<key>PayloadUUID</key>
        			<string>0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0</string>
        			<key>PayloadVersion</key>
        			<integer>1</integer>
        """

    func completion(
        _ marked: String, uri: String = uri, capabilities: ClientCapabilities = richClient()
    ) async throws -> (String, CompletionList) {
        let (text, at) = lspMarked(marked)
        let client = try await openedClient(text, uri: uri, capabilities: capabilities)
        let list = try #require(try await client.request(CompletionRequest(textDocument: .init(uri: uri), position: at[0])))
        return (text, list)
    }

    @Test func payloadTypesInAPayloadsPayloadType() async throws {
        let (text, list) = try await completion(Self.profile("\t\t\t<key>PayloadType</key>\n\t\t\t<string>com.apple.do1️⃣</string>"))
        let item = try #require(list.items.first { $0.label == "com.apple.dock" })
        #expect(item.detail?.contains("Dock") == true)
        #expect(!list.items.contains { $0.label == "TopLevel" || $0.label == "CommonPayloadKeys" })
        guard case .textEdit(let edit) = item.textEdit else { Issue.record("no text edit"); return }
        #expect(applying(edit, to: text).contains("\t\t\t<string>com.apple.dock</string>\n"))
        // The title finds it too: "wi-fi" is not in com.apple.wifi.managed.
        let (_, byTitle) = try await completion(Self.profile("\t\t\t<key>PayloadType</key>\n\t\t\t<string>Wi-F1️⃣</string>"))
        #expect(byTitle.items.contains { $0.label == "com.apple.wifi.managed" })
    }

    @Test func thePayloadsKeysWithTheirTitles() async throws {
        let (text, list) = try await completion(Self.profile(Self.dockHeader + "\n\t\t\t<key>tile1️⃣</key>"))
        let item = try #require(list.items.first { $0.label == "tilesize" })
        #expect(item.detail?.contains("integer") == true)
        // Keys of another payload type are not offered.
        #expect(!list.items.contains { $0.label == "allowCamera" })
        guard case .textEdit(let edit) = item.textEdit else { Issue.record("no text edit"); return }
        #expect(applying(edit, to: text).contains("<key>tilesize</key>"))
        // Present keys are not offered again; the common keys are there too.
        let (_, all) = try await completion(Self.profile(Self.dockHeader + "\n\t\t\t1️⃣"), capabilities: richClient(snippets: false))
        #expect(all.items.contains { $0.label == "PayloadDisplayName" })
        #expect(!all.items.contains { $0.label == "PayloadType" })
        let whole = try #require(all.items.first { $0.label == "orientation" })
        guard case .textEdit(let entry) = whole.textEdit else { Issue.record("no text edit"); return }
        #expect(entry.newText == "<key>orientation</key>\n\t\t\t<string></string>")
    }

    @Test func valuesOfAKeyWithAllowedValues() async throws {
        let (text, list) = try await completion(Self.profile(Self.dockHeader + "\n\t\t\t<key>orientation</key>\n\t\t\t<string>1️⃣</string>"))
        #expect(Set(list.items.map(\.label)) == ["bottom", "left", "right"])
        let item = try #require(list.items.first { $0.label == "left" })
        guard case .textEdit(let edit) = item.textEdit else { Issue.record("no text edit"); return }
        #expect(applying(edit, to: text).contains("<string>left</string>"))
    }

    @Test func theWrappersKeysAtTheTopLevel() async throws {
        let (_, list) = try await completion(Self.profile(Self.dockHeader, top: "\t<key>Payload1️⃣</key>\n"))
        let labels = Set(list.items.map(\.label))
        #expect(labels.isSuperset(of: ["PayloadDisplayName", "PayloadScope", "PayloadRemovalDisallowed"]))
        #expect(!labels.contains("tilesize"))
        #expect(!labels.contains("PayloadType"), "present already")
    }

    @Test func hoverShowsFactsAndApplesPage() async throws {
        let (text, at) = lspMarked(
            Self.profile(
                Self.dockHeader + "\n\t\t\t<key>tile1️⃣size</key>\n\t\t\t<integer>48</integer>",
                top: "\t<key>Payload2️⃣Scope</key>\n\t<string>System</string>\n"))
        let client = try await openedClient(text, uri: Self.uri)
        let key = try #require(try await client.request(HoverRequest(textDocument: .init(uri: Self.uri), position: at[0])))
        #expect(key.contents.value.contains("Range: 16 to 128"), "\(key.contents.value)")
        #expect(key.contents.value.contains("https://developer.apple.com/documentation/devicemanagement/dock"))
        #expect(key.contents.value.contains("macOS"))
        let scope = try #require(try await client.request(HoverRequest(textDocument: .init(uri: Self.uri), position: at[1])))
        #expect(scope.contents.value.contains("`System`") && scope.contents.value.contains("`User`"), "\(scope.contents.value)")
    }

    /// A payload of `type` with its identifying keys, then `keys` (three tabs deep).
    static func payload(_ type: String, _ keys: String) -> String {
        """
        \t\t\t<key>PayloadIdentifier</key>
        \t\t\t<string>com.example.profile.\(type)</string>
        \t\t\t<key>PayloadType</key>
        \t\t\t<string>\(type)</string>
        \t\t\t<key>PayloadUUID</key>
        \t\t\t<string>0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0</string>
        \t\t\t<key>PayloadVersion</key>
        \t\t\t<integer>1</integer>
        \(keys)
        """
    }

    /// The schema's per-platform facts read in hover, in our words: supervised only, deprecated,
    /// removed, and User Enrollment (keys Apple's schemas mark so).
    @Test(arguments: [
        ("com.apple.applicationaccess", "\t\t\t<key>allowAccount1️⃣Modification</key>\n\t\t\t<false/>", "iOS", "supervised only"),
        ("com.apple.desktop", "\t\t\t<key>lo1️⃣cked</key>\n\t\t\t<true/>", "macOS", "deprecated in 10.13"),
        ("com.apple.security.firewall", "\t\t\t<key>EnableLo1️⃣gging</key>\n\t\t\t<true/>", "macOS", "removed in 15.0"),
        (
            "com.apple.wifi.managed", "\t\t\t<key>ProxySer1️⃣ver</key>\n\t\t\t<string>proxy.example.com</string>", "iOS",
            "not with User Enrollment"
        ),
    ])
    func hoverShowsPlatformFacts(_ type: String, _ keys: String, _ platform: String, _ fact: String) async throws {
        let (text, at) = lspMarked(Self.profile(Self.payload(type, keys)))
        let client = try await openedClient(text, uri: Self.uri)
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: Self.uri), position: at[0])))
        let line = hover.contents.value.split(separator: "\n").first { $0.contains(fact) }
        #expect(line?.contains(platform) == true, "\(type): no line says \(fact) for \(platform):\n\(hover.contents.value)")
    }

    /// profile-deprecated-key's two verdicts through the server: a key every targeted platform
    /// removed ("was removed", the system no longer reads it) and one they deprecated.
    @Test func aRemovedKeyAndADeprecatedKeyAreReportedAsSuch() async throws {
        let removed = Self.profile(Self.payload("com.apple.security.firewall", "\t\t\t<key>EnableLogging</key>\n\t\t\t<true/>"))
        let client = try await openedClient(removed, uri: Self.uri)
        let found = try await client.diagnostics(Self.uri, where: { $0.contains { $0.code == .string("profile-deprecated-key") } })
        let messages = found.filter { $0.code == .string("profile-deprecated-key") }.map(\.message)
        #expect(messages == ["EnableLogging was removed in macOS 15.0: the system no longer reads it"], "\(messages)")

        let uri = "file:///Profiles/Desktop.mobileconfig"
        let deprecated = Self.profile(Self.payload("com.apple.desktop", "\t\t\t<key>locked</key>\n\t\t\t<true/>"))
        let other = try await openedClient(deprecated, uri: uri)
        let reported = try await other.diagnostics(uri, where: { $0.contains { $0.code == .string("profile-deprecated-key") } })
        #expect(
            reported.filter { $0.code == .string("profile-deprecated-key") }.map(\.message) == ["locked is deprecated since macOS 10.13"],
            "\(reported.map(\.message))")
    }

    @Test func hoverOnAPayloadTypeAndOnAnMDMVariable() async throws {
        let (text, at) = lspMarked(
            Self.profile(
                Self.dockHeader.replacingOccurrences(of: "com.apple.dock</string>", with: "com.apple.d1️⃣ock</string>")
                    + "\n\t\t\t<key>PayloadDisplayName</key>\n\t\t\t<string>Dock for $USER2️⃣NAME</string>"))
        let client = try await openedClient(text, uri: Self.uri)
        let type = try #require(try await client.request(HoverRequest(textDocument: .init(uri: Self.uri), position: at[0])))
        #expect(type.contents.value.contains("**Dock** payload"), "\(type.contents.value)")
        let variable = try #require(try await client.request(HoverRequest(textDocument: .init(uri: Self.uri), position: at[1])))
        #expect(variable.contents.value.contains("variable"), "\(variable.contents.value)")
    }

    /// Recognised by content without the extension; the rules run, and an MDM variable is a value.
    @Test func aProfileNamedPlistIsAProfile() async throws {
        let text = Self.profile(
            Self.dockHeader
                + "\n\t\t\t<key>tilesize</key>\n\t\t\t<string>48</string>\n\t\t\t<key>PayloadDescription</key>\n\t\t\t<string>%SerialNumber%</string>"
        )
        let uri = "file:///Profiles/dock.plist"
        let client = try await openedClient(text, uri: uri)
        let diagnostics = try await client.diagnostics(uri, where: { !$0.isEmpty })
        #expect(diagnostics.map(\.code) == [.string("profile-wrong-type")], "\(diagnostics)")
        #expect(diagnostics.first?.message == "tilesize takes an <integer>, not a <string>")
    }

    @Test func aDuplicateUUIDGetsAFreshOne() async throws {
        let text = Self.profile(
            Self.dockHeader.replacingOccurrences(of: "0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0", with: "5C6A2E5B-3C21-4E7B-9B6F-2D8E1A4C7F10"))
        let client = try await openedClient(text, uri: Self.uri)
        let diagnostics = try await client.diagnostics(Self.uri, where: { !$0.isEmpty })
        let uuid = try #require(diagnostics.first { $0.code == .string("profile-payload-uuid") })
        #expect(uuid.severity == .error)
        #expect(uuid.range.start.line == 11, "the payload's, not the profile's")
        let actions = try await codeActions(client, uuid.range, uri: Self.uri)
        let fix = try #require(actions.first { $0.title == "Write a fresh UUID" })
        let fixed = apply(fix.edit, to: text, uri: Self.uri)
        let lines = fixed.split(separator: "\n", omittingEmptySubsequences: false)
        let written = lines[11].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "<string>", with: "").replacingOccurrences(
            of: "</string>", with: "")
        #expect(
            written.count == 36 && written != "5C6A2E5B-3C21-4E7B-9B6F-2D8E1A4C7F10"
                && written.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12], "\(written)")
        // Nothing else changed.
        #expect(fixed.replacingOccurrences(of: written, with: "5C6A2E5B-3C21-4E7B-9B6F-2D8E1A4C7F10") == text)
    }

    @Test func aMissingRequiredKeyIsInsertedWithItsValue() async throws {
        let text = Self.profile(
            Self.dockHeader.replacingOccurrences(
                of: "\t\t\t<key>PayloadIdentifier</key>\n\t\t\t<string>com.example.profile.dock</string>\n", with: ""))
        let client = try await openedClient(text, uri: Self.uri)
        let diagnostics = try await client.diagnostics(Self.uri, where: { !$0.isEmpty })
        let missing = try #require(diagnostics.first { $0.code == .string("profile-missing-key") })
        #expect(missing.message == "This Dock payload has no PayloadIdentifier, which the schema requires")
        let actions = try await codeActions(client, missing.range, uri: Self.uri)
        let fix = try #require(actions.first { $0.title == "Add PayloadIdentifier" })
        #expect(
            apply(fix.edit, to: text, uri: Self.uri).contains(
                "\t\t\t<integer>1</integer>\n\t\t\t<key>PayloadIdentifier</key>\n\t\t\t<string>com.example.profile.dock</string>\n\t\t</dict>"
            ))
    }

    @Test func theOutlineNamesEachPayload() async throws {
        let named = Self.dockHeader + "\n\t\t\t<key>PayloadDisplayName</key>\n\t\t\t<string>Dock for the lab</string>"
        let unnamed = Self.dockHeader.replacingOccurrences(of: "com.apple.dock</string>", with: "com.apple.applicationaccess</string>")
            .replacingOccurrences(of: "com.example.profile.dock<", with: "com.example.profile.restrictions<")
            .replacingOccurrences(of: "0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0", with: "1A2B3C4D-5E6F-4A1B-8C2D-3E4F5A6B7C8D")
        let text = Self.profile(named + "\n\t\t</dict>\n\t\t<dict>\n" + unnamed)
        let client = try await openedClient(text, uri: Self.uri)
        let symbols = try #require(try await client.request(DocumentSymbolRequest(textDocument: .init(uri: Self.uri))))
        let content = try #require(symbols.first { $0.name == "PayloadContent" })
        #expect(content.children?.map(\.name) == ["Dock for the lab", "com.apple.applicationaccess"])
    }

    @Test func aSecondSinglePayloadIsAWarningNamingTheFirst() async throws {
        let second = Self.dockHeader.replacingOccurrences(of: "com.example.profile.dock<", with: "com.example.profile.dock2<")
            .replacingOccurrences(of: "0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0", with: "1A2B3C4D-5E6F-4A1B-8C2D-3E4F5A6B7C8D")
        let text = Self.profile(Self.dockHeader + "\n\t\t</dict>\n\t\t<dict>\n" + second)
        let client = try await openedClient(text, uri: Self.uri)
        let diagnostics = try await client.diagnostics(Self.uri, where: { !$0.isEmpty })
        #expect(diagnostics.map(\.code) == [.string("profile-repeated-payload")], "\(diagnostics.map(\.message))")
        let repeated = try #require(diagnostics.first)
        #expect(repeated.severity == .warning)
        #expect(repeated.range.start.line == 19, "the second payload's type")
        #expect(
            repeated.message
                == "A second com.apple.dock (Dock) payload: a device takes only one on macOS (Apple's schema); merge its keys into the first"
        )
        #expect(repeated.relatedInformation?.map(\.location.range.start.line) == [9])
        // Two Wi-Fi networks are two payloads a device keeps.
        let wifi = text.replacingOccurrences(of: "com.apple.dock</string>", with: "com.apple.wifi.managed</string>")
        try client.change(Self.uri, version: 2, [TextDocumentContentChangeEvent(text: wifi)])
        #expect(try await client.diagnostics(Self.uri, version: 2).filter { $0.code == .string("profile-repeated-payload") }.isEmpty)
    }

    @Test func aKeyOnlySupervisedDevicesHonourIsANoteNamingThePlatform() async throws {
        let restrictions =
            Self.dockHeader.replacingOccurrences(of: "com.apple.dock</string>", with: "com.apple.applicationaccess</string>")
            + "\n\t\t\t<key>allowAppInstallation</key>\n\t\t\t<false/>\n\t\t\t<key>allowCamera</key>\n\t\t\t<false/>"
        let text = Self.profile(restrictions)
        let client = try await openedClient(text, uri: Self.uri)
        let diagnostics = try await client.diagnostics(Self.uri, where: { !$0.isEmpty })
        #expect(diagnostics.map(\.code) == [.string("profile-supervised-key")], "\(diagnostics.map(\.message))")
        #expect(diagnostics.first?.severity == .information)
        #expect(
            diagnostics.first?.message
                == "allowAppInstallation takes effect only on a supervised device on iOS, visionOS and watchOS; an unsupervised one ignores it"
        )
        // A profile that targets macOS only: the key needs no supervision there.
        try client.change(
            Self.uri, version: 2,
            [
                TextDocumentContentChangeEvent(
                    text: Self.profile(restrictions, top: "\t<key>TargetDeviceType</key>\n\t<integer>5</integer>\n"))
            ])
        #expect(try await client.diagnostics(Self.uri, version: 2).isEmpty)
    }
}

/// `workspace/diagnostic` reports a profile on disk; a signed one through the plist it signs.
@Suite struct ProfileWorkspaceTests {
    @Test func aSignedProfileOnDiskIsReportedThroughItsPlist() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-profiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plist = ProfileFeatureTests.profile(
            ProfileFeatureTests.dockHeader + "\n\t\t\t<key>tilesize</key>\n\t\t\t<integer>400</integer>")
        // A CMS SignedData with the plist as its content (DER, no signers: plist-lsp never verifies).
        func tlv(_ tag: UInt8, _ body: [UInt8]) -> [UInt8] {
            let n = body.count
            return [tag] + (n < 0x80 ? [UInt8(n)] : n < 0x100 ? [0x81, UInt8(n)] : [0x82, UInt8(n >> 8), UInt8(n & 0xFF)]) + body
        }
        let data: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
        let signedOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
        let encapsulated = tlv(0x30, data + tlv(0xA0, tlv(0x04, Array(plist.utf8))))
        let signedData = tlv(0x30, [0x02, 0x01, 0x01] + tlv(0x31, []) + encapsulated + tlv(0x31, []))
        let bytes = tlv(0x30, signedOID + tlv(0xA0, signedData))
        let signed = folder.appendingPathComponent("Signed.mobileconfig")
        try Data(bytes).write(to: signed)
        var capabilities = richClient()
        capabilities.textDocument?.diagnostic = .init()
        let client = try TestClient()
        try await client.initialize(capabilities, rootUri: FileURI.uri(for: folder.path))
        let report = try await client.request(WorkspaceDiagnosticRequest())
        let item = try #require(
            report.items.first { FileURI.path(of: $0.uri) == signed.standardizedFileURL.path || $0.uri.hasSuffix("Signed.mobileconfig") })
        guard case .full(_, _, _, let diagnostics) = item else { Issue.record("\(item)"); return }
        #expect(diagnostics.map(\.message) == ["tilesize is at most 128, not 400"], "\(diagnostics.map(\.message))")
    }
}
