// LSP round trips against the real plist-lsp binary over pipes, as an editor drives it:
// spawn → initialize response, didChange → publishDiagnostics (4 KB, 1 MB, 10 MB), peak RSS.
// Targets (issues #4, #16): initialize ≤ 5 ms; diagnostics p99 ≤ 2 ms (4 KB) and ≤ 8 ms (1 MB),
// p50 ≤ 5 ms (10 MB); peak RSS ≤ 60 MiB with the 10 MB document open and edited.
import Foundation
import LanguageServerProtocol

struct LSPRoundTripSection: BenchmarkSection {
    let id = "lsp"
    let title = "LSP round trips (the plist-lsp binary over pipes)"

    func run(_ context: BenchContext) {
        guard let binary = LSPBenchClient.binaryOrSkip() else { return }
        print("binary: \(binary)\n")
        do {
            try runStartup(binary, context)
            try runEdits(binary, context)
        } catch {
            printError("plist-bench: LSP section failed: \(error)")
        }
    }

    private func runStartup(_ binary: String, _ context: BenchContext) throws {
        var seconds: [Double] = []
        let runs = context.iterations(full: 40, quick: 5)
        for _ in 0..<(runs + 2) {
            let clock = ContinuousClock()
            let start = clock.now
            let server = try LSPBenchClient(binary: binary)
            try server.initialize()
            let elapsed = (clock.now - start).seconds
            try server.shutdown()
            seconds.append(elapsed)
        }
        let sample = Sample(seconds: Array(seconds.dropFirst(2)))
        var table = Table("Measure", "Runs", "p50", "p99", "Target")
        table.add(
            "spawn → initialize response", "\(sample.seconds.count)", formatTime(sample.median),
            formatTime(sample.percentile(99)), "≤ 5 ms")
        table.print()
        print("")
    }

    private func runEdits(_ binary: String, _ context: BenchContext) throws {
        var table = Table("Document", "Edits", "p50", "p99", "Target")
        var rss: (peak: Int, current: Int)?
        for (file, edits, target) in [
            (BenchData.files[0], context.iterations(full: 400, quick: 40), "≤ 2 ms"),
            (BenchData.files[1], context.iterations(full: 200, quick: 20), "≤ 8 ms"),
            (BenchData.files[2], context.iterations(full: 100, quick: 10), "≤ 5 ms"),
        ] {
            let text = context.data.bytes(of: file)
            let server = try LSPBenchClient(binary: binary)
            try server.initialize()
            let uri = "file:///bench/\(file.name)"
            try server.open(uri: uri, text: String(decoding: text, as: UTF8.self))
            try server.waitForDiagnostics(uri: uri, version: 1)
            // Type one character into a string value in the middle, then delete it again.
            let position = positionOfStringContent(in: text)
            var seconds: [Double] = []
            let clock = ContinuousClock()
            for i in 0..<(edits + 10) {
                let version = i + 2
                let insert = i % 2 == 0
                let range = LSPRange(
                    start: position,
                    end: insert ? position : Position(line: position.line, character: position.character + 1))
                let start = clock.now
                try server.change(uri: uri, version: version, range: range, text: insert ? "x" : "")
                try server.waitForDiagnostics(uri: uri, version: version)
                if i >= 10 { seconds.append((clock.now - start).seconds) }
            }
            let sample = Sample(seconds: seconds)
            table.add(file.label, "\(seconds.count)", formatTime(sample.median), formatTime(sample.percentile(99)), target)
            if file.name == BenchData.files[2].name { rss = server.memory() }
            try server.shutdown()
        }
        table.print()
        if let rss {
            print("")
            var memory = Table("Measure", "Value", "Target")
            memory.add("peak RSS, 10 MB document open and edited", String(format: "%.1f MiB", Double(rss.peak) / 1024), "≤ 60 MiB")
            memory.add("RSS after the edits", String(format: "%.1f MiB", Double(rss.current) / 1024), "")
            memory.print()
        }
    }
}

/// The UTF-16 position right after a `<string>` start tag near the middle of the text.
func positionOfStringContent(in text: [UInt8]) -> Position {
    let tag = Array("<string>".utf8)
    var i = text.count / 2
    while i + tag.count < text.count && Array(text[i..<i + tag.count]) != tag { i += 1 }
    let offset = min(text.count, i + tag.count)
    var lineStart = offset
    while lineStart > 0 && text[lineStart - 1] != 0x0A { lineStart -= 1 }
    let line = text[0..<lineStart].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    let character = String(decoding: text[lineStart..<offset], as: UTF8.self).utf16.count
    return Position(line: line, character: character)
}
