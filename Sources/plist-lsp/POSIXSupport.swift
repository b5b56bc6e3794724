// The executable's own helpers on the C library (the general ones, paths, directory listings and
// whole writes, are PlistSupport's): plist-lsp links FoundationEssentials only, so that it never
// loads full Foundation and ICU (~30 MB).
import PlistSupport

/// Ends the process with `status` (`exit(3)`; inside a command, `exit` names argument-parser's own).
func exitProcess(_ status: Int32) -> Never {
    exit(status)
}

/// A file system error with the message the user sees.
struct FileSystemError: Error, CustomStringConvertible {
    let description: String
}

/// Text from files and file names made safe for a terminal line.
enum TerminalText {
    /// `text` with control characters written as escapes: C0 and C1 controls and DEL (`\n`, `\r`,
    /// `\t`, else `\u{1B}`), and the bidirectional overrides and isolates that reorder what the
    /// reader sees. Everything else, including non-ASCII letters, is kept.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else { out.unicodeScalars.append(scalar); continue }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

/// The heap of a one-shot command (`check`, `format`) about to read a large file, made ready for
/// what the analysis allocates, which is about ten times the file: on Linux the main arena is
/// grown once by that much (`M_TOP_PAD`), and the new part is marked for transparent huge pages
/// (`MADV_HUGEPAGE`; the kernel here uses them only where asked), so the tree and the typed view
/// fill 2 MiB pages instead of faulting in 4 KiB ones (about 20,000 page faults on a 10 MB plist,
/// a sixth of its `check`; docs/performance.md). Freed memory stays in the arena for the next
/// file. Untouched pages cost nothing; the output is the same. Main thread only (the main arena).
enum LargeInputHeap {
    /// Files below this size are checked as they were.
    static let smallestPrepared = 1 << 20
    private nonisolated(unsafe) static var prepared = 0

    static func prepare(forFileOfSize size: Int) {
        #if os(Linux)
        guard size >= smallestPrepared else { return }
        let wanted = min(size.multipliedReportingOverflow(by: 12).partialValue, 1 << 31)
        guard wanted > prepared else { return }
        prepared = wanted
        // mallopt(3) is declared in <malloc.h>, which the Glibc module does not include; malloc
        // is called through its address too, so that the compiler cannot drop the probe below
        // (an allocation freed unused).
        guard let malloptSymbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt"),
              let mallocSymbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc") else { return }
        let mallopt = unsafeBitCast(malloptSymbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        let allocate = unsafeBitCast(mallocSymbol, to: (@convention(c) (Int) -> UnsafeMutableRawPointer?).self)
        let (trimThreshold, topPad, mmapThreshold): (Int32, Int32, Int32) = (-1, -2, -3)  // M_TRIM_THRESHOLD, M_TOP_PAD, M_MMAP_THRESHOLD
        let hugePage = 2 << 20
        // Blocks up to 32 MiB (glibc's largest threshold) from the arena, the file's bytes among
        // them, rather than mmap'd each on its own; nothing trimmed back between files.
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(trimThreshold, Int32(clamping: wanted * 2))
        _ = mallopt(topPad, Int32(clamping: wanted))
        guard let before = sbrk(0), before != UnsafeMutableRawPointer(bitPattern: -1) else { return }
        // One allocation larger than what the top of the arena holds grows it by the pad.
        guard let probe = allocate(256 << 10) else { return }
        free(probe)
        guard let after = sbrk(0), after > before else { return }
        let start = (Int(bitPattern: before) + hugePage - 1) / hugePage * hugePage
        let end = Int(bitPattern: after) / hugePage * hugePage
        if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE) }
        _ = mallopt(topPad, 128 << 10)  // glibc's default again: later growth as before
        #endif
    }
}
