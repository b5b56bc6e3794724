// The typed model of one entry in the key database: a key, where it may appear, and what we know about it.
import PlistSyntax

/// A property-list value type, named as in the XML plist format.
public enum ValueType: String, Sendable, Hashable, CaseIterable, Codable {
    case string, boolean, integer, real, date, data, array, dictionary

    /// The XML element name that carries a value of this type (`<true/>`/`<false/>` for booleans).
    public var xmlElement: String {
        switch self {
        case .boolean: return "true/false"
        case .dictionary: return "dict"
        default: return rawValue
        }
    }
}

/// An Apple operating system a key applies to.
public enum Platform: String, Sendable, Hashable, CaseIterable, Codable {
    case iOS, macOS, tvOS, watchOS, visionOS, macCatalyst

    /// Parses a platform name, accepting common spellings ("OS X", "iPadOS", "Mac Catalyst").
    public init?(name: String) {
        let folded = name.lowercased().filter { $0.isLetter }
        switch folded {
        case "ios", "ipados", "iphoneos": self = .iOS
        case "macos", "osx", "macosx": self = .macOS
        case "tvos", "appletvos": self = .tvOS
        case "watchos": self = .watchOS
        case "visionos", "xros": self = .visionOS
        case "maccatalyst", "catalyst": self = .macCatalyst
        default: return nil
        }
    }

    /// The name as Apple writes it: "iOS", "macOS", "tvOS", "watchOS", "visionOS", "Mac Catalyst".
    public var displayName: String {
        self == .macCatalyst ? "Mac Catalyst" : rawValue
    }
}

/// A platform together with the first OS version that honours the key (nil when unknown or "all versions")
/// and, for a key the platform stopped reading or deprecated, the version where that happened.
public struct PlatformAvailability: Sendable, Hashable, CustomStringConvertible {
    /// The operating system.
    public let platform: Platform
    /// The first version that supports the key, such as "10.0"; nil when the key has always been there or the version is unknown.
    public let introduced: String?
    /// The version that deprecated the key on this platform (Apple's "iOS 7.0–13.0"); nil while current.
    public let deprecated: String?

    /// Creates an availability record.
    public init(platform: Platform, introduced: String? = nil, deprecated: String? = nil) {
        self.platform = platform
        self.introduced = introduced
        self.deprecated = deprecated
    }

    /// Parses "iOS 9.0", "macOS 10.11", "tvOS" (no version), "iOS 7.0-13.0" (introduced and deprecated).
    public init?(parsing text: String) {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = parts.first else { return nil }
        // Allow two-word names such as "Mac Catalyst 13.1" or "OS X 10.9".
        var nameParts = [String(first)]
        var rest = parts.dropFirst()
        while let next = rest.first, !(next.first?.isNumber ?? false) {
            nameParts.append(String(next))
            rest = rest.dropFirst()
        }
        guard let platform = Platform(name: nameParts.joined(separator: " ")), rest.count <= 1 else { return nil }
        if let versions = rest.first {
            let parts = versions.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count <= 2, parts.allSatisfy({ part in part.allSatisfy { $0.isNumber || $0 == "." } && part.first?.isNumber == true }) else { return nil }
            self.init(platform: platform, introduced: String(parts[0]), deprecated: parts.count == 2 ? String(parts[1]) : nil)
        } else {
            self.init(platform: platform, introduced: nil)
        }
    }

    /// "iOS 9.0+", "iOS 7.0–13.0" (deprecated in 13.0) or just "iOS".
    public var description: String {
        guard let introduced else { return platform.displayName }
        if let deprecated { return "\(platform.displayName) \(introduced)–\(deprecated)" }
        return "\(platform.displayName) \(introduced)+"
    }

    /// The canonical data-file spelling: "iOS 9.0", "iOS 7.0-13.0" or "iOS".
    public var dataString: String {
        guard let introduced else { return platform.rawValue }
        if let deprecated { return "\(platform.rawValue) \(introduced)-\(deprecated)" }
        return "\(platform.rawValue) \(introduced)"
    }
}

/// A sibling entry a value depends on: the value is valid only in a dictionary whose `key` holds
/// `value` (a required-reason code belongs to the API category named beside it).
public struct SiblingValue: Sendable, Hashable, CustomStringConvertible {
    /// The key beside the value's own key, in the same dictionary.
    public let key: String
    /// What that key must hold.
    public let value: String

    /// Creates a condition.
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    /// Parses the data file's `KEY=VALUE` form.
    public init?(parsing text: String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex, text.index(after: equals) != text.endIndex else { return nil }
        self.init(key: String(text[..<equals]), value: String(text[text.index(after: equals)...]))
    }

    /// The data file's `KEY=VALUE` form.
    public var description: String { "\(key)=\(value)" }
}

/// One documented value of an enumerated key (or of the items of an enumerated array).
public struct EnumValue: Sendable, Hashable {
    /// The literal value as it is written in the plist (booleans and numbers are written as text, e.g. "1").
    public let value: String
    /// What choosing this value means, in our own words.
    public let note: String
    /// The first OS that accepts this value, when the value arrived later than the key.
    public let minimumOS: PlatformAvailability?
    /// Whether this value is deprecated (kept so diagnostics can explain it).
    public let deprecated: Bool
    /// The sibling entry the value belongs with, when it is valid only there (nil: valid wherever the key is).
    public let onlyWith: SiblingValue?
    /// Whether only a third-party SDK may declare the value, never an app (privacy-manifest reasons).
    public let sdkOnly: Bool

    /// Creates a value record.
    public init(value: String, note: String, minimumOS: PlatformAvailability? = nil, deprecated: Bool = false,
                onlyWith: SiblingValue? = nil, sdkOnly: Bool = false) {
        self.value = value
        self.note = note
        self.minimumOS = minimumOS
        self.deprecated = deprecated
        self.onlyWith = onlyWith
        self.sdkOnly = sdkOnly
    }

    /// Whether the value is valid in a dictionary whose entries `sibling` reads (key → text; nil when absent).
    public func isValid(besides sibling: (String) -> String?) -> Bool {
        guard let onlyWith else { return true }
        return sibling(onlyWith.key) == onlyWith.value
    }
}

/// The life-cycle state of a key.
public enum StatusKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// In current use.
    case active
    /// Still read by the system, but discouraged; usually a successor exists.
    case deprecated
    /// No longer read by the system at all.
    case removed
    /// Present in files but ignored by the system in some configurations.
    case ignored
    /// Not supported on the platforms where people tend to put it.
    case unsupported
}

/// The status of a key with the version it changed and what replaces it.
public struct KeyStatus: Sendable, Hashable {
    /// The life-cycle state.
    public let kind: StatusKind
    /// The OS release where the state took effect, e.g. "iOS 9.0".
    public let since: String?
    /// The key to use instead, when there is one.
    public let successor: String?

    /// Creates a status record.
    public init(kind: StatusKind, since: String? = nil, successor: String? = nil) {
        self.kind = kind
        self.since = since
        self.successor = successor
    }

    /// An active key with no history.
    public static let active = KeyStatus(kind: .active)
}

/// The kind of bundle (or enclosing dictionary) a key is required or recommended for.
public enum BundleKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Any bundle at all.
    case bundle
    /// Any application.
    case app
    /// An iOS or iPadOS app.
    case iosApp
    /// A macOS app.
    case macosApp
    /// A tvOS app.
    case tvosApp
    /// A watchOS app.
    case watchosApp
    /// An app extension.
    case appExtension = "extension"
    /// A framework.
    case framework
    /// A loadable plug-in bundle.
    case plugin
    /// Every dictionary at the key's placement (for nested keys such as `UTTypeIdentifier`).
    case entry
}

/// The kind of property list a key belongs to.
public enum PlistDomain: String, Sendable, Hashable, CaseIterable, Codable {
    /// Info.plist (information property list).
    case infoPlist
    /// A code-signing `.entitlements` file.
    case entitlements
    /// A `PrivacyInfo.xcprivacy` privacy manifest.
    case privacyManifest
}

/// Everything the database knows about one key at one set of placements.
public struct KeyDefinition: Sendable, Hashable, Identifiable {
    /// The exact key string.
    public let name: String
    /// Which kind of property list the key lives in.
    public let domain: PlistDomain
    /// The parent paths where the key may appear; an empty pattern is the root dictionary.
    public let placements: [KeyPathPattern]
    /// Accepted value types; more than one when the key accepts alternatives (for example an array or a dictionary).
    public let valueTypes: [ValueType]
    /// The type of the items when the value is an array, if known.
    public let arrayElementType: ValueType?
    /// Xcode's display name in the property list editor, e.g. "Privacy - Camera Usage Description".
    public let xcodeName: String?
    /// Platforms that read the key, with minimum versions.
    public let platforms: [PlatformAvailability]
    /// Documented values (of the value itself, or of the array items for arrays).
    public let values: [EnumValue]
    /// True when only the listed values are valid; false when they are examples of an open set.
    public let valuesAreClosed: Bool
    /// The value the system assumes when the key is absent, as text.
    public let defaultValue: String?
    /// Life-cycle status with successor.
    public let status: KeyStatus
    /// Whether the value is normally localized through InfoPlist.strings.
    public let localizable: Bool
    /// Bundle kinds that must contain the key.
    public let requiredFor: [BundleKind]
    /// Bundle kinds that should contain the key.
    public let recommendedFor: [BundleKind]
    /// What App Review expects when the key is used (for example a justification for ATS exceptions).
    public let appStoreReview: String?
    /// Keys worth reading together with this one.
    public let related: [String]
    /// Apple's documentation page for the key.
    public let docURL: String
    /// One to three sentences, in our own words.
    public let summary: String
    /// Whether the facts come from the seed reference texts (false: added from our own knowledge).
    public let fromSeeds: Bool
    /// Misspellings of this key seen in the wild or in Apple's own texts, for rename suggestions.
    public let misspellings: [String]
    /// True when the value is a dictionary whose keys are chosen by the developer (domains, variable names, ...).
    public let allowsCustomChildKeys: Bool
    /// Where the facts of an entry added from outside the seeds come from (Apple's page, a template, …).
    public let sources: [String]
    /// True when the key guards security (App Transport Security and the like). Its listed values
    /// run from the weakest to the strongest and `defaultValue` is the secure floor: a suggestion
    /// for a value never goes below it (an invalid value is ignored, so the system applies the
    /// default; a weaker "correction" would lower security). A rename onto such a key is never
    /// applied automatically: it makes the value take effect.
    public let securitySensitive: Bool
    /// Who reads the key when it is not Apple's: a third-party framework or tool ("Sparkle",
    /// "Firebase", ".NET MAUI and Xamarin"); nil for Apple's own keys.
    public let owner: String?
    /// True when the dictionaries this key holds (its value, the items of its array, or for a key
    /// with developer-chosen child keys the dictionaries under them) accept only the keys the
    /// database places there: the system reads them as a fixed set, so an unknown key is a mistake.
    public let hasFixedChildKeys: Bool

    /// Whether a third party, not Apple, reads the key (`owner` is set). Editors colour such keys
    /// apart (semantic tokens) and hover names the owner.
    public var isThirdParty: Bool { owner != nil }

    /// For a security-sensitive key, the listed values from the default (the secure floor) up;
    /// otherwise every listed value.
    public var suggestibleValues: [EnumValue] {
        guard securitySensitive, let floor = values.firstIndex(where: { $0.value == defaultValue }) else { return values }
        return Array(values[floor...])
    }

    /// A stable identifier: domain, placement list and name.
    public var id: String {
        "\(domain.rawValue):\(placements.map(\.description).joined(separator: "|")):\(name)"
    }

    /// Creates a definition. Prefer loading definitions from the data file.
    public init(
        name: String, domain: PlistDomain = .infoPlist, placements: [KeyPathPattern] = [.root],
        valueTypes: [ValueType], arrayElementType: ValueType? = nil, xcodeName: String? = nil,
        platforms: [PlatformAvailability] = [], values: [EnumValue] = [], valuesAreClosed: Bool = false,
        defaultValue: String? = nil, status: KeyStatus = .active, localizable: Bool = false,
        requiredFor: [BundleKind] = [], recommendedFor: [BundleKind] = [], appStoreReview: String? = nil,
        related: [String] = [], docURL: String, summary: String, fromSeeds: Bool = true,
        misspellings: [String] = [], allowsCustomChildKeys: Bool = false, sources: [String] = [],
        securitySensitive: Bool = false, owner: String? = nil, hasFixedChildKeys: Bool = false
    ) {
        self.name = name
        self.domain = domain
        self.placements = placements
        self.valueTypes = valueTypes
        self.arrayElementType = arrayElementType
        self.xcodeName = xcodeName
        self.platforms = platforms
        self.values = values
        self.valuesAreClosed = valuesAreClosed
        self.defaultValue = defaultValue
        self.status = status
        self.localizable = localizable
        self.requiredFor = requiredFor
        self.recommendedFor = recommendedFor
        self.appStoreReview = appStoreReview
        self.related = related
        self.docURL = docURL
        self.summary = summary
        self.fromSeeds = fromSeeds
        self.misspellings = misspellings
        self.allowsCustomChildKeys = allowsCustomChildKeys
        self.sources = sources
        self.securitySensitive = securitySensitive
        self.owner = owner
        self.hasFixedChildKeys = hasFixedChildKeys
    }

    /// The documented value equal to `literal` (exact match first, then case-insensitive).
    public func value(_ literal: String) -> EnumValue? {
        values.first { $0.value == literal } ?? values.first { $0.value.lowercased() == literal.lowercased() }
    }

    /// Whether the key may appear directly inside the dictionary at `parent`.
    public func isPlaced(at parent: [PathComponent], caseInsensitive: Bool = false) -> Bool {
        placements.contains { $0.matches(parent, caseInsensitive: caseInsensitive) }
    }

    /// A human-readable type, e.g. "array of string" or "array of dictionary or dictionary".
    public var typeDescription: String {
        valueTypes.map { type -> String in
            if type == .array, let element = arrayElementType { return "array of \(element.rawValue)" }
            return type.rawValue
        }.joined(separator: " or ")
    }
}
