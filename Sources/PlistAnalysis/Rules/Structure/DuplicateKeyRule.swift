// plist-duplicate-key: the same key twice in one dictionary; the system keeps the last.
import PlistSyntax

public struct DuplicateKeyRule: Rule {
    public let id = "plist-duplicate-key"
    public let title = "A key appears more than once in a dictionary"
    public let rationale = """
        Foundation keeps the **last** value of a repeated key and silently drops the others, so an \
        edit to the first occurrence has no effect. Every occurrence is marked; the earlier ones are \
        shown faded and point at the one the system reads, the last points at the first. Their fix \
        removes them (key and value), which keeps what the system reads; it is applied by fix-all \
        only when both entries are well-formed (a broken entry is repaired, not removed).
        """
    public let category = RuleCategory.structure
    public let defaultSeverity = Severity.warning
    public var fileKinds: Set<FileKind> { FileKind.allKinds }
    public let examples: [RuleExample] = [
        .triggering(ExampleText.dict("\t<key>UIBackgroundModes</key>\n\t<array/>\n\t<key>CFBundleName</key>\n\t<string>Demo</string>\n\t<key>UIBackgroundModes</key>\n\t<array>\n\t\t<string>audio</string>\n\t</array>\n"),
                    fixed: ExampleText.dict("\t<key>CFBundleName</key>\n\t<string>Demo</string>\n\t<key>UIBackgroundModes</key>\n\t<array>\n\t\t<string>audio</string>\n\t</array>\n")),
        .triggering(ExampleText.dict("\t<key>a</key>\n\t<string>1</string>\n\t<key>a</key>\n\t<string>2</string>\n"), path: "App.entitlements"),
        .nonTriggering(ExampleText.dict("\t<key>A</key>\n\t<string>1</string>\n\t<key>a</key>\n\t<string>2</string>\n")),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Diagnostic]) {
        let edits = EditBuilder(context.text)
        let soundness = Soundness(context)
        for info in context.dictionaries {
            let entries = info.node.entries
            guard entries.count > 1 else { continue }
            var groups: [String: [Int]] = [:]
            var hasDuplicate = false
            if entries.count <= 24 {
                // Small dictionaries: compare pairwise, no hashing.
                outer: for i in 1..<entries.count {
                    guard let k = entries[i].key?.text else { continue }
                    for j in 0..<i where entries[j].key?.text == k { hasDuplicate = true; break outer }
                }
                guard hasDuplicate else { continue }
            }
            for (i, e) in entries.enumerated() {
                if let k = e.key?.text { groups[k, default: []].append(i) }
            }
            for (name, indices) in groups where indices.count > 1 {
                // Related information is bounded: each earlier occurrence points at the one the
                // system reads, the last at the first; N duplicates cost N diagnostics, not N².
                let first = entries[indices[0]].key!.element.range
                let lastIndex = indices[indices.count - 1]
                let last = entries[lastIndex].key!.element.range
                let lastIsSound = soundness.isSound(entries[lastIndex])
                for (n, i) in indices.enumerated() {
                    let key = entries[i].key!
                    if n == indices.count - 1 {
                        let others = indices.count == 2 ? "'\(name)' also here" : "'\(name)' first here (\(indices.count - 1) earlier occurrences)"
                        out.append(diagnostic("Duplicate key '\(name)': this last occurrence is the one the system reads", key.element.range,
                                              related: [(message: others, range: first)]))
                    } else {
                        // Removing an entry keeps the data only when Foundation reads the file and
                        // ignores this entry: both it and the last occurrence must be well-formed.
                        // Otherwise the fix is offered, never applied by fix-all.
                        let safe = lastIsSound && soundness.isSound(entries[i])
                        let fix = Fix(title: "Remove this duplicate '\(name)' entry", edits: [edits.removing(entries[i])], isPreferred: safe, isSafe: safe)
                        out.append(diagnostic("Duplicate key '\(name)': ignored, the last occurrence wins", key.element.range,
                                              tags: [.unnecessary], related: [(message: "'\(name)' read here", range: last)], fixes: [fix]))
                    }
                }
            }
        }
    }
}

/// Whether an entry is well-formed: a key and a plist value, and no error the parser found
/// starting inside it. Errors are sorted once, so each question is a binary search.
struct Soundness {
    private let errorStarts: [Int]

    init(_ context: RuleContext) {
        var starts: [Int] = []
        for p in context.document.tree.syntaxErrors where p.severity == .error { starts.append(p.range.lowerBound) }
        for p in context.document.problems where p.severity == .error { starts.append(p.range.lowerBound) }
        errorStarts = starts.sorted()
    }

    func isSound(_ entry: PlistEntry) -> Bool {
        guard entry.key != nil, let value = entry.value, value.kind != .unknown, value.kind != .misplacedKey else { return false }
        let range = entry.range
        // The first error starting at or after the entry's start.
        var lo = 0, hi = errorStarts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if errorStarts[mid] < range.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        return lo == errorStarts.count || errorStarts[lo] >= range.upperBound
    }
}
