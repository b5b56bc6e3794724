// Did-you-mean suggestions for unknown keys and free-text search over key names and Xcode display names.
import PlistSupport
import PlistSyntax

/// Why a key was suggested.
public enum SuggestionReason: Sendable, Hashable {
    /// The unknown key is a recorded misspelling of the suggestion.
    case knownMisspelling
    /// The unknown key differs only in letter case.
    case caseDifference
    /// The unknown key is Xcode's display name of the suggestion, written as a raw key.
    case displayName
    /// The unknown key is this many single-character edits (insert, delete, substitute, transpose) away.
    case editDistance(Int)
    /// The unknown key shares most of its CamelCase words with the suggestion.
    case sharedWords
}

/// A did-you-mean suggestion.
public struct KeySuggestion: Sendable, Hashable {
    /// The suggested definition.
    public let definition: KeyDefinition
    /// Why it was suggested.
    public let reason: SuggestionReason
    /// Lower is better; suggestions are returned best first.
    public let score: Double
}

extension KeyDatabase {
    /// Ranked did-you-mean suggestions for an unknown key in the dictionary at `parent`.
    ///
    /// Candidates placed at `parent` come first; with `parent: nil`, or when nothing fits there, every key in
    /// the domain is considered. Matching uses known misspellings, case, Xcode display names,
    /// Damerau-Levenshtein distance and CamelCase word overlap.
    public func suggestions(
        for key: String, at parent: [PathComponent]? = [], domain: PlistDomain = .infoPlist, limit: Int = 5
    ) -> [KeySuggestion] {
        let facts = suggestionFacts.facts(of: definitions)
        let inDomain = definitions.indices.filter { definitions[$0].domain == domain }
        var results: [KeySuggestion] = []
        if let parent {
            results = rank(key, among: inDomain.filter { definitions[$0].isPlaced(at: parent, caseInsensitive: true) }, facts)
        }
        if results.isEmpty {
            results = rank(key, among: inDomain, facts)
        }
        return Array(results.prefix(limit))
    }

    private func rank(_ key: String, among candidates: [Int], _ facts: [SuggestionFacts]) -> [KeySuggestion] {
        let base = KeySuffix.split(key).base
        let folded = base.lowercased()
        let foldedBytes = Array(folded.utf8)
        let phrase = KeyDatabase.normalizedPhrase(base)
        let queryWords = Set(KeyDatabase.words(of: base))
        let threshold = max(2, min(4, foldedBytes.count / 5))
        var best: [String: KeySuggestion] = [:]
        for index in candidates {
            let definition = definitions[index]
            let fact = facts[index]
            var suggestion: KeySuggestion?
            if fact.foldedMisspellings.contains(folded) {
                suggestion = KeySuggestion(definition: definition, reason: .knownMisspelling, score: 0)
            } else if fact.foldedName == folded {
                suggestion = KeySuggestion(definition: definition, reason: .caseDifference, score: 0.05)
            } else if let xcode = fact.xcodePhrase, xcode == phrase {
                suggestion = KeySuggestion(definition: definition, reason: .displayName, score: 0.08)
            } else {
                let nameBytes = fact.foldedNameBytes
                if abs(nameBytes.count - foldedBytes.count) <= threshold {
                    let distance = EditDistance.between(foldedBytes, nameBytes, limit: threshold)
                    if distance <= threshold {
                        let score = 0.1 + Double(distance) / Double(max(nameBytes.count, 1))
                        suggestion = KeySuggestion(definition: definition, reason: .editDistance(distance), score: score)
                    }
                }
                if suggestion == nil, queryWords.count >= 2 {
                    let shared = queryWords.intersection(fact.allWords).count
                    let coverage = Double(shared) / Double(queryWords.count)
                    let extra = Double(fact.nameWords.subtracting(queryWords).count)
                    if coverage >= 0.6 {
                        suggestion = KeySuggestion(definition: definition, reason: .sharedWords, score: 1.5 - coverage + extra * 0.05)
                    }
                }
            }
            if let suggestion, (best[definition.name]?.score ?? .infinity) > suggestion.score {
                best[definition.name] = suggestion
            }
        }
        return best.values.sorted { ($0.score, $0.definition.name) < ($1.score, $1.definition.name) }
    }

    /// Every definition whose Xcode display name is `name`, compared as completion compares it:
    /// ignoring letter case, spaces and punctuation, with Xcode's "Privacy - " optional
    /// ("privacy - camera usage description" and "Camera Usage Description" are
    /// `NSCameraUsageDescription`).
    public func definitions(xcodeName name: String) -> [KeyDefinition] {
        let phrase = KeyDatabase.normalizedPhrase(name)
        guard !phrase.isEmpty else { return [] }
        return definitions.filter { definition in
            guard let xcode = definition.xcodeName.map(KeyDatabase.normalizedPhrase) else { return false }
            return xcode == phrase || (xcode.hasPrefix("privacy ") && xcode.dropFirst("privacy ".count) == phrase)
        }
    }

    /// Every definition that Xcode's capability `name` adds ("Keychain Sharing" is
    /// `keychain-access-groups`), compared ignoring letter case, spaces and punctuation.
    public func definitions(capability name: String) -> [KeyDefinition] {
        let phrase = KeyDatabase.normalizedPhrase(name)
        guard !phrase.isEmpty else { return [] }
        return definitions.filter { $0.xcodeCapability.map(KeyDatabase.normalizedPhrase) == phrase }
    }

    /// Every definition that documents `literal` as one of its values (exactly as written first;
    /// when none does, ignoring letter case): `CA92.1` is a reason of
    /// `NSPrivacyAccessedAPITypeReasons`. For `explain` given a value rather than a key.
    public func definitions(documentingValue literal: String) -> [(definition: KeyDefinition, value: EnumValue)] {
        var found: [(definition: KeyDefinition, value: EnumValue)] = []
        for definition in definitions {
            if let value = definition.values.first(where: { $0.value == literal }) { found.append((definition, value)) }
        }
        if !found.isEmpty { return found }
        let folded = literal.lowercased()
        for definition in definitions {
            if let value = definition.values.first(where: { $0.value.lowercased() == folded }) { found.append((definition, value)) }
        }
        return found
    }

    /// Finds keys by raw name or Xcode display name: "camera" and "Privacy - Cam" both find
    /// `NSCameraUsageDescription`. Results are ranked: exact name, name prefix, display-name prefix,
    /// all query words found, then substring matches.
    public func search(_ query: String, domain: PlistDomain? = nil, limit: Int = 20) -> [KeyDefinition] {
        let phrase = KeyDatabase.normalizedPhrase(query)
        guard !phrase.isEmpty else { return [] }
        let queryWords = phrase.split(separator: " ").map(String.init)
        let compact = queryWords.joined()
        var scored: [(Int, KeyDefinition)] = []
        for definition in definitions where domain == nil || definition.domain == domain {
            let name = definition.name.lowercased()
            let xcode = definition.xcodeName.map(KeyDatabase.normalizedPhrase) ?? ""
            let xcodeShort = xcode.hasPrefix("privacy ") ? String(xcode.dropFirst("privacy ".count)) : xcode
            let words = Set(KeyDatabase.words(of: definition.name) + xcode.split(separator: " ").map(String.init))
            let score: Int
            if name == compact {
                score = 0
            } else if xcode == phrase {
                score = 1
            } else if name.hasPrefix(compact) || name.dropFirst(2).hasPrefix(compact) {
                score = 2
            } else if !xcode.isEmpty, xcode.hasPrefix(phrase) || xcodeShort.hasPrefix(phrase) {
                score = 3
            } else if queryWords.allSatisfy({ word in words.contains { $0.hasPrefix(word) } }) {
                score = 4
            } else if name.contains(compact) || xcode.contains(phrase) {
                score = 5
            } else {
                continue
            }
            scored.append((score, definition))
        }
        scored.sort { ($0.0, $0.1.name.count, $0.1.name) < ($1.0, $1.1.name.count, $1.1.name) }
        var seen = Set<String>()
        var results: [KeyDefinition] = []
        for (_, definition) in scored where seen.insert(definition.id).inserted {
            results.append(definition)
            if results.count == limit { break }
        }
        return results
    }

    /// Lowercased words of a CamelCase key or a display phrase: "NSCameraUsageDescription" → ns, camera,
    /// usage, description; "UIRequiresPersistentWiFi" → ui, requires, persistent, wi, fi.
    public static func words(of text: String) -> [String] {
        asciiWords(of: text) ?? characterWords(of: text)
    }

    /// `words(of:)` for any text, character by character (Unicode's letters, digits and case).
    static func characterWords(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current.lowercased()); current = "" }
                continue
            }
            if !current.isEmpty, character.isUppercase {
                let previous = characters[index - 1]
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    words.append(current.lowercased())
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }

    /// `words(of:)` for ASCII text (every key name Apple defines), on bytes: the same words without
    /// asking Unicode's tables about each character; nil for any other text.
    static func asciiWords(of text: String) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            func isUpper(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
            func isLower(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }
            func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
            var words: [String] = []
            var start = -1
            func finish(_ end: Int) {
                if start >= 0 && start < end {
                    words.append(String(decoding: bytes[start..<end].map { isUpper($0) ? $0 | 0x20 : $0 }, as: UTF8.self))
                }
                start = -1
            }
            for index in 0..<bytes.count {
                let b = bytes[index]
                guard isUpper(b) || isLower(b) || isDigit(b) else {
                    finish(index)
                    continue
                }
                if start >= 0, isUpper(b) {
                    let previous = bytes[index - 1]
                    let nextIsLower = index + 1 < bytes.count && isLower(bytes[index + 1])
                    if isLower(previous) || isDigit(previous) || (isUpper(previous) && nextIsLower) { finish(index) }
                }
                if start < 0 { start = index }
            }
            finish(bytes.count)
            return words
        }
    }

    /// Lowercase words separated by single spaces, punctuation removed: "Privacy - Camera" → "privacy camera".
    static func normalizedPhrase(_ text: String) -> String {
        text.lowercased()
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            .joined(separator: " ")
    }

    /// Whether `key` reads as a mistyped `candidate` word by word: the same CamelCase words in any
    /// order but one, which is left out (`NSLocationWhenInUseDescription`), added, or itself at most
    /// two edits off or another form of the same word (`LSApplicationQuerySchemes`, `UTITagTypeSpecification`). Keys of fewer than
    /// three words are too short to tell a typo from another key.
    public static func isWordTypo(_ key: String, of candidate: String) -> Bool {
        let mine = words(of: key)
        var theirs = words(of: candidate)
        guard mine.count >= 3, theirs.count >= 3 else { return false }
        var unmatched: [String] = []
        for word in mine {
            if let i = theirs.firstIndex(of: word) { theirs.remove(at: i) } else { unmatched.append(word) }
        }
        switch (unmatched.count, theirs.count) {
        case (0, 1), (1, 0): return true
        case (1, 1):
            let (a, b) = (unmatched[0], theirs[0])
            if EditDistance.between(a, b, limit: 2) <= 2 { return true }
            // Another form of the same word: "query" for "queries".
            return min(a.count, b.count) >= 5 && a.prefix(4) == b.prefix(4)
        default: return false
        }
    }

    /// The names of the keys placed inside the dictionaries `definition`'s value holds (directly, in
    /// its array's items, or under its developer-chosen keys), sorted: what a hover lists as its
    /// child keys.
    public func childKeys(of definition: KeyDefinition) -> [String] {
        guard
            definition.valueTypes.contains(.dictionary) || definition.arrayElementType == .dictionary
                || definition.valueTypes.contains(.array)
        else { return [] }
        var names = Set<String>()
        for candidate in definitions where candidate.domain == definition.domain {
            if candidate.placements.contains(where: { pattern in
                definition.placements.contains { $0.holds(pattern, under: definition.name) }
            }) {
                names.insert(candidate.name)
            }
        }
        return names.sorted()
    }
}

/// The one edit distance of plist-lsp: optimal-string-alignment Damerau-Levenshtein (insert, delete,
/// substitute, swap two neighbours), used for key and value suggestions alike.
public enum EditDistance {
    /// The distance between two byte strings, or `limit + 1` as soon as it must exceed `limit`.
    public static func between(_ a: [UInt8], _ b: [UInt8], limit: Int = .max) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }

    /// The distance between two strings, ignoring letter case.
    public static func between(_ a: String, _ b: String, limit: Int = .max) -> Int {
        between(Array(a.lowercased().utf8), Array(b.lowercased().utf8), limit: limit)
    }
}

/// What did-you-mean ranking compares of one definition: its name folded, its misspellings
/// folded, its Xcode name as a phrase and the words of both. Made once per database, on the first
/// suggestion asked (a hover or diagnostic on an unknown key), instead of for every definition on
/// every request: ranking a custom key's hover took 35 ms of Unicode property lookups.
struct SuggestionFacts: Sendable {
    let foldedName: String
    let foldedNameBytes: [UInt8]
    let foldedMisspellings: Set<String>
    let xcodePhrase: String?
    /// The words of the key's name.
    let nameWords: Set<String>
    /// The words of its name and of its Xcode display name.
    let allWords: Set<String>

    init(_ definition: KeyDefinition) {
        foldedName = definition.name.lowercased()
        foldedNameBytes = Array(foldedName.utf8)
        foldedMisspellings = Set(definition.misspellings.map { $0.lowercased() })
        xcodePhrase = definition.xcodeName.map(KeyDatabase.normalizedPhrase)
        nameWords = Set(KeyDatabase.words(of: definition.name))
        allWords = nameWords.union(definition.xcodeName.map(KeyDatabase.words(of:)) ?? [])
    }
}

/// The database's `SuggestionFacts`, one per definition, made on first use.
final class SuggestionFactsCache: Sendable {
    private let made = Locked<[SuggestionFacts]?>(nil)

    func facts(of definitions: [KeyDefinition]) -> [SuggestionFacts] {
        if let facts = made.withLock({ $0 }) { return facts }
        let facts = definitions.map(SuggestionFacts.init)
        made.withLock { if $0 == nil { $0 = facts } }
        return facts
    }
}
