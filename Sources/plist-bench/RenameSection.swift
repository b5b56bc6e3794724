// Rename and references of a key (issue #42) against hover in the same run, round trip through the
// plist-lsp binary over pipes, on a 40 KB and a 10 MB Info.plist written to a temporary folder with
// two InfoPlist.strings tables and a Swift file reading the key (so the answers read real files).
import Foundation

struct RenameSection: BenchmarkSection {
    let id = "rename"
    let title = "Rename and references of a key vs hover (40 KB and 10 MB Info.plist)"

    func run(_ context: BenchContext) {
        guard let binary = LSPBenchClient.binaryPath() else {
            print("\(LSPBenchClient.missingBinaryNote); skipped.")
            return
        }
        var table = Table("File", "Request", "Runs", "p50", "p99", "Target")
        for (label, size, iterations) in [
            ("40 KB", 40_000, context.iterations(full: 1000, quick: 50)), ("10 MB", 10 << 20, context.iterations(full: 100, quick: 5)),
        ] {
            do {
                try measure(binary: binary, label: label, size: size, iterations: iterations, into: &table)
            } catch {
                printError("plist-bench: rename round trips failed (\(label)): \(error)")
            }
        }
        table.print()
    }

    func measure(binary: String, label: String, size: Int, iterations: Int, into table: inout Table) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-bench-rename-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (text, line) = Self.document(size: size)
        let files = [
            "App/Info.plist": text,
            "App/en.lproj/InfoPlist.strings": "\"BenchGreeting\" = \"Hello\";\n\"CFBundleName\" = \"Bench\";\n",
            "App/de.lproj/InfoPlist.strings": "BenchGreeting = \"Hallo\";\n",
            "App/Greeting.swift": "let g = Bundle.main.object(forInfoDictionaryKey: \"BenchGreeting\")\n",
            "Package.swift": "// swift-tools-version:5.9\n",
        ]
        for (path, content) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try content.write(to: url, atomically: true, encoding: .utf8)
        }
        let uri = "file://" + folder.appendingPathComponent("App/Info.plist").path
        let client = try LSPBenchClient(binary: binary)
        try client.initialize(
            capabilities: [
                "textDocument": ["rename": ["prepareSupport": true], "hover": ["contentFormat": ["markdown"]]],
                "workspace": ["workspaceEdit": ["documentChanges": true]],
            ],
            rootUri: "file://" + folder.path)
        try client.open(uri: uri, text: text)
        _ = try client.waitForDiagnostics(uri: uri, version: 1)
        let position: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": line, "character": 8]]
        let requests: [(String, String, [String: Any])] = [
            ("hover on the key", "textDocument/hover", position),
            ("prepareRename", "textDocument/prepareRename", position),
            ("rename (plist, 2 tables, 1 source)", "textDocument/rename", position.merging(["newName": "BenchWelcome"]) { a, _ in a }),
            ("references", "textDocument/references", position.merging(["context": ["includeDeclaration": true]]) { a, _ in a }),
        ]
        // The sources are scanned in the background: wait until references include the Swift file.
        for _ in 0..<400 {
            let result = try client.request("textDocument/references", requests[3].2)["result"] as? [Any]
            if (result?.count ?? 0) >= 4 { break }
            Thread.sleep(forTimeInterval: 0.025)
        }
        let clock = ContinuousClock()
        for (name, method, params) in requests {
            var seconds: [Double] = []
            let warmups = min(10, iterations)
            for i in 0..<(iterations + warmups) {
                let start = clock.now
                let response = try client.request(method, params)
                if i >= warmups { seconds.append((clock.now - start).seconds) }
                if response["error"] != nil { throw BenchError("\(method) failed: \(response)") }
            }
            let sample = Sample(seconds: seconds)
            table.add(
                label, name, "\(seconds.count)", formatTime(sample.median), formatTime(sample.percentile(99)),
                method == "textDocument/hover" ? "reference" : "≤ 1 ms at 40 KB")
        }
        try client.shutdown()
    }

    /// An Info.plist of about `size` bytes: a custom key near the top (its line returned), then ATS
    /// exception domains.
    static func document(size: Int) -> (String, Int) {
        var s =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n"
        s += "\t<key>CFBundleDevelopmentRegion</key>\n\t<string>en</string>\n\t<key>CFBundleName</key>\n\t<string>Bench</string>\n"
        let line = s.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        s += "\t<key>BenchGreeting</key>\n\t<string>Hello</string>\n"
        s += "\t<key>NSAppTransportSecurity</key>\n\t<dict>\n\t\t<key>NSExceptionDomains</key>\n\t\t<dict>\n"
        var n = 0
        var body: [String] = []
        var count = s.utf8.count
        while count < size - 40 {
            let entry =
                "\t\t\t<key>host\(n).example.com</key>\n\t\t\t<dict>\n\t\t\t\t<key>NSIncludesSubdomains</key>\n\t\t\t\t<true/>\n\t\t\t\t<key>NSExceptionMinimumTLSVersion</key>\n\t\t\t\t<string>TLSv1.2</string>\n\t\t\t</dict>\n"
            body.append(entry)
            count += entry.utf8.count
            n += 1
        }
        s += body.joined()
        s += "\t\t</dict>\n\t</dict>\n</dict>\n</plist>\n"
        return (s, line)
    }
}
