// What a person reads on the command line: whole lines when stdout and stderr go to one file
// (`> out 2>&1`), Xcode's key names understood by `explain`, help text that flows to the
// terminal's width, and no note meant for contributors in what `keys` prints.
import Foundation
import Testing
import PlistTestSupport

@Suite struct CommandLineOutputTests {
    /// A folder where `check` and `format` write many lines to stdout and to stderr, interleaved in
    /// path order: untidy files with a warning (stdout for both), files with a syntax error (stdout
    /// for `check`, stderr for `format`), and dangling symbolic links named like plists (stderr).
    /// Long paths, so that the output is many times the size of a stdio buffer. The plists sit
    /// more than four folders below the temporary folder: `check` looks for an Info.plist's
    /// translations up to four folders above it, and one level higher it would list the system's
    /// temporary folder for each of the 160 plists, whose cost grows with whatever else is there
    /// (7,000 entries on a busy machine made this one run take 10 s of CPU instead of 1.5 s).
    static func mixedFolder() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        let untidy = "<plist version=\"1.0\"><dict><key>CFBundleVersion</key><integer>1</integer></dict></plist>"
        let broken = "<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleName</key>\n\t<string>x</strng>\n</dict>\n</plist>\n"
        for i in 0..<240 {
            let name = "Products/Shared Frameworks/Module\(i)/Supporting Files With A Long Folder Name/Component-\(i)-Info.plist"
            switch i % 3 {
            case 0: _ = try dir.write(name, untidy)
            case 1: _ = try dir.write(name, broken)
            default:
                let link = dir.url.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/nonexistent/target-\(i).plist")
            }
        }
        return dir
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Runs `arguments` twice: with stdout and stderr apart, then on one pipe or file. Every line
    /// of the shared output must be one of the lines written apart, each as often: a line broken by
    /// a line of the other stream would be two lines that neither stream wrote.
    static func expectWholeLines(_ arguments: [String], intoFile: Bool, minimumOut: Int, minimumErr: Int) async throws {
        let apart = try await onOwnThread { try Binary.run(arguments) }
        let outLines = lines(apart.stdout), errLines = lines(apart.stderr)
        #expect(
            outLines.count >= minimumOut && errLines.count >= minimumErr,
            "too few lines to test: \(outLines.count) out, \(errLines.count) err")
        #expect(apart.stdout.hasSuffix("\n") && apart.stderr.hasSuffix("\n"))
        let outputFolder = intoFile ? try TemporaryDirectory() : nil
        let outputFile = outputFolder?.url.appendingPathComponent("out")
        let merged = try await onOwnThread { try Binary.runMerged(arguments, into: outputFile) }
        withExtendedLifetime(outputFolder) {}
        #expect(merged.status == apart.status)
        #expect(merged.output.hasSuffix("\n"))
        let expected = (outLines.dropLast() + errLines.dropLast()).sorted()
        let got = lines(merged.output).dropLast().sorted()
        let unexpected = Set(got).subtracting(expected)
        #expect(unexpected.isEmpty, "lines written into each other: \(unexpected.sorted().prefix(3))")
        #expect(got == expected)
    }

    @Test(arguments: [false, true])
    func checkWritesWholeLinesWhenStdoutAndStderrShareAFile(intoFile: Bool) async throws {
        let dir = try Self.mixedFolder()
        try await Self.expectWholeLines(
            ["check", "--no-source-evidence", "--no-project", dir.url.path], intoFile: intoFile, minimumOut: 150, minimumErr: 70)
    }

    @Test(arguments: [false, true])
    func formatWritesWholeLinesWhenStdoutAndStderrShareAFile(intoFile: Bool) async throws {
        let dir = try Self.mixedFolder()
        try await Self.expectWholeLines(["format", "--check", dir.url.path], intoFile: intoFile, minimumOut: 70, minimumErr: 150)
    }

    /// The real corpus: what `format --check` and `check` say of it, then the unreadable files.
    @Test(
        .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
        .enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote), arguments: ["check", "format"])
    func corpusOutputStaysWholeLines(command: String) async throws {
        _ = try SharedData.requireCorpus()
        let dir = try Self.mixedFolder()
        let arguments =
            command == "check"
            ? ["check", "--no-source-evidence", "--no-project", SharedData.corpusFilesDirectory.path, dir.url.path]
            : ["format", "--check", SharedData.corpusFilesDirectory.path, dir.url.path]
        try await Self.expectWholeLines(arguments, intoFile: true, minimumOut: 70, minimumErr: 70)
    }

    // MARK: explain

    @Test(arguments: ["Privacy - Camera Usage Description", "privacy - camera usage description", "Privacy -  Camera Usage Description"])
    func explainAcceptsXcodesName(name: String) async throws {
        let r = try await onOwnThread { try Binary.run(["explain", name]) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("unknown key"))
        #expect(
            r.stdout.hasPrefix("Note: Xcode shows NSCameraUsageDescription as “Privacy - Camera Usage Description”."),
            "\(r.stdout.prefix(200))")
        #expect(r.stdout.contains("Type:") && r.stdout.contains("(top level)"))
    }

    @Test func explainAcceptsXcodesNameOfANestedKey() async throws {
        let r = try await onOwnThread { try Binary.run(["explain", "Allow Arbitrary Loads"]) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("NSAllowsArbitraryLoads") && r.stdout.contains("NSAppTransportSecurity"))
    }

    // MARK: keys and help

    @Test func keysMarkdownHasNoNoteForContributors() async throws {
        let r = try await onOwnThread { try Binary.run(["keys", "--format", "markdown"]) }
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("# Key reference\n"))
        for contributorWords in ["Do not edit by hand", "regenerate", "a test fails", "Sources/PlistSchema", "keys.json"] {
            #expect(!r.stdout.contains(contributorWords), "user output says '\(contributorWords)'")
        }
        #expect(r.stdout.contains("`[]` any array item"))
    }

    /// `keys --compare-pages` reports both sides and fails when a listed page has no key.
    @Test func keysComparePagesReportsMissingPagesAndKeys() async throws {
        let dir = try TemporaryDirectory()
        let known = try dir.write("known.txt", "nsfalldetectionusagedescription\nbamaxinstallsize\nappiconreferencename\n").path
        let r = try await onOwnThread { try Binary.run(["keys", "--compare-pages", known]) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("2 of 3 listed Info.plist key pages name a key of the database.\n"))
        #expect(r.stdout.contains("Missing from the database (0):\n"))
        #expect(r.stdout.contains("\n  NSCameraUsageDescription (nscamerausagedescription)\n"))
        #expect(r.stdout.contains("\n  appiconreferencename: "))
        let unknown = try dir.write("unknown.txt", "com.apple.developer.not-a-real-one\ncom.apple.security.app-sandbox\n").path
        let e = try await onOwnThread { try Binary.run(["keys", "--compare-pages", unknown, "--domain", "entitlements"]) }
        #expect(e.status == 1)
        #expect(e.stdout.contains("Missing from the database (1):\n  com.apple.developer.not-a-real-one\n"))
        let none = dir.url.appendingPathComponent("none.txt").path
        let absent = try await onOwnThread { try Binary.run(["keys", "--compare-pages", none]) }
        #expect(absent.status == 2 && absent.stderr.contains("none.txt"))
    }

    /// What the help of `check` and `format` says a folder is searched for is what each finds in
    /// one: every name it lists, and nothing else (`notes.txt`, `Info.plist.in`).
    @Test(arguments: ["check", "format"])
    func theHelpNamesTheFilesAFolderSearchFinds(command: String) async throws {
        let dir = try TemporaryDirectory()
        // Indented by spaces: `format --check` names each file it would change.
        let plist =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n  <key>A</key>\n  <string>b</string>\n</dict>\n</plist>\n"
        let listed = ["plist", "entitlements", "xcprivacy", "mobileconfig"]
        for ext in listed + ["txt", "plist.in"] { _ = try dir.write("f/a.\(ext)", plist) }
        let help = try await onOwnThread { try Binary.run([command, "--help"], environment: ["COLUMNS": "1000"]) }
        let sentence = "A directory is searched for *.plist, *.entitlements, *.xcprivacy and *.mobileconfig."
        #expect(help.stdout.contains(sentence), "\(help.stdout)")
        let folder = dir.url.path + "/f"
        let run = try await onOwnThread {
            try Binary.run(command == "check" ? ["check", "--format", "json", folder] : ["format", "--check", folder])
        }
        let found = Set(listed.filter { run.stdout.contains("a.\($0)\"") || run.stdout.contains("a.\($0):") })
        #expect(found == Set(listed), "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("a.txt") && !run.stdout.contains("a.plist.in"), "\(run.stdout)")
    }

    /// The help of every command flows to the terminal's width: on a very wide terminal each
    /// paragraph is one line, on a narrow one no line but the usage line is wider than it.
    @Test(arguments: [["check"], ["format"], []])
    func helpTextFlowsToTheTerminalsWidth(command: [String]) async throws {
        let wide = try await onOwnThread { try Binary.run(command + ["--help"], environment: ["COLUMNS": "1000"]) }
        #expect(wide.status == 0)
        let narrow = try await onOwnThread { try Binary.run(command + ["--help"], environment: ["COLUMNS": "60"]) }
        for line in Self.lines(narrow.stdout) where !line.hasPrefix("USAGE:") { #expect(line.count <= 60, "\(line)") }
        let paragraph: String
        switch command.first {
        case "check":
            paragraph = "Lines and columns are 1-based; a column counts UTF-8 bytes from the start of its line, as clang and swiftc do."
        case "format":
            paragraph = "Key order, values, comments, preprocessor lines (#if) and $(VAR) references are kept."
        default:
            paragraph = "Editors start it with no arguments (or --stdio) and speak LSP on stdin/stdout; logs go to stderr."
        }
        #expect(Self.lines(wide.stdout).contains { $0.contains(paragraph) }, "\(wide.stdout)")
        // No sentence ends a line in the middle when the terminal is wide (the root's help has a
        // table of examples, one a line).
        guard !command.isEmpty else { return }
        let discussion = Self.lines(wide.stdout).prefix { !$0.hasPrefix("USAGE:") && !$0.hasPrefix("OPTIONS:") }
        for line in discussion where line.count > 40 {
            let last = line.trimmingCharacters(in: .whitespaces).last
            #expect(last.map { ".:)]".contains($0) } ?? true, "a sentence is broken at a fixed column: \(line)")
        }
    }
}
