// Near matches for suggestions ("did you mean"): edit distance and the closest candidate.

/// Edit distance and nearest-value search for suggestions.
enum Nearest {
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.lowercased().utf8), y = Array(b.lowercased().utf8)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var prev = Array(0...y.count), cur = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            cur[0] = i
            for j in 1...y.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[y.count]
    }

    /// Levenshtein distance of byte strings, or `limit + 1` as soon as it must exceed `limit`.
    static func distance(_ x: [UInt8], _ y: [UInt8], limit: Int) -> Int {
        if abs(x.count - y.count) > limit { return limit + 1 }
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        var prev = Array(0...y.count), cur = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            cur[0] = i
            var rowMin = i
            for j in 1...y.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
                rowMin = min(rowMin, cur[j])
            }
            if rowMin > limit { return limit + 1 }
            swap(&prev, &cur)
        }
        return prev[y.count]
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
