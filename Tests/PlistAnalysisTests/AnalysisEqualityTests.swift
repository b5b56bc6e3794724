// Incremental analysis equals analysis from scratch, exactly: over thousands of random edits on
// the corpus files, the typed view built by reusing the previous version's
// (`PlistDocument(_:reusing:)`) and the findings of every rule on it (whose per-dictionary rules
// reuse what they found in unchanged subtrees) are those of a fresh parse of the same text analysed
// without any memo (`remembersSubtrees: false`).
import PlistAnalysis
import PlistSyntax
import PlistTestSupport
import Testing

@Suite(.tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote)) struct AnalysisEqualityTests {
    /// What an edit inserts: typing inside values and keys, and structure that moves things around.
    static let pieces: [String] = [
        "x", "e", "1", " ", "\t", "\n", "", "", "", "<", ">", "/", "&", "&amp;", "&bogus;", "<key>", "</key>",
        "<string>", "</string>", "<dict>", "</dict>", "<array>", "</array>", "<true/>", "<integer>", "</integer>",
        "<key>CFBundleName</key>", "<key>CFBundleName</key><string>A</string>", "<dict/>", "<!--", "-->",
        "NSCameraUsageDescription", "é", "#if DEBUG\n", "#endif\n", "<key> </key><string/>",
        // Tags too wide for the view's compact entries (kept whole elsewhere).
        "<key" + String(repeating: " ", count: 260) + ">", "</string" + String(repeating: " ", count: 130) + ">",
    ]

    /// How a view built with reuse differs from a fresh parse's: its problems, its values, or the
    /// findings of every rule (the fresh view analysed without any memo); nil when they are equal.
    static func difference(_ incremental: PlistDocument, _ fresh: PlistDocument, path: String) -> String? {
        if incremental.problems != fresh.problems { return "problems differ" }
        let shape = shape(incremental)
        if shape != Self.shape(fresh) { return "typed view differs" }
        if let line = shape.first(where: { $0.contains("NODE MISMATCH") }) { return "a key's syntax node is not the tree's: \(line)" }
        let a = Analyzer.findings(for: incremental, path: path, limitPerRule: nil)
        let b = Analyzer.findings(for: fresh, path: path, limitPerRule: nil, remembersSubtrees: false)
        return a == b ? nil : "findings differ (\(a.count) vs \(b.count))"
    }

    /// The typed view as plain data: every value's kind, ranges, text and keys (with the syntax
    /// entries inside a key, which its syntax node gives when it has one), in document order.
    static func shape(_ document: PlistDocument) -> [String] {
        var out: [String] = []
        // Whether a key has a syntax node, and it is the one the syntax tree has at its offset (the
        // typed view finds a key's node in its dictionary's: one wrong there is wrong in both views).
        func treeNode(_ e: SyntaxElement) -> String {
            let inTree = document.tree.entries(at: e.start).last { $0.start == e.start && $0.kind == .element }
            return e.node == nil && inTree?.node == nil ? "no node" : e.node != nil && e.node === inTree?.node ? "node" : "NODE MISMATCH"
        }
        func visit(_ node: PlistNode, _ depth: Int) {
            let e = node.element
            out.append(
                "\(depth) \(node.kind) \(e.range) \(e.contentRange) \(e.flags.rawValue) \(node.text ?? "-") \(node.boolValue.map { "\($0)" } ?? "-")"
            )
            for entry in node.entries {
                out.append(
                    "\(depth) key \(entry.key.map { "\($0.element.range) \($0.text) \(treeNode($0.element)) \($0.element.children.map { "\($0.kind)\($0.range)" })" } ?? "-")"
                )
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
                    if let difference = Self.difference(incremental, fresh, path: path) { failures.append("\(difference) after \(what)") }
                    document = incremental
                    if failures.count > 10 { return failures }
                }
            }
            return edits >= 2_000 ? failures : failures + ["only \(edits) edits were tried"]
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// A plist with a large dictionary and a large array (stored in runs, `PlistNode.isStoredInRuns`)
    /// between ordinary keys: one entry per line, as Xcode writes them.
    static func largeDocument(records: Int, items: Int) -> String {
        var out =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleName</key>\n\t<string>Big</string>\n\t<key>Items</key>\n\t<dict>\n"
        for i in 0..<records {
            // Every 40th key holds a comment (markup: the key has a syntax node of its own).
            out +=
                "\t\t<key>Item\(i % 40 == 0 ? "<!-- c -->" : "") \(i)</key>\n\t\t<dict>\n\t\t\t<key>Name</key>\n\t\t\t<string>name \(i)</string>\n"
            if i % 3 == 0 { out += "\t\t\t<key>Tags</key>\n\t\t\t<array>\n\t\t\t\t<string>t\(i)</string>\n\t\t\t</array>\n" }
            out += "\t\t\t<key>Count</key>\n\t\t\t<integer>\(i)</integer>\n\t\t</dict>\n"
        }
        out += "\t</dict>\n\t<key>List</key>\n\t<array>\n"
        for i in 0..<items {
            out +=
                i % 5 == 0
                ? "\t\t<dict>\n\t\t\t<key>K</key>\n\t\t\t<string>v\(i)</string>\n\t\t</dict>\n" : "\t\t<string>item \(i)</string>\n"
        }
        return out + "\t</array>\n\t<key>CFBundleVersion</key>\n\t<string>1</string>\n</dict>\n</plist>\n"
    }

    /// Edits inside large dictionaries and arrays, whose unchanged runs of entries the typed view
    /// reuses by the reparse's changed region and whose key names the per-dictionary rules count
    /// per run: typing in keys and values, duplicate and blank keys, entries inserted and removed,
    /// structure broken and repaired. Each version reuses the view of one of the last three (as
    /// the server does when a version was superseded before its view was built).
    @Test func incrementalAnalysisEqualsFromScratchInLargeContainers() async throws {
        let failures = try await onOwnThread { () -> [String] in
            var rng = SplitMix64(seed: 1_616)
            let pieces =
                Self.pieces + [
                    "<key>Item 7</key><string>dup</string>", "<key>Item 300</key><dict/>", "<key></key><true/>",
                    "<key>Name</key>", "Item 1", "</dict>", "<string>x</string>", "\t\t<key>New</key><integer>1</integer>",
                    "<key>With<!-- a comment -->Markup</key><string>v</string>", "<key>A<![CDATA[<b>]]></key><true/>",
                ]
            var failures: [String] = []
            var reused = 0
            // Short rounds from a fresh document: a structural piece may leave a recovery decided by
            // reading ahead, after which every reparse is a full parse (nothing to reuse).
            for round in 0..<24 {
                var tree = SyntaxTree.parse(Self.largeDocument(records: 300, items: 260))
                var versions = [PlistDocument(tree)]
                _ = Analyzer.findings(for: versions[0], path: "Info.plist")
                for step in 0..<8 {
                    let count = tree.text.count
                    let lower = Int.random(in: 0...count, using: &rng)
                    let upper = min(count, lower + (Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: 0...40, using: &rng) : 0))
                    // Mostly typing, as in an editor; sometimes a structural piece.
                    let piece =
                        Int.random(in: 0..<3, using: &rng) == 0
                        ? pieces[Int.random(in: 0..<pieces.count, using: &rng)] : ["x", "7", "", "é"][Int.random(in: 0..<4, using: &rng)]
                    tree = tree.applying(SourceEdit(range: lower..<upper, replacement: piece))
                    let base = versions[max(0, versions.count - 1 - Int.random(in: 0..<3, using: &rng))]
                    let incremental = PlistDocument(tree, reusing: base)
                    // An edit inside the large dictionary that the reparse kept incremental replaces
                    // at most a few of its runs: the others must be the base version's.
                    if let now = incremental.root?.value(forKey: "Items"), let then = base.root?.value(forKey: "Items"),
                        now.isStoredInRuns, then.isStoredInRuns, !now.isSameValue(as: then),
                        let change = tree.changedRegion(since: base.tree), then.element.contentRange.contains(change.range.lowerBound),
                        change.range.upperBound < then.element.contentRange.upperBound
                    {
                        let before = Set(then.runs.map { ObjectIdentifier($0.sharedStorage) })
                        if now.runs.contains(where: { before.contains(ObjectIdentifier($0.sharedStorage)) }) {
                            reused += 1
                        } else {
                            failures.append("no run of the large dictionary reused after round \(round), edit \(step)")
                        }
                    }
                    let fresh = PlistDocument(SyntaxTree.parse(tree.text))
                    let what = "round \(round), edit \(step): \(lower)..<\(upper) → \(piece.debugDescription)"
                    if let difference = Self.difference(incremental, fresh, path: "Info.plist") {
                        failures.append("\(difference) after \(what)")
                    }
                    versions = Array((versions + [incremental]).suffix(3))
                    if failures.count > 10 { return failures }
                }
            }
            // Most edits land in the large dictionary and keep most of its runs.
            return reused >= 20 ? failures : failures + ["runs of the large dictionary reused after only \(reused) edits"]
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
