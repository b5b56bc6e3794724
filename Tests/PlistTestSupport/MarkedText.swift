// Marked text for tests: emoji markers (1️⃣ 2️⃣ …) stand for cursor positions, and the multi-byte
// text the position tests put in front of them.
import Foundation

/// Removes the markers 1️⃣ to 6️⃣ from `s` and returns the text with the UTF-8 offset of each
/// marker in the text without markers, in marker order (markers that are absent are skipped).
public func markedText(_ s: String) -> (text: String, offsets: [Int]) {
    let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣"]
    var text = s
    var found: [(marker: Int, offset: Int)] = []
    for (n, m) in markers.enumerated() {
        guard let r = text.range(of: m) else { continue }
        let at = text.utf8.distance(from: text.startIndex, to: r.lowerBound)
        text.removeSubrange(r)
        // Markers found earlier that stood after this one move left by its length.
        for k in found.indices where found[k].offset > at { found[k].offset -= m.utf8.count }
        found.append((n, at))
    }
    return (text, found.sorted { $0.marker < $1.marker }.map(\.offset))
}

/// The text the multi-byte variants of the position tests put before the root: a comment with
/// characters of two, three and four UTF-8 bytes (and a UTF-16 surrogate pair).
public let multiBytePrefix = "<!-- 🔥中é -->"

/// Test arguments: without and with `multiBytePrefix`.
public let multiBytePrefixes = ["", multiBytePrefix]

/// `text` with `prefix` inserted right after `<plist>` (or at the start when there is none).
public func withPrefix(_ text: String, _ prefix: String) -> String {
    guard !prefix.isEmpty else { return text }
    if let r = text.range(of: "<plist>") { return text.replacingCharacters(in: r, with: "<plist>" + prefix) }
    return prefix + text
}
