// The findings of a strings table or String Catalog, kept from one version of an open file to the
// next (issue #39, point 5): a keystroke in a file of 100,000 entries checks the few entries it
// changed, not every entry. Equal to `Analyzer.findings(forTranslation:)` of the same file (a
// property test holds them equal after random edits), at the cost of what the edit touched plus a
// pass over the file's blocks (a few hundred for 100,000 entries) and the findings shown.
import PlistSyntax
import Synchronization
import XcodeProject

/// What the analysis of one version of a translation file keeps for the next: the findings of each
/// block of entries (`EntryBlocks.Block`, shared by the versions that keep it), with ranges
/// relative to the block, and the count of every key (duplicates are keys counted twice).
public struct TranslationFindingsMemo: Sendable {
    /// What the findings of a block read besides its entries: equal inputs, equal findings.
    struct Inputs: Equatable, Sendable {
        let path: String
        let locale: String
        /// A catalog's source language (its `new` translations and empty texts are its own).
        let sourceLanguage: String?
        let infoPlist: SourceText?
        let externalKeys: Set<String>
        let configuration: AnalysisConfiguration
    }

    /// The findings of one block's entries, by rule, in order, relative to the block's base; the
    /// entries of each key in the block (local indices); and the entries that are checked with the
    /// whole file's duplicates whatever their key (a catalog's key that names a locale twice).
    struct BlockFindings: Sendable {
        let block: any AnyObject & Sendable
        let byRule: [String: [Finding]]
        let keys: [ExactText: [Int]]
        let withWhole: [Int]
    }

    /// The count of every key of the file and the keys counted more than once, changed in place
    /// from one version to the next: a copy of 100,000 counts, and the freeing of the old ones,
    /// was most of a keystroke's cost. The counts are this memo's while `token` owns them; the
    /// analysis that moves them on makes them its own, and one that finds them moved on (two
    /// versions analysed from the same memo at once) counts its blocks again.
    final class KeyCounts: Sendable {
        struct State {
            var owner: ObjectIdentifier
            var counts: [ExactText: Int] = [:]
            var duplicated: Set<ExactText> = []

            mutating func count(_ keys: [ExactText: [Int]], _ sign: Int) {
                for (key, at) in keys {
                    let n = counts[key, default: 0] + sign * at.count
                    counts[key] = n == 0 ? nil : n
                    if n > 1 { duplicated.insert(key) } else { duplicated.remove(key) }
                }
            }
        }
        let state: Mutex<State>
        init(_ state: sending State) { self.state = Mutex(state) }
    }

    /// Identifies the memo that owns its `KeyCounts`.
    final class Token: Sendable {}

    let inputs: Inputs
    /// What the blocks' checks read of the Info.plist, made from `inputs`.
    let context: TranslationContext
    let blocks: [ObjectIdentifier: BlockFindings]
    let keyCounts: KeyCounts
    let token: Token
}

extension Analyzer {
    /// The rules whose findings on an entry depend on that entry alone (and on the Info.plist and
    /// a catalog's source language), run per block; `firstOccurrence`: those that report a key
    /// once, at its first entry.
    static let perEntryRuleIDs: Set<String> = [
        "l10n-empty-translation", "l10n-not-localizable", "l10n-unknown-key", "l10n-xcode-name", "l10n-catalog-state",
    ]
    static let firstOccurrenceRuleIDs: Set<String> = ["l10n-not-localizable", "l10n-unknown-key", "l10n-xcode-name"]

    /// The findings of `file`, the translation at `path`, equal to `findings(forTranslation:configuration:)`
    /// of its `TranslationContext`: the findings of the blocks of entries `memo` (an earlier
    /// version's, or nil) already has are reused. Returns the memo for the next version.
    public static func findings(
        forTranslation file: TranslationFile, at path: String, infoPlist: PlistDocument?, externalKeys: Set<String> = [],
        configuration: AnalysisConfiguration, memo: TranslationFindingsMemo?
    ) -> (findings: [Finding], memo: TranslationFindingsMemo?) {
        switch file {
        case .table(let table, let locale):
            return findings(
                of: table.entries, text: table.text, locale: locale, sourceLanguage: nil, at: path, infoPlist: infoPlist,
                externalKeys: externalKeys, configuration: configuration, memo: memo,
                bare: .table(StringsTable(text: [], entries: [StringsEntry](), problems: []), locale: locale),
                file: { entries, whole in
                    .table(StringsTable(text: table.text, entries: entries, problems: whole ? table.problems : []), locale: locale)
                },
                withWhole: { _ in false }, valueRanges: nil)
        case .catalog(let catalog):
            return findings(
                of: catalog.entries, text: catalog.text, locale: "", sourceLanguage: catalog.sourceLanguage, at: path,
                infoPlist: infoPlist, externalKeys: externalKeys, configuration: configuration, memo: memo,
                bare: .catalog(
                    StringCatalog(text: [], sourceLanguage: catalog.sourceLanguage, entries: [StringCatalog.Entry](), problems: [])),
                file: { entries, whole in
                    .catalog(
                        StringCatalog(
                            text: catalog.text, sourceLanguage: catalog.sourceLanguage, entries: entries,
                            problems: whole ? catalog.problems : []))
                },
                withWhole: { $0.repeatsALocale }, valueRanges: { $0.localizations.compactMap(\.valueRange) })
        }
    }

    /// The findings of a file whose entries are `entries`, made as `file` makes it of some of them
    /// (absolute ranges; `whole`: with the file's problems), `bare` of none and without its text. `withWhole`: the entries checked with
    /// the duplicates whatever their key. `valueRanges` (a catalog's): the empty-translation rule
    /// reads every entry of a key (a key empty in the source language may be empty in every
    /// other), so the entries of a duplicated key are checked by it together, their values' ranges
    /// said so that the blocks' findings on them are left out.
    static func findings<Entry: BlockedEntry & KeyedEntry>(
        of entries: EntryBlocks<Entry>, text: [UInt8], locale: String, sourceLanguage: String?, at path: String,
        infoPlist: PlistDocument?, externalKeys: Set<String>, configuration: AnalysisConfiguration,
        memo: TranslationFindingsMemo?, bare: TranslationFile, file: ([Entry], _ whole: Bool) -> TranslationFile,
        withWhole: (Entry) -> Bool, valueRanges: ((Entry) -> [Range<Int>])?
    ) -> (findings: [Finding], memo: TranslationFindingsMemo?) {
        let inputs = TranslationFindingsMemo.Inputs(
            path: path, locale: locale, sourceLanguage: sourceLanguage, infoPlist: infoPlist?.tree.text,
            externalKeys: externalKeys, configuration: configuration)
        let memo = memo?.inputs == inputs ? memo : nil
        // What every block's check reads of the Info.plist (its entries: none): the memo's while the
        // inputs are the same, so a keystroke in the file does not walk the Info.plist again.
        let context =
            memo?.context
            ?? TranslationContext(path: path, file: bare, infoPlist: infoPlist, externalKeys: externalKeys)
        let perEntry = RuleRegistry.all.filter { perEntryRuleIDs.contains($0.id) }
        let segments = entries.segments

        // Each block's findings: the memo's, or its entries checked alone (relative ranges).
        var blocks: [ObjectIdentifier: TranslationFindingsMemo.BlockFindings] = [:]
        blocks.reserveCapacity(segments.count)
        var added: [TranslationFindingsMemo.BlockFindings] = []
        for segment in segments {
            let id = ObjectIdentifier(segment.block)
            if let hit = memo?.blocks[id] { blocks[id] = hit; continue }
            let part = TranslationContext(sharing: context, file: file(segment.block.entries, false))
            var byRule: [String: [Finding]] = [:]
            for f in findings(forTranslation: part, configuration: configuration, rules: perEntry) { byRule[f.code, default: []].append(f) }
            var keys: [ExactText: [Int]] = [:]
            var whole: [Int] = []
            for (i, e) in segment.block.entries.enumerated() {
                keys[ExactText(e.key), default: []].append(i)
                if withWhole(e) { whole.append(i) }
            }
            let result = TranslationFindingsMemo.BlockFindings(block: segment.block, byRule: byRule, keys: keys, withWhole: whole)
            blocks[id] = result
            added.append(result)
        }

        // The count of every key, moved in place from the memo's blocks to these; counted afresh
        // when there is no memo or its counts have moved on to another version.
        let token = TranslationFindingsMemo.Token()
        let owner = ObjectIdentifier(token)
        let moved: (TranslationFindingsMemo.KeyCounts, Set<ExactText>)? = memo.flatMap { memo in
            let gone = memo.blocks.filter { blocks[$0.key] == nil }.map(\.value.keys)
            let newKeys = added.map(\.keys)
            let duplicated: Set<ExactText>? = memo.keyCounts.state.withLock { state in
                guard state.owner == ObjectIdentifier(memo.token) else { return nil }
                state.owner = owner
                for keys in gone { state.count(keys, -1) }
                for keys in newKeys { state.count(keys, 1) }
                return state.duplicated
            }
            return duplicated.map { (memo.keyCounts, $0) }
        }
        let keyCounts: TranslationFindingsMemo.KeyCounts
        let duplicated: Set<ExactText>
        if let moved {
            (keyCounts, duplicated) = moved
        } else {
            var state = TranslationFindingsMemo.KeyCounts.State(owner: owner)
            for segment in segments { state.count(blocks[ObjectIdentifier(segment.block)]!.keys, 1) }
            duplicated = state.duplicated
            keyCounts = TranslationFindingsMemo.KeyCounts(state)
        }

        // The entries of the duplicated keys in file order (and those checked with them), and
        // which of them are not their key's first.
        var duplicateEntries: [Entry] = []
        var wholeEntries: [Entry] = []
        var blocksWithDuplicates: Set<ObjectIdentifier> = []
        for segment in segments {
            let b = blocks[ObjectIdentifier(segment.block)]!
            guard !duplicated.isEmpty || !b.withWhole.isEmpty else { continue }
            var local: [Int] = []
            if duplicated.count < b.keys.count {
                for key in duplicated { if let at = b.keys[key] { local += at } }
            } else {
                for (key, at) in b.keys where duplicated.contains(key) { local += at }
            }
            if !local.isEmpty { blocksWithDuplicates.insert(ObjectIdentifier(segment.block)) }
            let isDuplicate = Set(local)
            for i in Set(local + b.withWhole).sorted() {
                let e = segment.block.entries[i].shifted(by: segment.base)
                wholeEntries.append(e)
                if isDuplicate.contains(i) { duplicateEntries.append(e) }
            }
        }
        var seen: Set<ExactText> = []
        var laterOccurrences: Set<Range<Int>> = []
        for e in duplicateEntries where !seen.insert(ExactText(e.key)).inserted { laterOccurrences.insert(e.keyRange) }

        // What reads the whole file: its problems and its duplicates, from those entries alone.
        let whole = TranslationContext(sharing: context, file: file(wholeEntries, true))
        var out = findings(
            forTranslation: whole, configuration: configuration,
            rules: RuleRegistry.all.filter { $0.id == "l10n-syntax" || $0.id == "l10n-duplicate-key" })
        // A catalog's empty translations of the duplicated keys, read together (all of them: the
        // limit is taken below with the blocks').
        var emptyTogether: [Finding] = []
        var emptyApart: Set<Range<Int>> = []
        if let valueRanges, !duplicateEntries.isEmpty {
            let together = TranslationContext(sharing: context, file: file(duplicateEntries, false))
            emptyTogether = Finding.inDocumentOrder(
                run(
                    RuleRegistry.all.filter { $0.id == "l10n-empty-translation" }, on: together, kind: together.fileKind,
                    configuration: configuration))
            for e in duplicateEntries { emptyApart.formUnion(valueRanges(e)) }
        }

        // Per rule: the blocks' findings in order (blocks are in file order, so are their findings),
        // a later occurrence's left out, limited as `findings(forTranslation:)` limits them.
        let limit = maximumDiagnosticsPerRule
        for rule in perEntry where !configuration.disabledRules.contains(rule.id) {
            let dropsLater = firstOccurrenceRuleIDs.contains(rule.id)
            let isEmptyRule = rule.id == "l10n-empty-translation"
            var shown: [Finding] = []
            var total = 0
            for segment in segments {
                let id = ObjectIdentifier(segment.block)
                guard let found = blocks[id]!.byRule[rule.id] else { continue }
                if blocksWithDuplicates.contains(id) && (dropsLater || isEmptyRule && !emptyApart.isEmpty) {
                    for f in found {
                        let range = f.range.shifted(by: segment.base)
                        if dropsLater ? laterOccurrences.contains(range) : emptyApart.contains(range) { continue }
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
            if isEmptyRule && !emptyTogether.isEmpty {
                // The first `limit + 1` of both in order are among the first `limit + 1` of each.
                total += emptyTogether.count
                shown = Array((shown + emptyTogether.prefix(limit + 1)).sorted(by: Finding.precedes).prefix(limit + 1))
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
        return (out, TranslationFindingsMemo(inputs: inputs, context: context, blocks: blocks, keyCounts: keyCounts, token: token))
    }
}

/// An entry of a translation file with its key (what duplicates are counted by).
protocol KeyedEntry {
    var key: String { get }
    var keyRange: Range<Int> { get }
}

extension StringsEntry: KeyedEntry {}
extension StringCatalog.Entry: KeyedEntry {}

extension Range<Int> {
    func shifted(by delta: Int) -> Range<Int> { (lowerBound + delta)..<(upperBound + delta) }
}
