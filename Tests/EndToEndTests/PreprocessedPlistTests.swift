// Preprocessed Info.plists (`INFOPLIST_PREPROCESS = YES`: `#if`, `#else`, `#endif` lines) through
// the built binary: `plist-lsp check` (with and without `-D`, with `--fix`) and the language server
// (diagnostics, the `preprocessorDefinitions` setting, completion, hover, outline).
// See docs/preprocessed-plists.md.
import Foundation
import Testing
import PlistTestSupport

@Suite struct PreprocessedPlistTests {
    static let corpus = SharedData.corpusFilesDirectory
    static let owncloud = "owncloud__ios-app__ownCloud__Resources__Info.plist"
    static let misteu = "misteu__XCodePreprocessFun__PreprocessorFlagsTest__PreprocessorFlagsTest__Info.plist"

    static func corpusFile(_ name: String) throws -> [UInt8] {
        let data = try #require(
            FileManager.default.contents(atPath: corpus.appendingPathComponent(name).path), "corpus file \(name) missing")
        return [UInt8](data)
    }

    static func plist(_ body: String) -> String {
        PlistText.dictionary("\t<key>CFBundleName</key>\n\t<string>Demo</string>\n" + body)
    }

    /// The problems `check --format json` reports: (code, severity, line).
    static func problems(_ arguments: [String]) throws -> (status: Int32, problems: [(code: String, severity: String, line: Int)]) {
        let r = try Binary.run(["check", "--format", "json"] + arguments)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let files = object?["files"] as? [[String: Any]] ?? []
        let problems = files.flatMap { $0["problems"] as? [[String: Any]] ?? [] }.map {
            (code: $0["code"] as? String ?? "", severity: $0["severity"] as? String ?? "", line: $0["line"] as? Int ?? 0)
        }
        return (r.status, problems)
    }

    /// The lines from each `#if…` to its `#endif` (nesting included), in order: what a fix must never change.
    static func branchLines(_ text: String) -> [String] {
        var out: [String] = []
        var depth = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let t = line.drop { $0 == " " || $0 == "\t" }
            if t.hasPrefix("#if") { depth += 1 }
            if depth > 0 { out.append(String(line)) }
            if t.hasPrefix("#endif") { depth = max(0, depth - 1) }
        }
        return out
    }

    // MARK: check

    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func realPreprocessedFilesRaiseNoErrorAndNoWarning() throws {
        let dir = try TemporaryDirectory()
        for name in [Self.owncloud, Self.misteu] {
            let file = try dir.write("\(name.hasPrefix("owncloud") ? "o" : "m")/Info.plist", try Self.corpusFile(name))
            let (status, problems) = try Self.problems([file.path])
            #expect(status == 0, "\(name)")
            let loud = problems.filter { $0.severity == "error" || $0.severity == "warning" }
            #expect(loud.isEmpty, "\(name): \(loud)")
        }
    }

    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func definitionsChooseTheBranchesXcodeKeeps() throws {
        let dir = try TemporaryDirectory()
        let misteu = try dir.write("m/Info.plist", try Self.corpusFile(Self.misteu))
        // One definition: one display name, exactly as the author means.
        let beta = try Self.problems(["-D", "BETA", misteu.path])
        #expect(beta.status == 0)
        #expect(beta.problems.isEmpty, "\(beta.problems)")
        // Two definitions keep two values of one key: Xcode's plist has a value without a key.
        let both = try Self.problems(["-D", "ALPHA", "-DBETA=1", misteu.path])
        #expect(both.status == 1)
        #expect(both.problems.map(\.code) == ["plist-value-without-key"])
        #expect(both.problems.first?.line == 12)
        // `#if BETA` with BETA defined as 0 is false: no branch holds the display name's value.
        let zero = try Self.problems(["-D", "BETA=0", misteu.path])
        #expect(zero.status == 1)
        #expect(zero.problems.map(\.code) == ["plist-key-without-value"] && zero.problems.first?.line == 7, "\(zero.problems)")

        // owncloud: `#ifndef DISABLE_PLAIN_HTTP` holds NSAllowsArbitraryLoads; defining the name drops it.
        let owncloud = try dir.write("o/Info.plist", try Self.corpusFile(Self.owncloud))
        let all = try Self.problems([owncloud.path])
        #expect(all.problems.contains { $0.code == "ats-app-review" && $0.line == 81 })
        let noHTTP = try Self.problems(["-D", "DISABLE_PLAIN_HTTP", owncloud.path])
        #expect(noHTTP.status == 0)
        #expect(!noHTTP.problems.contains { $0.code == "ats-app-review" }, "\(noHTTP.problems)")
        #expect(try Binary.run(["check", "-D", "1BAD", owncloud.path]).status == 2)
    }

    @Test func typeChecksApplyInEachBranch() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write(
            "Info.plist",
            Self.plist(
                """
                \t<key>UIFileSharingEnabled</key>
                \t#ifdef LEGACY
                \t<string>YES</string>
                \t#else
                \t<true/>
                \t#endif

                """))
        let all = try Self.problems([file.path])
        #expect(all.problems.map(\.code) == ["info-wrong-type"], "\(all.problems)")
        #expect(all.problems.first?.line == 8)
        #expect(try Self.problems(["-D", "LEGACY", file.path]).problems.map(\.code) == ["info-wrong-type"])
        #expect(try Self.problems(["-D", "OTHER", file.path]).problems.isEmpty)
    }

    @Test func keysInExclusiveBranchesAreNotDuplicates() throws {
        let dir = try TemporaryDirectory()
        let text = Self.plist(
            """
            \t#if BETA && !defined(STORE)
            \t<key>CFBundleDisplayName</key>
            \t<string>Demo β</string>
            \t#elif STORE
            \t<key>CFBundleDisplayName</key>
            \t<string>Demo</string>
            \t#else
            \t<key>CFBundleDisplayName</key>
            \t<string>Demo dev</string>
            \t#endif
            \t#ifdef DEBUG
            \t<key>CFBundleName</key>
            \t<string>Demo debug</string>
            \t#endif

            """)
        let file = try dir.write("Info.plist", text)
        #expect(try Self.problems([file.path]).problems.isEmpty)
        // With DEBUG defined, CFBundleName really is there twice.
        let debug = try Self.problems(["-D", "DEBUG", file.path])
        #expect(debug.problems.map(\.code) == ["plist-duplicate-key", "plist-duplicate-key"])
        // …but removing the first one would lose the name of every other configuration: not fixed.
        let r = try Binary.run(["check", "--fix", "-D", "DEBUG", file.path])
        #expect(r.status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }

    @Test func unbalancedDirectivesAreReported() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write(
            "Info.plist", Self.plist("\t#ifdef DEBUG\n\t<key>UIFileSharingEnabled</key>\n\t<true/>\n\t#else\n\t#elif X\n"))
        let r = try Self.problems([file.path])
        #expect(r.problems.map(\.code) == ["plist-unbalanced-directive", "plist-unbalanced-directive"], "\(r.problems)")
        #expect(r.problems.map(\.line) == [6, 10])
        let stray = try dir.write("b/Info.plist", Self.plist("\t#endif\n"))
        #expect(try Self.problems([stray.path]).problems.map(\.code) == ["plist-unbalanced-directive"])
    }

    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func fixNeverCrossesMergesOrDeletesABranch() throws {
        let dir = try TemporaryDirectory()
        // The real files: whatever --fix does, every branch stays as it was.
        for name in [Self.owncloud, Self.misteu] {
            let original = String(decoding: try Self.corpusFile(name), as: UTF8.self)
            let file = try dir.write("\(name.hasPrefix("owncloud") ? "o" : "m")/Info.plist", original)
            _ = try Binary.run(["check", "--fix", file.path])
            let fixed = try String(contentsOf: file, encoding: .utf8)
            #expect(!Self.branchLines(original).isEmpty)
            #expect(Self.branchLines(fixed) == Self.branchLines(original), "\(name)")
        }
        // A duplicate key whose first occurrence has one value per branch: removing that entry
        // would delete `#if`/`#else`/`#endif` lines. The safe fixes around it still apply.
        let text = Self.plist(
            """
            \t<key>CFBundleDisplayName</key>
            \t#if BETA
            \t<string>Demo β</string>
            \t#else
            \t<string>Demo</string>
            \t#endif
            \t<key>CFBundleDisplayName</key>
            \t<string>Demo!</string>
            \t<key>NSHumanReadableCopyright</key>
            \t<string>Salt & Pepper</string>

            """)
        let file = try dir.write("c/Info.plist", text)
        let before = try Self.problems([file.path])
        #expect(before.problems.filter { $0.code == "plist-duplicate-key" }.count == 2)
        _ = try Binary.run(["check", "--fix", file.path])
        let fixed = try String(contentsOf: file, encoding: .utf8)
        #expect(Self.branchLines(fixed) == Self.branchLines(text))
        #expect(fixed.contains("<key>CFBundleDisplayName</key>\n\t#if BETA\n"))
        #expect(fixed != text, "the repair outside the branches is still applied")
        #expect(fixed.contains("<string>Salt &amp; Pepper</string>"))
    }

    // MARK: Language server

    static let uri = "file:///tmp/Pre/Info.plist"

    func position(_ line: Int, _ character: Int) -> [String: Any] { ["line": line, "character": character] }

    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func languageServerReadsEveryBranch() throws {
        let server = try LSPServerProcess([])
        let wire = server.wire!
        _ = try wire.initialize()
        let text = String(decoding: try Self.corpusFile(Self.misteu), as: UTF8.self)
        try wire.open(Self.uri, text)
        #expect(try wire.diagnostics(Self.uri, version: 1).isEmpty)
        let doc: [String: Any] = ["uri": Self.uri]

        // Outline: the display name once per branch, no value without a key.
        let symbols = try wire.response(to: wire.request("textDocument/documentSymbol", ["textDocument": doc]))
        let list = symbols["result"] as? [[String: Any]] ?? []
        let names = list.compactMap { $0["name"] as? String }
        #expect(
            Array(names.prefix(5)) == [
                "CFBundleDevelopmentRegion", "CFBundleDisplayName", "CFBundleDisplayName", "CFBundleDisplayName", "CFBundleExecutable",
            ])
        #expect(!names.contains("(no key)"))
        let lines = list.filter { $0["name"] as? String == "CFBundleDisplayName" }.compactMap {
            (($0["selectionRange"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int
        }
        #expect(lines == [6, 11, 14])

        // Hover and completion on the value of a key in an `#else` branch know the key.
        let edited = text.replacingOccurrences(
            of: "<key>UILaunchStoryboardName</key>\n\t<string>LaunchScreen</string>",
            with:
                "<key>UIStatusBarStyle</key>\n#if DARK\n\t<string>UIStatusBarStyleLightContent</string>\n#else\n\t<string>UIStatusBarStyleDarkContent</string>\n#endif"
        )
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        try wire.change(Self.uri, version: 2, range: [0, 0, lineCount, 0], edited)
        #expect(try wire.diagnostics(Self.uri, version: 2).isEmpty)
        let line = edited.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("DarkContent<") }!
        let hover = try wire.response(to: wire.request("textDocument/hover", ["textDocument": doc, "position": position(line, 22)]))
        let contents = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(contents?.contains("UIStatusBarStyleDarkContent") == true, "\(contents ?? "nil")")

        // The setting chooses a branch set: ALPHA and BETA both defined leave a value without a key.
        try wire.notify("workspace/didChangeConfiguration", ["settings": ["plist": ["preprocessorDefinitions": ["ALPHA", "BETA"]]]])
        let diagnostics = try wire.diagnostics(Self.uri, version: 2)
        #expect(diagnostics.compactMap { $0["code"] as? String } == ["plist-value-without-key"])
        #expect(diagnostics.first.map(rangeArray)?.first == 11)

        try wire.change(Self.uri, version: 3, range: [line, 26, line, 36], "")  // leaves "UIStatusBarStyleD"
        let completion = try wire.response(
            to: wire.request("textDocument/completion", ["textDocument": doc, "position": position(line, 26)]))
        let items = (completion["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        #expect(
            items.contains { ($0["label"] as? String)?.contains("UIStatusBarStyleDarkContent") == true },
            "\(items.compactMap { $0["label"] })")

        try wire.shutdownAndExit()
        #expect(try server.waitForExit() == 0)
        #expect(wire.errors.isEmpty)
    }
}
