// Decodes the key database's data file (Resources/keys.json) into typed definitions, checking every field.
import Foundation

/// A problem found while loading the data file; the message names the key and the field.
public struct KeyDatabaseError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, with the key and field involved.
    public let message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// The on-disk shape of the data file. Field names are short because people edit the file by hand;
/// docs/key-database.md documents each one.
struct RawDatabase: Decodable {
    var formatVersion: Int
    var keys: [RawEntry]
}

/// A value that the data file may write either as one string or as an array of strings.
struct OneOrMany: Decodable {
    var items: [String]
    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let one = try? container.decode(String.self) {
            items = [one]
        } else {
            items = try container.decode([String].self)
        }
    }
}

struct RawValue: Decodable {
    var value: String
    var note: String
    var minOS: String?
    var deprecated: Bool?
}

struct RawEntry: Decodable {
    var name: String
    var domain: String?
    var paths: [String]?
    var type: OneOrMany
    var element: String?
    var xcode: String?
    var platforms: [String]?
    var values: [RawValue]?
    var closed: Bool?
    var `default`: String?
    var status: String?
    var since: String?
    var successor: String?
    var localizable: Bool?
    var required: [String]?
    var recommended: [String]?
    var review: String?
    var related: [String]?
    var doc: String?
    var summary: String
    var seed: Bool?
    var misspellings: [String]?
    var customKeys: Bool?
}

/// Every field name the data file may use in a key entry (tests reject any other, to catch typos).
public let keyEntryFieldNames: Set<String> = [
    "name", "domain", "paths", "type", "element", "xcode", "platforms", "values", "closed", "default",
    "status", "since", "successor", "localizable", "required", "recommended", "review", "related", "doc",
    "summary", "seed", "misspellings", "customKeys",
]

/// Every field name an enumerated value may use.
public let enumValueFieldNames: Set<String> = ["value", "note", "minOS", "deprecated"]

extension KeyDatabase {
    /// The prefix of documentation links derived for Info.plist keys that give no `doc` field.
    public static let infoPlistDocBase = "https://developer.apple.com/documentation/bundleresources/information-property-list/"

    /// Decodes the data file's bytes.
    public static func decode(_ data: Data) throws -> [KeyDefinition] {
        let raw: RawDatabase
        do {
            raw = try JSONDecoder().decode(RawDatabase.self, from: data)
        } catch let error as DecodingError {
            throw KeyDatabaseError("keys.json does not decode: \(describe(error))")
        }
        guard raw.formatVersion == 1 else {
            throw KeyDatabaseError("keys.json has formatVersion \(raw.formatVersion); this build reads version 1")
        }
        return try raw.keys.map(definition(from:))
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(path(context)): missing field \(key.stringValue)"
        @unknown default:
            return String(describing: error)
        }
    }

    private static func definition(from raw: RawEntry) throws -> KeyDefinition {
        let name = raw.name
        func fail(_ message: String) -> KeyDatabaseError { KeyDatabaseError("\(name): \(message)") }

        let domain: PlistDomain
        if let text = raw.domain {
            guard let parsed = PlistDomain(rawValue: text) else { throw fail("unknown domain \(text)") }
            domain = parsed
        } else {
            domain = .infoPlist
        }
        let placements = try (raw.paths ?? [""]).map { text -> KeyPathPattern in
            guard let pattern = KeyPathPattern(parsing: text) else { throw fail("malformed path \"\(text)\"") }
            return pattern
        }
        if placements.isEmpty { throw fail("empty paths list") }
        let types = try raw.type.items.map { text -> ValueType in
            guard let type = ValueType(rawValue: text) else { throw fail("unknown type \(text)") }
            return type
        }
        if types.isEmpty { throw fail("no type") }
        var element: ValueType?
        if let text = raw.element {
            guard let type = ValueType(rawValue: text) else { throw fail("unknown element type \(text)") }
            guard types.contains(.array) else { throw fail("element type given for a non-array key") }
            element = type
        }
        let platforms = try (raw.platforms ?? []).map { text -> PlatformAvailability in
            guard let availability = PlatformAvailability(parsing: text) else { throw fail("malformed platform \"\(text)\"") }
            return availability
        }
        let values = try (raw.values ?? []).map { value -> EnumValue in
            var minimum: PlatformAvailability?
            if let text = value.minOS {
                guard let parsed = PlatformAvailability(parsing: text) else { throw fail("malformed minOS \"\(text)\"") }
                minimum = parsed
            }
            return EnumValue(value: value.value, note: value.note, minimumOS: minimum, deprecated: value.deprecated ?? false)
        }
        var statusKind = StatusKind.active
        if let text = raw.status {
            guard let parsed = StatusKind(rawValue: text) else { throw fail("unknown status \(text)") }
            statusKind = parsed
        }
        func kinds(_ list: [String]?, _ field: String) throws -> [BundleKind] {
            try (list ?? []).map { text in
                guard let kind = BundleKind(rawValue: text) else { throw fail("unknown bundle kind \(text) in \(field)") }
                return kind
            }
        }
        let doc = raw.doc ?? derivedDocURL(name: name, domain: domain, placement: placements[0])
        return KeyDefinition(
            name: name, domain: domain, placements: placements, valueTypes: types, arrayElementType: element,
            xcodeName: raw.xcode, platforms: platforms, values: values, valuesAreClosed: raw.closed ?? false,
            defaultValue: raw.default,
            status: KeyStatus(kind: statusKind, since: raw.since, successor: raw.successor),
            localizable: raw.localizable ?? false,
            requiredFor: try kinds(raw.required, "required"), recommendedFor: try kinds(raw.recommended, "recommended"),
            appStoreReview: raw.review, related: raw.related ?? [], docURL: doc, summary: raw.summary,
            fromSeeds: raw.seed ?? true, misspellings: raw.misspellings ?? [],
            allowsCustomChildKeys: raw.customKeys ?? false
        )
    }

    /// The documentation link used when an entry gives none: Apple's page for the key under its parent keys.
    static func derivedDocURL(name: String, domain: PlistDomain, placement: KeyPathPattern) -> String {
        var parts: [String] = []
        for component in placement.components {
            if case .key(let key) = component { parts.append(key.lowercased()) }
        }
        parts.append(name.lowercased())
        parts = parts.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }
        switch domain {
        case .infoPlist:
            return infoPlistDocBase + parts.joined(separator: "/")
        case .entitlements:
            return "https://developer.apple.com/documentation/bundleresources/entitlements/"
                + name.lowercased().replacingOccurrences(of: ".", with: "_")
        case .privacyManifest:
            return "https://developer.apple.com/documentation/bundleresources/privacy-manifest-files"
        }
    }
}
