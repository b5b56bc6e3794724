// `plist-lsp check` as a user runs it: compiler-style lines, JSON, exit codes, unreadable files.
import Foundation
import Testing
import PlistTestSupport

@Suite struct CheckCommandTests {
    let valid =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleName</key>\n\t<string>Demo</string>\n</dict>\n</plist>\n"

    @Test func validFileExitsZeroAndPrintsNothing() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", valid)
        let r = try Binary.run(["check", file.path])
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty)
    }

    @Test func problemsArePrintedAsCompilersDo() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write(
            "Info.plist", "<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<string>x</strng>\n\t<key>é🔥</key>\n</dict>\n</plist>\n")
        let r = try Binary.run(["check", file.path])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "\(file.path):4:11: error: </strng> does not match <string> [xml-mismatched-tag]",
                "\(file.path):5:2: error: Key 'é🔥' has no value [plist-key-without-value]",
            ])
    }

    @Test func jsonOutputIsStructured() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("a.plist", "<plist><dict><key>A</key></dict></plist>")
        let r = try Binary.run(["check", "--format", "json", file.path])
        #expect(r.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let files = object?["files"] as? [[String: Any]]
        let problem = (files?.first?["problems"] as? [[String: Any]])?.first
        #expect(problem?["code"] as? String == "plist-key-without-value")
        #expect(problem?["line"] as? Int == 1)
        #expect(problem?["column"] as? Int == 14)
        #expect(problem?["severity"] as? String == "error")
        #expect((object?["summary"] as? [String: Any])?["errors"] as? Int == 1)
    }

    @Test func directoriesAreSearchedForPlistFiles() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.write("App/Info.plist", valid)
        _ = try dir.write("App/App.entitlements", "<plist><dict><key>x</key></dict></plist>")
        _ = try dir.write("App/PrivacyInfo.xcprivacy", "<plist><dict/></plist>")
        _ = try dir.write("App/notes.txt", "not a plist <")
        let r = try Binary.run(["check", dir.url.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("App.entitlements:1:14: error"))
        #expect(!r.stdout.contains("notes.txt"))
    }

    @Test func unreadableFilesGetOneLineAndTheRunGoesOn() throws {
        let dir = try TemporaryDirectory()
        let binary = try dir.write("bin.plist", Array("bplist00".utf8) + [0, 1, 2, 0xFF])
        let json = try dir.write("j.plist", "{\"a\": 1}")
        let empty = try dir.write("e.plist", "")
        let utf16 = try dir.write("u.plist", [0xFF, 0xFE] + Array(valid.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let good = try dir.write("good.plist", valid)
        let r = try Binary.run([
            "check", binary.path, json.path, empty.path, dir.url.appendingPathComponent("missing.plist").path, utf16.path, good.path,
        ])
        #expect(r.status == 2)
        #expect(
            r.stdout.contains(
                "\(binary.path):1:1: error: binary property list (bplist) that cannot be read: truncated binary property list: 12 bytes, less than a header, one object and a trailer [file-binary-plist]"
            ))
        #expect(r.stdout.contains("\(json.path):1:1: error: JSON property list"))
        #expect(r.stdout.contains("\(empty.path):1:1: error: empty file"))
        #expect(!r.stdout.contains(utf16.path))
        #expect(r.stderr.contains("missing.plist: no such file or directory"))
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try Binary.run(["check"]).status == 2)
        #expect(try Binary.run(["check", "--format", "xml", "x"]).status == 2)
    }

    /// Flags are read by the settings parser; what it cannot use is a usage error naming the flag
    /// (the server warns about the same settings instead: ConfigurationParityTests).
    @Test func valuesTheSettingsParserCannotUseAreUsageErrorsNamingTheFlag() async throws {
        let cases: [([String], String)] = [
            (["--severity", "plist-duplicate-key=loud"], "--severity: unknown level \"loud\" for plist-duplicate-key"),
            (["--file-kind", "plist"], "--file-kind: unknown file kind \"plist\""),
            (["-D", "1X"], "-D: \"1X\" is not NAME or NAME=VALUE with NAME an identifier"),
            (["--severity", "plist-duplicate-key"], "--severity takes RULE=LEVEL"),
        ]
        let valid = valid
        let runs = try await onOwnThread {
            let dir = try TemporaryDirectory()
            let file = try dir.write("Info.plist", valid)
            return try cases.map { try Binary.run(["check"] + $0.0 + [file.path]) }
        }
        for ((flags, message), r) in zip(cases, runs) {
            #expect(r.status == 2, "\(flags)")
            #expect(r.stderr.contains(message), "\(flags): \(r.stderr)")
        }
    }

    /// Levels are matched ignoring case, with the editor's other spellings (info, none, disabled).
    @Test func severityTakesEveryLevelSpellingTheEditorTakes() async throws {
        let levels = ["ERROR", "info", "off", "None", "disabled"]
        let runs = try await onOwnThread {
            let dir = try TemporaryDirectory()
            let file = try dir.write(
                "Info.plist", "<plist version=\"1.0\"><dict><key>A</key><string>1</string><key>A</key><string>2</string></dict></plist>")
            return try levels.map { try Binary.run(["check", "--severity", "plist-duplicate-key=\($0)", file.path]) }
        }
        #expect(runs[0].status == 1)
        #expect(runs[0].stdout.contains(": error: Duplicate key"))
        #expect(runs[1].status == 0)
        #expect(runs[1].stdout.contains(": note: Duplicate key"))
        for (level, r) in zip(levels, runs).dropFirst(2) {
            #expect(r.status == 0, "\(level)")
            #expect(r.stdout.isEmpty, "\(level)")
        }
    }

    @Test(
        .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
        .enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func theCorpusRunsWithoutACrash() throws {
        _ = try SharedData.requireCorpus()
        let corpus = SharedData.corpusFilesDirectory
        let r = try Binary.run(["check", "--format", "json", corpus.path])
        #expect(r.status == 1)  // the corpus holds broken files on purpose
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(((object?["files"] as? [Any])?.count ?? 0) >= 250)
    }
}
