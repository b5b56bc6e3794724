// C-preprocessor directive lines (`#if`, `#include`, …) in the text of a preprocessed plist.

extension Parser {
    // MARK: Preprocessor directives

    /// Splits the text run `start..<stop` into text and `.directive` entries when a line of it is a
    /// C-preprocessor directive; returns false (appending nothing) when none is. Whether a `#`
    /// starts a directive reads only the run's own bytes (a run starts after markup, never after a
    /// newline, except at offset 0), so a region reparse, which always takes whole text runs,
    /// decides as a full parse does. The preprocessor reads a directive to the end of its line, so
    /// the entry does too, past any `<` (`#include <Config.h>`): parsing goes on after the line.
    /// A region reparse whose directive runs past the region's end is refused and widened.
    mutating func splitDirectives(_ start: Int, _ stop: Int) -> Bool {
        var cursor = start
        var found = false
        var i = start
        while i < stop {
            if p[i] == 0x23, let lineEnd = directiveEnd(at: i, runStart: start) {
                found = true
                appendTextPiece(cursor, i)
                append(
                    RawEntry(
                        offset: UInt32(i), width: UInt32(lineEnd - i), kind: .directive, tag: .other, flags: [], startTagWidth: 0,
                        endTagWidth: 0))
                if lineEnd > stop { pos = lineEnd; return true }
                cursor = lineEnd
                i = lineEnd
                continue
            }
            i += 1
        }
        guard found else { return false }
        appendTextPiece(cursor, stop)
        return true
    }

    /// Appends `from..<to` as a text entry unless it is blank (blank runs are gaps).
    mutating func appendTextPiece(_ from: Int, _ to: Int) {
        var i = from
        while i < to && XMLChar.isSpace(p[i]) { i += 1 }
        guard i < to else { return }
        var flags: EntryFlags = []
        let table = textClass
        while i < to {
            let b = p[i]
            if table[Int(b)] == 0 { i += 1; continue }
            switch b {
            case 0x26:
                flags.insert(.hasReferences)
                let (n, ok) = reference(at: i)
                if !ok { flags.insert(.malformed) }
                i += n
            case 0x5D:
                if i + 2 < to && p[i + 1] == 0x5D && p[i + 2] == 0x3E { flags.insert(.malformed) }
                i += 1
            case 0x80...0xFF:
                let (c, n) = XMLChar.decode(p, i, end)
                if c < 0 || !XMLChar.isChar(c) { flags.insert(.malformed) }
                i += n
            default:
                flags.insert(.malformed)
                i += 1
            }
        }
        append(
            RawEntry(
                offset: UInt32(from), width: UInt32(to - from), kind: .text, tag: .other, flags: flags, startTagWidth: 0, endTagWidth: 0))
    }

    /// When the `#` at `i` starts a directive line (only blanks before it on its line, then a
    /// directive word), the end of that line (before its newline, or the end of the file); nil
    /// otherwise.
    func directiveEnd(at i: Int, runStart: Int) -> Int? {
        let stop = end
        var k = i
        while k > runStart && (p[k - 1] == 0x20 || p[k - 1] == 0x09) { k -= 1 }
        guard k == 0 || (k > runStart && (p[k - 1] == 0x0A || p[k - 1] == 0x0D)) else { return nil }
        var j = i + 1
        while j < stop && (p[j] == 0x20 || p[j] == 0x09) { j += 1 }
        let wordStart = j
        while j < stop && p[j] >= 0x61 && p[j] <= 0x7A { j += 1 }
        if j < stop {
            let b = p[j]
            if (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F { return nil }
        }
        guard let base = p.baseAddress, Self.isDirectiveWord(base + wordStart, j - wordStart) else { return nil }
        while j < stop && p[j] != 0x0A && p[j] != 0x0D { j += 1 }
        return j
    }

    /// The words of C-preprocessor directives.
    static func isDirectiveWord(_ w: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        let word = UnsafeBufferPointer(start: w, count: n)
        return directiveWords.contains { $0.count == n && $0.elementsEqual(word) }
    }

    static let directiveWords: [[UInt8]] = [
        "if", "ifdef", "ifndef", "elif", "else", "endif", "include", "import",
        "define", "undef", "error", "warning", "pragma", "line",
    ].map { Array($0.utf8) }
}
