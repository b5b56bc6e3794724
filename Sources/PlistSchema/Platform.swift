// The platforms a key applies to, and on which versions (introduced, deprecated).

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
            guard parts.count <= 2,
                parts.allSatisfy({ part in part.allSatisfy { $0.isNumber || $0 == "." } && part.first?.isNumber == true })
            else { return nil }
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
