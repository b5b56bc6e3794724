// Incremental analysis equals analysis from scratch, exactly: over thousands of random edits on
// the corpus files, the typed view built by reusing the previous version's
// (`PlistDocument(_:reusing:)`) and the findings of every rule on it (whose per-dictionary rules
// reuse what they found in unchanged subtrees) are those of a fresh parse of the same text analysed
// without any memo (`remembersSubtrees: false`).
import PlistAnalysis
import PlistSyntax
import PlistTestSupport
import Testing

@Suite struct AnalysisEqualityTests {
    /// What an edit inserts: typing inside values and keys, and structure that moves things around.
    static let pieces: [String] = [
        "x", "e", "1", " ", "\t", "\n", "", "", "", "<", ">", "/", "&", "&amp;", "&bogus;", "<key>", "</key>",
        "<string>", "</string>", "<dict>", "</dict>", "<array>", "</array>", "<true/>", "<integer>", "</integer>",
        "<key>CFBundleName</key>", "<key>CFBundleName</key><string>A</string>", "<dict/>", "<!--", "-->",
        "NSCameraUsageDescription", "é", "#if DEBUG\n", "#endif\n", "<key> </key><string/>",
    ]

    /// The typed view as plain data: every value's kind, ranges, text and keys, in document order.
    static func shape(_ document: PlistDocument) -> [String] {
        var out: [String] = []
        func visit(_ node: PlistNode, _ depth: Int) {
            let e = node.element
            out.append("\(depth) \(node.kind) \(e.range) \(e.contentRange) \(e.flags.rawValue) \(node.text ?? "-") \(node.boolValue.map { "\($0)" } ?? "-")")
            for entry in node.entries {
                out.append("\(depth) key \(entry.key.map { "\($0.element.range) \($0.text)" } ?? "-")")
                if let v = entry.value { visit(v, depth + 1) }
            }
            for item in node.items { visit(item, depth + 1) }
        }
        if let root = document.root { visit(root, 0) }
        return out
    }

    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func incrementalAnalysisEqualsFromScratchOnRandomCorpusEdits() async throws {
        let files = try SharedData.requireCorpus()
        let failures = try await onOwnThread { () -> [String] in
            var rng = SplitMix64(seed: 16)
            var failures: [String] = []
            var edits = 0
            for file in files {
                guard case .success(let text) = SourceDecoding.decode(file.bytes) else { continue }
                let path = file.kind == "info" ? "Info.plist" : file.name
                var tree = SyntaxTree.parse(text)
                var document = PlistDocument(tree)
                _ = Analyzer.findings(for: document, path: path)  // remembered per subtree, as the server does
                for step in 0..<12 {
                    let count = tree.text.count
                    // Mostly typing in place (where reuse pays), sometimes a deletion or a structural piece.
                    let lower = Int.random(in: 0...count, using: &rng)
                    let upper = min(count, lower + (Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: 0...24, using: &rng) : 0))
                    let piece = Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &rng)]
                    tree = tree.applying(SourceEdit(range: lower..<upper, replacement: piece))
                    edits += 1
                    let incremental = PlistDocument(tree, reusing: document)
                    let fresh = PlistDocument(SyntaxTree.parse(tree.text))
                    let what = "\(file.name), edit \(step): \(lower)..<\(upper) → \(piece.debugDescription)"
                    if incremental.problems != fresh.problems {
                        failures.append("problems differ after \(what)")
                    } else if Self.shape(incremental) != Self.shape(fresh) {
                        failures.append("typed view differs after \(what)")
                    } else {
                        let a = Analyzer.findings(for: incremental, path: path, limitPerRule: nil)
                        let b = Analyzer.findings(for: fresh, path: path, limitPerRule: nil, remembersSubtrees: false)
                        if a != b { failures.append("findings differ after \(what): \(a.count) vs \(b.count)") }
                    }
                    document = incremental
                    if failures.count > 10 { return failures }
                }
            }
            return edits >= 2_000 ? failures : failures + ["only \(edits) edits were tried"]
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
