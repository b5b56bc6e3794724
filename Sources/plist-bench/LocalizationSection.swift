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

struct LocalizationSection: BenchmarkSection {
    let id = "l10n"
    let title = "Localized Info.plist: didChange → publishDiagnostics with and without 50 locales"

    static let locales = ["ar", "bg", "ca", "cs", "da", "de", "el", "en-GB", "es", "es-MX", "et", "fa", "fi", "fr", "fr-CA", "he", "hi", "hr", "hu",
                          "id", "it", "ja", "kk", "ko", "lt", "lv", "ms", "nb", "nl", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk", "sl", "sr", "sv", "ta",
                          "th", "tr", "uk", "vi", "zh-Hans", "zh-Hant", "zh-HK", "cy", "eu", "gl", "is"]
    static let keys = ["NSCameraUsageDescription", "NSMicrophoneUsageDescription", "NSPhotoLibraryUsageDescription", "NSContactsUsageDescription",
                       "NSLocationWhenInUseUsageDescription", "NSFaceIDUsageDescription", "NSBluetoothAlwaysUsageDescription", "CFBundleDisplayName"]

    static func infoPlist() -> String {
        var entries = "\t<key>CFBundleDevelopmentRegion</key>\n\t<string>en</string>\n\t<key>CFBundleIdentifier</key>\n\t<string>com.example.bench</string>\n"
        for key in keys { entries += "\t<key>\(key)</key>\n\t<string>Text for \(key) that a user reads.</string>\n" }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n\(entries)</dict>\n</plist>\n"
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
            let table = keys.dropLast(i == locales.count - 1 ? 1 : 0).map { "/* \($0) */\n\"\($0)\" = \"\(locale): translated text for \($0).\";\n" }.joined(separator: "\n")
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

    func run(_ context: BenchContext) {
        guard let binary = LSPBenchClient.binaryOrSkip() else { return }
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
                    let range = LSPRange(start: position, end: insert ? position : Position(line: position.line, character: position.character + 1))
                    let start = clock.now
                    try server.change(uri: uri, version: i + 2, range: range, text: insert ? "x" : "")
                    diagnostics = try server.waitForDiagnostics(uri: uri, version: i + 2)
                    if i >= 10 { seconds.append((clock.now - start).seconds) }
                }
                try server.shutdown()
                let sample = Sample(seconds: seconds)
                medians.append(sample.median)
                table.add(localized ? "with 50 locales (InfoPlist.strings + knownRegions)" : "reference: nothing beside it",
                          "\(seconds.count)", formatTime(sample.median), formatTime(sample.percentile(99)), "\(diagnostics)", localized ? "≤ 1.5× the reference" : "")
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
            LocalizationFiles.findings(forInfoPlist: document, set: set, index: index, configuration: .default).count
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
