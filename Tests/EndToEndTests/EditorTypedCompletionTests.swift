// Completion as a person does it, in every supported terminal editor: open a file, go to a line,
// open a new line above it, type a half key or value, ask for completion (`C-M-i` in Emacs,
// `<C-x><C-o>` in Neovim), choose the wanted item from the list the editor shows (`C-x o`, `TAB`,
// `RET` in *Completions*; `<C-n>`, `<C-y>` in Neovim's popup), save, and compare the saved file
// with the intended bytes. Issue #28: eglot 1.9 turned `<key>NSCameraUsa` + `C-M-i` into
// `<falCameraUsageDescription` / `</dictNSCameraUsageDescription</key>` (its `flex` style left
// point inside the field and its exit function counted back from point), and Neovim 0.11's
// built-in omnifunc dropped `</key>`. docs/editors.md describes each client's insertion model.
import Foundation
import Testing
import PlistTestSupport

/// One typed completion: where, what is typed, what is chosen, what the line must become.
struct TypedCompletionCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// The file's name in App/ (its kind: Info.plist, .entitlements, PrivacyInfo.xcprivacy).
    var fileName: String
    /// The file before typing: a real corpus file (`../shared/corpus/files/NAME`) or the text itself.
    var source: Source
    enum Source: Sendable { case corpus(String), text(String) }
    /// The new line goes above the last line that is exactly this.
    var above: String
    /// Its indentation, typed as literal tabs (`C-q TAB`, `<C-v><Tab>`) the way a person indents.
    var indent: String
    /// What is typed after the indentation; then `left` presses of ← before completing.
    var typed: String
    var left: Int = 0
    /// The label chosen when the editor lists several items.
    var pick: String
    /// The new line(s) it must become (without the indentation of the first), for clients that
    /// insert one line; `multiLine` for clients that apply multi-line edits (lsp-mode).
    var intended: [String]
    var multiLine: [String]?
    /// Other files beside it (paths in App/, e.g. the Info.plist an InfoPlist.strings translates).
    var files: [String: String] = [:]
    /// Labels the list the editor shows must not hold (what does not match the typed text).
    var absent: [String] = []

    var testDescription: String { name }

    func text() throws -> String? {
        switch source {
        case .text(let text): return text
        case .corpus(let name):
            let url = SharedData.corpusFilesDirectory.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            return try String(contentsOf: url, encoding: .utf8)
        }
    }

    /// 1-based number of the line the new line goes above.
    func targetLine(in text: String) -> Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.lastIndex(where: { $0 == above }) else { return nil }
        return index + 1
    }

    /// The intended file: `text` with the new line(s) above the target line.
    func expected(in text: String, multiLineClient: Bool) -> String? {
        guard let line = targetLine(in: text) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let added = (multiLineClient ? multiLine ?? intended : intended).enumerated().map {
            $0.offset == 0 ? indent + $0.element : $0.element
        }
        lines.insert(contentsOf: added, at: line - 1)
        return lines.joined(separator: "\n")
    }
}

@Suite(
    "Editors: completion typed as a person types, in every editor", .tags(.realEditor),
    .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote), .serialized)
struct EditorTypedCompletionTests {
    static let wikipedia = "wikimedia__wikipedia-ios__Wikipedia__Wikipedia-Info.plist"
    static let entitlements = "0niel__university-app__ios__Runner__Runner.entitlements"

    static let privacyManifest = PlistText.privacyManifest

    static let preprocessed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.receipts</string>
        #if DEBUG
        \t<key>CFBundleDisplayName</key>
        \t<string>Receipts β</string>
        #else
        \t<key>CFBundleDisplayName</key>
        \t<string>Receipts</string>
        #endif
        </dict>
        </plist>

        """

    static let styled = PlistText.dictionary(
        """
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.receipts</string>
        \t<key>UIUserInterfaceStyle</key>
        \t<string>Li</string>
        """, doctype: true)

    /// A Boolean key waiting for its value, last in the dictionary.
    static let booleanLast = PlistText.dictionary(
        """
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.receipts</string>
        \t<key>UIRequiresFullScreen</key>
        """, doctype: true)

    /// A configuration profile whose payload waits for its PayloadType's value.
    static let profileWithoutType = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>PayloadContent</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>PayloadIdentifier</key>
        \t\t\t<string>com.example.profile.dock</string>
        \t\t\t<key>PayloadUUID</key>
        \t\t\t<string>0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0</string>
        \t\t\t<key>PayloadVersion</key>
        \t\t\t<integer>1</integer>
        \t\t\t<key>PayloadType</key>
        \t\t</dict>
        \t</array>
        \t<key>PayloadIdentifier</key>
        \t<string>com.example.profile</string>
        \t<key>PayloadType</key>
        \t<string>Configuration</string>
        \t<key>PayloadUUID</key>
        \t<string>5C6A2E5B-3C21-4E7B-9B6F-2D8E1A4C7F10</string>
        \t<key>PayloadVersion</key>
        \t<integer>1</integer>
        </dict>
        </plist>

        """

    /// An array of strings, last in the dictionary.
    static let arrayLast = PlistText.dictionary(
        """
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.receipts</string>
        \t<key>UIBackgroundModes</key>
        \t<array>
        \t\t<string>audio</string>
        \t</array>
        """, doctype: true)

    static let cases: [TypedCompletionCase] = [
        TypedCompletionCase(
            name: "several candidates, one a substring match (NSCameraUsa: NSMainCameraUsageDescription)",
            fileName: "Info.plist", source: .corpus(wikipedia), above: "</dict>", indent: "\t",
            typed: "<key>NSCameraUsa", pick: "NSCameraUsageDescription",
            intended: ["<key>NSCameraUsageDescription</key>"],
            multiLine: ["<key>NSCameraUsageDescription</key>", "\t<string></string>"]),
        TypedCompletionCase(
            name: "only substring matches (CameraUsage), the second chosen",
            fileName: "Info.plist", source: .corpus(wikipedia), above: "</dict>", indent: "\t",
            typed: "<key>CameraUsage", pick: "NSMainCameraUsageDescription",
            intended: ["<key>NSMainCameraUsageDescription</key>"],
            multiLine: ["<key>NSMainCameraUsageDescription</key>", "\t<string></string>"]),
        TypedCompletionCase(
            name: "a match in the middle of the name (NSLocationWhen)",
            fileName: "Info.plist", source: .corpus(wikipedia), above: "</dict>", indent: "\t",
            typed: "<key>NSLocationWhen", pick: "NSLocationAlwaysAndWhenInUseUsageDescription",
            intended: ["<key>NSLocationAlwaysAndWhenInUseUsageDescription</key>"],
            multiLine: ["<key>NSLocationAlwaysAndWhenInUseUsageDescription</key>", "\t<string></string>"]),
        TypedCompletionCase(
            name: "Xcode's display name (Privacy - Cam)",
            fileName: "Info.plist", source: .corpus(wikipedia), above: "</dict>", indent: "\t",
            typed: "<key>Privacy - Cam", pick: "NSCameraUsageDescription",
            intended: ["<key>NSCameraUsageDescription</key>"],
            multiLine: ["<key>NSCameraUsageDescription</key>", "\t<string></string>"]),
        TypedCompletionCase(
            name: "inside a closed key (<key>NSCa|mera</key>)",
            fileName: "Info.plist", source: .corpus(wikipedia), above: "</dict>", indent: "\t",
            typed: "<key>NSCamera</key>", left: 10, pick: "NSCameraUsageDescription",
            intended: ["<key>NSCameraUsageDescription</key>"],
            // A closed key with no value and nothing after it on its line gets the value's
            // skeleton from a multi-line client, as an unclosed one does (issue #42: with automatic
            // close tags a key is never typed unclosed).
            multiLine: ["<key>NSCameraUsageDescription</key>", "\t<string></string>"]),
        TypedCompletionCase(
            name: "a dotted entitlement, the second of two chosen",
            fileName: "App.entitlements", source: .corpus(entitlements), above: "</dict>", indent: "\t",
            typed: "<key>com.apple.developer.associated", pick: "com.apple.developer.associated-appclip-app-identifiers",
            intended: ["<key>com.apple.developer.associated-appclip-app-identifiers</key>"],
            multiLine: [
                "<key>com.apple.developer.associated-appclip-app-identifiers</key>", "\t<array>", "\t\t<string></string>", "\t</array>",
            ]),
        TypedCompletionCase(
            name: "a dashed entitlement among many (com.apple.security.app)",
            fileName: "App.entitlements", source: .corpus(entitlements), above: "</dict>", indent: "\t",
            typed: "<key>com.apple.security.app", pick: "com.apple.security.app-sandbox",
            intended: ["<key>com.apple.security.app-sandbox</key>"],
            multiLine: ["<key>com.apple.security.app-sandbox</key>", "\t<true/>"]),
        TypedCompletionCase(
            name: "a documented value (<string>Da)",
            fileName: "Info.plist", source: .text(styled), above: "\t<string>Li</string>", indent: "\t",
            typed: "<string>Da", pick: "Dark", intended: ["<string>Dark</string>"]),
        TypedCompletionCase(
            name: "a privacy-manifest reason code (<string>1C8)",
            fileName: "PrivacyInfo.xcprivacy", source: .text(privacyManifest), above: "\t\t\t</array>", indent: "\t\t\t\t",
            typed: "<string>1C8", pick: "1C8F.1", intended: ["<string>1C8F.1</string>"]),
        // Issue #41: a configuration profile's payload type, from Apple's payload schemas.
        TypedCompletionCase(
            name: "a payload type in a profile's PayloadContent (<string>com.apple.do)",
            fileName: "Dock.mobileconfig", source: .text(profileWithoutType), above: "\t\t</dict>", indent: "\t\t\t",
            typed: "<string>com.apple.do", pick: "com.apple.dock", intended: ["<string>com.apple.dock</string>"],
            absent: ["com.apple.wifi.managed"]),
        // Issue #38, point 4: a half-typed tag's edit ran to the next line's start, so `\t<t` became
        // `\t<true/></dict>` (and took the indentation of `\t</array>`); Neovim offered nothing.
        TypedCompletionCase(
            name: "a tag on its own line before </dict> (<t: true)",
            fileName: "Info.plist", source: .text(booleanLast), above: "</dict>", indent: "\t",
            typed: "<t", pick: "true", intended: ["<true/>"]),
        TypedCompletionCase(
            name: "a tag on its own line before </dict> (<f: false)",
            fileName: "Info.plist", source: .text(booleanLast), above: "</dict>", indent: "\t",
            typed: "<f", pick: "false", intended: ["<false/>"]),
        TypedCompletionCase(
            name: "a tag on its own line after an entry (<k: key)",
            fileName: "Info.plist", source: .text(styled), above: "</dict>", indent: "\t",
            typed: "<k", pick: "key", intended: ["<key></key>"]),
        TypedCompletionCase(
            name: "a tag in an array, before </array> (<s: string)",
            fileName: "Info.plist", source: .text(arrayLast), above: "\t</array>", indent: "\t\t",
            typed: "<s", pick: "string", intended: ["<string></string>"]),
        TypedCompletionCase(
            name: "a key in an #if branch",
            fileName: "Info.plist", source: .text(preprocessed), above: "#else", indent: "\t",
            typed: "<key>NSCameraUsa", pick: "NSCameraUsageDescription",
            intended: ["<key>NSCameraUsageDescription</key>"],
            multiLine: ["<key>NSCameraUsageDescription</key>", "\t<string></string>"]),
    ]

    /// Every editor this machine can run: each Neovim, Emacs with eglot, Emacs with lsp-mode.
    static let editors: [TypedEditor] = {
        var editors = EditorTools.neovims
        if EditorTools.emacs != nil && EditorTools.emacsHasEglot { editors.append(.emacs(.eglot)) }
        if EditorTools.emacs != nil && EditorTools.emacsHasLspMode { editors.append(.emacs(.lspMode)) }
        return EditorTools.tmux == nil ? [] : editors
    }()

    static let skipReason: Comment =
        "no editor in a terminal here (apt-get install tmux neovim emacs-nox elpa-eglot elpa-lsp-mode); skipped here, a failure when CI=true"

    @Test(
        "CI types in Emacs with eglot and with lsp-mode, and in Neovim 0.7 and 0.11",
        .enabled(if: SharedData.isCI, "only CI must have every editor"))
    func everyEditorIsThere() {
        let names = Self.editors.map(\.description)
        for wanted in ["Emacs + eglot", "Emacs + lsp-mode", "Neovim 0.7"] {
            #expect(names.contains { $0.hasPrefix(wanted) }, "\(wanted) is missing from \(names): .ci/run installs it")
        }
        #expect(names.contains { $0.hasPrefix("Neovim 0.1") }, "Neovim 0.11 is missing from \(names): .ci/run installs it")
    }

    static let fixtureCases = cases.filter { if case .text = $0.source { return true } else { return false } }
    static let corpusCases = cases.filter { if case .corpus = $0.source { return true } else { return false } }

    @Test(
        "typed completion in a real file leaves exactly the intended file",
        .enabled(if: !editors.isEmpty, skipReason), .enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote),
        arguments: editors, corpusCases)
    func typedCompletionInRealFiles(_ editor: TypedEditor, _ test: TypedCompletionCase) async throws {
        try await typedCompletion(editor, test)
    }

    @Test(
        "typed completion of values, reason codes and #if branches leaves exactly the intended file",
        .enabled(if: !editors.isEmpty, skipReason), arguments: editors, fixtureCases)
    func typedCompletionInFixtures(_ editor: TypedEditor, _ test: TypedCompletionCase) async throws {
        try await typedCompletion(editor, test)
    }

    func typedCompletion(_ editor: TypedEditor, _ test: TypedCompletionCase) async throws {
        guard let original = try test.text() else {
            Issue.record("\(test.source) is missing from ../shared/corpus/files")
            return
        }
        guard let line = test.targetLine(in: original),
            let expected = test.expected(in: original, multiLineClient: editor.appliesMultiLineEdits)
        else {
            Issue.record("the case's line \(test.above.debugDescription) is not in the file")
            return
        }
        // An early return leaves the tmux server to `deinit`, which kills it.
        let session = try await TerminalEditor(editor, original, name: test.fileName, files: test.files.mapValues { Array($0.utf8) })
        var log = ""
        // Go to the line, open a new one above it, indent it with literal tabs, type.
        switch editor {
        case .neovim:
            try await session.type("\(line)G")
            try await session.type("O")
            // The indentation Neovim gave the line; with none, C-u would join it to the line above.
            if !test.indent.isEmpty || test.above.first == "\t" || test.above.first == " " { try await session.type("C-u") }
            for _ in test.indent { try await session.type("C-v", "Tab", pause: 0.1) }
        case .emacs:
            try await session.type("M-g", "g")
            try await session.typeText("\(line)")
            try await session.type("Enter")
            try await session.type("C-a", "C-o")
            for _ in test.indent { try await session.type("C-q", "Tab", pause: 0.1) }
        }
        try await session.typeText(test.typed)
        for _ in 0..<test.left { try await session.type("Left", pause: 0.05) }
        try await Task.sleep(nanoseconds: 300_000_000)

        switch editor {
        case .neovim:
            try await session.type("C-x", "C-o", pause: 0.5)
            // The popup is open once it shows the wanted item; then <C-n> until the line holds it, <C-y>.
            let shown = try await session.waitForScreen { $0.contains(test.pick) }
            log += "popup:\n\(session.screen())\n"
            for label in test.absent where session.screen().contains(label) {
                Issue.record(
                    "\(editor): the popup lists \(label), which does not match \(test.typed.debugDescription)\n\(session.screen())")
            }
            if shown {
                var found = false
                for _ in 0..<60 {
                    try await session.type("C-n", pause: 0.15)
                    if session.cursorLine().contains(test.pick) { found = true; break }
                }
                if !found { Issue.record("\(editor): \(test.pick) never came up with <C-n>\n\(session.screen())") }
                try await session.type("C-y", pause: 0.5)
            }
        case .emacs:
            try await session.type("C-M-i", pause: 0.5)
            // Either a list (*Completions*) or the item completed in place.
            let intendedLine = (editor.appliesMultiLineEdits ? test.multiLine ?? test.intended : test.intended)[0]
            _ = try await session.waitForScreen { $0.contains("Possible completions are:") || $0.contains(intendedLine) }
            let screen = session.screen()
            log += "after C-M-i:\n\(screen)\n"
            if screen.contains("Possible completions are:") {
                let listed = Self.completions(on: screen)
                for label in test.absent where listed.contains(label) {
                    Issue.record("\(editor): *Completions* lists \(label), which does not match \(test.typed.debugDescription)")
                }
                guard let index = listed.firstIndex(of: test.pick) else {
                    Issue.record("\(editor): \(test.pick) is not in *Completions* \(listed)\n\(screen)")
                    return
                }
                try await session.type("C-x", "o")
                for _ in 0...index { try await session.type("Tab", pause: 0.1) }
                try await session.type("Enter", pause: 0.8)
                _ = try await session.waitForScreen(5) { $0.contains(intendedLine) }
            }
        }
        let saved = try await session.save()
        let text = String(decoding: saved, as: UTF8.self)
        #expect(
            text == expected,
            "\(editor), \(test.name): the saved file differs:\n\(Self.difference(expected, text))\n\(log)\nscreen at the end:\n\(session.screen())"
        )
        await session.quit()
    }

    /// The candidates *Completions* lists, in the order `TAB` visits them (row by row; columns are
    /// two or more spaces apart, and a candidate's annotation follows it after one space).
    static func completions(on screen: String) -> [String] {
        guard let start = screen.range(of: "Possible completions are:") else { return [] }
        var names: [String] = []
        for line in screen[start.upperBound...].split(separator: "\n").dropFirst(0) {
            if line.hasPrefix("-") && line.contains("*Completions*") { break }  // its mode line
            for cell in line.components(separatedBy: "  ") where !cell.trimmingCharacters(in: .whitespaces).isEmpty {
                if let first = cell.trimmingCharacters(in: .whitespaces).split(separator: " ").first { names.append(String(first)) }
            }
        }
        return names
    }

    /// The lines that differ, for the failure message.
    static func difference(_ expected: String, _ actual: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false),
            b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for i in 0..<max(a.count, b.count) where (i < a.count ? a[i] : nil) != (i < b.count ? b[i] : nil) {
            out.append(
                "line \(i + 1): expected \((i < a.count ? String(a[i]) : "<none>").debugDescription), saved \((i < b.count ? String(b[i]) : "<none>").debugDescription)"
            )
            if out.count >= 6 { break }
        }
        return out.joined(separator: "\n")
    }
}
