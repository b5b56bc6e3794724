// The C allocator's settings for a long-running server process.

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
/// about 30 MiB (docs/performance.md, "What the resident set holds"), keystroke latency unchanged
/// (the server's threads seldom allocate at the same time). This is an allocator setting, not a
/// smaller data structure: it changes what the process keeps, not what it holds.
public func limitAllocatorArenas() {
    #if canImport(Glibc)
    _ = glibcMallopt(glibcArenaMax, 1)
    #endif
}

#if canImport(Glibc)
// `<malloc.h>` is not part of the Glibc module: its one function used here is declared by hand
// (`int mallopt(int param, int value)`; integer arguments pass alike in C and Swift).
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
/// `M_ARENA_MAX` in `<malloc.h>`.
private let glibcArenaMax: Int32 = -8
#endif
