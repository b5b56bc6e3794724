// The keys the database allows at each place, with what completion needs precomputed, cached per path.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSchema
import PlistSyntax
import Synchronization

/// A key the database allows at one place, with what completion needs precomputed.
struct KeyCandidate: Sendable {
    let definition: KeyDefinition
    let lowerName: String
    /// The Xcode name, lowercased, or "".
    let lowerXcode: String
    /// Lowercased words of the name and the Xcode name.
    let words: [String]
    /// Orders candidates: most used first, then required/recommended, then by name, deprecated last.
    let sortKey: String

    var isDeprecated: Bool { definition.status.kind != .active }

    init(_ definition: KeyDefinition) {
        self.definition = definition
        lowerName = definition.name.lowercased()
        lowerXcode = definition.xcodeName?.lowercased() ?? ""
        words = KeyDatabase.words(of: definition.name) + KeyDatabase.words(of: definition.xcodeName ?? "")
        let tier: String
        if definition.status.kind != .active {
            tier = "9"
        } else if let rank = definition.completionRank {
            tier = "1" + String(repeating: "0", count: max(0, 4 - String(rank).count)) + String(rank)
        } else if !definition.requiredFor.isEmpty || !definition.recommendedFor.isEmpty {
            tier = "2"
        } else {
            tier = "3"
        }
        sortKey = tier + "_" + definition.name
    }

    /// What the user typed, prepared once for matching every candidate.
    struct Query {
        /// Lower case, without surrounding blanks.
        let text: String
        let words: [String]
        init(_ typed: String) {
            text = typed.lowercased().trimmingBlanks()
            words = KeyDatabase.words(of: typed)
        }
    }

    /// How well a typed text matches: 0 name prefix, 1 Xcode name or words, 2 loose; nil for no match.
    func match(_ typed: Query) -> Int? {
        let query = typed.text
        if query.isEmpty { return 0 }
        if lowerName.hasPrefix(query) { return 0 }
        if !lowerXcode.isEmpty, lowerXcode.hasPrefix(query) { return 1 }
        let queryWords = typed.words
        if !queryWords.isEmpty, queryWords.allSatisfy({ q in words.contains { $0.hasPrefix(q) } }) { return 1 }
        if lowerName.contains(query) || (!lowerXcode.isEmpty && lowerXcode.contains(query)) { return 2 }
        return nil
    }
}

/// Key candidates per (domain, parent path), computed on first use and kept: completion asks for
/// the same few places on every keystroke.
final class KeyCatalog: Sendable {
    static let shared = KeyCatalog(database: .shared)

    private struct CacheKey: Hashable {
        let domain: PlistDomain
        let path: [PathComponent]
    }

    private let database: KeyDatabase
    private let cache = Mutex<[CacheKey: [KeyCandidate]]>([:])

    init(database: KeyDatabase) { self.database = database }

    /// The keys allowed directly inside the dictionary at `path`, one per name, in `sortKey` order.
    func candidates(at path: [PathComponent], domain: PlistDomain) -> [KeyCandidate] {
        let key = CacheKey(domain: domain, path: path)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        var seen = Set<String>()
        let list = database.keys(at: path, domain: domain)
            .filter { seen.insert($0.name).inserted }
            .map(KeyCandidate.init)
            .sorted { $0.sortKey < $1.sortKey }
        cache.withLock { cache in
            if cache.count > 256 { cache.removeAll() }
            cache[key] = list
        }
        return list
    }
}
