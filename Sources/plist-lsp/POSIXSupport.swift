// The executable's own helpers on the C library (the general ones, paths, directory listings and
// whole writes, are PlistSupport's): plist-lsp links FoundationEssentials only, so that it never
// loads full Foundation and ICU (~30 MB).
import PlistSupport

/// Ends the process with `status` (`exit(3)`; inside a command, `exit` names argument-parser's own).
func exitProcess(_ status: Int32) -> Never {
    exit(status)
}

/// Leaves the main thread to the tasks it started; one of them ends the process. Nothing of the
/// server runs on the main queue, so `dispatchMain()` is not needed, and it would end the main
/// thread with `pthread_exit`, whose unwinding sorts every unwind table entry of the statically
/// linked binary first (a millisecond of CPU beside the first requests).
func parkMainThread() -> Never {
    while true { pause() }
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
