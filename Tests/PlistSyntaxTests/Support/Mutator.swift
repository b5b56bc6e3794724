// Realistic damage to plist text: what a person typing produces, plus random byte-level damage.
import PlistTestSupport

/// One applied change, described well enough to reproduce it by hand.
struct Mutation: CustomStringConvertible {
    /// The kind, e.g. "insert-fragment"; groups mismatches by cause.
    let kind: String
    /// What exactly was done, e.g. `insert "<ke" at 1203`.
    let detail: String
    /// Offset of the change in the mutated text (for snippets).
    let offset: Int

    var description: String { detail }
}

/// Applies seeded random mutations to byte strings.
struct Mutator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// Fragments a person might type or paste half-way.
    static let fragments: [String] = [
        "<", ">", "&", "/", "\"", "'", "=", ";", "]]>", "--", "?>",
        "<ke", "</key", "<key>", "</key>", "<string>", "</string>", "<dict>", "</dict>", "<array>", "</array>",
        "<dict/>", "<true/>", "<integer>", "<!--", "-->", "<![CDATA[", "]]", "<!DOCTYPE plist>", "<?pi x?>",
        "<?xml version=\"1.0\"?>", "&amp;", "&lt;", "&#x41;", "&#65;", "&bogus;", "&#0;", "&#x110000;", "&#xD800;",
        "&#;", "&amp", " a=\"b\"", " a='b' a='c'", "<p:x/>", " xmlns:p=\"u\"", "<a b=\"<\"/>", "<1a/>",
    ]
    /// Byte sequences that are not valid UTF-8, or valid but not XML characters.
    static let badBytes: [[UInt8]] = [
        [0xFF], [0xFE], [0xC3], [0xE4, 0xB8], [0xED, 0xA0, 0x80], [0xC0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF], [0x80], [0xF8, 0x88, 0x80, 0x80, 0x80],
    ]
    /// Valid multi-byte characters (including a mid-text byte order mark and line separators).
    static let multiByte: [String] = ["é", "🔥", "中", "\u{FEFF}", "\u{85}", "\u{2028}", "\u{E000}", "\u{FFFD}"]
    /// Control characters: NUL, C0 controls (mostly not XML characters), DEL, CR, TAB.
    static let controls: [UInt8] = [0x00, 0x01, 0x08, 0x0B, 0x0C, 0x1B, 0x1F, 0x7F, 0x0D, 0x09]

    /// Mutates `text` once or (one time in five) two to three times.
    mutating func mutate(_ text: [UInt8]) -> (text: [UInt8], mutations: [Mutation]) {
        var current = text
        var applied: [Mutation] = []
        let count = Int.random(in: 0..<5, using: &random) == 0 ? Int.random(in: 2...3, using: &random) : 1
        for _ in 0..<count {
            let mutation = mutateOnce(&current)
            applied.append(mutation)
        }
        return (current, applied)
    }

    /// A position: half the time anywhere, half the time next to markup (`<`, `>`, `&`, `;`).
    private mutating func position(in text: [UInt8]) -> Int {
        guard !text.isEmpty else { return 0 }
        let anywhere = Int.random(in: 0...text.count, using: &random)
        guard Bool.random(using: &random) else { return anywhere }
        let markup = (anywhere..<text.count).first { [0x3C, 0x3E, 0x26, 0x3B].contains(text[$0]) }
        guard let markup else { return anywhere }
        return min(text.count, markup + Int.random(in: 0...1, using: &random))
    }

    private mutating func mutateOnce(_ text: inout [UInt8]) -> Mutation {
        let at = position(in: text)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<10 where at < text.count:
            let old = text.remove(at: at)
            return Mutation(kind: "delete-byte", detail: "delete byte \(hex(old)) at \(at)", offset: at)
        case 10..<18:
            let byte = UInt8.random(in: 0...255, using: &random)
            text.insert(byte, at: at)
            return Mutation(kind: "insert-byte", detail: "insert byte \(hex(byte)) at \(at)", offset: at)
        case 18..<26 where at < text.count:
            let byte = UInt8.random(in: 0...255, using: &random)
            let old = text[at]
            text[at] = byte
            return Mutation(kind: "replace-byte", detail: "replace \(hex(old)) by \(hex(byte)) at \(at)", offset: at)
        case 26..<50:
            return insertOne(of: Self.fragments, "insert-fragment", into: &text, at: at)
        case 50..<57:
            let bytes = Self.badBytes.randomElement(using: &random)!
            if at < text.count && Bool.random(using: &random) {
                text.replaceSubrange(at..<min(text.count, at + bytes.count), with: bytes)
                return Mutation(kind: "invalid-utf8", detail: "overwrite with \(bytes.map(hex)) at \(at)", offset: at)
            }
            text.insert(contentsOf: bytes, at: at)
            return Mutation(kind: "invalid-utf8", detail: "insert \(bytes.map(hex)) at \(at)", offset: at)
        case 57..<63:
            return insertOne(of: Self.multiByte, "multi-byte", into: &text, at: at)
        case 63..<69:
            let byte = Self.controls.randomElement(using: &random)!
            text.insert(byte, at: at)
            return Mutation(kind: "control-char", detail: "insert control \(hex(byte)) at \(at)", offset: at)
        case 69..<73:
            text.removeSubrange(at...)
            return Mutation(kind: "truncate", detail: "truncate at \(at)", offset: at)
        case 73..<80:
            return lineMutation(&text, at: at)
        case 80..<86:
            return swapTags(&text) ?? deleteRange(&text, at: at)
        case 86..<92:
            return changeCase(&text, at: at)
        default:
            return deleteRange(&text, at: at)
        }
    }

    /// Inserts one of `choices`, picked at random, at `at`.
    private mutating func insertOne(of choices: [String], _ kind: String, into text: inout [UInt8], at: Int) -> Mutation {
        let choice = choices.randomElement(using: &random)!
        text.insert(contentsOf: choice.utf8, at: at)
        return Mutation(kind: kind, detail: "insert \(choice.debugDescription) at \(at)", offset: at)
    }

    /// Duplicates or deletes the line containing `at`.
    private mutating func lineMutation(_ text: inout [UInt8], at: Int) -> Mutation {
        let start = text[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let end = text[at...].firstIndex(of: 0x0A).map { $0 + 1 } ?? text.count
        if Bool.random(using: &random) {
            text.insert(contentsOf: Array(text[start..<end]), at: end)
            return Mutation(kind: "duplicate-line", detail: "duplicate line \(start)..<\(end)", offset: end)
        }
        text.removeSubrange(start..<end)
        return Mutation(kind: "delete-line", detail: "delete line \(start)..<\(end)", offset: start)
    }

    /// Selects and deletes 2–12 bytes (a sloppy selection, possibly across markup).
    private mutating func deleteRange(_ text: inout [UInt8], at: Int) -> Mutation {
        let end = min(text.count, at + Int.random(in: 2...12, using: &random))
        text.removeSubrange(at..<end)
        return Mutation(kind: "delete-range", detail: "delete \(at)..<\(end)", offset: at)
    }

    /// Swaps two whole tags (`<…>`), e.g. an end tag moved before its start tag.
    private mutating func swapTags(_ text: inout [UInt8]) -> Mutation? {
        var tags: [Range<Int>] = []
        var index = 0
        while index < text.count, tags.count < 400 {
            if text[index] == 0x3C, let close = text[index...].firstIndex(of: 0x3E) {
                tags.append(index..<(close + 1))
                index = close + 1
            } else {
                index += 1
            }
        }
        guard tags.count >= 2 else { return nil }
        let first = Int.random(in: 0..<(tags.count - 1), using: &random)
        let second = min(tags.count - 1, first + Int.random(in: 1...3, using: &random))
        let a = tags[first], b = tags[second]
        let swapped = Array(text[b]) + Array(text[a.upperBound..<b.lowerBound]) + Array(text[a])
        text.replaceSubrange(a.lowerBound..<b.upperBound, with: swapped)
        return Mutation(kind: "swap-tags", detail: "swap tags \(a) and \(b)", offset: a.lowerBound)
    }

    /// Flips the case of an ASCII letter (e.g. `<Dict>`, `<TRUE/>`).
    private mutating func changeCase(_ text: inout [UInt8], at: Int) -> Mutation {
        guard let letter = (at..<text.count).first(where: { (0x41...0x5A).contains(text[$0] & 0xDF) && text[$0] < 0x80 }) else {
            return deleteRange(&text, at: at)
        }
        text[letter] ^= 0x20
        return Mutation(kind: "change-case", detail: "flip case at \(letter)", offset: letter)
    }
}

func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count == 1 ? "0" + digits : digits)
}

/// Renders bytes for a test report: valid printable UTF-8 as is, newlines as ⏎, the rest as \xNN.
func renderBytes<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
    var out = ""
    let array = Array(bytes)
    var index = 0
    while index < array.count {
        let byte = array[index]
        if byte == 0x0A { out += "⏎"; index += 1; continue }
        if byte == 0x09 { out += "⇥"; index += 1; continue }
        if byte >= 0x20 && byte < 0x7F { out.unicodeScalars.append(Unicode.Scalar(byte)); index += 1; continue }
        let length = byte >= 0xF0 && byte < 0xF5 ? 4 : byte >= 0xE0 && byte < 0xF0 ? 3 : byte >= 0xC2 && byte < 0xE0 ? 2 : 0
        if length > 0, index + length <= array.count,
            let decoded = String(validating: array[index..<(index + length)], as: UTF8.self),
            let scalar = decoded.unicodeScalars.first, scalar.properties.generalCategory != .control,
            scalar.value != 0xFEFF, scalar.value != 0x2028
        {
            out += decoded
            index += length
            continue
        }
        out += "\\x" + String(hex(byte).dropFirst(2))
        index += 1
    }
    return out
}
