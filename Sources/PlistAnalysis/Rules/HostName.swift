// Host names written where only a bare host belongs (ATS exception domains, privacy-manifest
// tracking domains): what is wrong with one and what is left once cleaned.

/// A host name with its problems removed.
struct BareHost {
    /// The host name without scheme, path, query, port and trailing dot (lowercased when asked).
    let host: String
    /// What was removed, in the words of a message: "a scheme", "a path", "a port", …
    let problems: [String]

    /// Cleans `name`; `lowercase` also reports and folds capital letters.
    init(_ name: String, lowercase: Bool) {
        var problems: [String] = []
        var clean = name.trimmedForRules
        if let r = clean.firstRange(of: "://") { clean = String(clean[r.upperBound...]); problems.append("a scheme") }
        if let slash = clean.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            clean = String(clean[..<slash]); problems.append("a path")
        }
        if let colon = clean.firstIndex(of: ":") { clean = String(clean[..<colon]); problems.append("a port") }
        if clean.hasSuffix(".") { clean.removeLast(); problems.append("a trailing dot") }
        if lowercase, clean != clean.lowercased() { clean = clean.lowercased(); problems.append("capital letters") }
        host = clean
        self.problems = problems
    }

    /// "a scheme", "a scheme and a port", "a scheme, a path and a port".
    var problemList: String {
        problems.joinedAsList
    }
}
