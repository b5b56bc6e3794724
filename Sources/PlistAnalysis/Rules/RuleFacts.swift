// What a rule's judgement rests on: the keys whose facts (type, values, placement, status, platforms)
// it applies and any other source, so docs/diagnostics.md can cite where each fact comes from and a
// reader can check the rule against Apple's page. A test fails when a rule of a chapter about keys
// (types onward) declares none.
import PlistSchema

/// The facts a rule relies on and where they come from.
public struct RuleFacts: Sendable, Hashable {
    /// A key whose database entry (and so its Apple page) the rule relies on.
    public struct Key: Sendable, Hashable {
        public let name: String
        public let domain: PlistDomain
        public init(_ name: String, _ domain: PlistDomain = .infoPlist) {
            self.name = name
            self.domain = domain
        }
    }

    /// Keys the rule judges by their own facts; the documentation links each key's page.
    public var keys: [Key]
    /// True when the rule applies the facts of every key of the database (its types, values, placements,
    /// status or platforms): each key names its own source in keys.json and docs/keys.md.
    public var everyKey: Bool
    /// Sources that are not one key's page: Apple's guides and guidelines the rule follows.
    public var pages: [String]

    public init(keys: [Key] = [], everyKey: Bool = false, pages: [String] = []) {
        self.keys = keys
        self.everyKey = everyKey
        self.pages = pages
    }

    /// Whether the rule declares any source at all.
    public var isEmpty: Bool { keys.isEmpty && !everyKey && pages.isEmpty }

    static let versionNumberGlossary = "https://developer.apple.com/help/glossary/version-number"
    static let reviewGuidelines = "https://developer.apple.com/app-store/review/guidelines/"
    static let requiredReasonAPI = "https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api"
    static let privacyManifests = "https://developer.apple.com/documentation/bundleresources/privacy-manifest-files"
    static let buildSettings = "https://developer.apple.com/documentation/xcode/build-settings-reference"
    static let protectedResources = "https://developer.apple.com/documentation/bundleresources/protected-resources"

    private static func info(_ names: String...) -> [Key] { names.map { Key($0) } }
    private static func privacy(_ names: String...) -> [Key] { names.map { Key($0, .privacyManifest) } }
    private static func entitlements(_ names: String...) -> [Key] { names.map { Key($0, .entitlements) } }

    /// The facts of each rule of the catalogue, by rule id. Rules that check the file's syntax (file
    /// format, XML, property-list structure) rest on the format itself and have none.
    public static let catalogue: [String: RuleFacts] = [
        // Types, values, keys: the key database as a whole.
        "info-wrong-type": RuleFacts(everyKey: true),
        "info-invalid-value": RuleFacts(everyKey: true),
        "info-misspelled-key": RuleFacts(everyKey: true),
        "info-misplaced-key": RuleFacts(everyKey: true),
        "info-deprecated-key": RuleFacts(everyKey: true),
        "info-removed-key": RuleFacts(everyKey: true),
        "info-unknown-key": RuleFacts(everyKey: true),
        "info-unexpected-key": RuleFacts(everyKey: true),
        "info-entitlement-key": RuleFacts(everyKey: true),
        "info-bundle-identifier-format": RuleFacts(keys: info("CFBundleIdentifier")),
        "info-bundle-version-format": RuleFacts(keys: info("CFBundleVersion")),
        "info-short-version-format": RuleFacts(keys: info("CFBundleShortVersionString"), pages: [versionNumberGlossary]),
        "info-minimum-version-format": RuleFacts(keys: info("LSMinimumSystemVersion", "MinimumOSVersion")),
        "info-package-type-format": RuleFacts(keys: info("CFBundlePackageType")),
        // Privacy (Info.plist purpose strings and the code that needs them).
        "privacy-empty-usage-description": RuleFacts(everyKey: true, pages: [protectedResources, reviewGuidelines]),
        "privacy-missing-usage-description": RuleFacts(everyKey: true, pages: [protectedResources]),
        "privacy-missing-purpose-string": RuleFacts(everyKey: true, pages: [protectedResources]),
        "privacy-missing-api-declaration": RuleFacts(
            keys: privacy("NSPrivacyAccessedAPITypes", "NSPrivacyAccessedAPIType", "NSPrivacyAccessedAPITypeReasons"),
            pages: [requiredReasonAPI]),
        // App Transport Security.
        "ats-app-review": RuleFacts(
            keys: info(
                "NSAllowsArbitraryLoads", "NSAllowsArbitraryLoadsForMedia", "NSAllowsArbitraryLoadsInWebContent",
                "NSExceptionAllowsInsecureHTTPLoads", "NSExceptionMinimumTLSVersion"), pages: [reviewGuidelines]),
        "ats-arbitrary-loads-ignored": RuleFacts(
            keys: info(
                "NSAllowsArbitraryLoads", "NSAllowsArbitraryLoadsForMedia", "NSAllowsArbitraryLoadsInWebContent", "NSAllowsLocalNetworking")
        ),
        "ats-exception-domain-format": RuleFacts(keys: info("NSExceptionDomains")),
        "ats-exception-domain-ip": RuleFacts(keys: info("NSExceptionDomains", "NSAllowsLocalNetworking")),
        // Privacy manifests.
        "privacy-wrong-type": RuleFacts(everyKey: true),
        "privacy-invalid-value": RuleFacts(everyKey: true),
        "privacy-unknown-key": RuleFacts(everyKey: true),
        "privacy-invalid-reason": RuleFacts(keys: privacy("NSPrivacyAccessedAPITypeReasons"), pages: [requiredReasonAPI]),
        "privacy-sdk-only-reason": RuleFacts(keys: privacy("NSPrivacyAccessedAPITypeReasons"), pages: [requiredReasonAPI]),
        "privacy-duplicate-entry": RuleFacts(
            keys: privacy("NSPrivacyAccessedAPITypes", "NSPrivacyCollectedDataTypes"), pages: [privacyManifests]),
        "privacy-missing-key": RuleFacts(everyKey: true, pages: [privacyManifests]),
        "privacy-tracking-domains": RuleFacts(keys: privacy("NSPrivacyTracking", "NSPrivacyTrackingDomains")),
        "privacy-tracking-domain-format": RuleFacts(keys: privacy("NSPrivacyTrackingDomains")),
        // Entitlements.
        "entitlement-wrong-type": RuleFacts(everyKey: true),
        "entitlement-invalid-value": RuleFacts(everyKey: true),
        "entitlement-misspelled-key": RuleFacts(everyKey: true),
        "entitlement-value-format": RuleFacts(
            keys: entitlements(
                "com.apple.security.application-groups", "com.apple.developer.associated-domains",
                "com.apple.developer.icloud-container-identifiers", "com.apple.developer.ubiquity-container-identifiers",
                "com.apple.developer.in-app-payments")),
        "entitlement-conflict": RuleFacts(
            keys: entitlements(
                "com.apple.security.app-sandbox", "com.apple.security.inherit", "com.apple.developer.icloud-services",
                "com.apple.developer.icloud-container-identifiers")),
        "entitlement-sandbox-off": RuleFacts(keys: entitlements("com.apple.security.app-sandbox")),
        // Project awareness.
        "project-app-only-key": RuleFacts(everyKey: true),
        "project-key-newer-than-target": RuleFacts(everyKey: true),
        "project-key-deprecated-for-target": RuleFacts(everyKey: true),
        "project-extension-point-missing": RuleFacts(keys: info("NSExtension")),
        "project-missing-entitlement": RuleFacts(
            keys: info("UIBackgroundModes", "NSHealthShareUsageDescription", "NSHealthUpdateUsageDescription")
                + entitlements("com.apple.developer.healthkit", "aps-environment")),
        "project-entitlement-purpose-string": RuleFacts(
            keys: entitlements("com.apple.developer.healthkit", "com.apple.developer.nfc.readersession.formats")
                + info("NSHealthShareUsageDescription", "NSHealthUpdateUsageDescription", "NFCReaderUsageDescription")),
        "project-key-set-twice": RuleFacts(pages: [buildSettings]),
        "project-undefined-variable": RuleFacts(pages: [buildSettings]),
        // Which file a target's INFOPLIST_FILE / CODE_SIGN_ENTITLEMENTS names (XcodeGen sets them to its `path:`).
        "project-generated-file": RuleFacts(pages: [buildSettings]),
        // The facts of the three rules whose checks it says cannot be made.
        "project-evidence-unknown": RuleFacts(
            keys: info("UIBackgroundModes", "NSHealthShareUsageDescription", "NSHealthUpdateUsageDescription", "NFCReaderUsageDescription")
                + entitlements("com.apple.developer.healthkit", "aps-environment", "com.apple.developer.nfc.readersession.formats"),
            pages: [buildSettings]),
    ]

    /// Chapters whose rules judge keys by facts, and so must declare them.
    public static let factChapters: Set<RuleCategory> = [
        .types, .values, .keys, .privacy, .appTransportSecurity, .privacyManifest, .entitlements, .project, .profiles, .launchd,
    ]
}

extension Rule {
    /// The facts the rule relies on, from `RuleFacts.catalogue` (a rule may declare its own instead).
    public var facts: RuleFacts { RuleFacts.catalogue[id] ?? RuleFacts() }
}
