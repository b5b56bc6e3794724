// A tolerant reader of String Catalogs (`InfoPlist.xcstrings`, JSON): `sourceLanguage`, and
// `strings` → key → `localizations` → locale → `stringUnit` { `state`, `value` } (or `variations`).
// Read with the one positional JSON reader (`JSONText`), which keeps every value's byte range and
// reports every RFC 8259 violation where it is. An edit inside `strings` reads only the entries it
// can have changed (issue #39, point 5): the keys are held in blocks (`EntryBlocks`) shared by
// the versions that keep them.

public struct StringCatalog: Sendable {
    /// Values nested deeper are skipped whole with one problem (no String Catalog nests so deep).
    public static let maximumDepth = 256
    /// At most so many problems are listed.
    static let maximumProblems = 100

    /// One translation of a string.
    public struct Localization: Sendable, Hashable {
        public let locale: String
        public let localeRange: Range<Int>
        /// `translated`, `new`, `needs_review`, `stale`, `machine_translated`… ("" when absent).
        public let state: String
        public let stateRange: Range<Int>?
        /// The string unit's value (nil when the translation has only variations, or none).
        public let value: String?
        public let valueRange: Range<Int>?
        /// Whether the translation is split into variations (plural, device).
        public let hasVariations: Bool
    }

    /// One key of the catalog.
    public struct Entry: Sendable, Hashable {
        public let key: String
        public let keyRange: Range<Int>
        public let localizations: [Localization]
        /// `extractionState` ("" when absent): `manual`, `extracted_with_value`, `stale`…
        public let extractionState: String
        public let extractionStateRange: Range<Int>?
        /// The member's bytes: from its name to the end of its value.
        public let range: Range<Int>
    }

    /// The keys of a catalog in file order, in blocks shared by the versions that keep them.
    public typealias Entries = EntryBlocks<Entry>

    public let text: [UInt8]
    public let sourceLanguage: String?
    public let entries: Entries
    public let problems: [JSONProblem]
    /// What the next version's reading needs of this one to read only what an edit changed (nil:
    /// it reads the text whole).
    let layout: Layout?

    struct Layout: Sendable {
        /// The `strings` object whose members the entries are: its `{` to after its `}`.
        let strings: Range<Int>
        /// Where the reader was when it found each of `problems` (`JSONTextReader.foundAt`).
        let foundAt: [Int]
    }

    /// The text's JSON value, read again (what the entries do not say: an insertion's place).
    public var root: JSONNode? { JSONText(text, maximumDepth: Self.maximumDepth, maximumProblems: Self.maximumProblems).root }

    /// Reads UTF-8 text (a byte order mark is skipped).
    public init(text: [UInt8]) {
        let json = JSONText(text, maximumDepth: Self.maximumDepth, maximumProblems: Self.maximumProblems)
        let root = json.root
        var problems = json.problems.map { p in
            p.message.hasPrefix("arrays and objects nested deeper")
                ? JSONProblem(message: p.message + " (no String Catalog nests so deep)", range: p.range) : p
        }
        if root == nil, text[json.start...].allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            problems = [
                JSONProblem(message: "empty file: a String Catalog is a JSON object with \"sourceLanguage\" and \"strings\"", range: 0..<0)
            ]
        }
        var entries: [Entry] = []
        var layout: Layout? = nil
        let sourceLanguage: String?
        if let root, root.kind == .object {
            sourceLanguage = root["sourceLanguage"].flatMap { $0.kind == .string ? $0.text : nil }
            if let strings = root["strings"], strings.kind == .object {
                entries = strings.members.map(Self.entry)
                // A later edit inside `strings` can be read alone when the object is closed and
                // nothing was too deep to read (said once, by the first).
                let closed =
                    text[strings.range.upperBound - 1] == UInt8(ascii: "}")
                    && !json.problems.contains { $0.range.lowerBound == strings.range.lowerBound && $0.message.hasPrefix("missing '}'") }
                if closed && !json.nestedTooDeep { layout = Layout(strings: strings.range, foundAt: json.foundAt) }
            } else if let strings = root["strings"] {
                problems.append(
                    JSONProblem(
                        message:
                            "\"strings\" is \(strings.kind.described), not an object of keys and their translations: Xcode reads no translation from this catalog",
                        range: strings.range))
            } else {
                problems.append(
                    JSONProblem(
                        message: "a String Catalog needs a \"strings\" object", range: root.range.lowerBound..<root.range.lowerBound + 1))
            }
        } else {
            sourceLanguage = nil
            if let root { problems.append(JSONProblem(message: "a String Catalog is a JSON object", range: root.range)) }
        }
        self.init(text: text, sourceLanguage: sourceLanguage, entries: Entries(entries), problems: problems, layout: layout)
    }

    private init(text: [UInt8], sourceLanguage: String?, entries: Entries, problems: [JSONProblem], layout: Layout?) {
        self.text = text
        self.sourceLanguage = sourceLanguage
        self.entries = entries
        self.problems = problems
        self.layout = layout
    }

    /// A catalog of the given entries (absolute ranges in `text`) and problems, as read elsewhere
    /// (the analysis checks a block of entries so).
    public init(text: [UInt8], sourceLanguage: String?, entries: some Collection<Entry>, problems: [JSONProblem]) {
        self.init(text: text, sourceLanguage: sourceLanguage, entries: Entries(entries), problems: problems, layout: nil)
    }

    /// Reads UTF-8 text that is an edit of `previous.text` (an editor's next version), reading only
    /// what the edit can have changed (see `init(text:replacing:count:of:)`); the changed bytes are
    /// found by comparing the two texts.
    public init(text: [UInt8], reusing previous: StringCatalog) {
        let old = previous.text
        let (prefix, suffix) = commonEnds(text, old)
        if prefix == old.count && prefix == text.count { self = previous; return }
        self.init(text: text, replacing: prefix..<(old.count - suffix), count: text.count - suffix - prefix, of: previous)
    }

    /// Reads UTF-8 text that is `previous.text` with its bytes `replaced` replaced by `count` bytes
    /// (an editor's next version, the change known). When the change starts inside `strings`, the
    /// keys before the one it starts in are `previous`'s; reading starts at that key's name and
    /// stops at the first name past the changed bytes where `previous` had a key too (from there on
    /// the text is the same, moved by the change in length, and so is its reading: the rest of the
    /// keys are `previous`'s, their blocks shared) or at the `}` of `strings` where `previous` had
    /// it. Where a name starts, nothing read before matters to the reading but how many problems
    /// were found and whether one was too deep (`JSONTextReader.objectMembers`). Anything else (a
    /// change outside `strings`, a reading that does not line up, too many problems, a value too
    /// deep) reads the text whole. The result equals `StringCatalog(text:)`.
    public init(text: [UInt8], replacing replaced: Range<Int>, count: Int, of previous: StringCatalog) {
        let old = previous.text
        let start = replaced.lowerBound
        guard let layout = previous.layout, start > layout.strings.lowerBound, replaced.upperBound <= old.count,
            old.count - replaced.count + count == text.count, previous.problems.count < Self.maximumProblems
        else { self.init(text: text); return }
        let delta = count - replaced.count
        let changedEnd = start + count  // in the new text: from here on it equals the old one
        let entries = previous.entries
        // Restart at the name of the last key starting before the change, else just after the `{`.
        let before = entries.partitionPoint { $0.keyRange.lowerBound >= start }
        let kept = Swift.max(before - 1, 0)
        let restart = before > 0 ? entries[before - 1].keyRange.lowerBound : layout.strings.lowerBound + 1
        // The problems found before the reader got there: one found right at a name was found
        // before the name was read (a missing ',' before it).
        let keptProblems = layout.foundAt.partitionPoint { before > 0 ? $0 > restart : $0 >= restart }
        var reader = JSONTextReader(text: text, maximumDepth: Self.maximumDepth, maximumProblems: Self.maximumProblems)
        reader.position = restart
        reader.problems = Array(previous.problems[..<keptProblems])
        reader.foundAt = Array(layout.foundAt[..<keptProblems])
        var resume: Int? = nil
        let members = reader.objectMembers(openedAt: layout.strings.lowerBound, depth: 1) { at in
            guard at >= changedEnd else { return false }
            let i = entries.partitionPoint { $0.keyRange.lowerBound >= at - delta }
            guard i < entries.count, entries[i].keyRange.lowerBound == at - delta else { return false }
            resume = i
            return true
        }
        // Where the previous reading goes on as this one: at the key `resume`, or after the `}` of
        // `strings` (this reading's `}` is the old one when it is past the change and where the old
        // one was moved to; reading to the text's end instead ends past it).
        let oldClose = layout.strings.upperBound - 1
        let lined = resume.map { entries[$0].keyRange.lowerBound } ?? oldClose
        guard !reader.reportedDepth, resume != nil || (reader.position - 1 >= changedEnd && reader.position - 1 - delta == oldClose)
        else { self.init(text: text); return }
        var problems = reader.problems, foundAt = reader.foundAt
        for (p, at) in zip(previous.problems, layout.foundAt) where at > lined {
            problems.append(JSONProblem(message: p.message, range: p.range.lowerBound >= lined ? p.range.shifted(by: delta) : p.range))
            foundAt.append(at + delta)
        }
        guard problems.count < Self.maximumProblems else { self.init(text: text); return }
        self.init(
            text: text, sourceLanguage: previous.sourceLanguage,
            entries: entries.splicing(kept: kept, middle: members.map(Self.entry), resume: resume, delta: delta),
            problems: problems,
            layout: Layout(strings: layout.strings.lowerBound..<layout.strings.upperBound + delta, foundAt: foundAt))
    }

    /// The key a member of `strings` is.
    static func entry(_ member: JSONNode.Member) -> Entry {
        var localizations: [Localization] = []
        for l in member.value["localizations"]?.members ?? [] {
            let unit = l.value["stringUnit"]
            let state = unit?["state"]
            let value = unit?["value"]
            localizations.append(
                Localization(
                    locale: l.name, localeRange: l.nameRange, state: state?.text ?? "", stateRange: state?.range,
                    value: value?.kind == .string ? value?.text : nil, valueRange: value?.range,
                    hasVariations: l.value["variations"] != nil))
        }
        let extraction = member.value["extractionState"]
        return Entry(
            key: member.name, keyRange: member.nameRange, localizations: localizations,
            extractionState: extraction?.text ?? "", extractionStateRange: extraction?.range,
            range: member.nameRange.lowerBound..<member.value.range.upperBound)
    }
}

extension StringCatalog.Localization {
    /// The translation with its ranges moved by `delta` bytes.
    public func shifted(by delta: Int) -> StringCatalog.Localization {
        StringCatalog.Localization(
            locale: locale, localeRange: localeRange.shifted(by: delta), state: state, stateRange: stateRange?.shifted(by: delta),
            value: value, valueRange: valueRange?.shifted(by: delta), hasVariations: hasVariations)
    }
}

extension StringCatalog.Entry: BlockedEntry {
    /// The key with its ranges moved by `delta` bytes.
    public func shifted(by delta: Int) -> StringCatalog.Entry {
        delta == 0
            ? self
            : StringCatalog.Entry(
                key: key, keyRange: keyRange.shifted(by: delta), localizations: localizations.map { $0.shifted(by: delta) },
                extractionState: extractionState, extractionStateRange: extractionStateRange?.shifted(by: delta),
                range: range.shifted(by: delta))
    }
}
