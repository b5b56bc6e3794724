// plist-duplicate-key: the same key twice in one dictionary; the system keeps the last.
import PlistSyntax

public struct DuplicateKeyRule: Rule {
    public let id = "plist-duplicate-key"
    public let title = "A key appears more than once in a dictionary"
    public let rationale = """
        Foundation keeps the **last** value of a repeated key and silently drops the others, so an \
        edit to the first occurrence has no effect. Every occurrence is marked; the earlier ones are \
        shown faded and point at the one the system reads, the last points at the first. Their fix \
        removes them (key and value), which keeps what the system reads; it is offered, never \
        applied by fix-all: Foundation reads the file as it is, and which copy was meant is the \
        author's call.
        """
    public let category = RuleCategory.structure
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { FileKind.allKinds }
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	↓<key>UIBackgroundModes</key>
            	<array/>
            	<key>CFBundleName</key>
            	<string>Demo</string>
            	↓<key>UIBackgroundModes</key>
            	<array>
            		<string>audio</string>
            	</array>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>CFBundleName</key>
                	<string>Demo</string>
                	<key>UIBackgroundModes</key>
                	<array>
                		<string>audio</string>
                	</array>
                </dict>
                </plist>

                """),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	↓<key>a</key>
            	<string>1</string>
            	↓<key>a</key>
            	<string>2</string>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>a</key>
                	<string>2</string>
                </dict>
                </plist>

                """, path: "App.entitlements"),
        .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<string>1</string>\n\t<key>a</key>\n\t<string>2</string>\n")),
        .nonTriggering(
            ExampleText.dict(
                "\t#if BETA\n\t<key>CFBundleName</key>\n\t<string>Demo β</string>\n\t#else\n\t<key>CFBundleName</key>\n\t<string>Demo</string>\n\t#endif\n"
            )),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        out += context.findingsPerDictionary(of: self, where: .repeated) { dictionary in
            var out: [Finding] = []
            check(dictionary, context, edits, into: &out)
            return out
        }
    }

    /// The duplicates of one dictionary.
    private func check(_ dictionary: PlistNode, _ context: RuleContext, _ edits: EditBuilder, into out: inout [Finding]) {
        let entries = dictionary.entries
        guard entries.count > 1 else { return }
        var groups: [Occurrence: [Int]] = [:]
        // The names alone first (no entries made), the usual answer being "no duplicate"; for a
        // large dictionary, from counts updated by the runs an edit replaced.
        if dictionary.isStoredInRuns && !context.document.readsAllBranches {
            guard context.keyNameFacts(of: dictionary).hasDuplicate else { return }
        } else {
            guard KeyNameIndex.hasRepeatedName(dictionary.keys) else { return }
        }
        // In a preprocessed file read branch by branch, a key's occurrences in different
        // conditional regions never meet in what Xcode reads, and the alternative values of
        // one key (entries sharing its `<key>`) are one occurrence.
        let document = context.document
        var seenKeys = Set<Int>()
        for (i, e) in entries.enumerated() {
            guard let key = e.key, seenKeys.insert(key.element.start).inserted else { continue }
            let region = document.readingRegion(at: key.element.start)
            groups[Occurrence(name: ExactText(key.text), region: region), default: []].append(i)
        }
        for (group, indices) in groups where indices.count > 1 {
            let name = group.name.string
            // Related information is bounded: each earlier occurrence points at the one the
            // system reads, the last at the first; N duplicates cost N diagnostics, not N².
            let first = entries[indices[0]].key!.element.range
            let last = entries[indices[indices.count - 1]].key!.element.range
            for (n, i) in indices.enumerated() {
                let key = entries[i].key!
                if n == indices.count - 1 {
                    let others =
                        indices.count == 2 ? "'\(name)' also here" : "'\(name)' first here (\(indices.count - 1) earlier occurrences)"
                    out.append(
                        diagnostic(
                            "Duplicate key '\(name)': this last occurrence is the one the system reads", key.element.range,
                            related: [(message: others, range: first)]))
                } else {
                    // Foundation reads a file with duplicate keys (the last wins), so removing one
                    // repairs nothing it cannot read: which copy the author meant is theirs to
                    // say. The fix is offered, never applied by fix-all (docs/safe-fixes.md).
                    let fix = Fix(title: "Remove this duplicate '\(name)' entry", edits: [edits.removing(entries[i])], isPreferred: true)
                    out.append(
                        diagnostic(
                            "Duplicate key '\(name)': ignored, the last occurrence wins", key.element.range,
                            tags: [.unnecessary], related: [(message: "'\(name)' read here", range: last)], fixes: [fix]))
                }
            }
        }
    }

    /// A key name (its exact scalars: `café` in NFC and in NFD are two keys to Foundation) within
    /// one conditional region (always the empty region outside preprocessed files).
    private struct Occurrence: Hashable {
        let name: ExactText
        let region: BranchPath
    }
}
