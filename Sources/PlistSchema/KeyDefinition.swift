// The typed model of one entry in the key database: a key, where it may appear, and what we know about it.
import PlistSyntax

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
    /// True when `xcodeName` is the key itself because that is what Apple calls it: the key's page
    /// is titled with the key, or Apple has no current page and no Xcode capability is named after
    /// it (`sources` says which). False for an Xcode name that is a title, or that was not checked.
    public let xcodeNameIsKey: Bool
    /// The Xcode capability (Signing & Capabilities) that adds the entitlement, where its name is not
    /// `xcodeName`: "Keychain Sharing" adds `keychain-access-groups`, "iCloud" several keys.
    public let xcodeCapability: String?
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
    /// Where the key stands among those real apps' files use most (0 is the most used), which orders
    /// completion; nil for keys that few files use.
    public let completionRank: Int?
    /// Versions Apple's page gives that the database deliberately leaves out: the placeholders Apple
    /// writes for "every version" (iOS 2.0, macOS 10.0, …). The platform is listed here without a
    /// version; hover and `explain` say so, so a reader comparing with the page is not misled.
    public let pagePlaceholders: [PlatformAvailability]
    /// Where the entry departs from Apple's current page on purpose, and why ("Apple's page lists no
    /// visionOS; …"), in one or two sentences; nil when it follows the page. Hover and `explain`
    /// show it, as they show placeholder versions, so a reader comparing with the page is not misled.
    public let pageDeparture: String?

    /// Whether some of the key's values are valid only beside a sibling value (the reason codes of
    /// a privacy manifest's API category).
    public var hasValuesBesideSiblings: Bool { values.contains { $0.onlyWith != nil } }

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
        valueTypes: [ValueType], arrayElementType: ValueType? = nil, xcodeName: String? = nil, xcodeNameIsKey: Bool = false,
        xcodeCapability: String? = nil,
        platforms: [PlatformAvailability] = [], values: [EnumValue] = [], valuesAreClosed: Bool = false,
        defaultValue: String? = nil, status: KeyStatus = .active, localizable: Bool = false,
        requiredFor: [BundleKind] = [], recommendedFor: [BundleKind] = [], appStoreReview: String? = nil,
        related: [String] = [], docURL: String, summary: String, fromSeeds: Bool = true,
        misspellings: [String] = [], allowsCustomChildKeys: Bool = false, sources: [String] = [],
        securitySensitive: Bool = false, owner: String? = nil, hasFixedChildKeys: Bool = false,
        completionRank: Int? = nil, pagePlaceholders: [PlatformAvailability] = [], pageDeparture: String? = nil
    ) {
        self.completionRank = completionRank
        self.pagePlaceholders = pagePlaceholders
        self.pageDeparture = pageDeparture
        self.name = name
        self.domain = domain
        self.placements = placements
        self.valueTypes = valueTypes
        self.arrayElementType = arrayElementType
        self.xcodeName = xcodeName
        self.xcodeNameIsKey = xcodeNameIsKey
        self.xcodeCapability = xcodeCapability
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
