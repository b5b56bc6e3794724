// What the per-dictionary rules ask of a large dictionary first: does any key name occur twice,
// is any key blank. Answered from a count of names per run of entries that is updated by the runs
// an edit replaced, not counted again over the whole dictionary.
import PlistSyntax
import Synchronization

extension RuleContext {
    /// Whether some key name occurs more than once in `dictionary`, and whether some key is blank
    /// (XML white space only), for a dictionary stored in runs (`PlistNode.isStoredInRuns`): the
    /// counts of its names are kept per run and updated from those of an earlier version of the
    /// dictionary (found through a run they share) by the runs that differ, so an edit costs the
    /// runs it replaced plus one look-up per run. Exact: the counts are always those of the runs
    /// they were last updated for (`AnalysisEqualityTests` proves the findings equal).
    /// Without `remembersSubtrees` (a one-shot analysis), the names are counted afresh.
    func keyNameFacts(of dictionary: PlistNode) -> (hasDuplicate: Bool, hasBlank: Bool) {
        guard remembersSubtrees else {
            let keys = dictionary.keys
            return (KeyNameIndex.hasRepeatedName(keys), keys.contains(where: KeyNameIndex.isBlank))
        }
        return KeyNameIndex.shared.facts(of: dictionary)
    }
}

/// Counts of key names per large dictionary, found through any run of the dictionary they were
/// last updated for. Runs are held weakly (a run no document uses any more is gone, and a new
/// object at its address never matches); what a run contributed is kept with it, so a run that
/// is gone can still be subtracted.
final class KeyNameIndex: Sendable {
    static let shared = KeyNameIndex()

    /// XML white space only (what `plist-empty-key` reports), checked on bytes (Character
    /// iteration is far slower).
    static func isBlank(_ name: String) -> Bool { name.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } }

    /// Whether some name occurs twice in `names` (what `plist-duplicate-key` reports, before the
    /// `#if` regions are considered): a few names are compared pairwise, more are hashed.
    static func hasRepeatedName(_ names: [String]) -> Bool {
        guard names.count > 24 else {
            for i in names.indices.dropFirst() where names[..<i].contains(where: { ExactText.equal($0, names[i]) }) { return true }
            return false
        }
        return Set(names.map(ExactText.init)).count < names.count
    }

    private final class Weak: @unchecked Sendable {
        // Read and written under the table's lock only.
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    /// The counts of the names of the runs in `runs`.
    private struct Counts {
        var names: [ExactText: Int] = [:]
        /// Names counted more than once; blank names counted.
        var duplicated = 0
        var blank = 0
        var runs: [ObjectIdentifier: (run: Weak, names: [String])] = [:]

        mutating func add(_ list: [String], _ sign: Int) {
            for name in list.map(ExactText.init) {
                let before = names[name, default: 0]
                let after = before + sign
                if before < 2 && after >= 2 { duplicated += 1 } else if before >= 2 && after < 2 { duplicated -= 1 }
                names[name] = after == 0 ? nil : after
                if KeyNameIndex.isBlank(name.string) { blank += sign }
            }
        }
    }

    private struct Table {
        var counts: [Int: Counts] = [:]
        var nextID = 0
        /// Which counts a run was last counted in.
        var byRun: [ObjectIdentifier: (run: Weak, counts: Int)] = [:]
        var sweepAt = 4_096
    }

    private let table = Mutex(Table())

    func facts(of dictionary: PlistNode) -> (hasDuplicate: Bool, hasBlank: Bool) {
        let runs = dictionary.runs
        return table.withLock { table in
            var id: Int? = nil
            for run in runs {
                if let hit = table.byRun[ObjectIdentifier(run.sharedStorage)], hit.run.object === run.sharedStorage,
                    table.counts[hit.counts] != nil
                {
                    id = hit.counts
                    break
                }
            }
            let countsID =
                id
                ?? {
                    table.nextID += 1; return table.nextID
                }()
            var counts = table.counts.removeValue(forKey: countsID) ?? Counts()
            var current = Set<ObjectIdentifier>(minimumCapacity: runs.count)
            for run in runs { current.insert(ObjectIdentifier(run.sharedStorage)) }
            // Runs counted that this dictionary no longer holds (or that are gone).
            for (key, counted) in counts.runs where !current.contains(key) || counted.run.object == nil {
                counts.add(counted.names, -1)
                counts.runs[key] = nil
            }
            // Runs of this dictionary not counted yet.
            for run in runs {
                let key = ObjectIdentifier(run.sharedStorage)
                if let counted = counts.runs[key] {
                    if counted.run.object === run.sharedStorage { continue }
                    counts.add(counted.names, -1)
                }
                let names = dictionary.keys(in: run)
                counts.add(names, 1)
                let weak = Weak(run.sharedStorage)
                counts.runs[key] = (weak, names)
                table.byRun[key] = (weak, countsID)
            }
            let facts = (counts.duplicated > 0, counts.blank > 0)
            table.counts[countsID] = counts
            if table.byRun.count >= table.sweepAt {
                table.byRun = table.byRun.filter { $0.value.run.object != nil }
                let live = Set(table.byRun.values.map(\.counts))
                table.counts = table.counts.filter { live.contains($0.key) }
                table.sweepAt = max(4_096, table.byRun.count * 2)
            }
            return facts
        }
    }
}
