// Info.plist rules must know which files are Info.plists.
import Testing
import PlistAnalysis
import PlistSyntax

@Suite struct FileKindTests {
    @Test func byName() {
        #expect(FileKind.detect(path: "file:///p/App/Info.plist", document: nil) == .infoPlist)
        #expect(FileKind.detect(path: "/p/App/Demo-Info.plist", document: nil) == .infoPlist)
        #expect(FileKind.detect(path: "/p/App/ShareInfo.plist", document: nil) == .infoPlist)
        #expect(FileKind.detect(path: "/p/App/App.entitlements", document: nil) == .entitlements)
        #expect(FileKind.detect(path: "/p/Release%20(AppStore).entitlements", document: nil) == .entitlements)
        #expect(FileKind.detect(path: "/p/PrivacyInfo.xcprivacy", document: nil) == .privacyManifest)
        #expect(FileKind.detect(path: "/p/Settings.bundle/Root.plist", document: nil) == .other)
        #expect(FileKind.detect(path: "/p/App/GoogleService-Info.plist", document: nil) == .other)
    }

    @Test func byContent() {
        let info = PlistDocument(text: Array("<plist><dict><key>CFBundleIdentifier</key><string>x</string></dict></plist>".utf8))
        #expect(FileKind.detect(path: "/p/iOSClient.plist", document: info) == .infoPlist)
        let ent = PlistDocument(text: Array("<plist><dict><key>com.apple.security.app-sandbox</key><true/></dict></plist>".utf8))
        #expect(FileKind.detect(path: "/p/Entitlements.plist", document: ent) == .entitlements)
        #expect(FileKind.detect(path: "/p/Sandbox.plist", document: ent) == .entitlements)
        let data = PlistDocument(text: Array("<plist><dict><key>Items</key><array/></dict></plist>".utf8))
        #expect(FileKind.detect(path: "/p/Data.plist", document: data) == .other)
    }
}
