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
        entry = child.entry
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
        for i in (0..<storage.entryCount).reversed() {
            let (e, base) = storage.entry(i)
            if e.key?.text == key { return e.value.map { child($0, base) } }
        }
        return nil
    }
    public var keys: [String] {
        guard let storage else { return [] }
        if storage.chunks.isEmpty { return storage.entries.compactMap { $0.key?.text } }
        var out: [String] = []
        out.reserveCapacity(storage.entryCount)
        storage.forEachEntry { e, _ in if let k = e.key { out.append(k.text) } }
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
        return storage.chunks.map { Run(sharedStorage: $0.chunk, start: start + $0.offset, indices: $0.first..<($0.first + $0.chunk.count)) }
    }

    /// Calls `body` with each dictionary or array directly inside `run` (one of `runs`), in document order.
    public func forEachChildContainer(in run: Run, _ body: (PlistNode) -> Void) {
        guard let storage else { return }
        for i in run.indices {
            let (v, base): (Storage.Child?, Int) = kind == .dictionary ? { let (e, b) = storage.entry(i); return (e.value, b) }() : storage.item(i)
            if let v, v.isContainer { body(child(v, base)) }
        }
    }

    /// The key names of the entries of `run` (one of `runs`), in document order.
    public func keys(in run: Run) -> [String] {
        guard kind == .dictionary, let storage else { return [] }
        return run.indices.compactMap { storage.entry($0).0.key?.text }
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
                let offset = base + Int(k.entry.offset)
                return PlistKey(element: SyntaxElement(entry: k.entry, start: node.start + offset, node: storage.syntaxNode(ofKey: k, at: offset)),
                                text: k.text)
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
        /// from the document when read.
        struct Child: Sendable {
            let entry: RawEntry
            let storage: Storage?
            init(entry: RawEntry, offset: Int, storage: Storage?) {
                self.entry = entry.placed(at: offset)
                self.storage = storage
            }
            /// From the owner's start.
            @inline(__always) var offset: Int { Int(entry.offset) }
            var isContainer: Bool { storage.map { $0.kind == .dictionary || $0.kind == .array } ?? false }
        }
        /// A key: its syntax entry, whose `offset` is from the owner's start (its chunk's), and its
        /// decoded name. The syntax node of a key with markup in it (rare) is not kept: it is found in
        /// the dictionary's node when asked for (`syntaxNode(ofKey:at:)`).
        struct Key: Sendable {
            let entry: RawEntry
            let text: String
            init(entry: RawEntry, offset: Int, text: String) {
                self.entry = entry.placed(at: offset)
                self.text = text
            }
        }
        struct Entry: Sendable {
            let key: Key?
            let value: Child?
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

        init(kind: Kind, entry: RawEntry, syntax: SyntaxNode?, entries: [Entry] = [], items: [Child] = [], chunks: [ChunkRef] = [],
             depth: Int, problems: [SyntaxProblem]?) {
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

        /// The syntax node of key `k`, at `offset` from this dictionary's start: its child entry at
        /// that offset in the dictionary's own syntax node (binary search). The key's `nodeIndex`
        /// says whether it has one, but may index an earlier version's node (a reused run keeps the
        /// entries it was built with), so the node is looked up, not indexed.
        func syntaxNode(ofKey k: Key, at offset: Int) -> SyntaxNode? {
            guard k.entry.nodeIndex >= 0, let syntax else { return nil }
            let i = syntax.firstChild(endingAfter: offset)
            guard i < syntax.children.count, Int(syntax.children[i].offset) == offset else { return nil }
            return syntax.node(of: syntax.children[i])
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
