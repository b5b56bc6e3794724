// A value of the typed view: a positioned handle on a subtree that is shared between versions.

/// A value element with its children and decoded content.
///
/// The value itself (`PlistNode.Storage`) holds its children at offsets relative to its own
/// start, so an edit elsewhere in the document does not rebuild it: the next version's typed view
/// reuses the storage of every container whose syntax subtree the reparse kept, only at a new
/// position. A `PlistNode` is that storage seen at one absolute position in one text: the
/// positions of its parts and children are computed from it when asked.
public struct PlistNode: Sendable {
    public enum Kind: String, Sendable {
        case dictionary, array, string, integer, real, boolean, date, data
        /// A `<key>` where a value belongs (e.g. an array item).
        case misplacedKey
        /// An element that is not a plist value.
        case unknown
    }

    /// The element's syntax entry (its `offset` is not meaningful here: `start` is).
    let entry: RawEntry
    /// What the value holds; nil for a scalar without markup in its content, which its container
    /// stores inline (`Storage.Child`): everything about it is in `entry` and the text.
    let storage: Storage?
    /// Absolute offset of the element in `source`.
    let start: Int
    /// The document's bytes (scalars decode their text on demand from them).
    let source: SourceText

    init(storage: Storage, start: Int, source: SourceText) {
        entry = storage.entry
        self.storage = storage
        self.start = start
        self.source = source
    }

    init(child: Storage.Child, start: Int, source: SourceText) {
        entry = child.storage?.entry ?? child.entry.raw
        storage = child.storage
        self.start = start
        self.source = source
    }

    public var kind: Kind { storage?.kind ?? Kind(inlineScalar: entry.tag) }
    public var element: SyntaxElement { SyntaxElement(entry: entry, start: start, node: storage?.syntax) }
    /// For dictionaries: entries in document order.
    public var entries: Entries { Entries(node: self) }
    /// For arrays: items in document order.
    public var items: Items { Items(node: self) }
    /// For scalars: the decoded text content (references resolved, CDATA included, comments dropped).
    /// Decoded from the document's bytes when asked for: most are never read.
    public var text: String? {
        switch kind {
        case .string, .misplacedKey, .integer, .real, .date, .data: return ScalarText.decode(source, element)
        case .dictionary, .array, .boolean, .unknown: return nil
        }
    }
    /// For booleans.
    public var boolValue: Bool? { kind == .boolean ? entry.tag == .true : nil }

    /// The value of the last entry with this key (what the system reads).
    public func value(forKey key: String) -> PlistNode? {
        guard let storage else { return nil }
        var key = key
        return key.withUTF8 { wanted in
            let ascii = wanted.allSatisfy { $0 < 0x80 }
            for i in (0..<storage.entryCount).reversed() {
                let (e, base) = storage.entry(i)
                if let k = e.key, storage.key(k, at: base, of: self, is: wanted, ascii: ascii) { return e.value.map { child($0, base) } }
            }
            return nil
        }
    }
    public var keys: [String] {
        guard let storage else { return [] }
        var out: [String] = []
        out.reserveCapacity(storage.entryCount)
        storage.forEachEntry { e, base in if let k = e.key { out.append(storage.text(of: k, at: base, in: self)) } }
        return out
    }

    /// Calls `body` with each dictionary or array directly inside this one (a dictionary's values,
    /// an array's items), in document order, without making the entries.
    public func forEachChildContainer(_ body: (PlistNode) -> Void) {
        guard let storage else { return }
        if storage.chunks.isEmpty {
            for e in storage.entries {
                if let v = e.value, v.isContainer { body(child(v, 0)) }
            }
            for c in storage.items where c.isContainer { body(child(c, 0)) }
            return
        }
        for ref in storage.chunks {
            for e in ref.chunk.entries {
                if let v = e.value, v.isContainer { body(child(v, ref.offset)) }
            }
            for c in ref.chunk.items where c.isContainer { body(child(c, ref.offset)) }
        }
    }

    /// A run of consecutive entries (or items) of a large container, stored together: the same
    /// object (`sharedStorage`) in every version of the document that kept the run's bytes, so a
    /// later pass may remember a position-independent result about it. A small container is one run.
    public struct Run: Sendable {
        /// The same object in every version that kept the run; the container's storage for a small one.
        public let sharedStorage: any AnyObject & Sendable
        /// Absolute offset results about the run are relative to.
        public let start: Int
        /// The run's entries (dictionary) or items (array): indices into `entries` or `items`.
        public let indices: Range<Int>
    }

    /// Whether the container is stored in several runs (a large one: see `runs`).
    public var isStoredInRuns: Bool { storage.map { !$0.chunks.isEmpty } ?? false }

    /// The container's entries or items as runs, in document order (empty for a scalar).
    public var runs: [Run] {
        guard let storage else { return [] }
        if storage.chunks.isEmpty {
            let count = storage.entries.count + storage.items.count
            return count == 0 ? [] : [Run(sharedStorage: storage, start: start, indices: 0..<count)]
        }
        return storage.chunks.map {
            Run(sharedStorage: $0.chunk, start: start + $0.offset, indices: $0.first..<($0.first + $0.chunk.count))
        }
    }

    /// Calls `body` with each dictionary or array directly inside `run` (one of `runs`), in document order.
    public func forEachChildContainer(in run: Run, _ body: (PlistNode) -> Void) {
        guard let storage else { return }
        for i in run.indices {
            let (v, base): (Storage.Child?, Int) =
                kind == .dictionary
                ? {
                    let (e, b) = storage.entry(i); return (e.value, b)
                }() : storage.item(i)
            if let v, v.isContainer { body(child(v, base)) }
        }
    }

    /// The key names of the entries of `run` (one of `runs`), in document order.
    public func keys(in run: Run) -> [String] {
        guard kind == .dictionary, let storage else { return [] }
        return run.indices.compactMap { i in
            let (e, base) = storage.entry(i)
            return e.key.map { storage.text(of: $0, at: base, in: self) }
        }
    }

    /// Whether `other` is this very value: the same shared storage at the same place (never for a
    /// scalar stored inline, which has none).
    public func isSameValue(as other: PlistNode) -> Bool { storage != nil && storage === other.storage && start == other.start }

    /// A child stored at `c.offset` from `base` (its chunk's offset in this value; 0 for a small value).
    @inline(__always)
    func child(_ c: Storage.Child, _ base: Int) -> PlistNode { PlistNode(child: c, start: start + base + c.offset, source: source) }

    /// The entries of a dictionary, positioned on demand (or given as a literal: `node?.entries ?? []`).
    public struct Entries: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
        let node: PlistNode?
        let literal: [PlistEntry]
        init(node: PlistNode) {
            self.node = node
            literal = []
        }
        public init(arrayLiteral elements: PlistEntry...) {
            node = nil
            literal = elements
        }
        public var startIndex: Int { 0 }
        public var endIndex: Int { node.map { $0.storage?.entryCount ?? 0 } ?? literal.count }
        public subscript(i: Int) -> PlistEntry {
            guard let node, let storage = node.storage else { return literal[i] }
            let (e, base) = storage.entry(i)
            let key = e.key.map { k in
                let element = storage.element(of: k, at: base, in: node)
                return PlistKey(element: element, text: ScalarText.decode(node.source, element))
            }
            return PlistEntry(key: key, value: e.value.map { node.child($0, base) })
        }
    }

    /// The items of an array, positioned on demand (or given as a literal: `node?.items ?? []`).
    public struct Items: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
        let node: PlistNode?
        let literal: [PlistNode]
        init(node: PlistNode) {
            self.node = node
            literal = []
        }
        public init(arrayLiteral elements: PlistNode...) {
            node = nil
            literal = elements
        }
        public var startIndex: Int { 0 }
        public var endIndex: Int { node.map { $0.storage?.itemCount ?? 0 } ?? literal.count }
        public subscript(i: Int) -> PlistNode {
            guard let node, let storage = node.storage else { return literal[i] }
            let (c, base) = storage.item(i)
            return node.child(c, base)
        }
    }

    /// What a value is, independent of where it stands: children at offsets relative to its start.
    /// Immutable once built, shared by every version of the document that kept its subtree.
    final class Storage: Sendable {
        /// A value in its container: its syntax entry, whose `offset` is from the owner's start (its
        /// chunk's, in a large container), and what it holds; a scalar without markup in its content
        /// (nearly every one) has no storage of its own: its kind is its tag's, its text is decoded
        /// from the document when read. One whose entry does not fit a `CompactEntry` has a storage
        /// all the same, which keeps the entry whole.
        struct Child: Sendable {
            let entry: CompactEntry
            let storage: Storage?
            init(entry: RawEntry, offset: Int, storage: Storage?) {
                let compact = CompactEntry(entry, offset: offset)
                self.entry = compact
                self.storage =
                    storage
                    ?? (compact.isAbridged
                        ? Storage(kind: Kind(inlineScalar: entry.tag), entry: entry, syntax: nil, depth: 0, problems: nil) : nil)
            }
            init(_ entry: CompactEntry, storage: Storage?) {
                self.entry = entry
                self.storage = storage
            }
            /// From the owner's start.
            @inline(__always) var offset: Int { Int(entry.offset) }
            var isContainer: Bool { storage.map { $0.kind == .dictionary || $0.kind == .array } ?? false }
            /// The whole syntax entry, at `offset` from the owner's start.
            var raw: RawEntry { storage.map { $0.entry.placed(at: offset) } ?? entry.raw }
        }
        /// A key: its syntax entry, whose `offset` is from the owner's start (its chunk's). Its name
        /// is decoded from the document when read (`text(of:at:in:)`), and its whole entry and
        /// syntax node (a key with markup in it, or an abridged entry: both rare) are found in the
        /// dictionary's node (`element(of:at:in:)`).
        struct Key: Sendable {
            let entry: CompactEntry
            init(entry: RawEntry, offset: Int) {
                self.entry = CompactEntry(entry, offset: offset)
            }
            init(_ entry: CompactEntry) {
                self.entry = entry
            }
        }
        /// A dictionary entry: a key and a value, either possibly missing (an absent one is stored
        /// as `CompactEntry.absent`, so that an entry takes 32 bytes, not 48).
        struct Entry: Sendable {
            private let valueStorage: Storage?
            private let valueEntry: CompactEntry
            private let keyEntry: CompactEntry
            init(key: Key?, value: Child?) {
                valueStorage = value?.storage
                valueEntry = value?.entry ?? .absent
                keyEntry = key?.entry ?? .absent
            }
            var key: Key? { keyEntry.isAbsent ? nil : Key(keyEntry) }
            var value: Child? { valueEntry.isAbsent ? nil : Child(valueEntry, storage: valueStorage) }
        }
        /// A run of consecutive entries or items of a large container, at offsets relative to the
        /// run's first syntax entry: shared between versions whose edits did not reach its bytes.
        final class Chunk: Sendable {
            let entries: [Entry]
            let items: [Child]
            /// How many syntax entries of the container's node the run covers, and their bytes.
            let syntaxCount: Int
            let width: Int
            /// The depth its values were built at (one below the container's).
            let depth: Int
            /// The problems found while building the run, relative to its start; nil when there were
            /// too many to keep, or when the run ends with keys waiting for a value (what follows it
            /// decides them), either of which makes it rebuilt rather than reused.
            let problems: [SyntaxProblem]?
            var count: Int { entries.count + items.count }

            init(entries: [Entry], items: [Child], syntaxCount: Int, width: Int, depth: Int, problems: [SyntaxProblem]?) {
                self.entries = entries
                self.items = items
                self.syntaxCount = syntaxCount
                self.width = width
                self.depth = depth
                self.problems = problems
            }
        }
        struct ChunkRef: Sendable {
            /// From the owner's start.
            let offset: Int
            /// The index of the chunk's first entry (or item) in the container.
            let first: Int
            let chunk: Chunk
        }

        let kind: Kind
        let entry: RawEntry
        /// The element's syntax subtree: while it is the same object, the element's bytes are the same.
        let syntax: SyntaxNode?
        /// A small container's entries or items (offsets from its start); empty when chunked.
        let entries: [Entry]
        let items: [Child]
        /// A large container's entries or items, in runs (`PlistDocument.chunkSize`).
        let chunks: [ChunkRef]
        /// How many containers enclosed the element when it was built (the depth limit depends on it).
        let depth: Int
        /// The problems found while building the subtree, relative to its start, in the order they
        /// were found; nil when there were too many to keep (the subtree is then rebuilt, not reused).
        let problems: [SyntaxProblem]?

        init(
            kind: Kind, entry: RawEntry, syntax: SyntaxNode?, entries: [Entry] = [], items: [Child] = [], chunks: [ChunkRef] = [],
            depth: Int, problems: [SyntaxProblem]?
        ) {
            self.kind = kind
            self.entry = entry
            self.syntax = syntax
            self.entries = entries
            self.items = items
            self.chunks = chunks
            self.depth = depth
            self.problems = problems
        }

        var entryCount: Int {
            guard let last = chunks.last else { return entries.count }
            return kind == .dictionary ? last.first + last.chunk.entries.count : 0
        }
        var itemCount: Int {
            guard let last = chunks.last else { return items.count }
            return kind == .array ? last.first + last.chunk.items.count : 0
        }

        /// Key `k` of this dictionary, stored at `base` (its chunk's offset; 0 when not chunked),
        /// as an element of `owner` (this storage seen at its position). A key with markup in it,
        /// or whose entry is abridged, is looked up by its offset among the children of the
        /// dictionary's own syntax node (binary search): the key's entry may come from an earlier
        /// version's node (a reused run keeps the entries it was built with), so it is not indexed.
        func element(of k: Key, at base: Int, in owner: PlistNode) -> SyntaxElement {
            let offset = base + Int(k.entry.offset)
            if (k.entry.hasNode || k.entry.isAbridged), let syntax {
                let i = syntax.firstChild(endingAfter: offset)
                if i < syntax.children.count, Int(syntax.children[i].offset) == offset {
                    let c = syntax.children[i]
                    return SyntaxElement(entry: c, start: owner.start + offset, node: syntax.node(of: c))
                }
            }
            return SyntaxElement(entry: k.entry.raw, start: owner.start + offset, node: nil)
        }

        /// The decoded name of key `k`, stored at `base`.
        func text(of k: Key, at base: Int, in owner: PlistNode) -> String {
            ScalarText.decode(owner.source, element(of: k, at: base, in: owner))
        }

        /// Whether the name of key `k`, stored at `base`, is `wanted` (UTF-8). For a plain key (no
        /// references, no markup: nearly every one) and an ASCII `wanted`, the bytes between its
        /// tags are compared in place: its name is those bytes without a leading byte order mark
        /// (`ScalarText.decode`), and any byte that is not valid UTF-8 would have decoded to
        /// U+FFFD, which is not ASCII. Any other key or name is decoded and compared.
        func key(_ k: Key, at base: Int, of owner: PlistNode, is wanted: UnsafeBufferPointer<UInt8>, ascii: Bool) -> Bool {
            let e = k.entry
            guard ascii, !e.hasNode, !e.isAbridged, !e.flags.contains(.hasReferences) else {
                return text(of: k, at: base, in: owner).utf8.elementsEqual(wanted)
            }
            let start = owner.start + base + Int(e.offset) + e.startTagWidth
            let end = max(start, owner.start + base + Int(e.offset) + Int(e.width) - e.endTagWidth)
            let count = end - start
            guard count == wanted.count || count == wanted.count + 3 else { return false }
            return owner.source.withBytes(in: start..<end) { raw in
                if count == wanted.count { return raw.elementsEqual(wanted) }
                return raw[0] == 0xEF && raw[1] == 0xBB && raw[2] == 0xBF && raw[3...].elementsEqual(wanted)
            }
        }

        /// The chunk holding entry or item `i` (binary search).
        @inline(__always)
        private func chunk(holding i: Int) -> ChunkRef {
            chunks[lastIndex(notAbove: i, count: chunks.count) { chunks[$0].first }]
        }

        /// Entry `i` and the offset its offsets are relative to (its chunk's; 0 when not chunked).
        func entry(_ i: Int) -> (Entry, Int) {
            if chunks.isEmpty { return (entries[i], 0) }
            let c = chunk(holding: i)
            return (c.chunk.entries[i - c.first], c.offset)
        }
        func item(_ i: Int) -> (Child, Int) {
            if chunks.isEmpty { return (items[i], 0) }
            let c = chunk(holding: i)
            return (c.chunk.items[i - c.first], c.offset)
        }
        func forEachEntry(_ body: (Entry, Int) -> Void) {
            if chunks.isEmpty { for e in entries { body(e, 0) }; return }
            guard kind == .dictionary else { return }
            for c in chunks { for e in c.chunk.entries { body(e, c.offset) } }
        }
    }
}

extension RawEntry {
    /// The entry with `offset` from its owner in the typed view (a container's start, or its
    /// run's): the view keeps its children's entries so, instead of an offset field beside them.
    func placed(at offset: Int) -> RawEntry {
        var entry = self
        entry.offset = UInt32(offset)
        return entry
    }
}

/// An element's syntax entry as the typed view stores it: 12 bytes where a `RawEntry` takes 24
/// (the view keeps one per key and one per value, which made most of its memory). It keeps the
/// offset (from the owner's start), width, tag and flags; the tag widths in a byte each; and of the
/// node index only whether there is a node. An entry that does not fit (a start tag of 255 bytes
/// or more, an end tag of 127 or more, a flag above the twelfth: only odd or future files) is
/// stored abridged, and the whole entry is kept where it can be found: in a value's storage
/// (`PlistNode.Storage.Child`), in the dictionary's syntax node for a key.
struct CompactEntry: Sendable, BitwiseCopyable {
    /// From the owner's start (its run's, in a large container).
    let offset: UInt32
    let width: UInt32
    /// The flags in the low twelve bits, the tag in the high four.
    private let flagsAndTag: UInt16
    /// The start tag's width; `abridged` when it does not fit.
    private let startTag: UInt8
    /// The end tag's width in the low seven bits (`abridged & 0x7F` when it does not fit), and
    /// whether the element has a child node in the high one.
    private let endTag: UInt8

    private static let abridged: UInt8 = 0xFF
    private static let nodeBit: UInt8 = 0x80

    init(_ e: RawEntry, offset: Int) {
        self.offset = UInt32(offset)
        width = e.width
        let fits =
            e.kind == .element && e.flags.rawValue < 1 << 12 && e.tag.rawValue < 1 << 4
            && e.startTagWidth < UInt32(Self.abridged) && e.endTagWidth < UInt32(Self.abridged & 0x7F)
        flagsAndTag = fits ? e.flags.rawValue | UInt16(e.tag.rawValue) << 12 : 0
        startTag = fits ? UInt8(e.startTagWidth) : Self.abridged
        endTag = (fits ? UInt8(e.endTagWidth) : Self.abridged & 0x7F) | (e.nodeIndex >= 0 ? Self.nodeBit : 0)
    }

    private init(absent: ()) {
        offset = 0
        width = 0
        flagsAndTag = 0
        startTag = 0
        endTag = 0
    }

    /// The entry of a missing key or value (no element is empty).
    static let absent = CompactEntry(absent: ())
    var isAbsent: Bool { width == 0 }
    /// Whether only the offset, width and node bit are kept: the whole entry is elsewhere.
    var isAbridged: Bool { startTag == Self.abridged }
    var hasNode: Bool { endTag & Self.nodeBit != 0 }
    var tag: TagName { TagName(rawValue: UInt8(flagsAndTag >> 12)) ?? .other }
    var flags: EntryFlags { EntryFlags(rawValue: flagsAndTag & 0x0FFF) }
    var startTagWidth: Int { Int(startTag) }
    var endTagWidth: Int { Int(endTag & 0x7F) }

    /// The entry as a `RawEntry` (only whole when not abridged), without a node index: the node
    /// of an element that has one is found where the entry is kept whole.
    var raw: RawEntry {
        RawEntry(
            offset: offset, width: width, kind: .element, tag: tag, flags: flags, startTagWidth: UInt32(startTag),
            endTagWidth: UInt32(endTag & 0x7F))
    }
}

extension PlistNode.Kind {
    /// The kind of a scalar stored inline (`PlistNode.Storage.Child` without storage), from its tag.
    init(inlineScalar tag: TagName) {
        switch tag {
        case .string: self = .string
        case .key: self = .misplacedKey
        case .integer: self = .integer
        case .real: self = .real
        case .date: self = .date
        case .data: self = .data
        case .true, .false: self = .boolean
        case .dict, .array, .plist, .other: self = .unknown
        }
    }
}

extension PlistNode {
    /// What this value is independently of where it stands: the same object in every version of
    /// the document that kept the value's subtree (`PlistDocument(_:reusing:)`), so a later pass may
    /// remember a position-independent result about the subtree under it (while it is alive).
    /// A scalar stored inline has none of its own: a new object each time (never the same).
    public var sharedStorage: AnyObject { storage ?? PlistNode.Storage(kind: kind, entry: entry, syntax: nil, depth: 0, problems: nil) }
}
