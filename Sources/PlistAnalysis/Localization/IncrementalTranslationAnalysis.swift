// The findings of a strings table, kept from one version of an open table to the next (issue #39,
// point 5): a keystroke in a table of 100,000 entries checks the few entries it changed, not every
// entry. Equal to `Analyzer.findings(forTranslation:)` of the same table (a property test holds
// them equal after random edits), at the cost of what the edit touched plus a pass over the
// table's blocks (a few hundred for 100,000 entries) and the findings shown.
import PlistSyntax
import XcodeProject

/// What the analysis of one version of a strings table keeps for the next: the findings of each
/// block of entries (`StringsEntries.Block`, shared by the versions that keep it), with ranges
/// relative to the block, and the count of every key (duplicates are keys counted twice).
public struct TranslationFindingsMemo: Sendable {
    /// What the findings of a block read besides its entries: equal inputs, equal findings.
    struct Inputs: Equatable, Sendable {
        let path: String
        let locale: String
        let infoPlist: SourceText?
        let externalKeys: Set<String>
        let configuration: AnalysisConfiguration
    }

    /// The findings of one block's entries, by rule, in order, relative to the block's base; and
    /// the entries of each key in the block (local indices).
    struct BlockFindings: Sendable {
        let block: StringsEntries.Block
        let byRule: [String: [Finding]]
        let keys: [ExactText: [Int]]
    }

    let inputs: Inputs
    /// What the blocks' checks read of the Info.plist, made from `inputs`.
    let context: TranslationContext
    let blocks: [ObjectIdentifier: BlockFindings]
    let keyCounts: [ExactText: Int]
    /// The keys counted more than once.
    let duplicated: Set<ExactText>
}

extension Analyzer {
    /// The rules whose findings on an entry depend on that entry alone (and on the Info.plist),
    /// run per block; `firstOccurrence`: those that report a key once, at its first entry.
    static let perEntryRuleIDs: Set<String> = ["l10n-empty-translation", "l10n-not-localizable", "l10n-unknown-key", "l10n-xcode-name"]
    static let firstOccurrenceRuleIDs: Set<String> = ["l10n-not-localizable", "l10n-unknown-key", "l10n-xcode-name"]

    /// The findings of `file`, the translation at `path`, equal to `findings(forTranslation:configuration:)`
    /// of its `TranslationContext`: for a
    /// strings table, the findings of the blocks `memo` (an earlier version's, or nil) already
    /// has are reused. Returns the memo for the next version (nil for a String Catalog, which is
    /// analysed whole).
    public static func findings(
        forTranslation file: TranslationFile, at path: String, infoPlist: PlistDocument?, externalKeys: Set<String> = [],
        configuration: AnalysisConfiguration, memo: TranslationFindingsMemo?
    ) -> (findings: [Finding], memo: TranslationFindingsMemo?) {
        guard case .table(let table, let locale) = file else {
            let context = TranslationContext(path: path, file: file, infoPlist: infoPlist, externalKeys: externalKeys)
            return (findings(forTranslation: context, configuration: configuration), nil)
        }
        let inputs = TranslationFindingsMemo.Inputs(
            path: path, locale: locale, infoPlist: infoPlist?.tree.text,
            externalKeys: externalKeys, configuration: configuration)
        let memo = memo?.inputs == inputs ? memo : nil
        // What every block's check reads of the Info.plist (its entries: none): the memo's while the
        // inputs are the same, so a keystroke in the table does not walk the Info.plist again.
        let context =
            memo?.context
            ?? TranslationContext(
                path: path, file: .table(StringsTable(text: [], entries: [StringsEntry](), problems: []), locale: locale),
                infoPlist: infoPlist, externalKeys: externalKeys)
        let perEntry = RuleRegistry.all.filter { perEntryRuleIDs.contains($0.id) }
        let segments = table.entries.segments

        // Each block's findings: the memo's, or its entries checked alone (relative ranges).
        var blocks: [ObjectIdentifier: TranslationFindingsMemo.BlockFindings] = [:]
        blocks.reserveCapacity(segments.count)
        var added: [TranslationFindingsMemo.BlockFindings] = []
        for segment in segments {
            let id = ObjectIdentifier(segment.block)
            if let hit = memo?.blocks[id] { blocks[id] = hit; continue }
            let part = TranslationContext(
                sharing: context, file: .table(StringsTable(text: table.text, entries: segment.block.entries, problems: []), locale: locale)
            )
            var byRule: [String: [Finding]] = [:]
            for f in findings(forTranslation: part, configuration: configuration, rules: perEntry) { byRule[f.code, default: []].append(f) }
            var keys: [ExactText: [Int]] = [:]
            for (i, e) in segment.block.entries.enumerated() { keys[ExactText(e.key), default: []].append(i) }
            let result = TranslationFindingsMemo.BlockFindings(block: segment.block, byRule: byRule, keys: keys)
            blocks[id] = result
            added.append(result)
        }

        // The count of every key, moved from the memo's blocks to these.
        var counts = memo?.keyCounts ?? [:]
        var duplicated = memo?.duplicated ?? []
        func count(_ key: ExactText, _ change: Int) {
            let n = counts[key, default: 0] + change
            counts[key] = n == 0 ? nil : n
            if n > 1 { duplicated.insert(key) } else { duplicated.remove(key) }
        }
        if let memo {
            for (id, old) in memo.blocks where blocks[id] == nil { for (key, at) in old.keys { count(key, -at.count) } }
        }
        for b in added { for (key, at) in b.keys { count(key, at.count) } }

        // The entries of the duplicated keys in file order, and which of them are not their key's first.
        var duplicateEntries: [StringsEntry] = []
        var blocksWithDuplicates: Set<ObjectIdentifier> = []
        if !duplicated.isEmpty {
            for segment in segments {
                let b = blocks[ObjectIdentifier(segment.block)]!
                var local: [Int] = []
                if duplicated.count < b.keys.count {
                    for key in duplicated { if let at = b.keys[key] { local += at } }
                } else {
                    for (key, at) in b.keys where duplicated.contains(key) { local += at }
                }
                guard !local.isEmpty else { continue }
                blocksWithDuplicates.insert(ObjectIdentifier(segment.block))
                for i in local.sorted() { duplicateEntries.append(segment.block.entries[i].shifted(by: segment.base)) }
            }
        }
        var seen: Set<ExactText> = []
        var laterOccurrences: Set<Range<Int>> = []
        for e in duplicateEntries where !seen.insert(ExactText(e.key)).inserted { laterOccurrences.insert(e.keyRange) }

        // What reads the whole table: its problems and its duplicates, from the duplicated entries alone.
        let whole = TranslationContext(
            sharing: context,
            file: .table(StringsTable(text: table.text, entries: duplicateEntries, problems: table.problems), locale: locale))
        var out = findings(
            forTranslation: whole, configuration: configuration,
            rules: RuleRegistry.all.filter { $0.id == "l10n-syntax" || $0.id == "l10n-duplicate-key" })

        // Per rule: the blocks' findings in order (blocks are in file order, so are their findings),
        // a later occurrence's left out, limited as `findings(forTranslation:)` limits them.
        let limit = maximumDiagnosticsPerRule
        for rule in perEntry where !configuration.disabledRules.contains(rule.id) {
            let dropsLater = firstOccurrenceRuleIDs.contains(rule.id)
            var shown: [Finding] = []
            var total = 0
            for segment in segments {
                let id = ObjectIdentifier(segment.block)
                guard let found = blocks[id]!.byRule[rule.id] else { continue }
                if dropsLater && blocksWithDuplicates.contains(id) {
                    for f in found where !laterOccurrences.contains(f.range.shifted(by: segment.base)) {
                        total += 1
                        if shown.count <= limit { shown.append(f.shifted(by: segment.base)) }
                    }
                } else {
                    var i = 0
                    while shown.count <= limit && i < found.count {
                        shown.append(found[i].shifted(by: segment.base))
                        i += 1
                    }
                    total += found.count
                }
            }
            if total > limit {
                let d = shown[limit]
                let more = total - limit
                shown[limit] = Finding(
                    code: d.code, severity: d.severity,
                    message: "\(more) more '\(d.code)' problem\(more == 1 ? "" : "s") in this file not shown (at most \(limit) per rule)",
                    range: d.range)
            }
            out += shown
        }
        out.sort(by: Finding.precedes)
        return (out, TranslationFindingsMemo(inputs: inputs, context: context, blocks: blocks, keyCounts: counts, duplicated: duplicated))
    }
}

extension Range<Int> {
    func shifted(by delta: Int) -> Range<Int> { (lowerBound + delta)..<(upperBound + delta) }
}
