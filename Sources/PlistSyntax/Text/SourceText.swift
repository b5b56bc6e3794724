// A document's bytes, shared between its versions: an edit makes a new text without copying the old.

/// The UTF-8 bytes of a document, immutable, in pieces shared between the versions of the document.
///
/// A text read from a file or a `didOpen` is one piece. An edit (`replacing(_:with:)`) makes a new
/// text whose pieces are the old text's, cut at the edit, and the inserted bytes: the old text is
/// not copied (a 10 MB plist was copied once per keystroke, a quarter of the keystroke's time, and
/// held twice while the new version was built). Small pieces next to an edit are joined, so typing
/// in one place keeps the count of pieces; past `maximumPieces` the text is made one piece again.
///
/// Reading a byte is a binary search over the pieces (a load when there is one piece); readers of
/// a range use `withBytes(in:_:)`, which hands them contiguous bytes, copied only when the range
/// spans pieces. The parser reads a window of it (`withParseView`).
public struct SourceText: Sendable, RandomAccessCollection, Equatable, CustomStringConvertible {
    /// Bytes that never change once written, owned by the pieces that show them.
    final class Chunk: Sendable {
        nonisolated(unsafe) let base: UnsafeMutablePointer<UInt8>
        let count: Int

        /// A chunk of `count` bytes, every one of them written by `initialize`.
        init(count: Int, _ initialize: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
            self.count = count
            base = .allocate(capacity: Swift.max(1, count))
            initialize(UnsafeMutableBufferPointer(start: base, count: count))
        }

        deinit { base.deallocate() }
    }

    /// Bytes `start..<start + count` of a chunk.
    struct Piece: Sendable {
        let chunk: Chunk
        let start: Int
        let count: Int
        var pointer: UnsafePointer<UInt8> { UnsafePointer(chunk.base + start) }
    }

    final class Storage: Sendable {
        let pieces: ContiguousArray<Piece>
        /// `ends[k]`: the offset just after piece `k`.
        let ends: ContiguousArray<Int>
        let count: Int
        /// The bytes when there is one piece (or none): the fast path of every read.
        nonisolated(unsafe) let single: UnsafePointer<UInt8>?
        /// Each piece's first byte: valid while this storage holds the pieces (a read through
        /// them retains no chunk).
        nonisolated(unsafe) let pointers: ContiguousArray<UnsafePointer<UInt8>>

        init(_ pieces: ContiguousArray<Piece>) {
            self.pieces = pieces
            var ends = ContiguousArray<Int>()
            ends.reserveCapacity(pieces.count)
            var total = 0
            for p in pieces {
                total += p.count
                ends.append(total)
            }
            self.ends = ends
            pointers = ContiguousArray(pieces.lazy.map(\.pointer))
            count = total
            single = pieces.count == 1 ? pieces[0].pointer : (pieces.isEmpty ? Storage.empty : nil)
        }

        /// An address for an empty text (never read: its count is 0).
        nonisolated(unsafe) static let empty: UnsafePointer<UInt8> = UnsafePointer(UnsafeMutablePointer<UInt8>.allocate(capacity: 1))
    }

    let storage: Storage

    /// Past this many pieces an edit makes the text one piece again.
    static let maximumPieces = 256
    /// Pieces up to this size next to an edit are joined with the inserted bytes.
    static let smallPiece = 4_096

    init(storage: Storage) { self.storage = storage }

    /// A text of these bytes (copied once).
    public init(_ bytes: some Collection<UInt8>) {
        let count = bytes.count
        let chunk = Chunk(count: count) { buffer in _ = buffer.initialize(fromContentsOf: bytes) }
        self.init(storage: Storage(count == 0 ? [] : [Piece(chunk: chunk, start: 0, count: count)]))
    }

    /// A text made of these pieces, in order (tests: a text cut where edits would have cut it).
    init(pieces: [[UInt8]]) {
        self.init(
            storage: Storage(
                ContiguousArray(
                    pieces.filter { !$0.isEmpty }.map { bytes in
                        Piece(chunk: Chunk(count: bytes.count) { _ = $0.initialize(fromContentsOf: bytes) }, start: 0, count: bytes.count)
                    })))
    }

    /// A text of this string's UTF-8 bytes.
    public init(_ string: String) {
        var string = string
        self = string.withUTF8 { SourceText($0) }
    }

    // MARK: Collection

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }
    public var count: Int { storage.count }

    @inline(__always)
    public subscript(i: Int) -> UInt8 {
        precondition(i >= 0 && i < storage.count, "offset out of the text")
        if let single = storage.single { return single[i] }
        let k = piece(containing: i)
        return storage.pointers[k][i - (k == 0 ? 0 : storage.ends[k - 1])]
    }

    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        guard let single = storage.single else { return nil }
        return try body(UnsafeBufferPointer(start: single, count: storage.count))
    }

    /// The index of the piece holding byte `i` (a valid offset).
    func piece(containing i: Int) -> Int {
        var lo = 0, hi = storage.ends.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if storage.ends[mid] <= i { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Whether the text is one contiguous piece.
    public var isContiguous: Bool { storage.single != nil }

    /// How many pieces the text is made of.
    public var pieceCount: Int { storage.pieces.count }

    /// The bytes, as one array.
    public var bytes: [UInt8] {
        // Straight into the array (through `withBytes` a text of several pieces was copied twice).
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress { copyBytes(0..<count, to: base) }
            initialized = count
        }
    }

    public var description: String { withBytes(in: 0..<count) { String(decoding: $0, as: UTF8.self) } }

    /// Bytes `range` (clamped to the text) as text; invalid UTF-8 becomes U+FFFD.
    public func string(_ range: Range<Int>) -> String { withBytes(in: range) { String(decoding: $0, as: UTF8.self) } }

    public static func == (a: SourceText, b: SourceText) -> Bool {
        guard a.count == b.count else { return false }
        if a.storage === b.storage { return true }
        return a.bytes == b.bytes
    }

    public static func == (a: SourceText, b: [UInt8]) -> Bool { a.count == b.count && a.bytes == b }

    // MARK: Reading ranges

    /// Calls `body` with bytes `range` (clamped to the text), contiguous: the piece's own bytes
    /// when the range lies in one piece, else a copy.
    public func withBytes<R>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let lo = Swift.max(0, Swift.min(range.lowerBound, count)), hi = Swift.max(lo, Swift.min(range.upperBound, count))
        if let single = storage.single { return try body(UnsafeBufferPointer(start: single + lo, count: hi - lo)) }
        if lo == hi { return try body(UnsafeBufferPointer(start: Storage.empty, count: 0)) }
        let k = piece(containing: lo)
        if hi <= storage.ends[k] {
            let pieceStart = k == 0 ? 0 : storage.ends[k - 1]
            return try body(UnsafeBufferPointer(start: storage.pointers[k] + (lo - pieceStart), count: hi - lo))
        }
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: hi - lo)
        defer { copy.deallocate() }
        copyBytes(lo..<hi, to: copy.baseAddress!)
        return try body(UnsafeBufferPointer(copy))
    }

    /// Copies bytes `range` (within the text) to `destination`.
    func copyBytes(_ range: Range<Int>, to destination: UnsafeMutablePointer<UInt8>) {
        guard !range.isEmpty else { return }
        if let single = storage.single {
            destination.update(from: single + range.lowerBound, count: range.count)
            return
        }
        var k = piece(containing: range.lowerBound)
        var at = range.lowerBound
        while at < range.upperBound {
            let pieceStart = k == 0 ? 0 : storage.ends[k - 1]
            let n = Swift.min(range.upperBound, storage.ends[k]) - at
            (destination + (at - range.lowerBound)).update(from: storage.pointers[k] + (at - pieceStart), count: n)
            at += n
            k += 1
        }
    }

    /// The offsets where `needle` begins, in order (occurrences may overlap). A Boyer–Moore–
    /// Horspool search, which skips up to the needle's length at each step; a needle of one or
    /// two bytes is looked for eight bytes at a time. A rare needle costs less than one pass
    /// over the bytes: what lets a lookup by name skip building the typed view of a large file.
    public func offsets(of needle: [UInt8]) -> [Int] {
        search(needle, firstOnly: false)
    }

    /// Whether `needle` occurs in the text (stops at the first occurrence).
    public func contains(_ needle: [UInt8]) -> Bool {
        !search(needle, firstOnly: true).isEmpty
    }

    private func search(_ needle: [UInt8], firstOnly: Bool) -> [Int] {
        guard !needle.isEmpty, needle.count <= count else { return [] }
        let m = needle.count
        return withBytes(in: 0..<count) { bytes -> [Int] in
            guard let base = bytes.baseAddress else { return [] }
            var out: [Int] = []
            if m <= 2 {
                // Eight bytes at a time: a word with no byte equal to the first is skipped whole
                // (the zero-byte test of `word ^ first×8`).
                let raw = UnsafeRawPointer(base)
                let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                let pattern = UInt64(needle[0]) &* ones
                let limit = bytes.count - m + 1
                var at = 0
                while at < limit {
                    if at + 8 <= limit {
                        let v = raw.loadUnaligned(fromByteOffset: at, as: UInt64.self) ^ pattern
                        if (v &- ones) & ~v & highs == 0 {
                            at += 8
                            continue
                        }
                    }
                    if bytes[at] == needle[0] && (m == 1 || bytes[at + 1] == needle[1]) {
                        out.append(at)
                        if firstOnly { break }
                    }
                    at += 1
                }
                return out
            }
            var skip = [Int](repeating: m, count: 256)
            for i in 0..<(m - 1) { skip[Int(needle[i])] = m - 1 - i }
            needle.withUnsafeBufferPointer { n in
                skip.withUnsafeBufferPointer { skip in
                    let lastByte = n[m - 1]
                    var at = 0
                    while at + m <= bytes.count {
                        let c = bytes[at + m - 1]
                        if c == lastByte {
                            var i = m - 2
                            while i >= 0 && bytes[at + i] == n[i] { i -= 1 }
                            if i < 0 {
                                out.append(at)
                                if firstOnly { return }
                            }
                        }
                        at += skip[Int(c)]
                    }
                }
            }
            return out
        }
    }

    /// The text as one piece: itself when it is, else a copy.
    public var contiguous: SourceText {
        if isContiguous { return self }
        return SourceText(
            storage: Storage([Piece(chunk: Chunk(count: count) { copyBytes(0..<count, to: $0.baseAddress!) }, start: 0, count: count)]))
    }

    // MARK: Editing

    /// This text with bytes `range` (clamped to the text) replaced by `replacement`. The old
    /// text's pieces are shared, cut at the edit; the inserted bytes and the small pieces beside
    /// them make one new piece.
    public func replacing(_ range: Range<Int>, with replacement: some Collection<UInt8>) -> SourceText {
        let lo = Swift.max(0, Swift.min(range.lowerBound, count)), hi = Swift.max(lo, Swift.min(range.upperBound, count))
        var before = ContiguousArray<Piece>(), after = ContiguousArray<Piece>()
        before.reserveCapacity(storage.pieces.count + 1)
        after.reserveCapacity(storage.pieces.count + 1)
        var start = 0
        for p in storage.pieces {
            let end = start + p.count
            // Pieces are cut at `lo` and `hi`; an empty part is dropped.
            if start < lo { before.append(Piece(chunk: p.chunk, start: p.start, count: Swift.min(end, lo) - start)) }
            if end > hi {
                let from = Swift.max(start, hi)
                after.append(Piece(chunk: p.chunk, start: p.start + (from - start), count: end - from))
            }
            start = end
        }
        // Join the inserted bytes with the small pieces on either side.
        var joined: [Piece] = []
        var size = replacement.count
        while let last = before.last, last.count <= Self.smallPiece, size + last.count <= 4 * Self.smallPiece {
            joined.insert(before.removeLast(), at: 0)
            size += last.count
        }
        let leading = joined.count
        var firstAfter = 0
        while firstAfter < after.count, after[firstAfter].count <= Self.smallPiece, size + after[firstAfter].count <= 4 * Self.smallPiece {
            joined.append(after[firstAfter])
            size += after[firstAfter].count
            firstAfter += 1
        }
        var pieces = before
        if size > 0 {
            let chunk = Chunk(count: size) { buffer in
                var at = buffer.baseAddress!
                for p in joined[..<leading] { at.update(from: p.pointer, count: p.count); at += p.count }
                let written = UnsafeMutableBufferPointer(start: at, count: replacement.count).initialize(fromContentsOf: replacement)
                at += written
                for p in joined[leading...] { at.update(from: p.pointer, count: p.count); at += p.count }
            }
            pieces.append(Piece(chunk: chunk, start: 0, count: size))
        }
        pieces.append(contentsOf: after[firstAfter...])
        let text = SourceText(storage: Storage(pieces))
        return pieces.count > Self.maximumPieces ? text.contiguous : text
    }

    // MARK: The parser's view

    /// Calls `body` with a buffer in which byte `i` of the text is at index `i`, holding the bytes
    /// the parser reads to reparse `region` below the elements `frames`: all of the text when it
    /// is one piece; else a window around the region (`margin` bytes either side, and back over
    /// the blanks before it) and each frame's start tag with the blanks before it. The rest of the
    /// buffer is never written; it is allocated, not touched, so its pages cost no memory (the
    /// allocator maps a large block lazily, or reuses free ones). The buffer ends `margin` bytes
    /// after the region (or at the text's end), so no scan goes past that. See
    /// `SyntaxTree.reparseRegion` for why the parse reads nothing else, or its result is not used.
    func withParseView<R>(
        region: Range<Int>, frames: some Collection<(start: Int, nameEnd: Int)>, margin: Int,
        _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        if let single = storage.single { return body(UnsafeBufferPointer(start: single, count: count)) }
        let viewEnd = Swift.min(count, region.upperBound + margin)
        var spans: [Range<Int>] = [blanksBefore(Swift.max(0, region.lowerBound - margin))..<viewEnd]
        for f in frames where f.start < spans[0].lowerBound {
            spans.append(blanksBefore(f.start)..<Swift.min(f.nameEnd + 1, viewEnd))
        }
        let view = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.max(1, viewEnd))
        defer { view.deallocate() }
        for s in spans { copyBytes(s, to: view + s.lowerBound) }
        return body(UnsafeBufferPointer(start: view, count: viewEnd))
    }

    /// The first of the blanks (space, tab) that end just before `i`, less one byte (the one
    /// that stopped them), clamped to 0: what a reader of `i`'s line indentation looks at.
    private func blanksBefore(_ i: Int) -> Int {
        var j = Swift.min(i, count)
        while j > 0 && (self[j - 1] == 0x20 || self[j - 1] == 0x09) { j -= 1 }
        return Swift.max(0, j - 1)
    }
}
