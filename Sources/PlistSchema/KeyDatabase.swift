// The key database: all definitions, loaded once from the bundled data file, with exact, nested, case-insensitive and suffix-aware lookup.
import PlistSyntax
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a key string was matched to a definition.
public enum MatchKind: String, Sendable, Hashable {
    /// The key is spelled exactly as the definition (possibly with a device or platform suffix).
    case exact
    /// The key differs from the definition only in letter case.
    case caseInsensitive
    /// The key is a known misspelling of the definition's key.
    case misspelling
}

/// The result of looking up a key string.
public struct KeyMatch: Sendable, Hashable {
    /// The matched definition.
    public let definition: KeyDefinition
    /// The device or platform suffix found on the key, if any (`~ipad`, `-iphoneos`).
    public let suffix: KeySuffix?
    /// How the key was matched; anything but `.exact` deserves a rename diagnostic.
    public let kind: MatchKind
}

/// The database of known keys. Immutable and `Sendable`; load it once through ``shared``.
public struct KeyDatabase: Sendable {
    /// Every definition, in data-file order.
    public let definitions: [KeyDefinition]
    // Keyed by exact scalars: a document's key is the database's key only when the system would
    // read it as that key (`NSHome\u{212A}itUsageDescription`, with a KELVIN SIGN, is canonically
    // equal to `NSHomeKitUsageDescription` but another key to Core Foundation; issue #39).
    private let byName: [ExactText: [Int]]
    private let byFoldedName: [ExactText: [Int]]
    private let byMisspelling: [ExactText: [Int]]
    /// What did-you-mean ranking compares of each definition, made on first use (KeySuggestions.swift).
    let suggestionFacts = SuggestionFactsCache()

    /// Builds a database from definitions (tests use this with small hand-made lists).
    public init(definitions: [KeyDefinition]) {
        self.definitions = definitions
        var byName: [ExactText: [Int]] = [:]
        var byFoldedName: [ExactText: [Int]] = [:]
        var byMisspelling: [ExactText: [Int]] = [:]
        for (index, definition) in definitions.enumerated() {
            byName[ExactText(definition.name), default: []].append(index)
            byFoldedName[ExactText(definition.name.lowercased()), default: []].append(index)
            for misspelling in definition.misspellings {
                byMisspelling[ExactText(misspelling.lowercased()), default: []].append(index)
            }
        }
        self.byName = byName
        self.byFoldedName = byFoldedName
        self.byMisspelling = byMisspelling
    }

    /// Decodes a database from the bytes of a data file.
    public init(data: Data) throws {
        self.init(definitions: try KeyDatabase.decode(data))
    }

    /// Decodes a database from the bytes of a data file.
    public init(bytes: [UInt8]) throws {
        self.init(definitions: try KeyDatabase.decode(bytes))
    }

    /// The bytes of the bundled data file (`Resources/keys.json`, compiled into the module by the
    /// EmbedKeyDatabase build plugin).
    public static var bundledData: [UInt8] {
        embeddedJSON.withUTF8Buffer { Array($0) }
    }

    /// The bytes of the bundled launchd key file (`Resources/launchd.json`, from launchd.plist(5) and
    /// the keys real jobs use that the page predates; docs/launchd.md).
    public static var bundledLaunchdData: [UInt8] {
        embeddedLaunchdJSON.withUTF8Buffer { Array($0) }
    }

    /// Loads the bundled data files: keys.json, then launchd.json (whose entries are all of the
    /// launchd domain).
    public static func loadBundled() throws -> KeyDatabase {
        let launchd = try KeyDatabase.decode(bundledLaunchdData)
        if let stray = launchd.first(where: { $0.domain != .launchd }) {
            throw KeyDatabaseError("launchd.json: \(stray.name) must have domain launchd")
        }
        return KeyDatabase(definitions: try KeyDatabase.decode(bundledData) + launchd)
    }

    /// The bundled database, loaded on first use. The data file is validated by the PlistSchema tests,
    /// so a failure here is a packaging bug and stops the program with the loader's message.
    public static let shared: KeyDatabase = {
        do {
            return try loadBundled()
        } catch {
            fatalError("plist-lsp: cannot load the key database: \(error)")
        }
    }()

    // MARK: Lookup

    /// Every definition with exactly this name, in any placement and domain.
    public func definitions(named name: String) -> [KeyDefinition] {
        (byName[ExactText(name)] ?? []).map { definitions[$0] }
    }

    /// Every definition whose name equals `name` ignoring case, after removing any device or platform suffix.
    public func definitions(matching name: String) -> [KeyDefinition] {
        let base = KeySuffix.split(name).base
        var indices = byFoldedName[ExactText(name.lowercased())] ?? []
        if !ExactText.equal(base, name) { indices += byFoldedName[ExactText(base.lowercased())] ?? [] }
        var seen = Set<Int>()
        return indices.filter { seen.insert($0).inserted }.map { definitions[$0] }
    }

    /// The definition for `key` exactly as spelled (a device or platform suffix is allowed) inside the
    /// dictionary at `parent`. Pass `parent: nil` to accept any placement (the root placement wins).
    public func definition(for key: String, at parent: [PathComponent]? = [], domain: PlistDomain = .infoPlist) -> KeyDefinition? {
        guard let match = lookup(key, at: parent, domain: domain), match.kind == .exact else { return nil }
        return match.definition
    }

    /// Looks `key` up inside the dictionary at `parent`: exact spelling first, then with a device or platform
    /// suffix removed, then ignoring case, then among known misspellings. `parent: nil` accepts any placement.
    public func lookup(_ key: String, at parent: [PathComponent]? = [], domain: PlistDomain = .infoPlist) -> KeyMatch? {
        let (base, suffix) = KeySuffix.split(key)
        func placed(_ indices: [Int]?, caseInsensitive: Bool) -> KeyDefinition? {
            let candidates = (indices ?? []).map { definitions[$0] }.filter { $0.domain == domain }
            guard let parent else {
                return candidates.first { $0.placements.contains(.root) } ?? candidates.first
            }
            return candidates.first { $0.isPlaced(at: parent, caseInsensitive: caseInsensitive) }
        }
        if let found = placed(byName[ExactText(key)], caseInsensitive: false) {
            return KeyMatch(definition: found, suffix: nil, kind: .exact)
        }
        if suffix != nil, let found = placed(byName[ExactText(base)], caseInsensitive: false) {
            return KeyMatch(definition: found, suffix: suffix, kind: .exact)
        }
        if let found = placed(byFoldedName[ExactText(key.lowercased())], caseInsensitive: true) {
            return KeyMatch(definition: found, suffix: nil, kind: .caseInsensitive)
        }
        if suffix != nil, let found = placed(byFoldedName[ExactText(base.lowercased())], caseInsensitive: true) {
            return KeyMatch(definition: found, suffix: suffix, kind: .caseInsensitive)
        }
        if let found = placed(byMisspelling[ExactText(key.lowercased())], caseInsensitive: true) {
            return KeyMatch(definition: found, suffix: nil, kind: .misspelling)
        }
        if suffix != nil, let found = placed(byMisspelling[ExactText(base.lowercased())], caseInsensitive: true) {
            return KeyMatch(definition: found, suffix: suffix, kind: .misspelling)
        }
        return nil
    }

    /// The keys that may appear directly inside the dictionary at `parent` (for completion), sorted by name.
    public func keys(at parent: [PathComponent], domain: PlistDomain = .infoPlist) -> [KeyDefinition] {
        definitions
            .filter { $0.domain == domain && $0.isPlaced(at: parent) }
            .sorted { $0.name < $1.name }
    }

    /// The definitions of the keys in `domain`, sorted by name then placement (the order of listings and docs).
    public func sortedDefinitions(domain: PlistDomain? = nil) -> [KeyDefinition] {
        definitions
            .filter { domain == nil || $0.domain == domain }
            .sorted { ($0.domain.sortOrder, $0.name, $0.placementSortKey) < ($1.domain.sortOrder, $1.name, $1.placementSortKey) }
    }

    /// The documented value `value` of `key` at `parent`, for hover over a value.
    public func documentedValue(
        _ value: String, ofKey key: String, at parent: [PathComponent]? = [], domain: PlistDomain = .infoPlist
    ) -> EnumValue? {
        lookup(key, at: parent, domain: domain)?.definition.value(value)
    }
}

extension PlistDomain {
    /// Listing order: Info.plist first.
    var sortOrder: Int {
        switch self {
        case .infoPlist: return 0
        case .entitlements: return 1
        case .privacyManifest: return 2
        case .launchd: return 3
        }
    }
}

extension KeyDefinition {
    /// Sort key for the placements, so that the same name at several places lists in a stable order.
    var placementSortKey: String {
        placements.map(\.description).joined(separator: "|")
    }
}
