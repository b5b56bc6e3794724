// One analysis per snapshot and configuration: push, pull and code actions share it, and a
// different configuration is never answered from it.
import PlistWorkspace
import Testing
import LanguageServerProtocol
import PlistLanguageServer

@Suite struct DiagnosticsMemoTests {
    @Test func aSnapshotIsAnalysedOncePerConfiguration() {
        let snapshot = DocumentSnapshot(
            uri: "file:///p/Info.plist", text: "<plist><dict><key>A</key><string>1</string><key>A</key><string>2</string></dict></plist>")
        let provider = DiagnosticsProvider()
        let plain = ServerConfiguration()
        let first = provider.analysisDiagnostics(for: snapshot, configuration: plain, translations: LocalizationSetCache())
        #expect(first.contains { $0.code == "plist-duplicate-key" && $0.severity == .warning })
        #expect(provider.analysisDiagnostics(for: snapshot, configuration: plain, translations: LocalizationSetCache()) == first)
        // Same generation, other settings: must be analysed again, not served from the memo.
        let strict = ServerConfiguration(settings: ["rules": ["plist-duplicate-key": "error"]])
        #expect(
            provider.analysisDiagnostics(for: snapshot, configuration: strict, translations: LocalizationSetCache()).contains {
                $0.code == "plist-duplicate-key" && $0.severity == .error
            })
        let off = ServerConfiguration(settings: ["rules": ["plist-duplicate-key": "off"]], generation: 3)
        #expect(
            !provider.analysisDiagnostics(for: snapshot, configuration: off, translations: LocalizationSetCache()).contains {
                $0.code == "plist-duplicate-key"
            })
        #expect(provider.analysisDiagnostics(for: snapshot, configuration: plain, translations: LocalizationSetCache()) == first)
    }

    /// `preprocessorDefinitions` in its object form (the array form is driven end to end in
    /// PreprocessedPlistTests): a new branch set is a new analysis of the same snapshot.
    @Test func preprocessorDefinitionsChooseTheBranchesAnalysed() {
        let text = "<plist><dict>\n#ifdef DEBUG\n<key>A</key><string>1</string>\n#endif\n<key>A</key><string>2</string></dict></plist>"
        let snapshot = DocumentSnapshot(uri: "file:///p/Info.plist", text: text)
        let provider = DiagnosticsProvider()
        #expect(
            !provider.analysisDiagnostics(for: snapshot, configuration: ServerConfiguration(), translations: LocalizationSetCache())
                .contains { $0.code == "plist-duplicate-key" }
        )
        let debug = ServerConfiguration(settings: ["plist": ["preprocessorDefinitions": ["DEBUG": true, "OFF": false, "LEVEL": 2]]])
        #expect(debug.analysis.preprocessorDefinitions == ["DEBUG": "1", "LEVEL": "2"])
        #expect(
            provider.analysisDiagnostics(for: snapshot, configuration: debug, translations: LocalizationSetCache()).filter {
                $0.code == "plist-duplicate-key"
            }.count == 2)
        let release = ServerConfiguration(settings: ["preprocessorDefinitions": ["RELEASE=1"]], generation: 2)
        #expect(release.analysis.preprocessorDefinitions == ["RELEASE": "1"])
        #expect(
            !provider.analysisDiagnostics(for: snapshot, configuration: release, translations: LocalizationSetCache()).contains {
                $0.code == "plist-duplicate-key"
            })
    }
}
