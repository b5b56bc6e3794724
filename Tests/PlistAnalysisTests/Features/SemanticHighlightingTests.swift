// Semantic tokens in byte ranges: what each piece of text is, cut around references, directives
// and comments; third-party keys marked from their definition.
import PlistAnalysis
import PlistSchema
import PlistSyntax
import Testing
import PlistTestSupport

@Suite struct SemanticHighlightingTests {
    func tokens(_ text: String, _ kind: FileKind = .infoPlist) -> [String] { Self.tokens(text, kind) }

    static func tokens(_ text: String, _ kind: FileKind = .infoPlist) -> [String] {
        let bytes = Array(text.utf8)
        return SemanticHighlighting.tokens(in: PlistDocument(text: bytes), fileKind: kind).map { token in
            var modifiers: [String] = []
            if token.modifiers.contains(.known) { modifiers.append("known") }
            if token.modifiers.contains(.deprecated) { modifiers.append("deprecated") }
            if token.modifiers.contains(.thirdParty) { modifiers.append("thirdParty") }
            if token.modifiers.contains(.custom) { modifiers.append("custom") }
            return "\(String(decoding: bytes[token.range], as: UTF8.self))=\(token.kind.rawValue)\(modifiers.map { "." + $0 }.joined())"
        }
    }

    @Test func thirdPartyKeysAreMarkedFromTheirDefinition() {
        // Sparkle's SUFeedURL has an owner in the key database; CFBundleName is Apple's.
        #expect(KeyDatabase.shared.lookup("SUFeedURL", at: [], domain: .infoPlist)?.definition.owner == "Sparkle")
        let text =
            "<plist><dict><key>SUFeedURL</key><string>https://example.com/appcast.xml</string><key>CFBundleName</key><string>App</string><key>MyKey</key><true/></dict></plist>"
        #expect(
            tokens(text).filter { $0.contains("=key") } == ["SUFeedURL=key.known.thirdParty", "CFBundleName=key.known", "MyKey=key.custom"])
        #expect(SemanticHighlighting.modifiers(of: nil) == [.custom])
    }

    @Test func referencesCommentsAndDirectivesCutTheValueTheyLieIn() {
        let text =
            "<plist><dict><key>A</key><string>x$(V)y<!--c-->${W}</string>\n#if X\n<key>B</key><integer>1</integer>\n#endif\n</dict></plist>"
        #expect(
            tokens(text) == [
                "A=key.custom", "x=string", "$(V)=buildSetting", "y=string", "<!--c-->=comment", "${W}=buildSetting",
                "#if X=directive", "B=key.custom", "1=number", "#endif=directive",
            ])
    }

    @Test func namesInsideADictionaryOfChosenNamesAreCustomAndTheirChildrenKnown() {
        let text =
            "<plist><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict><key>example.com</key><dict><key>NSIncludesSubdomains</key><true/></dict></dict></dict></dict></plist>"
        #expect(
            tokens(text) == [
                "NSAppTransportSecurity=key.known", "NSExceptionDomains=key.known", "example.com=key.custom",
                "NSIncludesSubdomains=key.known", "<true/>=boolean",
            ])
    }

    @Test func brokenAndDeepTextIsClassifiedWithoutRecursion() async throws {
        let deep = "<plist>" + String(repeating: "<array>", count: 300) + "<string>x</string>"
        #expect(tokens(deep) == ["x=string"])
        let deeper = try await onOwnThread { Self.tokens("<plist>" + String(repeating: "<array>", count: 50_000)) }
        #expect(deeper == [])
        #expect(tokens("<plist><dict><key>NSCa") == ["NSCa=key.custom"])
        #expect(tokens("<plist><dict><key>CFBundleName</key><string>Demo") == ["CFBundleName=key.known", "Demo=string"])
    }
}
