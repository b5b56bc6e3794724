// Where one keystroke's time goes on the 10 MB plist, stage by stage, in-process: the text copy
// and reparse, the line index (whole, and updated), the typed view (from scratch, and reusing the
// previous version's), the rule context, the analysis, and the costliest rules.
import PlistAnalysis
import PlistSyntax

struct PipelineSection: BenchmarkSection {
    let id = "pipeline"
    let title = "Per-edit pipeline stages (10 MB plist, in-process)"

    func run(_ context: BenchContext) {
        let file = BenchData.files[2]
        let bytes = context.data.bytes(of: file)
        let tree = SyntaxTree.parse(bytes)
        let tag = Array("<string>".utf8)
        var offset = bytes.count / 2
        while offset + tag.count < bytes.count && !bytes[offset..<(offset + tag.count)].elementsEqual(tag) { offset += 1 }
        offset += tag.count
        let edit = SourceEdit(range: offset..<offset, replacement: [0x78])
        let runs = context.iterations(full: 15, quick: 3)
        let edited = tree.applying(edit)
        let document = PlistDocument(edited)
        let path = "/bench/Info.plist"
        let kind = Analyzer.fileKind(path: path, document: document)
        var ruleContext = RuleContext(document: document, fileKind: kind)
        ruleContext.remembersSubtrees = false  // each rule timed doing its whole work
        var table = Table("Stage", "Runs", "Median", "p90")
        func row(_ name: String, _ body: () -> Int) {
            let s = measure(warmups: 1, iterations: runs, body)
            table.add(name, "\(runs)", formatTime(s.median), formatTime(s.p90))
        }
        row("text copy + incremental reparse") { tree.applying(edit).root.width }
        row("line index, whole text") { LineIndex(edited.text).lineCount }
        let index = LineIndex(bytes)
        row("line index, updated (LineIndex.applying)") { index.applying(offset..<offset, newText: edited.text).lineCount }
        row("syntax errors") { edited.syntaxErrors.count }
        row("typed view (PlistDocument)") { PlistDocument(edited).problems.count }
        let before = PlistDocument(tree)
        _ = Analyzer.findings(for: before, path: path)
        row("typed view reusing the previous version's") { PlistDocument(edited, reusing: before).problems.count }
        row("typed view (reused) + Analyzer.findings") {
            Analyzer.findings(for: PlistDocument(edited, reusing: before), path: path).count
        }
        row("rule context") { RuleContext(document: document, fileKind: kind).keys.count }
        row("Analyzer.findings, nothing remembered") { Analyzer.findings(for: document, path: path, remembersSubtrees: false).count }
        var perRule: [(String, Double)] = []
        for rule in RuleRegistry.all where rule.fileKinds.contains(kind) {
            let s = measure(warmups: 0, iterations: max(1, runs / 3)) {
                var out: [Finding] = []
                rule.check(ruleContext, into: &out)
                return out.count
            }
            perRule.append((rule.id, s.median))
        }
        for (id, seconds) in perRule.sorted(by: { $0.1 > $1.1 }).prefix(8) { table.add("rule \(id)", "", formatTime(seconds), "") }
        table.print()
    }
}
