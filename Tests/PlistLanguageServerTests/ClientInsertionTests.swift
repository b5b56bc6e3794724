// Completion answers as each supported client inserts them. A half-typed key or value is made from
// a real file (`<key>NSCa|`, `<key>NSCa|</key>`, `<key>NSCa|mera</key>`, Xcode's `<key>Privacy - Ca|`,
// `<string>Da|`), the server is asked at the cursor through the protocol, the item naming what was
// there is chosen, and each client's insertion algorithm — modelled from its source, see
// docs/editors.md — is run on the text. The result must be the original file, byte for byte.
// Issue #28: eglot 1.9 applied a correct answer somewhere else (its exit function counts back from
// point, and `flex` left point inside the field), and Neovim 0.11's omnifunc dropped `</key>`.
import Foundation
import LanguageServerProtocol
import Testing
import PlistTestSupport
import PlistSupport

/// A client's way of putting a chosen completion item into the text.
enum InsertionModel: String, CaseIterable, Sendable {
    /// VS Code, lsp-mode 8, nvim-cmp, Helix: the item's `textEdit` replaces its range.
    case appliesEdit
    /// eglot 1.9 with editors/emacs/plist-lsp.el: the UI puts the label in place of the symbol at
    /// point (point after it, or, when a style merged candidates, inside it), then plist-lsp.el
    /// restores the symbol and eglot's exit function applies the edit.
    case eglotWithPlistLsp
    /// Neovim 0.7 – 0.11 with editors/neovim's omnifunc (lua/plist_lsp/complete.lua).
    case neovimOmnifunc

    /// What the client announces (the parts the server reads).
    var capabilities: ClientCapabilities {
        let item: TextDocumentClientCapabilities.Completion.CompletionItem
        switch self {
        case .appliesEdit:
            item = .init(
                snippetSupport: true, documentationFormat: [.markdown], insertReplaceSupport: true,
                labelDetailsSupport: true, insertTextModeSupport: ValueSet(valueSet: [1, 2]))
        case .eglotWithPlistLsp:
            item = .init(snippetSupport: false, documentationFormat: [.markdown])
        case .neovimOmnifunc:
            // 0.11 declares snippets, 0.7 does not: the omnifunc takes both (snippets made plain).
            item = .init(snippetSupport: true, documentationFormat: [.markdown, .plaintext])
        }
        return ClientCapabilities(textDocument: TextDocumentClientCapabilities(completion: .init(completionItem: item)))
    }
}

/// One half-typed place and what the file was before it was made.
struct InsertionScenario: Sendable {
    var name: String
    var original: String
    /// The text with the half-typed key or value.
    var text: String
    /// The cursor, a UTF-8 offset into `text`.
    var cursor: Int
    /// The label to choose.
    var pick: String
}

@Suite(.tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote)) struct ClientInsertionTests {
    // MARK: The clients' algorithms

    /// Emacs positions count characters: the text as Unicode scalars.
    typealias Buffer = [Unicode.Scalar]

    /// `(bounds-of-thing-at-point 'symbol)` in plist-mode: word and symbol constituents are letters,
    /// digits and `$%'*+-._|` (plist-lsp.el's syntax table over the standard one).
    static func isSymbolConstituent(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return "$%'*+-._|".unicodeScalars.contains(c) || CharacterSet.alphanumerics.contains(c) }
        return c.properties.isAlphabetic || c.properties.numericType != nil
    }

    static func symbolBounds(_ buffer: Buffer, _ point: Int) -> Range<Int>? {
        var lo = point, hi = point
        while lo > 0 && isSymbolConstituent(buffer[lo - 1]) { lo -= 1 }
        while hi < buffer.count && isSymbolConstituent(buffer[hi]) { hi += 1 }
        return lo < hi ? lo..<hi : nil
    }

    /// eglot's `eglot--lsp-position-to-point`: a line, then UTF-16 code units along it.
    static func point(of position: Position, in buffer: Buffer) -> Int {
        var i = 0, line = 0
        while line < position.line && i < buffer.count { if buffer[i] == "\n" { line += 1 }; i += 1 }
        var units = 0
        while i < buffer.count && buffer[i] != "\n" && units < position.character { units += buffer[i].utf16.count; i += 1 }
        return i
    }

    /// eglot 1.9's completion with plist-lsp.el, the user choosing `item`; `mergedPoint` is where a
    /// completion style left point inside the label (nil: after it, as choosing from a list does).
    static func eglot(_ text: String, cursor: Int, item: CompletionItem, mergedPoint: Int?, withPlistLsp: Bool = true) -> String? {
        guard case .textEdit(let edit) = item.textEdit else { return nil }
        var buffer = Buffer(text.unicodeScalars)
        let p = String(decoding: Array(text.utf8.prefix(cursor)), as: UTF8.self).unicodeScalars.count
        let bounds = symbolBounds(buffer, p)
        let (beg, end) = (bounds?.lowerBound ?? p, bounds?.upperBound ?? p)
        let original = Array(buffer[beg..<end])
        let proxy = Buffer(item.label.unicodeScalars)  // eglot's proxy: the label (no insertText)
        // The completion UI: the field becomes the label.
        buffer.replaceSubrange(beg..<end, with: proxy)
        var point = beg + (mergedPoint.map { min($0, proxy.count) } ?? proxy.count)
        var proxyLength = proxy.count
        if withPlistLsp {
            // plist-lsp.el: the field back to what it was, point after it; a proxy as long as it.
            buffer.replaceSubrange(beg..<(beg + proxy.count), with: original)
            point = beg + original.count
            if original.isEmpty {
                buffer.insert(contentsOf: proxy, at: point)
                point += proxy.count
            } else {
                proxyLength = original.count
            }
        }
        // eglot 1.9's exit function: (delete-region (+ (- (point) (length proxy)) symbol-length) (point)).
        let a = point - proxyLength + original.count
        let range = min(a, point)..<max(a, point)
        guard range.lowerBound >= 0, range.upperBound <= buffer.count else { return nil }
        buffer.removeSubrange(range)
        // Then the edit, its range read in the buffer as it is now.
        let lo = Self.point(of: edit.range.start, in: buffer), hi = Self.point(of: edit.range.end, in: buffer)
        buffer.replaceSubrange(lo..<max(lo, hi), with: edit.newText.unicodeScalars)
        var out = String.UnicodeScalarView()
        out.append(contentsOf: buffer)
        return String(out)
    }

    /// lua/plist_lsp/complete.lua with Vim's completion: every item of `items` is a proposal; the
    /// chosen one is inserted as a one-line word from the common start, and CompleteDone applies
    /// the rest. Columns are UTF-8 bytes.
    static func neovim(_ text: String, cursor: Int, items: [CompletionItem], chosen: CompletionItem) -> String? {
        let bytes = Array(text.utf8)
        var lineStart = cursor
        while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var lineEnd = cursor
        while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
        let line = Array(bytes[lineStart..<lineEnd])
        let row = bytes[..<lineStart].filter { $0 == 0x0A }.count
        let col = cursor - lineStart
        func byteCol(_ character: Int) -> Int {
            var units = 0, i = 0
            let s = String(decoding: line, as: UTF8.self)
            for scalar in s.unicodeScalars {
                if units >= character { break }
                units += scalar.utf16.count
                i += scalar.utf8.count
            }
            return min(i, line.count)
        }
        struct Proposal { var item: CompletionItem; var start: Int; var finish: Int; var text: [UInt8] }
        var proposals: [Proposal] = []
        for item in items {
            var start = col, finish = col
            var t = item.insertText ?? item.label
            if let textEdit = item.textEdit {
                guard case .textEdit(let edit) = textEdit else { continue }
                t = edit.newText
                guard edit.range.start.line == row && edit.range.end.line == row else { continue }
                start = min(byteCol(edit.range.start.character), col)
                finish = max(byteCol(edit.range.end.character), col)
            }
            if item.insertTextFormat == .snippet { t = plainSnippet(t) }
            if !t.isEmpty { proposals.append(Proposal(item: item, start: start, finish: finish, text: Array(t.utf8))) }
        }
        guard let p = proposals.first(where: { $0.item == chosen }) else { return nil }
        let start = proposals.map(\.start).min() ?? col
        let full = Array(line[start..<p.start]) + p.text
        let word = Array(full.prefix { $0 != 0x0A && $0 != 0x0D })
        // Vim replaces the text from the start column to the cursor with the word.
        var current = Array(line[..<start]) + word + Array(line[col...])
        let after = Array(line[col..<min(p.finish, line.count)])
        if !(full == word && after.isEmpty) {
            let wordEnd = start + word.count
            guard Array(current[start..<wordEnd]) == word, wordEnd + after.count <= current.count,
                Array(current[wordEnd..<(wordEnd + after.count)]) == after
            else { return nil }
            let normalized = String(decoding: full, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(
                of: "\r", with: "\n")
            current.replaceSubrange(start..<(wordEnd + after.count), with: Array(normalized.utf8))
        }
        return String(decoding: Array(bytes[..<lineStart]) + current + Array(bytes[lineEnd...]), as: UTF8.self)
    }

    /// complete.lua's `plain_snippet` fallback: `${1|a,b|}` → a, `${1:x}` → x, `$1` → nothing, `\$` → `$`.
    static func plainSnippet(_ s: String) -> String {
        var t = s
        for (pattern, template) in [(#"\$\{\d+\|([^,|]*)[^}]*\}"#, "$1"), (#"\$\{\d+:([^}]*)\}"#, "$1"), (#"\$\d+"#, "")] {
            t = t.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
        }
        return t.replacingOccurrences(of: #"\\([$}\\])"#, with: "$1", options: .regularExpression)
    }

    /// The edit applied as it stands (snippet syntax made plain).
    static func appliesEdit(_ text: String, item: CompletionItem) -> String? {
        guard case .textEdit(var edit) = item.textEdit else { return nil }
        if item.insertTextFormat == .snippet { edit.newText = plainSnippet(edit.newText) }
        return applying(edit, to: text)
    }

    // MARK: Scenarios

    /// The half-typed places made from `text`: up to `limit` keys and values, chosen by `random`.
    static func scenarios(_ name: String, _ text: String, limit: Int, random: inout SplitMix64) -> [InsertionScenario] {
        let bytes = Array(text.utf8)
        var out: [InsertionScenario] = []
        func find(_ open: String, _ close: String) -> [(Range<Int>, String)] {
            var found: [(Range<Int>, String)] = []
            let o = Array(open.utf8), c = Array(close.utf8)
            var i = 0
            while i + o.count < bytes.count {
                guard bytes[i] == 0x3C, Array(bytes[i..<(i + o.count)]) == o else { i += 1; continue }
                var j = i + o.count
                while j < bytes.count && bytes[j] != 0x3C && bytes[j] != 0x0A { j += 1 }
                let content = Array(bytes[(i + o.count)..<j])
                if j + c.count <= bytes.count, Array(bytes[j..<(j + c.count)]) == c, content.count >= 2,
                    content.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != 0x26 })
                {
                    found.append(((i + o.count)..<j, String(decoding: content, as: UTF8.self)))
                }
                i = j
            }
            return found
        }
        func make(_ kind: String, _ content: Range<Int>, _ replacement: [UInt8], end: Int, cursorIn: Int, pick: String) {
            var t = bytes
            t.replaceSubrange(content.lowerBound..<end, with: replacement)
            out.append(
                InsertionScenario(
                    name: "\(name): \(kind) \(pick)", original: text,
                    text: String(decoding: t, as: UTF8.self), cursor: content.lowerBound + cursorIn, pick: pick))
        }
        var keys = find("<key>", "</key>")
        var values = find("<string>", "</string>")
        keys.shuffle(using: &random)
        values.shuffle(using: &random)
        for (range, key) in keys.prefix(limit) {
            let n = 1 + Int(random.next() % UInt64(key.utf8.count - 1))
            let typed = Array(key.utf8.prefix(n))
            make("unclosed", range, typed, end: range.upperBound + 6, cursorIn: n, pick: key)  // `<key>NSCa|` (no `</key>`)
            make("closed", range, typed, end: range.upperBound, cursorIn: n, pick: key)  // `<key>NSCa|</key>`
            make("inside", range, Array(key.utf8), end: range.upperBound, cursorIn: n, pick: key)  // `<key>NSCa|mera</key>`
        }
        for (range, value) in values.prefix(limit) {
            let n = 1 + Int(random.next() % UInt64(value.utf8.count - 1))
            let typed = Array(value.utf8.prefix(n))
            make("unclosed value", range, typed, end: range.upperBound + 9, cursorIn: n, pick: value)
            make("closed value", range, typed, end: range.upperBound, cursorIn: n, pick: value)
        }
        return out
    }

    /// The position of a UTF-8 offset.
    static func position(_ text: String, _ offset: Int) -> Position {
        lspPosition(of: text.utf8.index(text.startIndex, offsetBy: offset), in: text)
    }

    /// What a run found: answers checked per client, and failures.
    struct Outcome: Sendable {
        var checked: [String: Int] = [:]
        var failures: [String] = []
        var answers = 0
    }

    /// Asks the server at every scenario for every client and runs each client's insertion.
    static func run(_ scenarios: [InsertionScenario], displayNames: Bool = true) async throws -> Outcome {
        var outcome = Outcome()
        for model in InsertionModel.allCases {
            let client = try TestClient()
            try await client.initialize(model.capabilities)
            var version = 1
            var opened = Set<String>()
            func ask(_ s: InsertionScenario, uri: DocumentURI) async throws -> [CompletionItem] {
                if opened.insert(uri).inserted {
                    try client.open(uri, s.text, version: version)
                } else {
                    try client.change(uri, version: version, [TextDocumentContentChangeEvent(text: s.text)])
                }
                version += 1
                let list = try await client.request(CompletionRequest(textDocument: .init(uri: uri), position: position(s.text, s.cursor)))
                outcome.answers += 1
                return list?.items ?? []
            }
            var all = scenarios
            if displayNames {
                // Xcode's names: `<key>Privacy - Cam|` for every key the server names so.
                for s in scenarios where s.name.contains(": closed ") && !s.name.contains("value") {
                    let items = try await ask(s, uri: uri(for: s))
                    let item = items.first { $0.label == s.pick }
                    let fromDetail = item?.detail.flatMap { $0.contains(" · ") ? $0.components(separatedBy: " · ").first : nil }
                    guard let x = item?.labelDetails?.description ?? fromDetail, x != s.pick else { continue }
                    let keyText = Array(s.text.utf8)
                    var start = s.cursor
                    while start > 0 && keyText[start - 1] != 0x3E { start -= 1 }
                    let typed = String(x.prefix(max(10, x.count * 2 / 3)))
                    var t = keyText
                    t.replaceSubrange(start..<s.cursor, with: Array(typed.utf8))
                    all.append(
                        InsertionScenario(
                            name: s.name.replacingOccurrences(of: ": closed ", with: ": Xcode name ") + " (\(typed))",
                            original: s.original, text: String(decoding: t, as: UTF8.self),
                            cursor: start + typed.utf8.count, pick: s.pick))
                }
            }
            for s in all {
                let items = try await ask(s, uri: uri(for: s))
                guard let chosen = items.first(where: { $0.label == s.pick }) else { continue }
                var results: [(String, String?)] = []
                switch model {
                case .appliesEdit:
                    results.append(("edit", appliesEdit(s.text, item: chosen)))
                case .eglotWithPlistLsp:
                    results.append(("chosen from *Completions*", eglot(s.text, cursor: s.cursor, item: chosen, mergedPoint: nil)))
                    for merged in [0, 2, chosen.label.unicodeScalars.count / 2] {
                        results.append(("merged, point at \(merged)", eglot(s.text, cursor: s.cursor, item: chosen, mergedPoint: merged)))
                    }
                case .neovimOmnifunc:
                    results.append(("<C-y>", neovim(s.text, cursor: s.cursor, items: items, chosen: chosen)))
                }
                outcome.checked[model.rawValue, default: 0] += 1
                for (how, result) in results where result != s.original {
                    if outcome.failures.count < 12 {
                        outcome.failures.append("\(model) \(how) — \(s.name):\n\(difference(s.original, result ?? "<not applicable>"))")
                    } else if outcome.failures.count == 12 {
                        outcome.failures.append("…")
                    }
                }
            }
            client.closeInput()
        }
        return outcome
    }

    static func uri(for s: InsertionScenario) -> DocumentURI {
        let file = s.name.split(separator: ":").first.map(String.init) ?? "Info.plist"
        return "file:///App/"
            + (file.hasSuffix(".entitlements") || file.hasSuffix(".xcprivacy") || file.hasSuffix(".plist") ? file : "Info.plist")
    }

    static func difference(_ expected: String, _ actual: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false),
            b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(a.count, b.count) where (i < a.count ? a[i] : nil) != (i < b.count ? b[i] : nil) {
            return
                "  line \(i + 1): intended \((i < a.count ? String(a[i]) : "<none>").debugDescription), got \((i < b.count ? String(b[i]) : "<none>").debugDescription)"
        }
        return "  (same lines, different bytes)"
    }

    // MARK: Tests

    static let fixtures: [(String, String)] = [
        (
            "Info.plist",
            PlistText.dictionary(
                """
                \t<key>CFBundleIdentifier</key>
                \t<string>com.example.receipts</string>
                \t<key>NSCameraUsageDescription</key>
                \t<string>Photographs receipts.</string>
                \t<key>UIUserInterfaceStyle</key>
                \t<string>Dark</string>
                \t<key>NSLocationWhenInUseUsageDescription</key>
                \t<string>Finds stores near you — 😀.</string>
                \t<key>UIBackgroundModes</key>
                \t<array>
                \t\t<string>fetch</string>
                \t\t<string>remote-notification</string>
                \t</array>
                """, doctype: true)
        ),
        (
            "App.entitlements",
            PlistText.dictionary(
                """
                \t<key>com.apple.developer.associated-domains</key>
                \t<array>
                \t\t<string>applinks:example.com</string>
                \t</array>
                \t<key>com.apple.security.app-sandbox</key>
                \t<true/>
                \t<key>aps-environment</key>
                \t<string>development</string>
                """, doctype: true)
        ),
        ("PrivacyInfo.xcprivacy", PlistText.privacyManifest),
        (
            "Info.plist",
            PlistText.dictionary(
                """
                \t<key>CFBundleIdentifier</key>
                \t<string>com.example.receipts</string>
                #if DEBUG
                \t<key>NSCameraUsageDescription</key>
                \t<string>Debug camera.</string>
                #else
                \t<key>NSCameraUsageDescription</key>
                \t<string>Photographs receipts.</string>
                #endif
                """, doctype: true)
        ),
    ]

    @Test("every client inserts the intended text at every half-typed key and value of the fixtures")
    func fixturesInsertExactly() async throws {
        var random = SplitMix64(seed: 28)
        let scenarios = Self.fixtures.flatMap { Self.scenarios($0.0, $0.1, limit: 100, random: &random) }
        let outcome = try await withTimeout("client insertion over the fixtures", seconds: 900) { try await Self.run(scenarios) }
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n"))")
        for model in InsertionModel.allCases { #expect(outcome.checked[model.rawValue, default: 0] >= 40, "\(model): \(outcome.checked)") }
    }

    @Test(
        "every client inserts the intended text at half-typed keys and values across the real corpus",
        .enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func corpusInsertsExactly() async throws {
        let files = try SharedData.requireCorpus().filter { $0.isValid && $0.kind != "other" }
        var random = SplitMix64(seed: 2028)
        var scenarios: [InsertionScenario] = []
        for file in files {
            guard let text = String(validating: file.bytes, as: UTF8.self), !text.hasPrefix("\u{FEFF}") else { continue }
            let name = file.name.split(separator: "__").last.map(String.init) ?? file.name
            scenarios += Self.scenarios(name, text, limit: 2, random: &random)
        }
        let all = scenarios
        let outcome = try await withTimeout("client insertion over the corpus", seconds: 1_800) { try await Self.run(all) }
        print("ClientInsertionTests: \(outcome.answers) completion answers, items checked per client: \(outcome.checked)")
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n"))")
        for model in InsertionModel.allCases { #expect(outcome.checked[model.rawValue, default: 0] >= 800, "\(model): \(outcome.checked)") }
    }

    @Test("the eglot model catches the bug plist-lsp.el fixes: without it, a merge that leaves point inside the label damages the file")
    func eglotWithoutPlistLspDamagesTheFile() async throws {
        let original = PlistText.dictionary("\t<key>NSCameraUsageDescription</key>\n\t<string>x</string>\n\t<false/>", doctype: true)
        let text = original.replacingOccurrences(of: "NSCameraUsageDescription</key>", with: "NSCameraUsa")
        let cursor = text.utf8.distance(from: text.startIndex, to: try #require(text.range(of: "NSCameraUsa")).upperBound)
        let client = try TestClient()
        try await client.initialize(InsertionModel.eglotWithPlistLsp.capabilities)
        try client.open(featureURI, text)
        let list = try await client.request(CompletionRequest(textDocument: .init(uri: featureURI), position: Self.position(text, cursor)))
        let item = try #require(list?.items.first { $0.label == "NSCameraUsageDescription" })
        #expect(Self.eglot(text, cursor: cursor, item: item, mergedPoint: 2) == original)
        #expect(Self.eglot(text, cursor: cursor, item: item, mergedPoint: 2, withPlistLsp: false) != original)
        #expect(Self.eglot(text, cursor: cursor, item: item, mergedPoint: nil, withPlistLsp: false) == original)
        client.closeInput()
    }
}
