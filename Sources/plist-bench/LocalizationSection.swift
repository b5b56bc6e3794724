// Issue #31: what 50 locales of InfoPlist.strings cost a keystroke in the Info.plist they translate.
// The same Info.plist is edited through the built server in a folder with nothing beside it (the
// reference, in the same run) and in an app folder with 50 `*.lproj/InfoPlist.strings` and a
// project whose knownRegions lists them: didChange → publishDiagnostics per edit.
import Foundation
import LanguageServerProtocol
import PlistAnalysis
import PlistLanguageServer
import PlistSyntax
import XcodeProject
import PlistWorkspace

struct LocalizationSection: BenchmarkSection {
    let id = "l10n"
    let title = "Localized Info.plist: didChange → publishDiagnostics with and without 50 locales"

    static let locales = [
        "ar", "bg", "ca", "cs", "da", "de", "el", "en-GB", "es", "es-MX", "et", "fa", "fi", "fr", "fr-CA", "he", "hi", "hr", "hu",
        "id", "it", "ja", "kk", "ko", "lt", "lv", "ms", "nb", "nl", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk", "sl", "sr", "sv", "ta",
        "th", "tr", "uk", "vi", "zh-Hans", "zh-Hant", "zh-HK", "cy", "eu", "gl", "is",
    ]
    static let keys = [
        "NSCameraUsageDescription", "NSMicrophoneUsageDescription", "NSPhotoLibraryUsageDescription", "NSContactsUsageDescription",
        "NSLocationWhenInUseUsageDescription", "NSFaceIDUsageDescription", "NSBluetoothAlwaysUsageDescription", "CFBundleDisplayName",
    ]

    static func infoPlist() -> String {
        var entries =
            "\t<key>CFBundleDevelopmentRegion</key>\n\t<string>en</string>\n\t<key>CFBundleIdentifier</key>\n\t<string>com.example.bench</string>\n"
        for key in keys { entries += "\t<key>\(key)</key>\n\t<string>Text for \(key) that a user reads.</string>\n" }
        return
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n\(entries)</dict>\n</plist>\n"
    }

    /// A folder with `App/Info.plist`, and with `localized`: 50 tables (one key left out of the last
    /// locale, so a finding is made) and a project listing the locales.
    static func write(localized: Bool) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plist-bench-l10n-\(UUID().uuidString)")
        let app = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try infoPlist().write(to: app.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        guard localized else { return root }
        for (i, locale) in locales.enumerated() {
            let folder = app.appendingPathComponent("\(locale).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let table = keys.dropLast(i == locales.count - 1 ? 1 : 0).map {
                "/* \($0) */\n\"\($0)\" = \"\(locale): translated text for \($0).\";\n"
            }.joined(separator: "\n")
            try table.write(to: folder.appendingPathComponent("InfoPlist.strings"), atomically: true, encoding: .utf8)
        }
        let project = root.appendingPathComponent("App.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let regions = (["en", "Base"] + locales).map { "\"\($0)\"" }.joined(separator: ",\n\t\t\t\t")
        try """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \t\tP0000000000000000000001 = {
        \t\t\tisa = PBXProject;
        \t\t\tknownRegions = (
        \t\t\t\t\(regions)
        \t\t\t);
        \t\t\ttargets = ();
        \t\t};
        \t};
        \trootObject = P0000000000000000000001;
        }

        """.write(to: project.appendingPathComponent("project.pbxproj"), atomically: true, encoding: .utf8)
        return root
    }

    /// The kinds of file a keystroke is measured in: a translation of each kind, and an Info.plist
    /// of as many keys (the reference of similar size, same run).
    enum LargeFile: String, CaseIterable {
        case table = "InfoPlist.strings"
        case catalog = "InfoPlist.xcstrings"
        case infoPlist = "Info.plist (reference)"
    }

    /// A folder with `App/Info.plist` and a file of `kind` holding `entries` entries, one a line
    /// (for a translation: the camera's purpose string first, then generated keys the Info.plist
    /// does not have; for the Info.plist itself: its 10 keys and generated ones). Returns the file,
    /// its text, and the place to type at: the line of the middle entry, just before `Text Nummer`.
    static func writeLarge(_ kind: LargeFile, entries: Int) throws -> (root: URL, file: URL, text: String, position: Position) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plist-bench-l10n-large-\(UUID().uuidString)")
        let app = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let count = max(entries, 2)
        let middle = count / 2
        var text = ""
        text.reserveCapacity(count * 96)
        var line = 0, character = 0
        let file: URL
        switch kind {
        case .table:
            try infoPlist().write(to: app.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(at: app.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
            file = app.appendingPathComponent("de.lproj/InfoPlist.strings")
            text = "/* Generated */\n\"NSCameraUsageDescription\" = \"Kamera für Codes\";\n"
            for i in 1..<count {
                let prefix = "\"Generated key \(i)\" = \"Generierter "
                if i == middle { (line, character) = (i + 1, prefix.utf16.count) }
                text += prefix + "Text Nummer \(i)\";\n"
            }
        case .catalog:
            try infoPlist().write(to: app.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
            file = app.appendingPathComponent("InfoPlist.xcstrings")
            func entry(_ key: String, _ value: String) -> String {
                "\"\(key)\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\(value)"
            }
            text =
                "{\n\"sourceLanguage\" : \"en\",\n\"strings\" : {\n" + entry("NSCameraUsageDescription", "Kamera für Codes") + "\" } } } }"
            for i in 1..<count {
                let prefix = entry("Generated key \(i)", "Generierter ")
                if i == middle { (line, character) = (i + 3, prefix.utf16.count) }
                text += ",\n" + prefix + "Text Nummer \(i)\" } } } }"
            }
            text += "\n},\n\"version\" : \"1.0\"\n}\n"
        case .infoPlist:
            file = app.appendingPathComponent("Info.plist")
            let plist = infoPlist()
            let head = plist.components(separatedBy: "</dict>")[0]
            text = head
            let headLines = head.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            for i in 1..<count {
                let prefix = "\t<key>Generated key \(i)</key><string>Generierter "
                if i == middle { (line, character) = (headLines + i - 1, prefix.utf16.count) }
                text += prefix + "Text Nummer \(i)</string>\n"
            }
            text += "</dict>\n</plist>\n"
        }
        try text.write(to: file, atomically: true, encoding: .utf8)
        return (root, file, text, Position(line: line, character: character))
    }

    /// Issue #39, point 5: a keystroke in an open InfoPlist.strings and InfoPlist.xcstrings of 10,
    /// 1,000 and 100,000 entries, typed into a value in the middle, against an Info.plist of as
    /// many keys (the reference, same run); and `check` of a table of 1,000,000 entries (time and
    /// peak memory) against one of 1,000.
    func runLargeTables(_ context: BenchContext, binary: String) {
        var table = Table("File", "Entries", "Edits", "p50", "p99", "Diagnostics", "Target")
        let edits = context.iterations(full: 60, quick: 10)
        var medians: [LargeFile: [Int: Double]] = [:]
        let sizes =
            ProcessInfo.processInfo.environment["PLIST_BENCH_L10N_SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } } ?? [
                10, 1_000, 100_000,
            ]
        // PLIST_BENCH_L10N_KINDS=table,catalog leaves the Info.plist reference out (to profile one kind).
        let kinds =
            ProcessInfo.processInfo.environment["PLIST_BENCH_L10N_KINDS"].map { names in
                LargeFile.allCases.filter { names.split(separator: ",").contains(Substring("\($0)")) }
            } ?? LargeFile.allCases
        for entries in sizes {
            for kind in kinds {
                do {
                    let (root, file, text, position) = try Self.writeLarge(kind, entries: entries)
                    defer { try? FileManager.default.removeItem(at: root) }
                    let server = try LSPBenchClient(binary: binary)
                    try server.initialize()
                    let uri = FileURI.uri(for: file.path)
                    try server.open(uri: uri, text: text)
                    try server.waitForDiagnostics(uri: uri, version: 1)
                    var seconds: [Double] = []
                    var diagnostics = 0
                    let clock = ContinuousClock()
                    for i in 0..<(edits + 4) {
                        let insert = i % 2 == 0
                        let range = LSPRange(
                            start: position, end: insert ? position : Position(line: position.line, character: position.character + 1))
                        let start = clock.now
                        try server.change(uri: uri, version: i + 2, range: range, text: insert ? "x" : "")
                        diagnostics = try server.waitForDiagnostics(uri: uri, version: i + 2)
                        if i >= 4 { seconds.append((clock.now - start).seconds) }
                    }
                    try server.shutdown()
                    let sample = Sample(seconds: seconds)
                    medians[kind, default: [:]][entries] = sample.median
                    table.add(
                        kind.rawValue, "\(entries)", "\(seconds.count)", formatTime(sample.median), formatTime(sample.percentile(99)),
                        "\(diagnostics)",
                        kind == .infoPlist ? "" : "≤ 3× the Info.plist")
                } catch {
                    print("l10n large \(kind.rawValue) \(entries): \(error)")
                    return
                }
            }
        }
        print("")
        table.print()
        for entries in sizes {
            guard let reference = medians[.infoPlist]?[entries] else { continue }
            for kind in [LargeFile.table, .catalog] {
                if let m = medians[kind]?[entries] {
                    print("\(kind.rawValue), \(entries) entries / Info.plist of as many keys: \(formatRatio(m / reference)) (p50)")
                }
            }
        }
        guard ProcessInfo.processInfo.environment["PLIST_BENCH_L10N_NO_CHECK"] == nil else { return }
        var check = Table("check of one table", "Time", "Peak memory")
        for entries in [1_000, 1_000_000] {
            guard let (root, file, _, _) = try? Self.writeLarge(.table, entries: entries) else { return }
            defer { try? FileManager.default.removeItem(at: root) }
            guard let run = ToolRun.run(binary, ["check", file.path]) else { return }
            check.add("\(entries) entries", formatTime(run.seconds), "\(run.peakKiB / 1024) MB")
        }
        print("")
        check.print()
    }

    func run(_ context: BenchContext) {
        guard let binary = LSPBenchClient.binaryOrSkip() else { return }
        if ProcessInfo.processInfo.environment["PLIST_BENCH_L10N_LARGE_ONLY"] == nil {
            runInfoPlist(context, binary: binary)
        }
        runLargeTables(context, binary: binary)
    }

    func runInfoPlist(_ context: BenchContext, binary: String) {
        let edits = context.iterations(full: 300, quick: 30)
        var table = Table("Info.plist", "Edits", "p50", "p99", "Diagnostics", "Target")
        var medians: [Double] = []
        for localized in [false, true] {
            do {
                let root = try Self.write(localized: localized)
                defer { try? FileManager.default.removeItem(at: root) }
                let server = try LSPBenchClient(binary: binary)
                try server.initialize()
                let uri = FileURI.uri(for: root.appendingPathComponent("App/Info.plist").path)
                let text = Self.infoPlist()
                try server.open(uri: uri, text: text)
                try server.waitForDiagnostics(uri: uri, version: 1)
                // Type into the camera's purpose string and delete again (line 9, after "Text ").
                let position = Position(line: 9, character: 14)
                var seconds: [Double] = []
                var diagnostics = 0
                let clock = ContinuousClock()
                for i in 0..<(edits + 10) {
                    let insert = i % 2 == 0
                    let range = LSPRange(
                        start: position, end: insert ? position : Position(line: position.line, character: position.character + 1))
                    let start = clock.now
                    try server.change(uri: uri, version: i + 2, range: range, text: insert ? "x" : "")
                    diagnostics = try server.waitForDiagnostics(uri: uri, version: i + 2)
                    if i >= 10 { seconds.append((clock.now - start).seconds) }
                }
                try server.shutdown()
                let sample = Sample(seconds: seconds)
                medians.append(sample.median)
                table.add(
                    localized ? "with 50 locales (InfoPlist.strings + knownRegions)" : "reference: nothing beside it",
                    "\(seconds.count)", formatTime(sample.median), formatTime(sample.percentile(99)), "\(diagnostics)",
                    localized ? "≤ 1.5× the reference" : "")
            } catch {
                print("l10n: \(error)")
                return
            }
        }
        table.print()
        if medians.count == 2 { print("\nwith 50 locales / without: \(formatRatio(medians[1] / medians[0])) (p50)") }
        // In process: what the localization part of one analysis costs (the set already read, as the
        // server's cache holds it), and reading the set from the disk (once per 3 s per file).
        guard let root = try? Self.write(localized: true) else { return }
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("App/Info.plist").path
        let document = PlistDocument(text: Array(Self.infoPlist().utf8))
        let fileSystem = DiskProjectFileSystem()
        let set = LocalizationFinder.find(infoPlistPath: path, fileSystem: fileSystem)
        let iterations = context.iterations(full: 2000, quick: 200)
        let index = LocalizationIndex(set)
        let analysis = measure(warmups: 20, iterations: iterations) {
            Analyzer.findings(forLocalized: LocalizedPlistContext(document: document, set: set, index: index), configuration: .default)
                .count
        }
        let indexing = measure(warmups: 20, iterations: iterations) { LocalizationIndex(set).translated.count }
        let whole = measure(warmups: 20, iterations: iterations) { Analyzer.findings(for: document, path: path).count }
        let reading = measure(warmups: 2, iterations: context.iterations(full: 100, quick: 10)) {
            LocalizationFinder.find(infoPlistPath: path, fileSystem: fileSystem).tables.count
        }
        var inProcess = Table("In process", "Median", "p90")
        inProcess.add("the Info.plist's plist rules (reference)", formatTime(whole.median), formatTime(whole.p90))
        inProcess.add("its localization findings, the 50 tables read and indexed", formatTime(analysis.median), formatTime(analysis.p90))
        inProcess.add("indexing the 50 tables (once per read)", formatTime(indexing.median), formatTime(indexing.p90))
        inProcess.add("reading the set: 50 tables + project (every 3 s at most)", formatTime(reading.median), formatTime(reading.p90))
        print("")
        inProcess.print()
    }
}
