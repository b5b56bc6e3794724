// Incremental analysis: what a rule finds in each dictionary on its own, remembered per subtree of
// the typed view, so that after an edit only the dictionaries on the edited path are checked again.
import PlistSyntax
import Synchronization

extension RuleContext {
    /// The findings of `rule` over every dictionary of the document, in document order (each
    /// dictionary before the values it holds), where `check` looks at one dictionary and at
    /// nothing outside its element but the document's text right around it (see below).
    ///
    /// The findings of a subtree are remembered for its shared storage (`PlistNode.sharedStorage`),
    /// relative to its start: the typed view of the next version of the document reuses every
    /// subtree the edit did not touch (`PlistDocument(_:reusing:)`), and with it what was found
    /// there, moved to where the subtree now stands. Only subtrees without any syntax error are
    /// remembered: their bounds are their tags, so a fix reaching for the blanks around an entry
    /// (`EditBuilder.removing`) reads only bytes of the subtree. Subtrees shorter than
    /// `rememberedWidth` are not remembered (memory), only checked again with their owner.
    /// `AnalysisEqualityTests` proves the result equal to checking every dictionary afresh.
    ///
    /// With `keyNames`, `check` finds nothing in a dictionary whose key names are not so (it
    /// checks that itself): a one-shot analysis then checks only the dictionaries found by one
    /// walk over the names that every rule asking shares, instead of walking them all per rule.
    public func findingsPerDictionary(
        of rule: any Rule, where keyNames: KeyNameCondition? = nil, _ check: (PlistNode) -> [Finding]
    ) -> [Finding] {
        guard let root = document.root else { return [] }
        // One-shot analysis (check): every dictionary afresh, by the same walk as the memo's, without
        // the key paths `dictionaries` makes for each.
        guard remembersSubtrees else {
            guard let keyNames else { return Self.everyDictionary(root, check) }
            return unusualKeyNames.dictionaries(in: root).flatMap { found in
                (keyNames == .repeated ? found.repeated : found.blank) ? check(found.dictionary) : []
            }
        }
        // In a file read branch by branch, what a rule finds depends on the `#if` lines around.
        let key = "\(rule.id)|\(document.readsAllBranches)"
        return Self.subtreeFindings(root, key: key, check).map { $0.shifted(by: root.element.start) }
    }

    /// Subtrees at least this long (bytes) remember their findings.
    static let rememberedWidth: UInt32 = 1024

    /// The findings in `node`'s subtree, relative to its start.
    private static func subtreeFindings(_ node: PlistNode, key: String, _ check: (PlistNode) -> [Finding]) -> [Finding] {
        guard node.kind == .dictionary || node.kind == .array else { return [] }
        let entry = node.element.entry
        // The typed view is at most `PlistDocument.maximumDepth` deep, which bounds this recursion.
        // Small subtrees are checked again with their owner (cheaper than remembering them).
        if entry.containsAnyError || entry.width < Self.rememberedWidth { return collect(node, key: key, check) }
        if let hit = SubtreeMemo.shared.findings(node.sharedStorage, key) { return hit }
        let found = collect(node, key: key, check)
        SubtreeMemo.shared.remember(found, node.sharedStorage, key)
        return found
    }

    private static func everyDictionary(_ node: PlistNode, _ check: (PlistNode) -> [Finding]) -> [Finding] {
        // The typed view is at most `PlistDocument.maximumDepth` deep, which bounds this recursion.
        var out = node.kind == .dictionary ? check(node) : []
        node.forEachChildContainer { out += everyDictionary($0, check) }
        return out
    }

    private static func collect(_ node: PlistNode, key: String, _ check: (PlistNode) -> [Finding]) -> [Finding] {
        let start = node.element.start
        var out: [Finding] = []
        if node.kind == .dictionary { out = check(node).map { $0.shifted(by: -start) } }
        if node.isStoredInRuns {
            // A large container: what its children's subtrees hold is remembered per run (the same
            // object in every version that kept the run's bytes), so that an edit costs the runs it
            // reached, not one look-up per child. Only in a container without any syntax error (as
            // for subtrees, above).
            let remembers = !node.element.entry.containsAnyError
            let runKey = key + "|run"
            for run in node.runs {
                let found: [Finding]
                if remembers, let hit = SubtreeMemo.shared.findings(run.sharedStorage, runKey) {
                    found = hit
                } else {
                    var inRun: [Finding] = []
                    node.forEachChildContainer(in: run) { child in
                        let inner = subtreeFindings(child, key: key, check)
                        if !inner.isEmpty {
                            let offset = child.element.start - run.start
                            inRun += inner.map { $0.shifted(by: offset) }
                        }
                    }
                    found = inRun
                    if remembers { SubtreeMemo.shared.remember(found, run.sharedStorage, runKey) }
                }
                if !found.isEmpty {
                    let offset = run.start - start
                    out += found.map { $0.shifted(by: offset) }
                }
            }
            return out
        }
        node.forEachChildContainer { child in
            let found = subtreeFindings(child, key: key, check)
            if !found.isEmpty {
                let offset = child.element.start - start
                out += found.map { $0.shifted(by: offset) }
            }
        }
        return out
    }
}

/// The remembered findings, by shared storage and memo key. An entry holds its storage weakly: a
/// storage no version of any document uses any more is gone, its entries are found stale (the
/// weak reference is nil, so a new object at the same address never matches) and swept when the
/// table has doubled since the last sweep.
final class SubtreeMemo: Sendable {
    static let shared = SubtreeMemo()

    private final class Weak: @unchecked Sendable {
        // Read and written under the table's lock only.
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private struct Key: Hashable {
        let storage: ObjectIdentifier
        let memo: String
    }

    private struct Table {
        var entries: [Key: (storage: Weak, findings: [Finding])] = [:]
        var sweepAt = 4_096
    }

    private let table = Mutex(Table())

    func findings(_ storage: AnyObject, _ memo: String) -> [Finding]? {
        table.withLock { table in
            guard let hit = table.entries[Key(storage: ObjectIdentifier(storage), memo: memo)], hit.storage.object === storage else {
                return nil
            }
            return hit.findings
        }
    }

    func remember(_ findings: [Finding], _ storage: AnyObject, _ memo: String) {
        table.withLock { table in
            table.entries[Key(storage: ObjectIdentifier(storage), memo: memo)] = (Weak(storage), findings)
            if table.entries.count >= table.sweepAt {
                table.entries = table.entries.filter { $0.value.storage.object != nil }
                table.sweepAt = max(4_096, table.entries.count * 2)
            }
        }
    }
}

extension RawEntry {
    /// Whether this entry or anything below it breaks a well-formedness rule.
    var containsAnyError: Bool {
        if flags.contains(.malformed) || flags.contains(.childError) { return true }
        if !flags.isDisjoint(with: [.startTagUnterminated, .endTagMissing, .endTagMismatched, .endTagUnterminated, .unterminated]) {
            return true
        }
        return kind == .strayEndTag || kind == .bogus
    }
}

extension Finding {
    /// The same finding `delta` bytes later (its range, related places and fixes' edits).
    func shifted(by delta: Int) -> Finding {
        guard delta != 0 else { return self }
        func move(_ r: Range<Int>) -> Range<Int> { (r.lowerBound + delta)..<(r.upperBound + delta) }
        var f = self
        f.range = move(range)
        f.related = related.map { ($0.message, move($0.range)) }
        f.fixes = fixes.map { fix in
            var fix = fix
            fix.edits = fix.edits.map { SourceEdit(range: move($0.range), replacement: $0.replacement) }
            return fix
        }
        return f
    }
}

/// What `findingsPerDictionary(of:where:_:)` may take for granted of the dictionaries a rule
/// finds something in.
public enum KeyNameCondition: Sendable {
    /// Two keys have the same name (`String` equality).
    case repeated
    /// A key's name is XML white space only.
    case blank
}

/// The dictionaries of a document whose key names repeat or are blank, in document order (each
/// dictionary before the values it holds), found by one walk the first time a rule asks.
final class UnusualKeyNames: Sendable {
    struct Found: Sendable {
        let dictionary: PlistNode
        let repeated: Bool
        let blank: Bool
    }
    private let found = Mutex<[Found]?>(nil)

    func dictionaries(in root: PlistNode) -> [Found] {
        found.withLock { found in
            if let found { return found }
            var list: [Found] = []
            Self.walk(root, into: &list)
            found = list
            return list
        }
    }

    private static func walk(_ node: PlistNode, into list: inout [Found]) {
        // The typed view is at most `PlistDocument.maximumDepth` deep, which bounds this recursion.
        if node.kind == .dictionary {
            let keys = node.keys
            let repeated = KeyNameIndex.hasRepeatedName(keys)
            let blank = keys.contains(where: KeyNameIndex.isBlank)
            if repeated || blank { list.append(Found(dictionary: node, repeated: repeated, blank: blank)) }
        }
        node.forEachChildContainer { walk($0, into: &list) }
    }
}
