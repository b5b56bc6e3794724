// A launchd job is its own kind of file, recognised by its folder or its content with no setting,
// and an agent is told from a daemon by its folder only.
import Testing
import PlistAnalysis
import PlistSyntax

@Suite struct LaunchdFileKindTests {
    static func document(_ body: String) -> PlistDocument {
        PlistDocument(text: Array("<plist><dict>\(body)</dict></plist>".utf8))
    }

    @Test func byFolderWhateverTheContent() {
        #expect(FileKind.detect(path: "/Library/LaunchDaemons/com.example.job.plist", document: nil) == .launchdJob)
        #expect(
            FileKind.detect(path: "file:///Users/pat/Library/LaunchAgents/com.example.job.plist", document: Self.document(""))
                == .launchdJob)
        #expect(FileKind.detect(path: "/src/app/LaunchDaemons/org.cups.cupsd.plist.in", document: nil) == .launchdJob)
        #expect(FileKind.detect(path: "/Users/pat/Library/Launch%20Agents/x.plist", document: nil) == .other)
        // A folder of that name holding something that is not a plist file.
        #expect(FileKind.detect(path: "/Library/LaunchAgents/README.md", document: nil) == .other)
    }

    @Test func byContentAnywhere() {
        let program = Self.document("<key>Label</key><string>a</string><key>Program</key><string>/bin/true</string>")
        let arguments = Self.document(
            "<key>Label</key><string>a</string><key>ProgramArguments</key><array><string>/bin/true</string></array>")
        #expect(FileKind.detect(path: "/src/tools/com.example.a.plist", document: program) == .launchdJob)
        #expect(FileKind.detect(path: "/src/tools/job.plist", document: arguments) == .launchdJob)
        // An Info.plist key copied into a job does not make it an Info.plist.
        let withInfoKey = Self.document(
            "<key>Label</key><string>a</string><key>Program</key><string>/bin/true</string><key>CFBundleIdentifier</key><string>a</string>")
        #expect(FileKind.detect(path: "/src/tools/helper.plist", document: withInfoKey) == .launchdJob)
        // A label alone is not a job; nor is a file named as an Info.plist.
        #expect(FileKind.detect(path: "/src/tools/a.plist", document: Self.document("<key>Label</key><string>a</string>")) == .other)
        #expect(FileKind.detect(path: "/src/App/Info.plist", document: program) == .infoPlist)
        #expect(FileKind.detect(path: "/src/App/App.entitlements", document: program) == .entitlements)
    }

    @Test func agentOrDaemonByFolderOnly() {
        #expect(LaunchdPlacement(path: "/Users/pat/Library/LaunchAgents/com.example.a.plist") == .agent)
        #expect(LaunchdPlacement(path: "/Library/LaunchAgents/com.example.a.plist") == .agent)
        #expect(LaunchdPlacement(path: "/Library/LaunchDaemons/com.example.a.plist") == .daemon)
        #expect(LaunchdPlacement(path: "/repo/LaunchDaemons/sub/com.example.a.plist") == .daemon)
        #expect(LaunchdPlacement(path: "/repo/com.example.a.plist") == nil)
        #expect(LaunchdPlacement(path: "com.example.a.plist") == nil)
    }
}
