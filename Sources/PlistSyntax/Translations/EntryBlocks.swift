// The entries of a translation file (a strings table's `key = value;` entries, a String Catalog's
// keys) held in blocks whose ranges are relative to the block's base, so that an edit replaces
// the blocks it touches and moves the others by changing their base: a keystroke in a file of
// 100,000 entries copies a few hundred integers, not every entry (issue #39, point 5).

/// An entry of a translation file: its bytes, and the same entry moved by some bytes.
public protocol BlockedEntry: Sendable, Equatable {
    /// The entry's whole bytes, in file order with the other entries' (the first entry of a block
    /// gives it its base).
    var range: Range<Int> { get }
    /// The entry with every range moved by `delta` bytes.
    func shifted(by delta: Int) -> Self
}

/// Entries in file order, held in blocks of at most `blockSize` entries whose ranges are relative
/// to the block's base. A block is shared, unchanged, by every version of the file that keeps it:
/// its identity says its entries are the same (the analysis keeps its findings per block, see
/// `segments`).
public struct EntryBlocks<Entry: BlockedEntry>: RandomAccessCollection, Sendable, Equatable {
    public static func == (a: EntryBlocks, b: EntryBlocks) -> Bool { a.elementsEqual(b) }

    /// Entries whose ranges are relative to the base their file gives the block; never mutated.
    public final class Block: Sendable {
        /// The entries, their ranges relative to the block's base.
        public let entries: [Entry]
        init(_ entries: [Entry]) { self.entries = entries }
    }

    /// One block as this file places it: its entries are `block.entries` moved by `base`, and are
    /// this collection's `indices`.
    public struct Segment: Sendable {
        public let block: Block
        public let base: Int
        public let indices: Range<Int>
    }

    static var blockSize: Int { 256 }

    private let blocks: [Block]
    private let bases: [Int]
    /// `firsts[k]`: the index of block `k`'s first entry; `firsts.last` is the count.
    private let firsts: [Int]

    public var startIndex: Int { 0 }
    public var endIndex: Int { firsts.last ?? 0 }

    public subscript(i: Int) -> Entry {
        let k = firsts.partitionPoint { $0 > i } - 1
        return blocks[k].entries[i - firsts[k]].shifted(by: bases[k])
    }

    /// Walks the blocks in order (no search per entry, as indexing would make).
    public struct Iterator: IteratorProtocol {
        let blocks: [Block]
        let bases: [Int]
        var k = 0, i = 0

        public mutating func next() -> Entry? {
            while k < blocks.count {
                let entries = blocks[k].entries
                if i < entries.count {
                    i += 1
                    return entries[i - 1].shifted(by: bases[k])
                }
                k += 1
                i = 0
            }
            return nil
        }
    }

    public func makeIterator() -> Iterator { Iterator(blocks: blocks, bases: bases) }

    /// The blocks in file order, each with its base and the indices of its entries.
    public var segments: [Segment] {
        blocks.indices.map { Segment(block: blocks[$0], base: bases[$0], indices: firsts[$0]..<firsts[$0 + 1]) }
    }

    /// Blocks of `entries` (absolute ranges).
    init(_ entries: some Collection<Entry>) {
        var parts: [(Block, Int)] = []
        var chunk: [Entry] = []
        chunk.reserveCapacity(Self.blockSize)
        var base = 0
        for e in entries {
            if chunk.isEmpty { base = e.range.lowerBound }
            chunk.append(e.shifted(by: -base))
            if chunk.count == Self.blockSize {
                parts.append((Block(chunk), base))
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if !chunk.isEmpty { parts.append((Block(chunk), base)) }
        self.init(parts)
    }

    private init(_ parts: [(Block, Int)]) {
        blocks = parts.map(\.0)
        bases = parts.map(\.1)
        var firsts = [0]
        firsts.reserveCapacity(parts.count + 1)
        for (b, _) in parts { firsts.append(firsts.last! + b.entries.count) }
        self.firsts = firsts
    }

    /// These entries with `0..<kept` kept, `middle` (absolute ranges) after them, and the entries
    /// from `resume` on moved by `delta` (nil `resume`: none). Blocks wholly kept or wholly moved
    /// are shared; only the blocks at the two seams are made again.
    func splicing(kept: Int, middle: [Entry], resume: Int?, delta: Int) -> EntryBlocks {
        var parts: [(Block, Int)] = []
        var seam: [Entry] = []
        for k in blocks.indices {
            if firsts[k + 1] <= kept { parts.append((blocks[k], bases[k])); continue }
            // The kept entries of the block where the change starts.
            for i in firsts[k]..<kept { seam.append(blocks[k].entries[i - firsts[k]].shifted(by: bases[k])) }
            break
        }
        seam += middle
        var after = blocks.count
        if let resume, resume < endIndex {
            let k = firsts.partitionPoint { $0 > resume } - 1
            for i in resume..<firsts[k + 1] { seam.append(blocks[k].entries[i - firsts[k]].shifted(by: bases[k] + delta)) }
            after = k + 1
        }
        // The seam in blocks of its own (one when it is small: a keystroke makes one block).
        var start = 0
        while start < seam.count {
            let end = Swift.min(seam.count, start + Self.blockSize)
            let base = seam[start].range.lowerBound
            parts.append((Block(seam[start..<end].map { $0.shifted(by: -base) }), base))
            start = end
        }
        for k in after..<blocks.count { parts.append((blocks[k], bases[k] + delta)) }
        return EntryBlocks(parts)
    }
}

extension Range<Int> {
    func shifted(by delta: Int) -> Range<Int> { (lowerBound + delta)..<(upperBound + delta) }
}

extension RandomAccessCollection where Index == Int {
    /// The first index whose element satisfies `belongs` (which is false, then true, along the array).
    func partitionPoint(_ belongs: (Element) -> Bool) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let mid = (low + high) / 2
            if belongs(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

/// The bytes `new` and `old` have in common at their start and at their end (the end not
/// overlapping the start): what an edit of `old` into `new` left alone.
func commonEnds(_ new: [UInt8], _ old: [UInt8]) -> (prefix: Int, suffix: Int) {
    new.withUnsafeBufferPointer { new in
        old.withUnsafeBufferPointer { old -> (Int, Int) in
            let limit = min(new.count, old.count)
            var p = 0
            while p < limit && new[p] == old[p] { p += 1 }
            var q = 0
            while q < limit - p && new[new.count - 1 - q] == old[old.count - 1 - q] { q += 1 }
            return (p, q)
        }
    }
}
