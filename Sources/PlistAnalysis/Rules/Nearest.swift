// Near matches for suggestions ("did you mean"): the closest candidate by the key database's edit distance.
import PlistSchema

/// Edit distance and nearest-value search for suggestions.
enum Nearest {
    /// The edit distance of two strings, ignoring case (the key database's `EditDistance`).
    static func distance(_ a: String, _ b: String) -> Int {
        EditDistance.between(a, b)
    }

    /// The edit distance of byte strings, or `limit + 1` as soon as it must exceed `limit`.
    static func distance(_ x: [UInt8], _ y: [UInt8], limit: Int) -> Int {
        EditDistance.between(x, y, limit: limit)
    }

    /// The candidate closest to `value` (case-insensitive equality first), if close enough to be a typo.
    static func match(_ value: String, in candidates: [String], maximum: Int? = nil) -> String? {
        if let same = candidates.first(where: { $0.lowercased() == value.lowercased() }) { return same }
        let limit = maximum ?? max(1, min(3, value.count / 4))
        var best: (String, Int)? = nil
        for c in candidates {
            let d = distance(value, c)
            if d <= limit && d < (best?.1 ?? .max) { best = (c, d) }
        }
        return best?.0
    }
}
