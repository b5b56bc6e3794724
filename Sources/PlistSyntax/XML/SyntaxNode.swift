// The lossless syntax tree: immutable nodes holding relative offsets, so unchanged subtrees are
// shared between versions of a document and an edit rebuilds only the path to the root.

/// What a stretch of source text is.
public enum SyntaxKind: UInt8, Sendable, BitwiseCopyable {
    /// Character data (may contain entity and character references).
    case text
    /// An element: start tag, content and end tag (end tag possibly missing), or an empty-element tag.
    case element
    /// An end tag that closes nothing.
    case strayEndTag
    /// `<!-- … -->`
    case comment
    /// `<?target …?>`
    case processingInstruction
    /// `<?xml version=… ?>`
    case xmlDeclaration
    /// `<!DOCTYPE … >`, including an internal subset.
    case doctype
    /// `<![CDATA[ … ]]>`
    case cdata
    /// A UTF-8 byte order mark.
    case byteOrderMark
    /// Markup that is not XML: a `<` that starts nothing valid, `<!foo`, `</>`.
    case bogus
    /// A C-preprocessor directive line (`#if DEBUG`, `#else`, `#include "x.h"`…) in container
    /// content or at document level, from `#` to the end of its line (newline excluded): Xcode runs
    /// such an Info.plist through the preprocessor (`INFOPLIST_PREPROCESS`), so the line is not
    /// stray text and never an error. See docs/preprocessed-plists.md.
    case directive
}

/// The element names a property list uses; anything else is `.other`.
public enum TagName: UInt8, Sendable, CaseIterable, BitwiseCopyable {
    case other, plist, dict, array, key, string, integer, real, `true`, `false`, date, data

    /// The name as written in XML (`nil` for `.other`).
    public var text: String? {
        switch self {
        case .other: return nil
        case .plist: return "plist"
        case .dict: return "dict"
        case .array: return "array"
        case .key: return "key"
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .true: return "true"
        case .false: return "false"
        case .date: return "date"
        case .data: return "data"
        }
    }

    /// Elements whose content is more elements.
    public var isContainer: Bool { self == .plist || self == .dict || self == .array }

    /// Plist elements whose content is text (or nothing, for `true`/`false`).
    public var isScalar: Bool { self != .other && !isContainer }

    @inline(__always)
    static func classify(_ p: UnsafePointer<UInt8>, _ n: Int) -> TagName {
        switch n {
        case 3:
            if p[0] == 0x6B && p[1] == 0x65 && p[2] == 0x79 { return .key }  // key
        case 4:
            if p[0] == 0x64 {  // d
                if p[1] == 0x69 && p[2] == 0x63 && p[3] == 0x74 { return .dict }
                if p[1] == 0x61 && p[2] == 0x74 { return p[3] == 0x65 ? .date : (p[3] == 0x61 ? .data : .other) }
            }
            if p[0] == 0x72 && p[1] == 0x65 && p[2] == 0x61 && p[3] == 0x6C { return .real }
            if p[0] == 0x74 && p[1] == 0x72 && p[2] == 0x75 && p[3] == 0x65 { return .true }
        case 5:
            if p[0] == 0x61 && p[1] == 0x72 && p[2] == 0x72 && p[3] == 0x61 && p[4] == 0x79 { return .array }
            if p[0] == 0x70 && p[1] == 0x6C && p[2] == 0x69 && p[3] == 0x73 && p[4] == 0x74 { return .plist }
            if p[0] == 0x66 && p[1] == 0x61 && p[2] == 0x6C && p[3] == 0x73 && p[4] == 0x65 { return .false }
        case 6:
            if p[0] == 0x73 && p[1] == 0x74 && p[2] == 0x72 && p[3] == 0x69 && p[4] == 0x6E && p[5] == 0x67 { return .string }
        case 7:
            if p[0] == 0x69 && p[1] == 0x6E && p[2] == 0x74 && p[3] == 0x65 && p[4] == 0x67 && p[5] == 0x65
                && p[6] == 0x72
            {
                return .integer
            }
        default:
            break
        }
        return .other
    }
}

/// Facts about an entry that the parser records and later passes read.
public struct EntryFlags: OptionSet, Sendable, Hashable, BitwiseCopyable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `<tag/>`.
    public static let selfClosing = EntryFlags(rawValue: 1 << 0)
    /// The start tag has no `>` (the file ends, or another tag begins, first).
    public static let startTagUnterminated = EntryFlags(rawValue: 1 << 1)
    /// The element was never closed: the file ended, or an outer end tag or a new plist element closed it.
    public static let endTagMissing = EntryFlags(rawValue: 1 << 2)
    /// The element was closed by an end tag with another name (`<string>x</strng>`).
    public static let endTagMismatched = EntryFlags(rawValue: 1 << 3)
    /// The end tag has no `>`.
    public static let endTagUnterminated = EntryFlags(rawValue: 1 << 4)
    /// The entry's own bytes (not its child entries) break an XML well-formedness rule.
    public static let malformed = EntryFlags(rawValue: 1 << 5)
    /// The text (or a scalar element's text) contains `&…;` references.
    public static let hasReferences = EntryFlags(rawValue: 1 << 6)
    /// Text that is only XML white space; on an element stored inline (no child node), content
    /// that is blank or empty.
    public static let whitespaceOnly = EntryFlags(rawValue: 1 << 7)
    /// A comment, PI or CDATA section that the file ends inside.
    public static let unterminated = EntryFlags(rawValue: 1 << 8)
    /// The entry's child node contains an error somewhere below.
    public static let childError = EntryFlags(rawValue: 1 << 9)
    /// A scalar whose fate (closed early, or nesting markup) was decided by reading ahead.
    public static let lookahead = EntryFlags(rawValue: 1 << 10)
    /// The entry's child node contains a `lookahead` entry somewhere below.
    public static let childLookahead = EntryFlags(rawValue: 1 << 11)
}

/// One child of a node: a token or an element, with its offset relative to the node's start.
/// Elements whose content holds markup (child elements, comments, CDATA…) have a child node, kept
/// in the owning node's `nodes` (so that an entry is plain data, copied without reference
/// counting); elements with text-only content are stored inline, which keeps the tree small.
public struct RawEntry: Sendable, BitwiseCopyable {
    public var offset: UInt32
    public var width: UInt32
    public var kind: SyntaxKind
    public var tag: TagName
    public var flags: EntryFlags
    /// For elements: bytes of the start tag (`<key>`), including attributes.
    public var startTagWidth: UInt32
    /// For elements: bytes of the end tag (`</key>`); 0 when missing or self-closing.
    public var endTagWidth: UInt32
    /// For elements with markup in their content: the index of their node in the owner's `nodes`; −1 otherwise.
    public var nodeIndex: Int32

    init(
        offset: UInt32, width: UInt32, kind: SyntaxKind, tag: TagName, flags: EntryFlags, startTagWidth: UInt32, endTagWidth: UInt32,
        nodeIndex: Int32 = -1
    ) {
        self.offset = offset
        self.width = width
        self.kind = kind
        self.tag = tag
        self.flags = flags
        self.startTagWidth = startTagWidth
        self.endTagWidth = endTagWidth
        self.nodeIndex = nodeIndex
    }

    @inline(__always) var end: Int { Int(offset) + Int(width) }
    /// Whether this entry or anything below it breaks a well-formedness rule.
    var containsError: Bool {
        if flags.contains(.malformed)
            || !flags.isDisjoint(with: [.startTagUnterminated, .endTagMissing, .endTagMismatched, .endTagUnterminated, .unterminated])
        {
            return true
        }
        if kind == .strayEndTag || kind == .bogus { return true }
        return flags.contains(.childError)
    }
}

/// An immutable interior node: the entries of a document or of an element's content.
/// Offsets in `children` are relative to the start of the element (or document) that owns the node.
///
/// A reference to a shared, immutable object (`Storage`), compared with `===`. The entries are
/// stored in the object's own allocation, after its other fields (a `ManagedBuffer`), not in an
/// array of their own: one allocation a node instead of two. Making and freeing the tree of the
/// 10 MB benchmark plist allocated and freed about 110,000 blocks, and freeing them took a fifth
/// of its parse (`plist-bench --only parse`). `ManagedBuffer` cannot be `Sendable`, so the
/// reference is wrapped: the object is never written after it is made, but by its `deinit`.
public struct SyntaxNode: @unchecked Sendable {
    /// What a node holds besides its entries. Immutable once made, except `nodes`, emptied only by
    /// `deinit` (see there), when no other reference to the node exists.
    struct Header {
        let count: Int
        let width: Int
        var nodes: ChildNodes
        // Set once, by `make`, from the entries it has just written.
        var containsError = false
        var containsLookahead = false
        var containsDirective = false
        var containsComment = false
    }

    /// The node's fields and, after them, its entries. The header is reached through its address,
    /// here and in the accessors: no access to it is ever a conflict worth a dynamic exclusivity
    /// check (a check per access was a tenth of freeing a tree).
    final class Storage: ManagedBuffer<Header, RawEntry> {
        /// Releases the subtree iteratively: each node about to die hands its arrays of child
        /// nodes to the worklist first, so no `deinit` ever runs inside another (100,000 nested
        /// elements overflowed the stack). Nodes are popped off those arrays, which moves them: a
        /// node is released once, by its last owner, never retained on the way (copying them into
        /// one worklist retained and released every node once more: a quarter of freeing a tree in
        /// `perf`'s samples).
        /// The entries need no deinitializing: `RawEntry` is plain data.
        deinit {
            withUnsafeMutablePointerToHeader { header in
                guard !header.pointee.nodes.isEmpty else { return }
                var work: [ContiguousArray<SyntaxNode>] = []
                header.pointee.nodes.takeAll(into: &work)
                while !work.isEmpty {
                    guard var n = work[work.count - 1].popLast() else {
                        work.removeLast()
                        continue
                    }
                    if isKnownUniquelyReferenced(&n.storage) {
                        n.storage.withUnsafeMutablePointerToHeader { h in
                            if !h.pointee.nodes.isEmpty { h.pointee.nodes.takeAll(into: &work) }
                        }
                    }
                    // `n` is released here: its child nodes are in `work`, so its `deinit`
                    // returns at once.
                }
            }
        }
    }

    var storage: Storage

    /// The node's entries, in document order.
    public var children: Children { Children(storage: storage) }
    /// The child nodes of `children`, indexed by `RawEntry.nodeIndex`.
    public var nodes: ChildNodes { storage.withUnsafeMutablePointerToHeader { $0.pointee.nodes } }
    /// Width of the owning element (or document) in bytes.
    public var width: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee.width } }
    /// Whether any entry below breaks a well-formedness rule (cached for a fast verdict).
    public var containsError: Bool { storage.withUnsafeMutablePointerToHeader { $0.pointee.containsError } }
    /// Whether any entry below was decided by reading ahead (then an edit anywhere after it may
    /// change it, and incremental reparsing gives way to a full parse).
    public var containsLookahead: Bool { storage.withUnsafeMutablePointerToHeader { $0.pointee.containsLookahead } }
    /// Whether any entry below is a preprocessor directive line (so a walk for them can skip the rest).
    public var containsDirective: Bool { storage.withUnsafeMutablePointerToHeader { $0.pointee.containsDirective } }
    /// Whether any entry below is a comment (so a walk for them can skip the rest).
    public var containsComment: Bool { storage.withUnsafeMutablePointerToHeader { $0.pointee.containsComment } }

    /// Whether `a` and `b` are the same node (the same object: the same bytes, in every version
    /// that shares it).
    public static func === (a: SyntaxNode, b: SyntaxNode) -> Bool { a.storage === b.storage }
    public static func !== (a: SyntaxNode, b: SyntaxNode) -> Bool { a.storage !== b.storage }

    /// The entries of a node: a view of its storage that keeps the node alive.
    public struct Children: RandomAccessCollection, @unchecked Sendable {
        let storage: Storage
        public var startIndex: Int { 0 }
        public let endIndex: Int

        init(storage: Storage) {
            self.storage = storage
            endIndex = storage.withUnsafeMutablePointerToHeader { $0.pointee.count }
        }

        @inline(__always)
        public subscript(i: Int) -> RawEntry {
            precondition(i >= 0 && i < endIndex, "child index out of range")
            return storage.withUnsafeMutablePointerToElements { $0[i] }
        }

        public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<RawEntry>) throws -> R) rethrows -> R? {
            try storage.withUnsafeMutablePointerToElements { try body(UnsafeBufferPointer(start: $0, count: endIndex)) }
        }
    }

    static func make(children: ContiguousArray<RawEntry>, nodes: ContiguousArray<SyntaxNode>, width: Int) -> SyntaxNode {
        make(children: children, nodes: ChildNodes(nodes), width: width)
    }

    /// A node holding a copy of `children`.
    static func make(children: ContiguousArray<RawEntry>, nodes: ChildNodes, width: Int) -> SyntaxNode {
        make(count: children.count, nodes: nodes, width: width) { entries in
            children.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { entries.initialize(from: base, count: source.count) }
            }
        }
    }

    /// A copy of `node` with `nodes` and `width`, whose entries `edit` changes in place (the copy's
    /// own: one copy of the entries, straight into the new node).
    static func make(
        copying node: SyntaxNode, nodes: ChildNodes, width: Int, editing edit: (UnsafeMutableBufferPointer<RawEntry>) -> Void
    ) -> SyntaxNode {
        let count = node.children.count
        return make(count: count, nodes: nodes, width: width) { entries in
            node.storage.withUnsafeMutablePointerToElements { entries.initialize(from: $0, count: count) }
            edit(UnsafeMutableBufferPointer(start: entries, count: count))
        }
    }

    /// A node holding a copy of `entries` and the child nodes that `references` hold, for a
    /// parent the parser is making: its one reference, as the parser's frames keep them
    /// (`Unmanaged`), and whether it contains an error and a look-ahead decision (the parent's
    /// entry says so). The references are taken over as they are, and everything is read through
    /// pointers: nothing is retained or released to make the node (each was an atomic operation
    /// per container of the document, and its release).
    static func makeReference(
        entries: UnsafeBufferPointer<RawEntry>, takingReferences references: UnsafeBufferPointer<Unmanaged<Storage>>,
        width: Int
    ) -> (node: Unmanaged<Storage>, containsError: Bool, containsLookahead: Bool) {
        let count = entries.count
        let buffer = Storage.create(minimumCapacity: count) { _ in
            Header(count: count, width: width, nodes: ChildNodes(takingReferences: references))
        }
        let facts = buffer.withUnsafeMutablePointers { header, elements in
            if let base = entries.baseAddress { elements.initialize(from: base, count: count) }
            summarize(header, elements, below: header.pointee.nodes.containsDirectiveAndComment)
            return (header.pointee.containsError, header.pointee.containsLookahead)
        }
        return (Unmanaged.passRetained(unsafeDowncast(buffer, to: Storage.self)), facts.0, facts.1)
    }

    /// A node of `count` entries, which `initialize` writes; then what the header says of them.
    private static func make(count: Int, nodes: ChildNodes, width: Int, initialize: (UnsafeMutablePointer<RawEntry>) -> Void) -> SyntaxNode
    {
        let buffer = Storage.create(minimumCapacity: count) { _ in Header(count: count, width: width, nodes: nodes) }
        buffer.withUnsafeMutablePointers { header, entries in
            initialize(entries)
            summarize(header, entries, below: nodes.containsDirectiveAndComment)
        }
        return SyntaxNode(storage: unsafeDowncast(buffer, to: Storage.self))
    }

    /// Records in `header` what its node's entries (`header.pointee.count` of them at `entries`)
    /// contain, given whether its child nodes contain a directive line and a comment (`below`).
    @inline(__always)
    private static func summarize(
        _ header: UnsafeMutablePointer<Header>, _ entries: UnsafeMutablePointer<RawEntry>,
        below: (directive: Bool, comment: Bool)
    ) {
        var error = false
        var lookahead = false
        var directive = below.directive
        var comment = below.comment
        for c in UnsafeBufferPointer(start: entries, count: header.pointee.count) {
            if c.containsError { error = true }
            if !c.flags.isDisjoint(with: [.lookahead, .childLookahead]) { lookahead = true }
            if c.kind == .directive { directive = true }
            if c.kind == .comment { comment = true }
        }
        header.pointee.containsError = error
        header.pointee.containsLookahead = lookahead
        header.pointee.containsDirective = directive
        header.pointee.containsComment = comment
    }

    /// The child node of one of this node's entries.
    @inline(__always)
    public func node(of entry: RawEntry) -> SyntaxNode? {
        entry.nodeIndex >= 0 ? nodes[Int(entry.nodeIndex)] : nil
    }

    /// The index of the first child whose end is after `offset` (relative), by binary search.
    func firstChild(endingAfter offset: Int) -> Int {
        firstIndex(notBelow: offset + 1, in: 0..<children.count) { children[$0].end }
    }

    /// Structural equality (same entries, same widths and flags, recursively) — used to prove
    /// incremental reparsing equal to parsing from scratch.
    /// Iterative, so that any depth compares without exhausting the stack.
    public func isStructurallyEqual(to other: SyntaxNode) -> Bool {
        var pending: [(SyntaxNode, SyntaxNode)] = [(self, other)]
        while let (x, y) = pending.popLast() {
            if x === y { continue }
            guard x.width == y.width, x.children.count == y.children.count else { return false }
            for i in x.children.indices {
                let a = x.children[i], b = y.children[i]
                guard a.offset == b.offset, a.width == b.width, a.kind == b.kind, a.tag == b.tag, a.flags == b.flags,
                    a.startTagWidth == b.startTagWidth, a.endTagWidth == b.endTagWidth
                else { return false }
                switch (x.node(of: a), y.node(of: b)) {
                case (nil, nil): continue
                case let (p?, q?): pending.append((p, q))
                default: return false
                }
            }
        }
        return true
    }
}

/// Whether `a` and `b` are the same node, or both none.
public func === (a: SyntaxNode?, b: SyntaxNode?) -> Bool { a?.storage === b?.storage }
public func !== (a: SyntaxNode?, b: SyntaxNode?) -> Bool { a?.storage !== b?.storage }
