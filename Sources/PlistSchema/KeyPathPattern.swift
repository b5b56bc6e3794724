// Key-path patterns (where a key may appear) and concrete paths (where a key does appear), and matching between them.

import PlistSyntax

/// A pattern for the parent path of a key, from the root dictionary.
///
/// Written in the data file as components joined by `/`: `""` is the root dictionary,
/// `"NSAppTransportSecurity/NSExceptionDomains/*"` is any exception-domain dictionary and
/// `"CFBundleDocumentTypes/[]"` any item of the document-types array.
public struct KeyPathPattern: Hashable, Sendable, CustomStringConvertible {
    /// One step of a key-path pattern.
    public enum Component: Hashable, Sendable, CustomStringConvertible {
        /// A dictionary entry with exactly this key (device and platform suffixes on the concrete key are ignored).
        case key(String)
        /// A dictionary entry with any key (for dictionaries keyed by developer-chosen names, such as exception domains).
        case anyKey
        /// Any item of an array.
        case item

        /// The data-file spelling: the key itself, `*` or `[]`.
        public var description: String {
            switch self {
            case .key(let key): return key
            case .anyKey: return "*"
            case .item: return "[]"
            }
        }
    }

    /// The components, outermost first.
    public let components: [Component]

    /// Creates a pattern from components.
    public init(_ components: [Component]) {
        self.components = components
    }

    /// The root dictionary.
    public static let root = KeyPathPattern([])

    /// Parses the data-file spelling (see the type documentation). Returns nil for empty components such as `"A//B"`.
    public init?(parsing text: String) {
        if text.isEmpty {
            self.init([])
            return
        }
        var components: [Component] = []
        for part in text.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case "": return nil
            case "*": components.append(.anyKey)
            case "[]": components.append(.item)
            default: components.append(.key(String(part)))
            }
        }
        self.init(components)
    }

    /// The data-file spelling; the root is the empty string.
    public var description: String {
        components.map(\.description).joined(separator: "/")
    }

    /// A display form: "(top level)" for the root, else components joined by " › ".
    public var displayString: String {
        components.isEmpty ? "(top level)" : components.map(\.description).joined(separator: " › ")
    }

    /// Whether a concrete parent path matches this pattern.
    ///
    /// Concrete keys match after removing device and platform suffixes, so `CFBundleIcons~ipad`
    /// matches the component `CFBundleIcons`.
    public func matches(_ path: [PathComponent], caseInsensitive: Bool = false) -> Bool {
        path.count == components.count && Self.matches(components[...], path[...], caseInsensitive: caseInsensitive)
    }

    /// Whether the concrete path starts as this pattern does, up to the shorter of the two (the
    /// dictionary at `path` may lead to keys placed by this pattern).
    public func begins(with path: [PathComponent]) -> Bool {
        components.count >= path.count && Self.matches(components.prefix(path.count), path[...], caseInsensitive: false)
    }

    /// The one matcher of pattern components against concrete path components, step by step over
    /// the shorter of the two: `*` matches any key, `[]` any index, a key matches itself or the same
    /// key with a device or platform suffix (and, if asked, in another letter case).
    public static func matches(_ pattern: ArraySlice<Component>, _ path: ArraySlice<PathComponent>, caseInsensitive: Bool) -> Bool {
        for (component, segment) in zip(pattern, path) {
            switch (component, segment) {
            case (.item, .index), (.anyKey, .key):
                continue
            case (.key(let expected), .key(let actual)):
                if actual == expected { continue }
                // Only a key that starts with the expected one can be it with a suffix.
                if actual.hasPrefix(expected), KeySuffix.split(actual).base == expected { continue }
                if caseInsensitive, KeySuffix.split(actual).base.lowercased() == expected.lowercased() { continue }
                return false
            default:
                return false
            }
        }
        return true
    }

    /// The patterns of the dictionaries a key placed at this pattern holds: its own value, and
    /// below it the items of an array or the values of developer-chosen keys (`CFBundleDocumentTypes/[]`,
    /// `NSAppTransportSecurity/NSExceptionDomains/*`): `pattern` is one of them when it is this
    /// pattern, then `key`, then only `[]` and `*` steps.
    public func holds(_ pattern: KeyPathPattern, under key: String) -> Bool {
        let own = components.count
        guard pattern.components.count > own, pattern.components[..<own].elementsEqual(components),
            pattern.components[own] == .key(key)
        else { return false }
        return pattern.components[(own + 1)...].allSatisfy { $0 == .item || $0 == .anyKey }
    }
}

/// The device and platform qualifiers Apple allows after a key: `key-platform~device`.
public struct KeySuffix: Hashable, Sendable, CustomStringConvertible {
    /// The platform qualifier without the dash, e.g. "iphoneos"; nil when absent.
    public let platform: String?
    /// The device qualifier without the tilde, e.g. "ipad"; nil when absent.
    public let device: String?

    /// Platform qualifiers recognised after a `-`.
    public static let knownPlatforms: Set<String> = [
        "iphoneos", "iphonesimulator", "macos", "macosx", "appletvos", "appletvsimulator",
        "watchos", "watchsimulator", "xros", "xrsimulator", "visionos", "maccatalyst",
    ]
    /// Device qualifiers recognised after a `~`.
    public static let knownDevices: Set<String> = [
        "iphone", "ipad", "ipod", "mac", "appletv", "watch", "vision", "carplay",
    ]

    /// The suffix as written: "-iphoneos~ipad", "~ipad".
    public var description: String {
        (platform.map { "-\($0)" } ?? "") + (device.map { "~\($0)" } ?? "")
    }

    /// Splits a key into its base and a recognised suffix. Unrecognised qualifiers are left in the base,
    /// so `public.filename-extension` stays whole.
    public static func split(_ key: String) -> (base: String, suffix: KeySuffix?) {
        // Nearly every key has neither qualifier character: answer without touching Characters.
        guard key.utf8.contains(where: { $0 == 0x7E || $0 == 0x2D }) else { return (key, nil) }
        var base = Substring(key)
        var device: String?
        var platform: String?
        if let tilde = base.lastIndex(of: "~") {
            let candidate = base[base.index(after: tilde)...].lowercased()
            if knownDevices.contains(candidate), tilde != base.startIndex {
                device = candidate
                base = base[..<tilde]
            }
        }
        if let dash = base.lastIndex(of: "-") {
            let candidate = base[base.index(after: dash)...].lowercased()
            if knownPlatforms.contains(candidate), dash != base.startIndex {
                platform = candidate
                base = base[..<dash]
            }
        }
        if device == nil, platform == nil { return (key, nil) }
        return (String(base), KeySuffix(platform: platform, device: device))
    }
}
