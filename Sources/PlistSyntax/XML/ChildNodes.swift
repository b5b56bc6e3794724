// The child nodes of a syntax node: one array for a small node, chunks for a large one.

/// The child nodes of a `SyntaxNode`, indexed by `RawEntry.nodeIndex`.
///
/// A small node keeps them in one array. A large one (more than `largestUnchunked`) keeps them in
/// chunks of `chunkSize`, each an object shared by every version of the document that kept it:
/// an edit below such a node replaces one child, which copies that child's chunk and the list of
/// chunks instead of every child. Each copied class reference is an atomic retain, and freeing
/// the version it replaced as many releases: for the 7,045 records of the 10 MB benchmark plist's
/// largest dictionary that was a third of a keystroke's reparse (docs/contributing/performance.md).
public struct ChildNodes: RandomAccessCollection, Sendable {
    /// Nodes with more children than this are stored in chunks.
    static let largestUnchunked = 256
    static let chunkShift = 7
    static let chunkSize = 1 << chunkShift

    /// `chunkSize` consecutive child nodes (the last chunk may hold fewer), with what a walk
    /// asks of them all.
    final class Chunk: Sendable {
        /// Written only by `SyntaxNode.deinit`, when no other reference to the chunk exists
        /// (`takeAll(into:)`); never while the chunk is shared, hence safe to send.
        @exclusivity(unchecked) nonisolated(unsafe) var nodes: ContiguousArray<SyntaxNode>
        let containsDirective: Bool
        let containsComment: Bool

        init(_ nodes: ContiguousArray<SyntaxNode>) {
            self.nodes = nodes
            containsDirective = nodes.contains { $0.containsDirective }
            containsComment = nodes.contains { $0.containsComment }
        }
    }

    /// One reference either way, so that a syntax node (of which a large document has tens of
    /// thousands) grows by nothing.
    private enum Layout {
        /// A small node's nodes.
        case small(ContiguousArray<SyntaxNode>)
        /// A large node's nodes, in order: every chunk full but the last.
        case chunked(ContiguousArray<Chunk>)
    }

    private var layout: Layout

    init() {
        layout = .small([])
    }

    init(_ nodes: ContiguousArray<SyntaxNode>) {
        guard nodes.count > Self.largestUnchunked else {
            layout = .small(nodes)
            return
        }
        layout = .chunked(
            ContiguousArray(
                stride(from: 0, to: nodes.count, by: Self.chunkSize).lazy.map {
                    Chunk(ContiguousArray(nodes[$0..<Swift.min($0 + Self.chunkSize, nodes.count)]))
                }))
    }

    /// The nodes that `references` hold, one reference each, taken over as they are: no retain
    /// and no release (the parser's frames keep their child nodes so, and forget them after).
    init(takingReferences references: UnsafeBufferPointer<Unmanaged<SyntaxNode.Storage>>) {
        func take(_ slice: Range<Int>) -> ContiguousArray<SyntaxNode> {
            // A `SyntaxNode` is its storage's reference and nothing else: the bits copy as they are.
            assert(MemoryLayout<SyntaxNode>.size == MemoryLayout<Unmanaged<SyntaxNode.Storage>>.size)
            return ContiguousArray(unsafeUninitializedCapacity: slice.count) { buffer, initialized in
                UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(
                    from: references.baseAddress! + slice.lowerBound, byteCount: slice.count * MemoryLayout<SyntaxNode>.stride)
                initialized = slice.count
            }
        }
        let count = references.count
        if count == 0 {
            layout = .small([])
        } else if count <= Self.largestUnchunked {
            layout = .small(take(0..<count))
        } else {
            layout = .chunked(
                ContiguousArray(
                    stride(from: 0, to: count, by: Self.chunkSize).lazy.map {
                        Chunk(take($0..<Swift.min($0 + Self.chunkSize, count)))
                    }))
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public var count: Int {
        switch layout {
        case .small(let nodes): return nodes.count
        case .chunked(let chunks): return (chunks.count - 1) << Self.chunkShift + chunks[chunks.count - 1].nodes.count
        }
    }

    @inline(__always)
    public subscript(i: Int) -> SyntaxNode {
        switch layout {
        case .small(let nodes): return nodes[i]
        case .chunked(let chunks): return chunks[i >> Self.chunkShift].nodes[i & (Self.chunkSize - 1)]
        }
    }

    /// Puts `node` in place of child node `i`: a copy of its chunk only, for a large node.
    mutating func replace(at i: Int, with node: SyntaxNode) {
        switch layout {
        case .small(var nodes):
            layout = .small([])
            nodes[i] = node
            layout = .small(nodes)
        case .chunked(var chunks):
            layout = .small([])
            var nodes = chunks[i >> Self.chunkShift].nodes
            nodes[i & (Self.chunkSize - 1)] = node
            chunks[i >> Self.chunkShift] = Chunk(nodes)
            layout = .chunked(chunks)
        }
    }

    /// Whether any of the nodes contains a preprocessor directive line, and a comment.
    var containsDirectiveAndComment: (directive: Bool, comment: Bool) {
        var directive = false, comment = false
        switch layout {
        case .small(let nodes):
            for n in nodes where !(directive && comment) {
                directive = directive || n.containsDirective
                comment = comment || n.containsComment
            }
        case .chunked(let chunks):
            for c in chunks where !(directive && comment) {
                directive = directive || c.containsDirective
                comment = comment || c.containsComment
            }
        }
        return (directive, comment)
    }

    /// Empties this collection into `work`, for `SyntaxNode.deinit`'s iterative release: its
    /// arrays of nodes, moved (no node is retained or released), except those of a chunk that
    /// another version still holds (dropping that chunk releases one reference, not its nodes).
    mutating func takeAll(into work: inout [ContiguousArray<SyntaxNode>]) {
        var taken = Layout.small([])
        swap(&taken, &layout)
        switch taken {
        case .small(var nodes):
            taken = .small([])  // `nodes` is then the only reference to the array
            work.append(nodes)
            nodes = []
        case .chunked(var chunks):
            taken = .small([])
            while var chunk = chunks.popLast() {
                if isKnownUniquelyReferenced(&chunk) {
                    var nodes: ContiguousArray<SyntaxNode> = []
                    swap(&nodes, &chunk.nodes)
                    work.append(nodes)
                }
            }
        }
    }
}
