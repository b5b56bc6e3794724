// Configuration profiles are recognised by name and by content, without a setting (issue #41).
import Testing
import PlistAnalysis
import PlistSyntax

@Suite struct ProfileDetectionTests {
    static func document(_ body: String) -> PlistDocument { PlistDocument(text: Array("<plist><dict>\(body)</dict></plist>".utf8)) }

    @Test func byName() {
        #expect(FileKind.detect(path: "/p/Wi-Fi.mobileconfig", document: nil) == .configurationProfile)
        #expect(FileKind.detect(path: "file:///p/Dock%20Settings.MOBILECONFIG", document: nil) == .configurationProfile)
    }

    @Test func byContent() {
        let configuration = Self.document("<key>PayloadType</key><string> Configuration </string>")
        #expect(FileKind.detect(path: "/p/dock.plist", document: configuration) == .configurationProfile)
        // A misspelt type is still a profile when it has a profile's content and identity.
        let misspelt = Self.document(
            "<key>PayloadContent</key><array/><key>PayloadUUID</key><string>x</string><key>PayloadType</key><string>Configuraton</string>")
        #expect(FileKind.detect(path: "/p/dock.plist", document: misspelt) == .configurationProfile)
        // A payload's type, or PayloadContent alone (a managed-preferences file), is not.
        #expect(
            FileKind.detect(path: "/p/x.plist", document: Self.document("<key>PayloadType</key><string>com.apple.dock</string>")) == .other)
        #expect(FileKind.detect(path: "/p/x.plist", document: Self.document("<key>PayloadContent</key><dict/>")) == .other)
        // The name wins: an Info.plist stays one.
        #expect(FileKind.detect(path: "/p/Info.plist", document: configuration) == .infoPlist)
    }
}
