// Near matches for suggestions ("did you mean"): the closest candidate by the key database's edit distance.
import PlistSchema

/// Nearest-value search for suggestions, by the one edit distance (`EditDistance`).
enum Nearest {
    /// The candidate closest to `value` (case-insensitive equality first), if close enough to be a typo.
    static func match(_ value: String, in candidates: [String], maximum: Int? = nil) -> String? {
        if let same = candidates.first(where: { $0.lowercased() == value.lowercased() }) { return same }
        let limit = maximum ?? max(1, min(3, value.count / 4))
        var best: (String, Int)? = nil
        for c in candidates {
            let d = EditDistance.between(value, c)
            if d <= limit && d < (best?.1 ?? .max) { best = (c, d) }
        }
        return best?.0
    }
}
