// Renders definitions for people and programs: the `explain` text, and the `keys` listing as text, JSON and Markdown (docs/keys.md).
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Output formats of the key listing.
public enum KeyListingFormat: String, Sendable, CaseIterable {
    /// One block of lines per entry.
    case text
    /// The stable JSON document described in docs/key-database.md.
    case json
    /// The Markdown reference committed as docs/keys.md.
    case markdown
}

/// Renders definitions as text, JSON or Markdown. Hover, the CLI and the docs all use these functions.
public enum KeyRendering {
    /// Everything known about one definition, as readable multi-line text (the `explain` output).
    public static func explain(_ definition: KeyDefinition, suffix: KeySuffix? = nil) -> String {
        var lines: [String] = []
        var title = definition.name
        if let suffix { title += "  (written with suffix \(suffix); the suffix limits it to that platform or device)" }
        lines.append(title)
        func field(_ label: String, _ value: String) {
            let head = label + ":"
            let padded = head.count < 18 ? head + String(repeating: " ", count: 18 - head.count) : String(head.prefix(18))
            lines.append("  " + padded + value)
        }
        if let owner = definition.owner { field("Read by", "\(owner) (a third-party key, not Apple's)") }
        field("Xcode name", definition.xcodeName ?? "(none)")
        if let capability = definition.xcodeCapability {
            field("Capability", "\(capability) (Xcode's Signing & Capabilities adds the key)")
        }
        if definition.domain != .infoPlist { field("File", domainTitle(definition.domain)) }
        field("Type", definition.typeDescription)
        field("Where", definition.placements.map(\.displayString).joined(separator: "; "))
        field("Platforms", definition.platforms.isEmpty ? "(not stated)" : definition.platforms.map(\.description).joined(separator: ", "))
        if let note = placeholderNote(definition) { field("Apple's page", note) }
        if let departure = definition.pageDeparture {
            // A sentence or two: wrapped under the field's column.
            let column = String(repeating: " ", count: 20)
            var wrapped = wrap(departure, width: 100, indent: column)
            if !wrapped.isEmpty { wrapped[0] = String(wrapped[0].dropFirst(column.count)) }
            field("Unlike the page", wrapped.joined(separator: "\n"))
        }
        field("Status", statusText(definition.status))
        if let value = definition.defaultValue { field("Default", value) }
        field("Localizable", definition.localizable ? "yes (InfoPlist.strings)" : "no")
        if !definition.requiredFor.isEmpty { field("Required for", definition.requiredFor.map(kindTitle).joined(separator: ", ")) }
        if !definition.recommendedFor.isEmpty { field("Recommended for", definition.recommendedFor.map(kindTitle).joined(separator: ", ")) }
        if definition.allowsCustomChildKeys { field("Child keys", "chosen by you (any key is accepted inside)") }
        let children = KeyDatabase.shared.childKeys(of: definition)
        if !children.isEmpty {
            field("Keys inside", children.joined(separator: ", ") + (definition.hasFixedChildKeys ? " (only these)" : ""))
        }
        lines.append("")
        lines.append(contentsOf: wrap(definition.summary, width: 96, indent: "  "))
        if !definition.values.isEmpty {
            lines.append("")
            lines.append("  \(valuesHeading(of: definition)):")
            for value in definition.values {
                lines.append("    \(value.value) — \(value.note)" + valueFacts(value).map { " [\($0)]" }.joined())
            }
        }
        if let review = definition.appStoreReview {
            lines.append("")
            lines.append("  App Store review:")
            lines.append(contentsOf: wrap(review, width: 96, indent: "    "))
        }
        lines.append("")
        if !definition.related.isEmpty { field("Related", definition.related.joined(separator: ", ")) }
        if !definition.misspellings.isEmpty { field("Misspelled as", definition.misspellings.joined(separator: ", ")) }
        if definition.domain == .launchd {
            field("Source", definition.sources.joined(separator: "; "))  // launchd.plist(5), or real jobs for the newer keys
        } else {
            field("Source", definition.fromSeeds ? "Apple's Info.plist reference" : "added by plist-lsp (not in the reference texts)")
        }
        field("Documentation", definition.docURL)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The sentence about the versions Apple's page gives that the database leaves out on purpose
    /// ("iOS 2.0, macOS 10.0: its placeholders for every version, not shown"); nil when there are none.
    static func placeholderNote(_ definition: KeyDefinition) -> String? {
        let versions = definition.pagePlaceholders.map { "\($0.platform.displayName) \($0.introduced ?? "")" }
        guard !versions.isEmpty else { return nil }
        let noun = versions.count == 1 ? "its placeholder" : "its placeholders"
        return "gives \(versions.joined(separator: ", ")), \(noun) for every version, not shown as a minimum"
    }

    /// The listing of every definition in `database`, in the requested format.
    public static func listing(_ database: KeyDatabase, format: KeyListingFormat) -> String {
        switch format {
        case .text: return text(database)
        case .json: return json(database)
        case .markdown: return markdown(database)
        }
    }

    /// One block per entry: name, path, type, Xcode name, platforms, values and status.
    public static func text(_ database: KeyDatabase) -> String {
        var out = ""
        for definition in database.sortedDefinitions() {
            out += "\(definition.name)\n"
            if definition.domain != .infoPlist { out += "  file: \(domainTitle(definition.domain))\n" }
            out += "  path: \(definition.placements.map(\.displayString).joined(separator: "; "))\n"
            out += "  type: \(definition.typeDescription)\n"
            if let xcode = definition.xcodeName { out += "  xcode: \(xcode)\n" }
            if !definition.platforms.isEmpty { out += "  platforms: \(definition.platforms.map(\.description).joined(separator: ", "))\n" }
            if !definition.values.isEmpty {
                out += "  values\(definition.valuesAreClosed ? "" : " (open)"): \(definition.values.map(\.value).joined(separator: ", "))\n"
            }
            out += "  status: \(statusText(definition.status))\n\n"
        }
        return out
    }

    /// The stable JSON listing documented in docs/key-database.md: `{"formatVersion": 1, "keys": [...]}`
    /// with every field present (null or empty when unknown), keys sorted, two-space indentation.
    public static func json(_ database: KeyDatabase) -> String {
        let listing = JSONListing(formatVersion: 1, keys: database.sortedDefinitions().map(JSONEntry.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(listing), let text = String(data: data, encoding: .utf8) else {
            return "{}\n"
        }
        return text + "\n"
    }

    /// The Markdown reference, a table per file kind, generated from the data: what
    /// `keys --format markdown` prints, and with `forRepository` (a note for contributors on how it
    /// is made) docs/keys.md.
    public static func markdown(_ database: KeyDatabase, forRepository: Bool = false) -> String {
        var out = """
            # Key reference


            """
        if forRepository {
            out += """
                Generated from `Sources/PlistSchema/Resources/keys.json`. Do not edit by hand: change the data
                file and regenerate (`PLIST_LSP_UPDATE_DOCS=1 swift test --filter docsKeysMarkdownIsCurrent`;
                the test fails when this file is stale).


                """
        }
        out += """
            Paths: `(top level)` is the root dictionary, `*` any key chosen by you, `[]` any array item.
            Keys marked † were added by plist-lsp beyond Apple's reference texts.

            """
        for domain in PlistDomain.allCases {
            let definitions = database.sortedDefinitions(domain: domain)
            guard !definitions.isEmpty else { continue }
            out += "\n## \(domainTitle(domain)) (\(definitions.count) entries)\n\n"
            out += "| Key | Path | Type | Xcode name | Platforms | Values | Status | Summary |\n"
            out += "|---|---|---|---|---|---|---|---|\n"
            for definition in definitions {
                let name = "[`\(definition.name)`](\(definition.docURL))" + (definition.fromSeeds ? "" : " †")
                let values =
                    definition.values.map { "`\($0.value)`" }.joined(separator: ", ")
                    + (definition.values.isEmpty || definition.valuesAreClosed ? "" : " (open)")
                let cells = [
                    name,
                    definition.placements.map(\.displayString).joined(separator: "; "),
                    definition.typeDescription,
                    definition.xcodeName ?? "",
                    definition.platforms.map(\.description).joined(separator: ", "),
                    values,
                    statusText(definition.status),
                    definition.summary,
                ]
                out += "| " + cells.map(markdownCell).joined(separator: " | ") + " |\n"
            }
        }
        return out
    }

    /// "active", "deprecated since iOS 9.0; use UILaunchStoryboardName".
    public static func statusText(_ status: KeyStatus) -> String {
        var text = status.kind.rawValue
        if let since = status.since { text += " since \(since)" }
        if let successor = status.successor { text += "; use \(successor)" }
        return text
    }

    static func domainTitle(_ domain: PlistDomain) -> String {
        switch domain {
        case .infoPlist: return "Info.plist"
        case .entitlements: return "Entitlements (.entitlements)"
        case .privacyManifest: return "Privacy manifest (PrivacyInfo.xcprivacy)"
        case .launchd: return "launchd job (LaunchAgents, LaunchDaemons)"
        }
    }

    static func kindTitle(_ kind: BundleKind) -> String {
        switch kind {
        case .bundle: return "every bundle"
        case .app: return "apps"
        case .iosApp: return "iOS apps"
        case .macosApp: return "macOS apps"
        case .tvosApp: return "tvOS apps"
        case .watchosApp: return "watchOS apps"
        case .appExtension: return "app extensions"
        case .framework: return "frameworks"
        case .plugin: return "plug-ins"
        case .entry: return "every dictionary where it appears"
        }
    }

    private static func markdownCell(_ text: String) -> String {
        text.replacing("|", with: "\\|").replacing("\n", with: " ")
    }

    private static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ") {
            if line.count > indent.count, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        if line.count > indent.count { lines.append(line) }
        return lines
    }
}

/// The top level of `keys --format json`.
struct JSONListing: Encodable {
    let formatVersion: Int
    let keys: [JSONEntry]
}

/// One entry of `keys --format json`; every field is always present.
struct JSONEntry: Encodable {
    let definition: KeyDefinition

    enum CodingKeys: String, CodingKey {
        case name, domain, paths, types, elementType, xcodeName, platforms, values, valuesClosed, defaultValue
        case status, localizable, requiredFor, recommendedFor, appStoreReview, related, docURL, summary
        case fromSeeds, misspellings, customChildKeys, owner, fixedChildKeys, pagePlaceholders, pageDeparture, xcodeCapability
    }

    struct PlatformEntry: Encodable {
        let platform: String
        let introduced: String?
        let deprecated: String?
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(platform, forKey: .platform)
            try container.encode(introduced, forKey: .introduced)
            try container.encode(deprecated, forKey: .deprecated)
        }
        enum CodingKeys: String, CodingKey { case platform, introduced, deprecated }
    }

    struct ValueEntry: Encodable {
        let value: EnumValue
        enum CodingKeys: String, CodingKey { case value, note, minimumOS, deprecated, onlyWith, sdkOnly }
        struct Condition: Encodable {
            let key: String
            let value: String
        }
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(value.value, forKey: .value)
            try container.encode(value.note, forKey: .note)
            try container.encode(value.minimumOS?.dataString, forKey: .minimumOS)
            try container.encode(value.deprecated, forKey: .deprecated)
            try container.encode(value.onlyWith.map { Condition(key: $0.key, value: $0.value) }, forKey: .onlyWith)
            try container.encode(value.sdkOnly, forKey: .sdkOnly)
        }
    }

    struct StatusEntry: Encodable {
        let status: KeyStatus
        enum CodingKeys: String, CodingKey { case kind, since, successor }
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status.kind.rawValue, forKey: .kind)
            try container.encode(status.since, forKey: .since)
            try container.encode(status.successor, forKey: .successor)
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let d = definition
        try container.encode(d.name, forKey: .name)
        try container.encode(d.domain.rawValue, forKey: .domain)
        try container.encode(d.placements.map(\.description), forKey: .paths)
        try container.encode(d.valueTypes.map(\.rawValue), forKey: .types)
        try container.encode(d.arrayElementType?.rawValue, forKey: .elementType)
        try container.encode(d.xcodeName, forKey: .xcodeName)
        try container.encode(
            d.platforms.map { PlatformEntry(platform: $0.platform.rawValue, introduced: $0.introduced, deprecated: $0.deprecated) },
            forKey: .platforms)
        try container.encode(d.values.map(ValueEntry.init), forKey: .values)
        try container.encode(d.valuesAreClosed, forKey: .valuesClosed)
        try container.encode(d.defaultValue, forKey: .defaultValue)
        try container.encode(StatusEntry(status: d.status), forKey: .status)
        try container.encode(d.localizable, forKey: .localizable)
        try container.encode(d.requiredFor.map(\.rawValue), forKey: .requiredFor)
        try container.encode(d.recommendedFor.map(\.rawValue), forKey: .recommendedFor)
        try container.encode(d.appStoreReview, forKey: .appStoreReview)
        try container.encode(d.related, forKey: .related)
        try container.encode(d.docURL, forKey: .docURL)
        try container.encode(d.summary, forKey: .summary)
        try container.encode(d.fromSeeds, forKey: .fromSeeds)
        try container.encode(d.misspellings, forKey: .misspellings)
        try container.encode(d.allowsCustomChildKeys, forKey: .customChildKeys)
        try container.encode(d.owner, forKey: .owner)
        try container.encode(d.hasFixedChildKeys, forKey: .fixedChildKeys)
        try container.encode(d.pagePlaceholders.map(\.dataString), forKey: .pagePlaceholders)
        try container.encode(d.pageDeparture, forKey: .pageDeparture)
        try container.encode(d.xcodeCapability, forKey: .xcodeCapability)
    }
}

extension KeyRendering {
    /// The heading of a key's value list: whether items or the value, and whether the list is the
    /// complete set.
    static func valuesHeading(of definition: KeyDefinition) -> String {
        let header = definition.valueTypes.contains(.array) ? "Item values" : "Values"
        return "\(header) (\(definition.valuesAreClosed ? "only these are valid" : "common values; others are allowed"))"
    }

    /// What a value's listing says after its note, in one order for every format: the first OS
    /// version that reads it, the sibling value it needs, SDK-only, deprecated.
    static func valueFacts(_ value: EnumValue, withSibling: Bool = true) -> [String] {
        var facts: [String] = []
        if let minimum = value.minimumOS { facts.append("\(minimum)") }
        if withSibling, let condition = value.onlyWith { facts.append("with \(condition.key) = \(condition.value)") }
        if value.sdkOnly { facts.append("third-party SDKs only") }
        if value.deprecated { facts.append("deprecated") }
        return facts
    }
}
