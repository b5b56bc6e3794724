// The C allocator's settings: for the long-running server process, and for a one-shot command
// reading a large file.
#if canImport(Glibc)
import Glibc
#endif

/// Keeps glibc's allocator to one arena (Linux; elsewhere nothing). Called first thing in `main`.
///
/// glibc gives each thread that allocates concurrently an arena of its own, up to eight per core,
/// and memory freed in an arena stays with it. The server allocates on whichever thread handles a
/// message and frees on another: the `didOpen` message is read and decoded on the reader thread,
/// the document built on a pool thread, and every edited version's text (10 MB for a 10 MB plist)
/// is made on one thread and freed, when a later version replaces it, on another. With an arena
/// per thread each arena keeps such freed blocks for itself, so the resident set grows with the
/// number of threads that ever held a version. With one arena a freed block is reused by the next
/// allocation of any thread: the peak resident set of the 10 MB plist opened and edited fell by
/// about 30 MiB (docs/contributing/performance.md, "What the resident set holds"), keystroke latency unchanged
/// (the server's threads seldom allocate at the same time). This is an allocator setting, not a
/// smaller data structure: it changes what the process keeps, not what it holds.
public func limitAllocatorArenas() {
    #if canImport(Glibc)
    _ = glibcMallopt(glibcArenaMax, 1)
    #endif
}

/// Makes glibc's allocator finish freeing the small blocks whose freeing it deferred (Linux;
/// elsewhere nothing), for a benchmark to charge that work to the code that freed them.
///
/// glibc puts a freed block of up to 128 bytes in a "fast bin" without merging it with its free
/// neighbours; the merging is done for all of them at once by a later large allocation, in
/// whatever code makes it. When a benchmark alternates two parsers, the one that frees a tree of
/// small objects leaves that work to the other's first large allocation: measured on the 10 MB
/// plist, our parse was charged less than its cost, and libxml2's more. `mallopt` merges the
/// fast bins before any change of a setting; setting the fast-bin limit to its default changes
/// nothing else.
public func consolidateFreedBlocks() {
    #if canImport(Glibc)
    _ = glibcMallopt(glibcMaxFast, Int32(64 * MemoryLayout<Int>.size / 4))
    #endif
}

/// Gives the memory the allocator holds free back to the system (Linux; elsewhere nothing): for
/// a long-running process after it freed a lot (the server, once documents are closed or a
/// session ends).
///
/// glibc returns freed memory to the system only from the top of the heap, and only past its
/// trim threshold: the blocks of a closed document that sit below blocks still in use stay
/// resident (200 closed documents of 1 MB left the daemon at 495 MB). `malloc_trim` releases
/// every free page of the heap (`MADV_DONTNEED`), wherever it is; it takes a few milliseconds on a
/// large heap, so call it off the paths that answer, and seldom.
public func returnFreeMemoryToTheSystem() {
    #if canImport(Glibc)
    _ = glibcMallocTrim(0)
    #endif
}

#if canImport(Glibc)
// `<malloc.h>` is not part of the Glibc module: its functions used here are declared by hand
// (`int mallopt(int param, int value)`, `int malloc_trim(size_t pad)`; integer arguments pass
// alike in C and Swift).
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
/// Allocates `size` bytes and frees them: unoptimized, so that the compiler cannot drop the pair
/// as unused (the point is the allocator's side effect, the heap grown).
@_optimize(none)
private func allocateAndFree(_ size: Int) -> Bool {
    guard let probe = malloc(size) else { return false }
    free(probe)
    return true
}
/// `M_MXFAST`, `M_ARENA_MAX`, `M_TRIM_THRESHOLD`, `M_TOP_PAD`, `M_MMAP_THRESHOLD` in `<malloc.h>`.
private let glibcMaxFast: Int32 = 1
private let glibcArenaMax: Int32 = -8
private let glibcTrimThreshold: Int32 = -1
private let glibcTopPad: Int32 = -2
private let glibcMmapThreshold: Int32 = -3
#endif

/// The heap of a one-shot command (`check`, `format`) about to read a large file, made ready for
/// what the analysis allocates, which is about ten times the file: on Linux the main arena is
/// grown once by that much (`M_TOP_PAD`), and the new part is marked for transparent huge pages
/// (`MADV_HUGEPAGE`; the kernel here uses them only where asked), so the tree and the typed view
/// fill 2 MiB pages instead of faulting in 4 KiB ones (about 20,000 page faults on a 10 MB plist,
/// a sixth of its `check`; docs/contributing/performance.md). Freed memory stays in the arena for the next
/// file. Untouched pages cost nothing; the output is the same. For the main thread of a process
/// whose threads share the main arena (`limitAllocatorArenas`); not for the server.
public enum LargeInputHeap {
    /// Files below this size are read as they were.
    public static let smallestPrepared = 1 << 20
    nonisolated(unsafe) private static var prepared = 0

    public static func prepare(forFileOfSize size: Int) {
        #if canImport(Glibc)
        guard size >= smallestPrepared else { return }
        let wanted = min(size.multipliedReportingOverflow(by: 12).partialValue, 1 << 31)
        guard wanted > prepared else { return }
        prepared = wanted
        let hugePage = 2 << 20
        // Blocks up to 32 MiB (glibc's largest threshold) from the arena, the file's bytes among
        // them, rather than mmap'd each on its own; nothing trimmed back between files.
        _ = glibcMallopt(glibcMmapThreshold, 32 << 20)
        _ = glibcMallopt(glibcTrimThreshold, Int32(clamping: wanted * 2))
        _ = glibcMallopt(glibcTopPad, Int32(clamping: wanted))
        defer { _ = glibcMallopt(glibcTopPad, 128 << 10) }  // glibc's default again: later growth as before
        guard let before = sbrk(0), before != UnsafeMutableRawPointer(bitPattern: -1) else { return }
        // One allocation larger than what the top of the arena holds grows it by the pad.
        guard allocateAndFree(256 << 10) else { return }
        guard let after = sbrk(0), after > before else { return }
        let start = (Int(bitPattern: before) + hugePage - 1) / hugePage * hugePage
        let end = Int(bitPattern: after) / hugePage * hugePage
        if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE) }
        #endif
    }
}
