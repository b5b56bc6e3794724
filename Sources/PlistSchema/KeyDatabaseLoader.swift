// Decodes the key database's data file (Resources/keys.json) into typed definitions, checking every field.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSupport

/// A problem found while loading the data file; the message names the key and the field.
public struct KeyDatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, with the key and field involved.
    public let message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// Every field name the data file may use in a key entry (tests reject any other, to catch typos).
public let keyEntryFieldNames: Set<String> = [
    "name", "domain", "paths", "type", "element", "xcode", "xcodeIsKey", "platforms", "values", "closed", "default",
    "status", "since", "successor", "localizable", "required", "recommended", "review", "related", "doc",
    "summary", "seed", "misspellings", "customKeys", "sources", "security", "owner", "fixedKeys",
    "completionRank", "placeholders", "departure", "capability",
]

/// Every field name an enumerated value may use.
public let enumValueFieldNames: Set<String> = ["value", "note", "minOS", "deprecated", "with", "sdkOnly"]

extension KeyDatabase {
    /// The prefix of documentation links derived for Info.plist keys that give no `doc` field.
    public static let infoPlistDocBase = "https://developer.apple.com/documentation/bundleresources/information-property-list/"
    /// The link of launchd keys that give no `doc` field: Apple's guide to launchd jobs (the keys
    /// themselves are documented only in the launchd.plist(5) manual page, `man launchd.plist`).
    public static let launchdDocURL =
        "https://developer.apple.com/library/archive/documentation/MacOSX/Conceptual/BPSystemStartup/Chapters/CreatingLaunchdJobs.html"

    /// Decodes the data file's bytes. Unknown fields, wrong types and unknown enumeration names are errors
    /// that name the key and the field.
    public static func decode(_ data: Data) throws -> [KeyDefinition] {
        try decode(Array(data))
    }

    /// Decodes the data file's bytes (see `decode(_: Data)`).
    public static func decode(_ bytes: [UInt8]) throws -> [KeyDefinition] {
        let parsed: JSONValue
        do {
            parsed = try JSONReader.parse(bytes)
        } catch {
            throw KeyDatabaseError("keys.json line \(error.line): \(error.message)")
        }
        guard case .object(let root) = parsed else {
            throw KeyDatabaseError("keys.json must contain an object with formatVersion and keys")
        }
        guard root["formatVersion"] == .int(1) else {
            throw KeyDatabaseError("keys.json must have formatVersion 1")
        }
        guard case .array(let entries)? = root["keys"] else { throw KeyDatabaseError("keys.json has no keys array") }
        var cache = ParseCache()
        return try entries.enumerated().map { try definition(from: $0.element, position: $0.offset, cache: &cache) }
    }

    /// Platform and path strings repeat across hundreds of entries; parsing each distinct one once keeps loading fast.
    private struct ParseCache {
        var platforms: [String: PlatformAvailability] = [:]
        var paths: [String: KeyPathPattern] = [:]

        mutating func platform(_ text: String) -> PlatformAvailability? {
            if let known = platforms[text] { return known }
            let parsed = PlatformAvailability(parsing: text)
            platforms[text] = parsed
            return parsed
        }

        mutating func path(_ text: String) -> KeyPathPattern? {
            if let known = paths[text] { return known }
            let parsed = KeyPathPattern(parsing: text)
            paths[text] = parsed
            return parsed
        }
    }

    private static func definition(from value: JSONValue, position: Int, cache: inout ParseCache) throws -> KeyDefinition {
        guard case .object(let entry) = value else { throw KeyDatabaseError("keys.json entry \(position) is not an object") }
        guard case .string(let name)? = entry["name"] else { throw KeyDatabaseError("keys.json entry \(position) has no name") }
        func fail(_ message: String) -> KeyDatabaseError { KeyDatabaseError("\(name): \(message)") }
        if let unknown = entry.keys.first(where: { !keyEntryFieldNames.contains($0) }) { throw fail("unknown field \(unknown)") }

        func string(_ field: String) throws -> String? {
            switch entry[field] {
            case nil: return nil
            case .string(let text)?: return text
            case let other?: throw fail("\(field) must be a string, not \(other.kindName)")
            }
        }
        func bool(_ field: String) throws -> Bool? {
            switch entry[field] {
            case nil: return nil
            case .bool(let flag)?: return flag
            case let other?: throw fail("\(field) must be true or false, not \(other.kindName)")
            }
        }
        func rank(_ field: String) throws -> Int? {
            switch entry[field] {
            case nil: return nil
            case .int(let value)? where value >= 0: return value
            case let other?: throw fail("\(field) must be a whole number from 0, not \(other)")
            }
        }
        func strings(_ field: String, allowSingle: Bool = false) throws -> [String]? {
            switch entry[field] {
            case nil: return nil
            case .string(let text)? where allowSingle: return [text]
            case .array(let items)?:
                return try items.map {
                    guard case .string(let text) = $0 else { throw fail("\(field) must list strings") }
                    return text
                }
            case let other?: throw fail("\(field) must be an array of strings, not \(other.kindName)")
            }
        }
        func parsed<T>(_ texts: [String], _ field: String, _ parse: (String) -> T?) throws -> [T] {
            try texts.map { text in
                guard let value = parse(text) else { throw fail("unknown \(field) \"\(text)\"") }
                return value
            }
        }

        guard let summary = try string("summary") else { throw fail("missing summary") }
        guard let typeNames = try strings("type", allowSingle: true), !typeNames.isEmpty else { throw fail("missing type") }
        let types = try parsed(typeNames, "type", ValueType.init(rawValue:))
        let domain =
            try string("domain").map { text in
                guard let domain = PlistDomain(rawValue: text) else { throw fail("unknown domain \(text)") }
                return domain
            } ?? .infoPlist
        let placements = try parsed(try strings("paths") ?? [""], "path") { cache.path($0) }
        if placements.isEmpty { throw fail("empty paths list") }
        var element: ValueType?
        if let text = try string("element") {
            element = try parsed([text], "element type", ValueType.init(rawValue:)).first
            guard types.contains(.array) else { throw fail("element type given for a non-array key") }
        }
        let platforms = try parsed(try strings("platforms") ?? [], "platform") { cache.platform($0) }
        var values: [EnumValue] = []
        switch entry["values"] {
        case nil: break
        case .array(let items)?:
            for item in items {
                guard case .object(let fields) = item, case .string(let literal)? = fields["value"],
                    case .string(let note)? = fields["note"]
                else {
                    throw fail("each value needs string fields value and note")
                }
                if let unknown = fields.keys.first(where: { !enumValueFieldNames.contains($0) }) {
                    throw fail("value \(literal) has unknown field \(unknown)")
                }
                func text(_ field: String) throws -> String? {
                    switch fields[field] {
                    case nil: return nil
                    case .string(let text)?: return text
                    default: throw fail("\(field) of \(literal) must be a string")
                    }
                }
                func flag(_ field: String) throws -> Bool {
                    switch fields[field] {
                    case nil: return false
                    case .bool(let flag)?: return flag
                    default: throw fail("\(field) of \(literal) must be true or false")
                    }
                }
                let minimum = try text("minOS").map { try parsed([$0], "minOS") { cache.platform($0) }[0] }
                let onlyWith = try text("with").map { text in
                    guard let condition = SiblingValue(parsing: text) else {
                        throw fail("with of \(literal) must be KEY=VALUE, not \"\(text)\"")
                    }
                    return condition
                }
                let deprecated = try flag("deprecated"), sdkOnly = try flag("sdkOnly")
                values.append(
                    EnumValue(value: literal, note: note, minimumOS: minimum, deprecated: deprecated, onlyWith: onlyWith, sdkOnly: sdkOnly))
            }
        case let other?: throw fail("values must be an array, not \(other.kindName)")
        }
        let statusKind = try string("status").map { try parsed([$0], "status", StatusKind.init(rawValue:))[0] } ?? .active
        let doc = try string("doc") ?? derivedDocURL(name: name, domain: domain, placement: placements[0])
        let xcodeName = try string("xcode"), xcodeNameIsKey = try bool("xcodeIsKey") ?? false
        if xcodeNameIsKey, xcodeName != name {
            throw fail("xcodeIsKey says the Xcode name is the key, but xcode is \(xcodeName.map { "\"\($0)\"" } ?? "absent")")
        }
        return KeyDefinition(
            name: name, domain: domain, placements: placements, valueTypes: types, arrayElementType: element,
            xcodeName: xcodeName, xcodeNameIsKey: xcodeNameIsKey, xcodeCapability: try string("capability"), platforms: platforms,
            values: values, valuesAreClosed: try bool("closed") ?? false,
            defaultValue: try string("default"),
            status: KeyStatus(kind: statusKind, since: try string("since"), successor: try string("successor")),
            localizable: try bool("localizable") ?? false,
            requiredFor: try parsed(try strings("required") ?? [], "bundle kind", BundleKind.init(rawValue:)),
            recommendedFor: try parsed(try strings("recommended") ?? [], "bundle kind", BundleKind.init(rawValue:)),
            appStoreReview: try string("review"), related: try strings("related") ?? [], docURL: doc, summary: summary,
            fromSeeds: try bool("seed") ?? true, misspellings: try strings("misspellings") ?? [],
            allowsCustomChildKeys: try bool("customKeys") ?? false, sources: try strings("sources") ?? [],
            securitySensitive: try bool("security") ?? false, owner: try string("owner"),
            hasFixedChildKeys: try bool("fixedKeys") ?? false, completionRank: try rank("completionRank"),
            pagePlaceholders: try parsed(try strings("placeholders") ?? [], "placeholder version") { cache.platform($0) },
            pageDeparture: try string("departure")
        )
    }

    /// The documentation link used when an entry gives none: Apple's page for the key under its parent keys.
    static func derivedDocURL(name: String, domain: PlistDomain, placement: KeyPathPattern) -> String {
        var parts: [String] = []
        for component in placement.components {
            if case .key(let key) = component { parts.append(key.lowercased()) }
        }
        parts.append(name.lowercased())
        parts = parts.map { part in
            let plain = part.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            }
            return plain ? part : PathName.percentEncoded(part)
        }
        switch domain {
        case .infoPlist:
            return infoPlistDocBase + parts.joined(separator: "/")
        case .entitlements:
            return "https://developer.apple.com/documentation/bundleresources/entitlements/" + PathName.percentEncoded(name.lowercased())
        case .privacyManifest:
            return "https://developer.apple.com/documentation/bundleresources/app-privacy-configuration/" + parts.joined(separator: "/")
        case .launchd:
            return launchdDocURL
        }
    }
}
