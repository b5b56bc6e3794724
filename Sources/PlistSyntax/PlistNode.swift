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

    let storage: Storage
    /// Absolute offset of the element in `source`.
    let start: Int
    /// The document's bytes (strings decode their text on demand from them).
    let source: [UInt8]

    init(storage: Storage, start: Int, source: [UInt8]) {
        self.storage = storage
        self.start = start
        self.source = source
    }

    public var kind: Kind { storage.kind }
    public var element: SyntaxElement { SyntaxElement(entry: storage.entry, start: start, node: storage.syntax) }
    /// For dictionaries: entries in document order.
    public var entries: Entries { Entries(node: self) }
    /// For arrays: items in document order.
    public var items: Items { Items(node: self) }
    /// For scalars: the decoded text content (references resolved, CDATA included, comments dropped).
    /// `<string>` values are decoded when asked for: most are never read.
    public var text: String? {
        if let stored = storage.text { return stored }
        return storage.decodesOnDemand ? ScalarText.decode(source, element) : nil
    }
    /// For booleans.
    public var boolValue: Bool? { storage.boolValue }

    /// The value of the last entry with this key (what the system reads).
    public func value(forKey key: String) -> PlistNode? {
        let stored = storage.entries
        for i in stored.indices.reversed() where stored[i].key?.text == key {
            return stored[i].value.map { child($0) }
        }
        return nil
    }
    public var keys: [String] { storage.entries.compactMap { $0.key?.text } }

    /// Calls `body` with each dictionary or array directly inside this one (a dictionary's values,
    /// an array's items), in document order, without making the entries.
    public func forEachChildContainer(_ body: (PlistNode) -> Void) {
        func visit(_ c: Storage.Child) {
            if c.storage.kind == .dictionary || c.storage.kind == .array { body(child(c)) }
        }
        for e in storage.entries { if let v = e.value { visit(v) } }
        for c in storage.items { visit(c) }
    }

    /// Whether `other` is this very value: the same shared storage at the same place.
    public func isSameValue(as other: PlistNode) -> Bool { storage === other.storage && start == other.start }

    @inline(__always)
    func child(_ c: Storage.Child) -> PlistNode { PlistNode(storage: c.storage, start: start + c.offset, source: source) }

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
        public var endIndex: Int { node?.storage.entries.count ?? literal.count }
        public subscript(i: Int) -> PlistEntry {
            guard let node else { return literal[i] }
            let e = node.storage.entries[i]
            let key = e.key.map { k in
                PlistKey(element: SyntaxElement(entry: k.entry, start: node.start + k.offset, node: k.syntax), text: k.text)
            }
            return PlistEntry(key: key, value: e.value.map { node.child($0) })
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
        public var endIndex: Int { node?.storage.items.count ?? literal.count }
        public subscript(i: Int) -> PlistNode {
            guard let node else { return literal[i] }
            return node.child(node.storage.items[i])
        }
    }

    /// What a value is, independent of where it stands: children at offsets relative to its start.
    /// Immutable once built, shared by every version of the document that kept its subtree.
    final class Storage: Sendable {
        struct Child: Sendable {
            /// From the owner's start.
            let offset: Int
            let storage: Storage
        }
        struct Key: Sendable {
            let entry: RawEntry
            let offset: Int
            let syntax: SyntaxNode?
            let text: String
        }
        struct Entry: Sendable {
            let key: Key?
            let value: Child?
        }

        let kind: Kind
        let entry: RawEntry
        /// The element's syntax subtree: while it is the same object, the element's bytes are the same.
        let syntax: SyntaxNode?
        let entries: [Entry]
        let items: [Child]
        let text: String?
        let decodesOnDemand: Bool
        let boolValue: Bool?
        /// How many containers enclosed the element when it was built (the depth limit depends on it).
        let depth: Int
        /// The problems found while building the subtree, relative to its start, in the order they
        /// were found; nil when there were too many to keep (the subtree is then rebuilt, not reused).
        let problems: [SyntaxProblem]?

        init(kind: Kind, entry: RawEntry, syntax: SyntaxNode?, entries: [Entry] = [], items: [Child] = [], text: String? = nil,
             decodesOnDemand: Bool = false, boolValue: Bool? = nil, depth: Int, problems: [SyntaxProblem]?) {
            self.kind = kind
            self.entry = entry
            self.syntax = syntax
            self.entries = entries
            self.items = items
            self.text = text
            self.decodesOnDemand = decodesOnDemand
            self.boolValue = boolValue
            self.depth = depth
            self.problems = problems
        }

    }
}

extension PlistNode {
    /// What this value is independently of where it stands: the same object in every version of
    /// the document that kept the value's subtree (`PlistDocument(_:reusing:)`), so a later pass may
    /// remember a position-independent result about the subtree under it (while it is alive).
    public var sharedStorage: AnyObject { storage }
}
