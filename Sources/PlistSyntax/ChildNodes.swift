// The child nodes of a syntax node: one array for a small node, chunks for a large one.

/// The child nodes of a `SyntaxNode`, indexed by `RawEntry.nodeIndex`.
///
/// A small node keeps them in one array. A large one (more than `largestUnchunked`) keeps them in
/// chunks of `chunkSize`, each an object shared by every version of the document that kept it:
/// an edit below such a node replaces one child, which copies that child's chunk and the list of
/// chunks instead of every child. Each copied class reference is an atomic retain, and freeing
/// the version it replaced as many releases: for the 23,000 items of the 10 MB benchmark plist's
/// array that was a third of a keystroke's reparse (docs/performance.md).
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
        nonisolated(unsafe) var nodes: ContiguousArray<SyntaxNode>
        let containsDirective: Bool
        let containsComment: Bool

        init(_ nodes: ContiguousArray<SyntaxNode>) {
            self.nodes = nodes
            containsDirective = nodes.contains { $0.containsDirective }
            containsComment = nodes.contains { $0.containsComment }
        }
    }

    /// The nodes of a small node (empty when `chunks` holds them).
    private var small: ContiguousArray<SyntaxNode>
    /// The nodes of a large node, in order (empty for a small one).
    private var chunks: ContiguousArray<Chunk>
    public private(set) var count: Int

    init() {
        small = []
        chunks = []
        count = 0
    }

    init(_ nodes: ContiguousArray<SyntaxNode>) {
        count = nodes.count
        guard nodes.count > Self.largestUnchunked else {
            small = nodes
            chunks = []
            return
        }
        small = []
        chunks = ContiguousArray(stride(from: 0, to: nodes.count, by: Self.chunkSize).lazy.map {
            Chunk(ContiguousArray(nodes[$0..<Swift.min($0 + Self.chunkSize, nodes.count)]))
        })
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    @inline(__always)
    public subscript(i: Int) -> SyntaxNode {
        chunks.isEmpty ? small[i] : chunks[i >> Self.chunkShift].nodes[i & (Self.chunkSize - 1)]
    }

    /// Puts `node` in place of child node `i`: a copy of its chunk only, for a large node.
    mutating func replace(at i: Int, with node: SyntaxNode) {
        guard !chunks.isEmpty else {
            small[i] = node
            return
        }
        var nodes = chunks[i >> Self.chunkShift].nodes
        nodes[i & (Self.chunkSize - 1)] = node
        chunks[i >> Self.chunkShift] = Chunk(nodes)
    }

    /// Whether any of the nodes contains a preprocessor directive line, and a comment.
    var containsDirectiveAndComment: (directive: Bool, comment: Bool) {
        var directive = false, comment = false
        if chunks.isEmpty {
            for n in small where !(directive && comment) {
                directive = directive || n.containsDirective
                comment = comment || n.containsComment
            }
        } else {
            for c in chunks where !(directive && comment) {
                directive = directive || c.containsDirective
                comment = comment || c.containsComment
            }
        }
        return (directive, comment)
    }

    /// Empties this collection into `work`, for `SyntaxNode.deinit`'s iterative release: every
    /// node, except those of a chunk that another version still holds (dropping that chunk
    /// releases one reference, not its nodes).
    mutating func takeAll(into work: inout ContiguousArray<SyntaxNode>) {
        work.append(contentsOf: small)
        small = []
        var taken = chunks
        chunks = []
        count = 0
        while var chunk = taken.popLast() {
            if isKnownUniquelyReferenced(&chunk) {
                work.append(contentsOf: chunk.nodes)
                chunk.nodes = []
            }
        }
    }
}
