// Where one keystroke's time goes on the 10 MB plist, stage by stage, in-process: the text edit
// and reparse, the line index (whole, and updated), the typed view (from scratch, and reusing the
// previous version's), the rule context, the analysis, and the costliest rules.
import PlistAnalysis
import PlistSyntax
import Foundation

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
        row("text edit + incremental reparse") { tree.applying(edit).root.width }
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
        for rule in RuleRegistry.all where rule.fileKinds.contains(kind) && rule.reads(RuleContext.self) {
            let s = measure(warmups: 0, iterations: max(1, runs / 3)) {
                var out: [Finding] = []
                rule.check(input: ruleContext, into: &out)
                return out.count
            }
            perRule.append((rule.id, s.median))
        }
        for (id, seconds) in perRule.sorted(by: { $0.1 > $1.1 }).prefix(8) { table.add("rule \(id)", "", formatTime(seconds), "") }
        table.print()
        memory(bytes, edit: edit, path: path)
    }

    /// What each structure of one version holds, and what an edited version adds while the
    /// previous one is alive: the growth of the resident set while building it (Linux; built
    /// one after the other in this process, so what a stage frees and the next reuses is not counted twice).
    private func memory(_ bytes: [UInt8], edit: SourceEdit, path: String) {
        #if os(Linux)
        func inUse() -> Int {
            guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
            let fields = statm.split(separator: " ")
            return fields.count > 1 ? (Int(fields[1]) ?? 0) * 4096 : 0
        }
        func mib(_ n: Int) -> String { String(format: "%.1f MiB", Double(n) / 1_048_576) }
        var table = Table("Resident set growth (10 MB plist)", "Bytes")
        var mark = inUse()
        func row(_ name: String) {
            let now = inUse()
            table.add(name, mib(now - mark))
            mark = now
        }
        let text = SourceText(bytes)  // a copy of its own
        row("text")
        let tree = SyntaxTree.parse(text)
        row("syntax tree (text shared)")
        let index = LineIndex(text)
        row("line index")
        let document = PlistDocument(tree)
        row("typed view")
        let findings = Analyzer.findings(for: document, path: path)
        row("analysis (findings and remembered per-subtree results)")
        let edited = tree.applying(edit)
        row("edited version: text edit (pieces shared) + reparsed path")
        let editedIndex = index.applying(edit.range, newText: edited.text)
        row("edited version: line index")
        let editedDocument = PlistDocument(edited, reusing: document)
        row("edited version: typed view (reusing)")
        let editedFindings = Analyzer.findings(for: editedDocument, path: path)
        row("edited version: analysis")
        table.print()
        withExtendedLifetime((tree, index, document, findings, edited, editedIndex, editedDocument, editedFindings)) {}
        #endif
    }
}
