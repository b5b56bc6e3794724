// Where source code reads an Info.plist key by name (issue #42, references): the string literal of
// `object(forInfoDictionaryKey: "Key")`, `infoDictionary?["Key"]`, `infoDictionary?.object(forKey:)`
// and `requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Key")` in Swift, and
// `objectForInfoDictionaryKey:@"Key"`, `infoDictionary[@"Key"]`, `[infoDictionary objectForKey:@"Key"]`
// in Objective-C. A key built at run time (an interpolation, a constant) is not found. Pure: bytes
// in, literals with byte offsets and positions out.

/// A string literal naming an Info.plist key, read by the code around it.
public struct InfoKeyUse: Sendable, Hashable {
    /// The key (the literal's text; a literal with an escape or an interpolation is not one).
    public let key: String
    /// The literal's text, without its quotes.
    public let range: Range<Int>
    public let start: SourcePosition
    public let end: SourcePosition
}

public enum InfoKeyUses {
    /// The literals of `text` naming Info.plist keys, in file order. Lines commented out with
    /// `//` are skipped.
    public static func scan(_ text: [UInt8]) -> [InfoKeyUse] {
        text.withUnsafeBufferPointer { scan($0) }
    }

    /// The literals of `text` naming Info.plist keys, in file order.
    public static func scan(_ text: UnsafeBufferPointer<UInt8>) -> [InfoKeyUse] {
        var found: [(String, Range<Int>)] = []
        let n = text.count
        var i = 0
        let dictionary = Array("nfoDictionary".utf8), purpose = Array("urposeKey".utf8)
        while i < n {
            let c = text[i]
            guard c == UInt8(ascii: "n") || c == UInt8(ascii: "u") else { i += 1; continue }
            let anchor = c == UInt8(ascii: "n") ? dictionary : purpose
            guard matches(text, i, anchor) else { i += 1; continue }
            // The identifier holding the anchor.
            var start = i
            while start > 0, isIdentifierByte(text[start - 1]) { start -= 1 }
            var end = i + anchor.count
            while end < n, isIdentifierByte(text[end]) { end += 1 }
            defer { i = end }
            guard !commentedOut(text, start) else { continue }
            let name = String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
            var literalStart: Int? = nil
            if name.hasSuffix("InfoDictionaryKey") || name.hasSuffix("PurposeKey") {
                literalStart = sequence(text, end, [":"])
            } else if name.hasSuffix("nfoDictionary") {
                for tail in subscriptForms {
                    if let at = sequence(text, end, tail) { literalStart = at; break }
                }
            }
            guard let at = literalStart, let literal = literal(text, at) else { continue }
            found.append(literal)
        }
        return positioned(found, in: text)
    }

    /// What may follow `infoDictionary` before the key's literal.
    static let subscriptForms: [[String]] = [
        ["["], ["?", "["], ["!", "["], ["]", "["],
        ["?", ".", "object", "(", "forKey", ":"], ["!", ".", "object", "(", "forKey", ":"], [".", "object", "(", "forKey", ":"],
        ["?", ".", "value", "(", "forKey", ":"], ["!", ".", "value", "(", "forKey", ":"], [".", "value", "(", "forKey", ":"],
        ["objectForKey", ":"], ["valueForKey", ":"], ["]", "objectForKey", ":"], ["]", "valueForKey", ":"],
    ]

    @inline(__always) static func isIdentifierByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_")
    }

    static func matches(_ text: UnsafeBufferPointer<UInt8>, _ at: Int, _ word: [UInt8]) -> Bool {
        guard at + word.count <= text.count else { return false }
        for (k, b) in word.enumerated() where text[at + k] != b { return false }
        return true
    }

    static func skipSpace(_ text: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int {
        var j = at
        while j < text.count, text[j] == 0x20 || text[j] == 0x09 || text[j] == 0x0A || text[j] == 0x0D { j += 1 }
        return j
    }

    /// The offset after `parts` read from `at` (white space allowed between them), if they are there.
    static func sequence(_ text: UnsafeBufferPointer<UInt8>, _ at: Int, _ parts: [String]) -> Int? {
        var j = at
        for part in parts {
            j = skipSpace(text, j)
            let bytes = Array(part.utf8)
            guard matches(text, j, bytes) else { return nil }
            j += bytes.count
            // A word must end there (`object(` not `objects(`).
            if let last = bytes.last, isIdentifierByte(last), j < text.count, isIdentifierByte(text[j]) { return nil }
        }
        return j
    }

    /// The plain string literal at `at` (after white space; Objective-C's `@` allowed): its text and range.
    static func literal(_ text: UnsafeBufferPointer<UInt8>, _ at: Int) -> (String, Range<Int>)? {
        var j = skipSpace(text, at)
        if j < text.count, text[j] == UInt8(ascii: "@") { j += 1 }
        guard j < text.count, text[j] == UInt8(ascii: "\"") else { return nil }
        let start = j + 1
        var k = start
        while k < text.count, text[k] != UInt8(ascii: "\"") {
            // An escape or interpolation: not a plain name; a line end: not a closed literal.
            if text[k] == UInt8(ascii: "\\") || text[k] == 0x0A { return nil }
            k += 1
        }
        guard k < text.count, k > start else { return nil }
        return (String(decoding: UnsafeBufferPointer(rebasing: text[start..<k]), as: UTF8.self), start..<k)
    }

    /// Whether `//` comes before `at` on its line (outside a string, as far as a quote count says).
    static func commentedOut(_ text: UnsafeBufferPointer<UInt8>, _ at: Int) -> Bool {
        var lineStart = at
        while lineStart > 0, text[lineStart - 1] != 0x0A { lineStart -= 1 }
        var quoted = false
        var j = lineStart
        while j + 1 < at {
            if text[j] == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted, text[j] == UInt8(ascii: "/"), text[j + 1] == UInt8(ascii: "/") { return true }
            j += 1
        }
        return false
    }

    static func position(_ offset: Int, line: Int, lineStart: Int, in text: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        var utf16 = 0, utf32 = 0
        for i in lineStart..<offset where text[i] & 0xC0 != 0x80 {
            utf32 += 1
            utf16 += text[i] >= 0xF0 ? 2 : 1
        }
        return SourcePosition(line: line, utf8Column: offset - lineStart, utf16Column: utf16, utf32Column: utf32)
    }

    static func positioned(_ found: [(String, Range<Int>)], in text: UnsafeBufferPointer<UInt8>) -> [InfoKeyUse] {
        var out: [InfoKeyUse] = []
        var line = 0, lineStart = 0, cursor = 0
        for (key, range) in found {
            while cursor < range.lowerBound {
                if text[cursor] == 0x0A { line += 1; lineStart = cursor + 1 }
                cursor += 1
            }
            // A literal holds no line end.
            out.append(
                InfoKeyUse(
                    key: key, range: range, start: position(range.lowerBound, line: line, lineStart: lineStart, in: text),
                    end: position(range.upperBound, line: line, lineStart: lineStart, in: text)))
        }
        return out
    }
}
