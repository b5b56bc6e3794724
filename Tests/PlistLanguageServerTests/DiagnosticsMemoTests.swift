// One analysis per snapshot and configuration: push, pull and code actions share it, and a
// different configuration is never answered from it.
import Testing
import LanguageServerProtocol
import PlistLanguageServer

@Suite struct DiagnosticsMemoTests {
    @Test func aSnapshotIsAnalysedOncePerConfiguration() {
        let snapshot = DocumentSnapshot(uri: "file:///p/Info.plist", text: "<plist><dict><key>A</key><string>1</string><key>A</key><string>2</string></dict></plist>")
        let provider = DiagnosticsProvider()
        let plain = ServerConfiguration()
        let first = provider.analysisDiagnostics(for: snapshot, configuration: plain)
        #expect(first.contains { $0.code == "plist-duplicate-key" && $0.severity == .warning })
        #expect(provider.analysisDiagnostics(for: snapshot, configuration: plain) == first)
        // Same generation, other settings: must be analysed again, not served from the memo.
        let strict = ServerConfiguration(settings: ["rules": ["plist-duplicate-key": "error"]])
        #expect(provider.analysisDiagnostics(for: snapshot, configuration: strict).contains { $0.code == "plist-duplicate-key" && $0.severity == .error })
        let off = ServerConfiguration(settings: ["rules": ["plist-duplicate-key": "off"]], generation: 3)
        #expect(!provider.analysisDiagnostics(for: snapshot, configuration: off).contains { $0.code == "plist-duplicate-key" })
        #expect(provider.analysisDiagnostics(for: snapshot, configuration: plain) == first)
    }
}
