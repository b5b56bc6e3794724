// Completion in a launchd job as an administrator types it, in Neovim 0.11 and Emacs with eglot:
// a LaunchAgents plist is opened, a key or value is half typed, the wanted item is picked from the
// list the editor shows, the file is saved, and the saved bytes are compared with the intended
// file (EditorTypedCompletionTests drives the keys; docs/launchd.md).
import Foundation
import Testing
import PlistTestSupport

@Suite(
    "Editors: completion typed in a launchd job", .tags(.realEditor), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote), .serialized)
struct EditorLaunchdCompletionTests {
    /// A user's agent as people write it: a label, a program, a KeepAlive dictionary, a ProcessType.
    static let agent = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>Label</key>
        \t<string>com.example.sync</string>
        \t<key>ProgramArguments</key>
        \t<array>
        \t\t<string>/usr/local/bin/sync</string>
        \t</array>
        \t<key>KeepAlive</key>
        \t<dict>
        \t\t<key>NetworkState</key>
        \t\t<true/>
        \t</dict>
        \t<key>ProcessType</key>
        \t<string>Background</string>
        </dict>
        </plist>

        """

    /// Where the job is opened: under a LaunchAgents folder, so it is an agent with no setting.
    static let fileName = "Library/LaunchAgents/com.example.sync.plist"

    static let cases: [TypedCompletionCase] = [
        TypedCompletionCase(
            name: "a top-level launchd key (<key>RunAt: RunAtLoad)",
            fileName: fileName, source: .text(agent), above: "</dict>", indent: "\t",
            typed: "<key>RunAt", pick: "RunAtLoad", intended: ["<key>RunAtLoad</key>"],
            multiLine: ["<key>RunAtLoad</key>", "\t<true/>"]),
        TypedCompletionCase(
            name: "a key of the several that start alike (<key>Start: StartCalendarInterval)",
            fileName: fileName, source: .text(agent), above: "</dict>", indent: "\t",
            typed: "<key>StartCa", pick: "StartCalendarInterval", intended: ["<key>StartCalendarInterval</key>"]),
        TypedCompletionCase(
            name: "a KeepAlive condition inside its dictionary (<key>Succ: SuccessfulExit)",
            fileName: fileName, source: .text(agent), above: "\t</dict>", indent: "\t\t",
            typed: "<key>Succ", pick: "SuccessfulExit", intended: ["<key>SuccessfulExit</key>"],
            multiLine: ["<key>SuccessfulExit</key>", "\t\t<true/>"]),
        TypedCompletionCase(
            name: "a ProcessType value (<string>Inter: Interactive)",
            fileName: fileName, source: .text(agent), above: "\t<string>Background</string>", indent: "\t",
            typed: "<string>Inter", pick: "Interactive", intended: ["<string>Interactive</string>"]),
    ]

    /// Neovim 0.11 (or later) and Emacs with eglot, when this machine has them and tmux.
    static let editors: [TypedEditor] = EditorTypedCompletionTests.editors.filter { editor in
        switch editor {
        case .neovim(_, let version):
            let parts = version.split(separator: ".").compactMap { Int($0) }
            return parts.count >= 2 && (parts[0] > 0 || parts[1] >= 11)
        case .emacs(let client): return client == .eglot
        }
    }

    @Test(
        "typed completion in a LaunchAgents job leaves exactly the intended file",
        .enabled(if: !editors.isEmpty, EditorTypedCompletionTests.skipReason), arguments: editors, cases)
    func typedCompletionInAJob(_ editor: TypedEditor, _ test: TypedCompletionCase) async throws {
        try await EditorTypedCompletionTests().typedCompletion(editor, test)
    }
}
