// Where the schema places keys, per domain: which dictionaries the rule context's walk looks keys up
// in, and the near misses of an unknown key.
import PlistSchema
import PlistSyntax

/// The parent-path patterns of the schema, to decide where key lookups are worth doing.
struct SchemaPaths: Sendable {
    let patterns: [[KeyPathPattern.Component]]
    let customKeyPlacements: [KeyPathPattern]
    /// The placements whose dictionaries hold a fixed set of keys.
    let fixedKeyPlacements: [KeyPathPattern]
    /// The key names placed at each pattern (same order as `patterns`), with their lowercased UTF-8.
    let names: [[(name: String, folded: [UInt8])]]

    /// The placements of `domain`'s keys (computed once for the bundled database).
    static func of(_ domain: PlistDomain, in schema: KeyDatabase) -> SchemaPaths {
        if schema.definitions.count == KeyDatabase.shared.definitions.count, let known = shared[domain] { return known }
        return SchemaPaths(schema, domain: domain)
    }
    static let shared: [PlistDomain: SchemaPaths] = Dictionary(
        uniqueKeysWithValues: PlistDomain.allCases.map { ($0, SchemaPaths(KeyDatabase.shared, domain: $0)) })

    init(_ schema: KeyDatabase, domain: PlistDomain) {
        var seen = Set<KeyPathPattern>()
        var customs: [KeyPathPattern] = []
        for d in schema.definitions where d.domain == domain {
            for p in d.placements { seen.insert(p) }
            if d.allowsCustomChildKeys {
                for p in d.placements {
                    customs.append(KeyPathPattern(p.components + [.key(d.name)]))
                }
            }
        }
        let list = Array(seen)
        var fixed: [KeyPathPattern] = []
        for d in schema.definitions where d.domain == domain && d.hasFixedChildKeys {
            for owner in d.placements {
                fixed += list.filter { owner.holds($0, under: d.name) }
            }
        }
        fixedKeyPlacements = fixed
        patterns = list.map(\.components)
        var names = [[(name: String, folded: [UInt8])]](repeating: [], count: list.count)
        let index = Dictionary(uniqueKeysWithValues: list.enumerated().map { ($1, $0) })
        for d in schema.definitions where d.domain == domain {
            for p in d.placements { if let i = index[p] { names[i].append((d.name, Array(d.name.lowercased().utf8))) } }
        }
        self.names = names
        customKeyPlacements = customs
    }

    /// Whether some placement starts with `path` (so its descendants may be known).
    func isPrefix(_ path: [PathComponent]) -> Bool {
        patterns.contains { p in p.count >= path.count && KeyPathPattern.matches(p.prefix(path.count), path[...], caseInsensitive: false) }
    }

    /// Whether keys are placed directly in the dictionary at `path`.
    func isPlacement(_ path: [PathComponent]) -> Bool {
        patterns.contains { p in p.count == path.count && KeyPathPattern.matches(p[...], path[...], caseInsensitive: false) }
    }

    /// A key placed at `path` that `name` (whose suffix is kept) looks like a typo of, and that
    /// `present` does not hold already: one edit away (two for keys of 16 characters or more), or,
    /// where a typo is what an unknown key most likely is (`broadly`: a dictionary read as a fixed
    /// set, or an Apple-prefixed key at the top level), the same words but one
    /// (`KeyDatabase.isWordTypo`). Names under 8 characters are too short to guess.
    func nearMiss(_ name: String, at path: [PathComponent], present: [String], broadly: Bool = false) -> String? {
        let (base, suffix) = KeySuffix.split(name)
        guard base.count >= 8 else { return nil }
        let limit = base.count >= 16 ? 2 : 1
        let folded = Array(base.lowercased().utf8)
        var best: (String, Int)? = nil
        var wordTypos: [(String, Int)] = []
        for (i, p) in patterns.enumerated() where p.count == path.count && KeyPathPattern.matches(p[...], path[...], caseInsensitive: false)
        {
            for candidate in names[i] {
                let d = EditDistance.between(folded, candidate.folded, limit: broadly ? 8 : limit)
                if d > 0 && d <= limit && d < (best?.1 ?? .max) { best = (candidate.name, d) }
                if broadly, d > limit, KeyDatabase.isWordTypo(base, of: candidate.name) { wordTypos.append((candidate.name, d)) }
            }
        }
        if best == nil, let closest = wordTypos.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) { best = closest }
        guard let found = best?.0 else { return nil }
        let full = found + (suffix?.description ?? "")
        return present.contains { ExactText.equal($0, full) } ? nil : full
    }

    /// Whether the dictionary at `path` holds a fixed set of keys.
    func hasFixedKeys(_ path: [PathComponent]) -> Bool {
        fixedKeyPlacements.contains { $0.matches(path) }
    }

    /// Keys written with one of Apple's prefixes: at the top level an unknown one is most likely a typo.
    static func hasApplePrefix(_ key: String) -> Bool {
        for prefix in ["NS", "UI", "CF", "LS", "UT"] where key.hasPrefix(prefix) {
            let next = key.utf8.dropFirst(prefix.utf8.count).first
            if let next, next >= UInt8(ascii: "A"), next <= UInt8(ascii: "Z") { return true }
        }
        return key.hasPrefix("com.apple.")
    }

    /// Whether the dictionary at `path` holds developer-chosen keys.
    func allowsCustomKeys(_ path: [PathComponent]) -> Bool {
        customKeyPlacements.contains { $0.matches(path) }
    }
}
