// The figures of issue #16, each against its reference measured in the same run: keystroke →
// diagnostics on 10 MB and 1 MB plists (reference: the same server analysing the whole text, a
// didOpen), peak memory (reference: xmllint on the same file), start-up (reference: Tombi's
// language server, when installed), `check` (reference: `xmllint --noout`), and the full parse
// (reference: libxml2's SAX parser).
import Foundation
import LanguageServerProtocol
import PlistSyntax
import XMLReference
#if canImport(Glibc)
import Glibc
#endif

struct TargetsSection: BenchmarkSection {
    let id = "targets"
    let title = "Issue #16 targets, each against a reference measured in the same run"

    func run(_ context: BenchContext) {
        guard let binary = LSPBenchClient.binaryOrSkip() else { return }
        var table = Table("Measure", "Runs", "Ours p50", "Ours p99", "Reference", "Ref p50", "Ref p99", "Ratio (p50)", "Target")
        do {
            try keystrokes(binary, context, &table)
            try startup(binary, context, &table)
            try checkCommand(binary, context, &table)
            parse(context, &table)
        } catch {
            printError("plist-bench: targets section failed: \(error)")
        }
        table.print()
        print("\nRatio: ours / reference at the median (below 1.00× is faster or smaller than the reference).")
    }

    private func row(
        _ table: inout Table, _ name: String, _ ours: Sample, _ reference: String, _ ref: Sample?, target: String,
        useP99: Bool = false
    ) {
        let ratio = ref.map { formatRatio(useP99 ? ours.percentile(99) / $0.percentile(99) : ours.median / $0.median) } ?? "–"
        table.add(
            name, "\(ours.seconds.count)", formatTime(ours.median), formatTime(ours.percentile(99)), reference,
            ref.map { formatTime($0.median) } ?? "–", ref.map { formatTime($0.percentile(99)) } ?? "–", ratio, target)
    }

    /// Keystrokes: one character typed into a string value in the middle and deleted again, each
    /// version's diagnostics awaited; the reference opens the same text afresh (the whole analysis).
    private func keystrokes(_ binary: String, _ context: BenchContext, _ table: inout Table) throws {
        for (file, edits, opens, target) in [
            (BenchData.files[2], context.iterations(full: 100, quick: 10), context.iterations(full: 8, quick: 3), "p50 ≤ 5 ms"),
            (BenchData.files[1], context.iterations(full: 200, quick: 20), context.iterations(full: 20, quick: 5), "p99 ≤ 8 ms"),
        ] {
            let bytes = context.data.bytes(of: file)
            let text = String(decoding: bytes, as: UTF8.self)
            let clock = ContinuousClock()
            // The edited document in a server of its own, so that its peak memory is this document's.
            let server = try LSPBenchClient(binary: binary)
            try server.initialize()
            let uri = "file:///bench/\(file.name)"
            try server.open(uri: uri, text: text)
            try server.waitForDiagnostics(uri: uri, version: 1)
            let position = positionOfStringContent(in: bytes)
            var typed: [Double] = []
            for i in 0..<(edits + 4) {
                let insert = i % 2 == 0
                let range = LSPRange(
                    start: position, end: insert ? position : Position(line: position.line, character: position.character + 1))
                let start = clock.now
                try server.change(uri: uri, version: i + 2, range: range, text: insert ? "x" : "")
                try server.waitForDiagnostics(uri: uri, version: i + 2)
                if i >= 4 { typed.append((clock.now - start).seconds) }
            }
            let rss = server.memory()
            try server.shutdown()
            // The reference: the same text opened afresh (parse, typed view, every rule, publish).
            let reference = try LSPBenchClient(binary: binary)
            try reference.initialize()
            var fresh: [Double] = []
            for i in 0..<opens {
                let uri = "file:///bench/fresh-\(i)/Info.plist"
                let start = clock.now
                try reference.open(uri: uri, text: text)
                try reference.waitForDiagnostics(uri: uri, version: 1)
                fresh.append((clock.now - start).seconds)
                try reference.close(uri: uri)
            }
            try reference.shutdown()
            let ours = Sample(seconds: typed)
            row(
                &table, "\(file.label): one character typed → publishDiagnostics", ours, "didOpen → publish, same text",
                Sample(seconds: fresh),
                target: target, useP99: file.name == BenchData.files[1].name)
            if file.name == BenchData.files[2].name, let rss {
                let reference = xmllintPeakRSS(context.data.path(of: file))
                let mib = Double(rss.peak) / 1024
                table.add(
                    "10 MB: peak RSS, open and edited", "1", String(format: "%.1f MiB", mib), "", "xmllint --noout peak RSS",
                    reference.map { String(format: "%.1f MiB", Double($0) / 1024) } ?? "–", "",
                    reference.map { formatRatio(Double(rss.peak) / Double($0)) } ?? "–", "≤ 60 MiB")
            }
        }
    }

    /// Spawn → initialize response, alternating with Tombi's language server when it is installed.
    private func startup(_ binary: String, _ context: BenchContext, _ table: inout Table) throws {
        let tombi = executable(named: "tombi")
        var ours: [Double] = [], theirs: [Double] = []
        let clock = ContinuousClock()
        func once(_ path: String, _ arguments: [String]?) throws -> Double {
            let start = clock.now
            let server = try arguments.map { try LSPBenchClient(binary: path, arguments: $0) } ?? LSPBenchClient(binary: path)
            try server.initialize()
            let elapsed = (clock.now - start).seconds
            try server.shutdown()
            return elapsed
        }
        let runs = context.iterations(full: 40, quick: 6)
        for i in 0..<(runs + 2) {
            let a = try once(binary, nil)
            let b = try tombi.map { try once($0, ["lsp"]) }
            if i >= 2 { ours.append(a); if let b { theirs.append(b) } }
        }
        row(
            &table, "spawn → initialize response", Sample(seconds: ours),
            tombi == nil ? "Tombi (not installed: pip install tombi)" : "Tombi `tombi lsp`",
            theirs.isEmpty ? nil : Sample(seconds: theirs), target: "p50 ≤ Tombi")
    }

    /// `plist-lsp check` on the 10 MB plist against `xmllint --noout`, whole processes, alternating.
    private func checkCommand(_ binary: String, _ context: BenchContext, _ table: inout Table) throws {
        let path = context.data.path(of: BenchData.files[2])
        guard let xmllint = executable(named: "xmllint") else {
            table.add(
                "10 MB: `check`, whole process", "", "", "", "xmllint (not installed: apt-get install libxml2-utils)", "–", "–", "–",
                "≤ 1.0×")
            return
        }
        var ours: [Double] = [], theirs: [Double] = []
        let runs = context.iterations(full: 10, quick: 3)
        for i in 0..<(runs + 1) {
            let a = self.run(binary, ["check", "--no-source-evidence", path])
            let b = self.run(xmllint, ["--noout", path])
            if i >= 1 { ours.append(a.seconds); theirs.append(b.seconds) }
        }
        row(
            &table, "10 MB: `plist-lsp check`, whole process", Sample(seconds: ours), "xmllint --noout", Sample(seconds: theirs),
            target: "≤ 1.0×")
    }

    /// The full parse against libxml2's SAX parser (nothing built), per size.
    private func parse(_ context: BenchContext, _ table: inout Table) {
        for file in BenchData.files {
            let bytes = context.data.bytes(of: file)
            let runs =
                bytes.count < 65_536
                ? context.iterations(full: 2_000, quick: 200)
                : bytes.count < 4_000_000 ? context.iterations(full: 40, quick: 8) : context.iterations(full: 15, quick: 4)
            let (ours, reference) = measureAlternately(
                warmups: 2, iterations: runs,
                {
                    SyntaxTree.parse(bytes).root.width
                },
                {
                    XMLReference.saxParse(bytes).elements
                })
            row(&table, "\(file.label): full parse", ours, "libxml2 SAX2", reference, target: "≤ 1.0×")
        }
    }

    /// The executable `name` on the PATH; a pyenv shim (a script that starts Python first) is
    /// resolved to the program it runs, so that the reference is timed, not the shim.
    private func executable(named name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/\(name)"
            guard FileManager.default.isExecutableFile(atPath: path) else { continue }
            if path.contains("/shims/") { return resolveShim(name) ?? path }
            return path
        }
        return nil
    }

    private func resolveShim(_ name: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pyenv", "which", name]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Runs a process to its end, output discarded: wall time and the child's peak RSS (KiB).
    private func run(_ path: String, _ arguments: [String]) -> (seconds: Double, peakKiB: Int) {
        ToolRun.run(path, arguments).map { ($0.seconds, $0.peakKiB) } ?? (.nan, 0)
    }

    private func xmllintPeakRSS(_ path: String) -> Int? {
        guard let xmllint = executable(named: "xmllint") else { return nil }
        let peak = self.run(xmllint, ["--noout", path]).peakKiB
        return peak > 0 ? peak : nil
    }
}
