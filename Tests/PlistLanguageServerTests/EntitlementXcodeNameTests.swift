// Xcode's names of entitlements (Apple's page titles, "App Groups") through the server, as Info.plist
// keys show theirs: completion by the name, label details, hover, the outline and inlay hints.
import LanguageServerProtocol
import PlistTestSupport
import Testing

@Suite struct EntitlementXcodeNameTests {
    static let groups =
        "\t<key>com.apple.security.application-groups</key>\n\t<array>\n\t\t<string>group.com.example.app</string>\n\t</array>\n"
    static let keychain =
        "\t<key>keychain-access-groups</key>\n\t<array>\n\t\t<string>$(AppIdentifierPrefix)com.example.app</string>\n\t</array>\n"
    static let microphone = "\t<key>com.apple.security.device.microphone</key>\n\t<true/>\n"

    func completion(_ marked: String) async throws -> (String, CompletionList) {
        let (text, at) = lspMarked(marked)
        let client = try await openedClient(text, uri: entitlementsURI)
        let list = try #require(try await client.request(CompletionRequest(textDocument: .init(uri: entitlementsURI), position: at[0])))
        return (text, list)
    }

    @Test(arguments: multiBytePrefixes)
    func typingTheXcodeNameInAKeyCompletesTheKey(prefix: String) async throws {
        let (text, list) = try await completion(withPrefix("<plist><dict>\n\t<key>App Gro1️⃣</key>\n\t<array/>\n</dict></plist>", prefix))
        let item = try #require(
            list.items.first { $0.label == "com.apple.security.application-groups" }, "\(list.items.map(\.label).prefix(10))")
        #expect(item.labelDetails?.description == "App Groups")
        guard case .textEdit(let edit) = item.textEdit else { Issue.record("no text edit"); return }
        #expect(
            applying(edit, to: text)
                == withPrefix("<plist><dict>\n\t<key>com.apple.security.application-groups</key>\n\t<array/>\n</dict></plist>", prefix))
    }

    @Test func typingTheXcodeNameOnAnEmptyLineWritesTheEntry() async throws {
        let (text, list) = try await completion(manifest("\tKeychain Access Gr1️⃣\n"))
        let item = try #require(list.items.first { $0.label == "keychain-access-groups" }, "\(list.items.map(\.label).prefix(10))")
        #expect(item.labelDetails?.description == "Keychain Access Groups")
        guard case .textEdit(let edit) = item.textEdit else { Issue.record("no text edit"); return }
        #expect(applying(edit, to: text).contains("<key>keychain-access-groups</key>\n\t<array>"))
    }

    @Test func completionOfANewEntitlementShowsItsPageTitle() async throws {
        let (_, list) = try await completion(manifest("\t<key>com.apple.developer.driverkit.communic1️⃣</key>\n\t<true/>\n"))
        let item = try #require(list.items.first { $0.label == "com.apple.developer.driverkit.communicates-with-drivers" })
        #expect(item.labelDetails?.description == "Communicates with Drivers")
        // Titled by its key on Apple's page: nothing to add beside the label.
        let (_, keyTitled) = try await completion(manifest("\t<key>com.apple.security.hypervis1️⃣</key>\n\t<true/>\n"))
        let hypervisor = try #require(keyTitled.items.first { $0.label == "com.apple.security.hypervisor" })
        #expect(hypervisor.labelDetails == nil)
    }

    @Test func hoverShowsTheXcodeName() async throws {
        let (text, at) = lspMarked(manifest("\t<key>keychain-access-1️⃣groups</key>\n\t<array/>\n"))
        let client = try await openedClient(text, uri: entitlementsURI)
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: entitlementsURI), position: at[0])))
        #expect(hover.contents.value.contains("**keychain-access-groups** — *Keychain Access Groups*"), "\(hover.contents.value)")
        let (age, ageAt) = lspMarked(manifest("\t<key>com.apple.developer.declared-age-1️⃣range</key>\n\t<true/>\n"))
        let ageHover = try #require(
            try await (try await openedClient(age, uri: entitlementsURI))
                .request(HoverRequest(textDocument: .init(uri: entitlementsURI), position: ageAt[0])))
        #expect(ageHover.contents.value.contains("**com.apple.developer.declared-age-range**"))
        #expect(ageHover.contents.value.contains("iOS 26.0+"))
        #expect(!ageHover.contents.value.contains("not an entitlement plist-lsp knows"))
    }

    @Test func hoverOnAKeyWrittenAsItsXcodeNameNamesTheEntitlement() async throws {
        let (text, at) = lspMarked(manifest("\t<key>App Gr1️⃣oups</key>\n\t<array/>\n"))
        let client = try await openedClient(text, uri: entitlementsURI)
        let hover = try #require(try await client.request(HoverRequest(textDocument: .init(uri: entitlementsURI), position: at[0])))
        #expect(
            hover.contents.value.contains("Did you mean `com.apple.security.application-groups` (App Groups)?"), "\(hover.contents.value)")
    }

    @Test func outlineShowsTheXcodeName() async throws {
        let client = try await openedClient(manifest(Self.groups + Self.microphone), uri: entitlementsURI)
        let symbols = try #require(try await client.request(DocumentSymbolRequest(textDocument: .init(uri: entitlementsURI))))
        #expect(symbols.map(\.name) == ["com.apple.security.application-groups", "com.apple.security.device.microphone"])
        #expect(symbols[0].detail == "App Groups · array")
        #expect(symbols[1].detail == "boolean")
    }

    @Test func inlayHintsShowTheXcodeName() async throws {
        let text = manifest(Self.groups + Self.microphone + Self.keychain)
        let client = try await openedClient(text, uri: entitlementsURI)
        let whole = LSPRange(start: Position(line: 0, character: 0), end: Position(line: 40, character: 0))
        let hints = try #require(try await client.request(InlayHintRequest(textDocument: .init(uri: entitlementsURI), range: whole)))
        // The microphone page is titled with its key: no hint repeats it.
        #expect(hints.map(\.label) == [.string("App Groups"), .string("Keychain Access Groups")])
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)[try #require(hints.first).position.line]
        #expect(
            String(String(line).utf16.prefix(try #require(hints.first).position.character))
                == "\t<key>com.apple.security.application-groups</key>")
    }
}
