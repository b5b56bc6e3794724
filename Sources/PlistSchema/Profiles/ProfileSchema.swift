// The configuration-profile payload database: every payload type Apple's device-management schemas
// describe, with its keys' facts (type, presence, default, allowed values, range, platforms). Generated
// by scripts/generate-profile-schema.py into ProfileSchemaData.swift; decoded on first use only, so
// start-up of a server that never opens a profile does not pay for it.
import PlistSupport
import Synchronization

/// A value in the payload database (a default or an allowed value).
public enum SchemaValue: Sendable, Hashable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([SchemaValue])
    /// A dictionary or null: shown, never compared.
    case other

    init(_ json: JSONValue) {
        switch json {
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .int(i)
        case .double(let d): self = .double(d)
        case .string(let s): self = .string(s)
        case .array(let a): self = .list(a.map(SchemaValue.init))
        case .null, .object: self = .other
        }
    }

    /// The value as a profile writes it (`true`, `16`, `WPA2`).
    public var text: String {
        switch self {
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .string(let s): return s
        case .list(let a): return "[" + a.map(\.text).joined(separator: ", ") + "]"
        case .other: return "a dictionary"
        }
    }

    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }
}

/// What one platform says about a payload or a key (a key states only what differs from its parent).
public struct ProfilePlatformFacts: Sendable, Hashable {
    /// The first version that reads it; "n/a" when the platform never does; nil: as the parent says.
    public var introduced: String?
    public var deprecated: String?
    public var removed: String?
    /// Whether it needs a supervised device; nil: as the parent says.
    public var supervised: Bool?
    /// `allowed`, `forbidden`, `ignored` or `required` under User Enrollment; nil: as the parent says.
    public var userEnrollment: String?
    /// For a payload: whether a profile may hold more than one.
    public var multiple: Bool?

    public init(
        introduced: String? = nil, deprecated: String? = nil, removed: String? = nil, supervised: Bool? = nil,
        userEnrollment: String? = nil, multiple: Bool? = nil
    ) {
        self.introduced = introduced
        self.deprecated = deprecated
        self.removed = removed
        self.supervised = supervised
        self.userEnrollment = userEnrollment
        self.multiple = multiple
    }

    /// False when the platform never reads it (`introduced` is "n/a").
    public var isAvailable: Bool { introduced != "n/a" }

    /// These facts, with what they leave unsaid taken from `parent`.
    public func inheriting(_ parent: ProfilePlatformFacts) -> ProfilePlatformFacts {
        ProfilePlatformFacts(
            introduced: introduced ?? parent.introduced, deprecated: deprecated ?? parent.deprecated,
            removed: removed ?? parent.removed, supervised: supervised ?? parent.supervised,
            userEnrollment: userEnrollment ?? parent.userEnrollment, multiple: multiple ?? parent.multiple)
    }
}

/// One key of a payload (or of a dictionary inside one).
public final class ProfileKey: Sendable {
    /// The raw key, as written in the profile (`ANY` for a dictionary open to any key).
    public let name: String
    /// Apple's short title ("Allow Camera"), when the schema gives one.
    public let title: String?
    /// The value type; nil when any type is accepted.
    public let type: ValueType?
    public let isRequired: Bool
    /// The value the system uses when the key is absent.
    public let defaultValue: SchemaValue?
    /// The only values accepted (empty: any value of the type).
    public let allowedValues: [SchemaValue]
    public let minimum: Double?
    public let maximum: Double?
    /// A regular expression the value must match, as Apple's schema gives it.
    public let format: String?
    /// Per-platform facts this key states (see `ProfilePlatformFacts.inheriting`).
    public let platforms: [Platform: ProfilePlatformFacts]
    /// A dictionary's keys, or an array's one item definition.
    public let keys: [ProfileKey]
    /// True when the nesting repeats (a home-screen folder's pages): the schema does not spell it out again.
    public let repeats: Bool

    init(
        name: String, title: String?, type: ValueType?, isRequired: Bool, defaultValue: SchemaValue?, allowedValues: [SchemaValue],
        minimum: Double?, maximum: Double?, format: String?, platforms: [Platform: ProfilePlatformFacts], keys: [ProfileKey], repeats: Bool
    ) {
        self.name = name
        self.title = title
        self.type = type
        self.isRequired = isRequired
        self.defaultValue = defaultValue
        self.allowedValues = allowedValues
        self.minimum = minimum
        self.maximum = maximum
        self.format = format
        self.platforms = platforms
        self.keys = keys
        self.repeats = repeats
    }

    /// The definition of a key of this dictionary (nil: not described).
    public func key(_ name: String) -> ProfileKey? { keys.first { $0.name == name } }
    /// Whether this dictionary takes keys the schema does not name.
    public var isOpen: Bool {
        if repeats || keys.isEmpty || keys.contains(where: { $0.name == "ANY" }) { return true }
        // A dictionary keyed by the writer's names, which the schema spells as one made-up item
        // holding `ANY` (`ConsentText` → `ConsentTextItem`: language codes).
        return keys.count == 1 && keys[0].name.hasSuffix("Item") && keys[0].type == .dictionary
            && keys[0].keys.contains { $0.name == "ANY" }
    }
    /// For an array: the definition of its items.
    public var item: ProfileKey? { type == .array ? keys.first : nil }
}

/// One payload type (`com.apple.dock`), with its keys.
public struct ProfilePayload: Sendable {
    /// The `PayloadType` value.
    public let type: String
    /// Apple's titles of the schema files describing it ("Dock"); several for a type split in parts.
    public let titles: [String]
    /// The platforms listed, with their facts (`introduced` "n/a": not on that platform).
    public let platforms: [Platform: ProfilePlatformFacts]
    /// The payload's own keys (not the common `Payload…` keys).
    public let keys: [ProfileKey]

    public var title: String { titles.first ?? type }
    /// The platforms that read the payload.
    public var availablePlatforms: [Platform] {
        ProfileSchema.platformOrder.filter { platforms[$0]?.isAvailable ?? false }
    }
    public func key(_ name: String) -> ProfileKey? { keys.first { $0.name == name } }
    /// Whether the payload takes keys the schema does not name (managed preferences, `ANY`).
    public var isOpen: Bool { keys.contains { $0.name == "ANY" } }

    /// Apple's reference page for the payload: the documentation's page names are the whole title's
    /// letters and digits in lower case ("Wi-Fi" → `wifi`, "Media Management: Allowed Media" →
    /// `mediamanagementallowedmedia`, "Certificate (PKCS #1)" → `certificatepkcs1`), except where
    /// the title's name is another page (`ProfilePayload.pageNames`).
    public var documentationURL: String {
        let name = Self.pageNames[type] ?? String(title.lowercased().filter { $0.isLetter || $0.isNumber })
        return "https://developer.apple.com/documentation/devicemanagement/" + name
    }

    /// Payloads whose page is not named after their title: "Content Caching" (`contentcaching`) is
    /// the declaration `com.apple.configuration.content-cache.settings`; the payload's page is
    /// `ContentCachingService`.
    static let pageNames: [String: String] = ["com.apple.AssetCache.managed": "contentcachingservice"]
}

/// The payload database.
public struct ProfileSchema: Sendable {
    /// Every payload type by `PayloadType` (`TopLevel` and `CommonPayloadKeys` are the profile
    /// wrapper and the keys every payload has).
    public let payloads: ProfilePayloads

    public static let platformOrder: [Platform] = [.iOS, .macOS, .tvOS, .visionOS, .watchOS]

    /// The profile wrapper's keys.
    public var topLevel: ProfilePayload { payloads["TopLevel"]! }
    /// The keys every payload carries (`PayloadType`, `PayloadUUID`, …).
    public var common: ProfilePayload { payloads["CommonPayloadKeys"]! }
    /// The payload types a profile's `PayloadContent` may hold, sorted.
    public var payloadTypes: [String] {
        payloads.types.filter { $0 != "TopLevel" && $0 != "CommonPayloadKeys" }.sorted()
    }

    /// The bundled database: its payloads found by one scan of the bytes on first use and each
    /// decoded when first asked for, so the first profile opened pays for the few payloads it
    /// holds, not for all 120 (11 ms). `DataValidationTests` decode it whole and compare.
    public static let shared: ProfileSchema = {
        let bytes = bundledData
        if let lazy = ProfileSchema(lazilyDecoding: bytes) { return lazy }
        do { return try ProfileSchema(bytes: bytes) } catch { fatalError("bundled profile database: \(error)") }
    }()

    /// The bytes of the bundled database (JSON).
    public static var bundledData: [UInt8] { embeddedJSON.withUTF8Buffer { Array($0) } }

    /// Decodes a database whole; a field of the wrong shape is an error that names the payload and key.
    public init(bytes: [UInt8]) throws {
        let root = try JSONReader.parse(bytes)
        guard root["formatVersion"]?.intValue == 1, let list = root["payloads"]?.arrayValue else {
            throw KeyDatabaseError("profile database: formatVersion 1 and a payloads array expected")
        }
        var payloads: [String: ProfilePayload] = [:]
        for p in list {
            let payload = try Self.payload(p)
            payloads[payload.type] = payload
        }
        guard payloads["TopLevel"] != nil, payloads["CommonPayloadKeys"] != nil else {
            throw KeyDatabaseError("profile database: TopLevel and CommonPayloadKeys are required")
        }
        self.payloads = ProfilePayloads(decoded: payloads)
    }

    /// A database whose payloads are decoded when first asked for (`ProfilePayloads`); nil when
    /// the scan does not find the shape `scripts/generate-profile-schema.py` writes.
    public init?(lazilyDecoding bytes: [UInt8]) {
        guard let slices = ProfilePayloads.scan(bytes), slices["TopLevel"] != nil, slices["CommonPayloadKeys"] != nil else {
            return nil
        }
        payloads = ProfilePayloads(bytes: bytes, slices: slices)
    }

    /// One payload of the database's `payloads` array.
    static func payload(_ p: JSONValue) throws -> ProfilePayload {
        guard let type = p["type"]?.stringValue else { throw KeyDatabaseError("profile database: a payload without type") }
        let keys = try (p["keys"]?.arrayValue ?? []).map { try Self.key($0, in: type) }
        return ProfilePayload(
            type: type, titles: p["titles"]?.arrayValue?.compactMap(\.stringValue) ?? [],
            platforms: Self.platforms(p["os"]), keys: keys)
    }

    private static func platforms(_ value: JSONValue?) -> [Platform: ProfilePlatformFacts] {
        var out: [Platform: ProfilePlatformFacts] = [:]
        for (name, facts) in value?.objectValue ?? [:] {
            guard let platform = Platform(name: name) else { continue }
            out[platform] = ProfilePlatformFacts(
                introduced: facts["introduced"]?.stringValue, deprecated: facts["deprecated"]?.stringValue,
                removed: facts["removed"]?.stringValue, supervised: facts["supervised"]?.boolValue,
                userEnrollment: facts["userEnrollment"]?.stringValue, multiple: facts["multiple"]?.boolValue)
        }
        return out
    }

    private static func key(_ value: JSONValue, in payload: String) throws -> ProfileKey {
        guard let name = value["name"]?.stringValue, let typeName = value["type"]?.stringValue else {
            throw KeyDatabaseError("profile database: a key of \(payload) without name or type")
        }
        let type: ValueType?
        if typeName == "any" {
            type = nil
        } else {
            guard let t = ValueType(rawValue: typeName) else {
                throw KeyDatabaseError("profile database: \(payload) \(name): unknown type \(typeName)")
            }
            type = t
        }
        return ProfileKey(
            name: name, title: value["title"]?.stringValue, type: type, isRequired: value["presence"]?.stringValue == "required",
            defaultValue: value["default"].map(SchemaValue.init), allowedValues: (value["values"]?.arrayValue ?? []).map(SchemaValue.init),
            minimum: value["min"]?.doubleValue, maximum: value["max"]?.doubleValue, format: value["format"]?.stringValue,
            platforms: platforms(value["os"]), keys: try (value["keys"]?.arrayValue ?? []).map { try key($0, in: payload) },
            repeats: value["repeats"]?.boolValue ?? false)
    }
}

/// The payload types of a database, each decoded from its bytes when first asked for (or all
/// decoded at once, `ProfileSchema(bytes:)`).
public struct ProfilePayloads: Sendable {
    final class Lazy: Sendable {
        let bytes: [UInt8]
        let slices: [String: Range<Int>]
        let decoded = Mutex<[String: ProfilePayload]>([:])
        init(bytes: [UInt8], slices: [String: Range<Int>]) {
            self.bytes = bytes
            self.slices = slices
        }
    }

    private let decoded: [String: ProfilePayload]
    private let lazy: Lazy?

    init(decoded: [String: ProfilePayload]) {
        self.decoded = decoded
        lazy = nil
    }

    init(bytes: [UInt8], slices: [String: Range<Int>]) {
        decoded = [:]
        lazy = Lazy(bytes: bytes, slices: slices)
    }

    /// Every payload type (with `TopLevel` and `CommonPayloadKeys`), in no order.
    public var types: [String] { lazy.map { Array($0.slices.keys) } ?? Array(decoded.keys) }

    /// The payload of `type`, nil for a type the database does not have.
    public subscript(type: String) -> ProfilePayload? {
        guard let lazy else { return decoded[type] }
        if let hit = lazy.decoded.withLock({ $0[type] }) { return hit }
        guard let range = lazy.slices[type] else { return nil }
        // The bundled bytes are decoded whole by a test: a failure here is a broken build.
        guard let payload = try? ProfileSchema.payload(JSONReader.parse(Array(lazy.bytes[range]))) else {
            fatalError("profile database: the payload \(type) does not decode")
        }
        lazy.decoded.withLock { $0[type] = payload }
        return payload
    }

    /// The byte range of each object of the top-level `payloads` array, by its `type`: one pass
    /// over the bytes that follows strings (and their escapes) and nesting only. Nil when the
    /// bytes are not such a database (a type with an escape in it, a payload without one).
    static func scan(_ b: [UInt8]) -> [String: Range<Int>]? {
        var slices: [String: Range<Int>] = [:]
        var depth = 0
        var arrayDepth = -1  // the depth inside the payloads array
        var elementStart = -1
        var elementType: String?
        var pendingKey: Range<Int>?  // a member name just read, waiting for its value
        var keyDepth = 0
        var i = 0
        let n = b.count
        func isName(_ r: Range<Int>, _ name: StaticString) -> Bool {
            name.withUTF8Buffer { r.count == $0.count && b[r].elementsEqual($0) }
        }
        while i < n {
            let c = b[i]
            switch c {
            case UInt8(ascii: "\""):
                var j = i + 1
                var escaped = false
                while j < n && b[j] != UInt8(ascii: "\"") {
                    if b[j] == UInt8(ascii: "\\") {
                        escaped = true
                        j += 1
                    }
                    j += 1
                }
                guard j < n else { return nil }
                let string = (i + 1)..<j
                var k = j + 1
                while k < n && (b[k] == 0x20 || b[k] == 0x0A || b[k] == 0x0D || b[k] == 0x09) { k += 1 }
                if k < n && b[k] == UInt8(ascii: ":") {
                    pendingKey = string
                    keyDepth = depth
                    i = k + 1
                    continue
                }
                // A string value: the type of a payload of the array.
                if let key = pendingKey, depth == arrayDepth + 1, keyDepth == depth, elementStart >= 0, isName(key, "type") {
                    guard !escaped else { return nil }
                    elementType = String(decoding: b[string], as: UTF8.self)
                }
                pendingKey = nil
                i = j + 1
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if c == UInt8(ascii: "["), let key = pendingKey, depth == 1, keyDepth == 1, isName(key, "payloads") {
                    arrayDepth = depth + 1
                } else if c == UInt8(ascii: "{"), depth == arrayDepth {
                    elementStart = i
                    elementType = nil
                }
                pendingKey = nil
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if c == UInt8(ascii: "}"), depth == arrayDepth, elementStart >= 0 {
                    guard let type = elementType else { return nil }
                    slices[type] = elementStart..<(i + 1)
                    elementStart = -1
                } else if c == UInt8(ascii: "]"), depth + 1 == arrayDepth {
                    arrayDepth = -2  // the array ended
                }
                pendingKey = nil
            default:
                if c != 0x20 && c != 0x0A && c != 0x0D && c != 0x09 && c != UInt8(ascii: ",") { pendingKey = nil }
            }
            i += 1
        }
        return depth == 0 && !slices.isEmpty ? slices : nil
    }
}
