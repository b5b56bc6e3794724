// Range formatting of three lines against formatting the whole document (issue #29 §5): what
// `textDocument/rangeFormatting` computes, in-process, on the corpus's 8,576-line file and on the
// generated 1 MB and 10 MB files. Range formatting should cost what the range costs.
import Foundation
import PlistAnalysis
import PlistSyntax

struct FormattingSection: BenchmarkSection {
    let id = "formatting"
    let title = "Range formatting (three lines) vs formatting the whole document"

    /// The corpus's largest plist, from `shared/` beside the repository (skipped when absent).
    static let corpusFile = BenchData.repositoryRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/corpus/files/Provenance-Emu__Provenance__PVLibrary__Sources__PVLibrary__Resources__systems.plist")

    func run(_ context: BenchContext) {
        var inputs: [(String, [UInt8])] = []
        if let contents = FileManager.default.contents(atPath: Self.corpusFile.path) {
            inputs.append(("systems.plist (corpus)", [UInt8](contents)))
        } else {
            print("(\(Self.corpusFile.path) not found: the corpus file is skipped)\n")
        }
        for file in BenchData.files.dropFirst() { inputs.append((file.label, context.data.bytes(of: file))) }
        var table = Table("Document", "Lines", "Request", "Runs", "p50", "p99", "vs whole document")
        for (name, bytes) in inputs {
            let document = PlistDocument(SyntaxTree.parse(bytes))
            if case .failure(let refusal) = PlistFormatter.format(document) {
                printError("plist-bench: \(name) is not formatted: \(refusal)")
            }
            let lines = bytes.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            let range = Self.middleLines(bytes, count: 3)
            let runs = bytes.count > 4_000_000 ? context.iterations(full: 10, quick: 3) : context.iterations(full: 100, quick: 10)
            let whole = measure(warmups: 1, iterations: runs) { Self.wholeEdits(document).count }
            let ranged = measure(warmups: 1, iterations: runs) { Self.rangeEdits(document, range).count }
            table.add(
                name, "\(lines)", "formatting (whole document)", "\(runs)", formatTime(whole.median), formatTime(whole.percentile(99)),
                "1.00×")
            table.add(
                name, "\(lines)", "rangeFormatting, 3 lines", "\(runs)", formatTime(ranged.median), formatTime(ranged.percentile(99)),
                formatRatio(ranged.median / whole.median))
        }
        table.print()
    }

    /// The edits of whole-document formatting.
    static func wholeEdits(_ document: PlistDocument) -> [SourceEdit] {
        (try? PlistFormatter.format(document).get())?.edits ?? []
    }

    /// The edits of range formatting, as `FormattingFeature` computes them (before #29: the whole
    /// document formatted and checked, then `edits(touching:)`).
    static func rangeEdits(_ document: PlistDocument, _ range: Range<Int>) -> [SourceEdit] {
        (try? PlistFormatter.format(document, range: range).get()) ?? []
    }

    /// The bytes of `count` lines in the middle of the text.
    static func middleLines(_ bytes: [UInt8], count: Int) -> Range<Int> {
        var start = bytes.count / 2
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        var end = start
        for _ in 0..<count {
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            if end < bytes.count { end += 1 }
        }
        return start..<end
    }
}
