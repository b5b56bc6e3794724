// Tag editing as a person does it, in every supported terminal editor (issue #42): type a start
// tag and its value (the close tag appears as `>` is typed: onTypeFormatting in Emacs, the
// plist_lsp `>` mapping in Neovim), type a close tag over the added one, complete `</` to the open
// element's close tag, rename an element in both tags, jump to the matching tag — then save and
// compare the file byte for byte. Inside `#if` branches and in a half-typed file too.
import Foundation
import Testing
import PlistTestSupport

/// One typed tag edit: the file, the line to work on, what to do there, and the intended file.
struct TypedTagCase: Sendable, CustomTestStringConvertible {
    enum Action: Sendable {
        /// On a new line above `line`, indented by `indent`: type `first`, wait as a person does, type `then`.
        case typeNewLine(indent: String, first: String, then: String)
        /// At the end of `line`: type `typed`, complete, take `pick`.
        case completeAtEnd(typed: String, pick: String)
        /// On the element name of `line`'s first tag: rename it to `name` (`:PlistRenameTag`, `C-c C-r`).
        case rename(String)
        /// On the element name of `line`'s first tag: jump to the matching tag, type `marker` there.
        case jump(marker: String)
    }
    var name: String
    var text: String
    /// The last line that is exactly this.
    var line: String
    var action: Action
    var expected: String
    var testDescription: String { name }

    func lineNumber() -> Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.lastIndex { $0 == line }.map { $0 + 1 }
    }
}

@Suite(
    "Editors: tags typed as a person types, in every editor", .tags(.realEditor), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
    .serialized)
struct EditorTypedTagTests {
    static let plain = PlistText.dictionary(
        """
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.receipts</string>
        \t<key>UIBackgroundModes</key>
        \t<array>
        \t\t<string>audio</string>
        \t</array>
        """, doctype: true)

    static let preprocessed = PlistText.dictionary(
        """
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.receipts</string>
        \t<key>CFBundleDisplayName</key>
        #if DEBUG
        \t<string>Receipts β</string>
        #else
        #endif
        """, doctype: true)

    /// Half-typed: the last value was never closed.
    static let halfTyped = PlistText.dictionary(
        """
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.receipts</string>
        \t<key>CFBundleDisplayName</key>
        \t<string>Receipts
        """, doctype: true)

    static func replacing(_ text: String, _ old: String, _ new: String) -> String {
        text.replacingOccurrences(of: old, with: new)
    }

    static let cases: [TypedTagCase] = [
        TypedTagCase(
            name: "a key's close tag appears as its > is typed", text: plain, line: "</dict>",
            action: .typeNewLine(indent: "\t", first: "<key>", then: "CFBundleName"),
            expected: replacing(plain, "\t</array>\n</dict>", "\t</array>\n\t<key>CFBundleName</key>\n</dict>")),
        TypedTagCase(
            name: "typing the close tag anyway leaves one", text: plain, line: "</dict>",
            action: .typeNewLine(indent: "\t", first: "<key>", then: "CFBundleName</key>"),
            expected: replacing(plain, "\t</array>\n</dict>", "\t</array>\n\t<key>CFBundleName</key>\n</dict>")),
        TypedTagCase(
            name: "a value's close tag in an #else branch", text: preprocessed, line: "#endif",
            action: .typeNewLine(indent: "\t", first: "<string>", then: "Receipts"),
            expected: replacing(preprocessed, "#else\n#endif", "#else\n\t<string>Receipts</string>\n#endif")),
        TypedTagCase(
            name: "an array's close tag after a dictionary's", text: plain, line: "</dict>",
            action: .typeNewLine(indent: "\t", first: "<array>", then: ""),
            expected: replacing(plain, "\t</array>\n</dict>", "\t</array>\n\t<array></array>\n</dict>")),
        TypedTagCase(
            name: "</ completes the unclosed value's close tag", text: halfTyped, line: "\t<string>Receipts",
            action: .completeAtEnd(typed: "</", pick: "</string>"),
            expected: replacing(halfTyped, "\t<string>Receipts\n", "\t<string>Receipts</string>\n")),
        TypedTagCase(
            name: "renaming an element renames both tags", text: plain, line: "\t\t<string>audio</string>",
            action: .rename("integer"),
            expected: replacing(plain, "\t\t<string>audio</string>", "\t\t<integer>audio</integer>")),
        TypedTagCase(
            name: "the jump goes to the matching end tag", text: plain, line: "\t<array>",
            action: .jump(marker: "Z"),
            expected: replacing(plain, "\t</array>", "\t</Zarray>")),
    ]

    static let editors = EditorTypedCompletionTests.editors

    @Test(
        "typed tags leave exactly the intended file", .enabled(if: !editors.isEmpty, EditorTypedCompletionTests.skipReason),
        arguments: editors, cases)
    func typedTags(_ editor: TypedEditor, _ test: TypedTagCase) async throws {
        guard let line = test.lineNumber() else {
            Issue.record("the case's line \(test.line.debugDescription) is not in the file")
            return
        }
        let session = try await TerminalEditor(editor, test.text, name: "Info.plist")
        switch test.action {
        case .typeNewLine(let indent, let first, let then):
            switch editor {
            case .neovim:
                try await session.type("\(line)G")
                try await session.type("O")
                try await session.type("C-u")
                for _ in indent { try await session.type("C-v", "Tab", pause: 0.1) }
            case .emacs:
                try await session.type("M-g", "g")
                try await session.typeText("\(line)")
                try await session.type("Enter")
                try await session.type("C-a", "C-o")
                for _ in indent { try await session.type("C-q", "Tab", pause: 0.1) }
            }
            // A person's pause after the `>`: lsp-mode applies the close tag only if the buffer has
            // not changed meanwhile.
            try await session.typeText(first, pause: 0.8)
            if !then.isEmpty { try await session.typeText(then, pause: 0.8) }
        case .completeAtEnd(let typed, let pick):
            switch editor {
            case .neovim:
                try await session.type("\(line)G")
                try await session.type("A")
                try await session.typeText(typed)
                try await session.type("C-x", "C-o", pause: 0.5)
                _ = try await session.waitForScreen { $0.contains(pick) }
                var found = false
                for _ in 0..<10 {
                    try await session.type("C-n", pause: 0.15)
                    if session.cursorLine().contains(pick) { found = true; break }
                }
                if !found { Issue.record("\(editor): \(pick) never came up with <C-n>\n\(session.screen())") }
                try await session.type("C-y", pause: 0.5)
            case .emacs:
                try await session.type("M-g", "g")
                try await session.typeText("\(line)")
                try await session.type("Enter")
                try await session.type("C-e")
                try await session.typeText(typed)
                try await session.type("C-M-i", pause: 0.8)
                if session.screen().contains("Possible completions are:") {
                    let listed = EditorTypedCompletionTests.completions(on: session.screen())
                    guard let index = listed.firstIndex(of: pick) else {
                        Issue.record("\(editor): \(pick) is not in *Completions* \(listed)\n\(session.screen())")
                        await session.quit()
                        return
                    }
                    try await session.type("C-x", "o")
                    for _ in 0...index { try await session.type("Tab", pause: 0.1) }
                    try await session.type("Enter", pause: 0.8)
                }
            }
        case .rename(let name):
            switch editor {
            case .neovim:
                try await session.type("\(line)G")
                try await session.type("^", "l")
                try await session.type(":PlistRenameTag \(name)", "Enter", pause: 0.8)
            case .emacs:
                try await session.type("M-g", "g")
                try await session.typeText("\(line)")
                try await session.type("Enter")
                try await session.type("M-m", "C-f")
                try await session.type("C-c", "C-r", pause: 0.5)
                try await session.typeText(name)
                try await session.type("Enter", pause: 0.8)
            }
        case .jump(let marker):
            switch editor {
            case .neovim:
                try await session.type("\(line)G")
                try await session.type("^", "l")
                try await session.type("%", pause: 0.8)
                try await session.type("i")
                try await session.typeText(marker)
            case .emacs:
                try await session.type("M-g", "g")
                try await session.typeText("\(line)")
                try await session.type("Enter")
                try await session.type("M-m", "C-f")
                try await session.type("C-c", "%", pause: 0.8)
                try await session.typeText(marker)
            }
        }
        let saved = try await session.save()
        let text = String(decoding: saved, as: UTF8.self)
        #expect(
            text == test.expected,
            "\(editor), \(test.name): the saved file differs:\n\(EditorTypedCompletionTests.difference(test.expected, text))\nscreen at the end:\n\(session.screen())"
        )
        await session.quit()
    }
}
