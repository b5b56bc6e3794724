// The same API when the package was built without libxml2's headers: every call says so, and the
// tests that need the reference skip with a line telling how to install it (or fail under CI).
#if !canImport(CLibXML2)
/// libxml2 is not available in this build: see `isAvailable` and `installHint`.
public enum XMLReference {
    /// Whether libxml2 was found when the package was built (its headers and pkg-config).
    public static let isAvailable = false
    public static let parseOptions: Int32 = 0
    public static var libraryVersion: String { "unavailable" }
    public static var refusedLoadRequests: [ExternalLoadRequest] { [] }

    /// A verdict that is never well-formed and names the missing library.
    public static func check(_ bytes: [UInt8], alsoEnabling risky: RiskyParseOptions = []) -> Verdict {
        Verdict(
            wellFormed: false,
            errors: [XMLError(line: 0, column: 0, code: -1, domain: 0, level: 3, message: "libxml2 is not available: \(installHint)")],
            externalLoadRequests: [])
    }

    /// Empty counts.
    public static func saxParse(_ bytes: [UInt8]) -> SAXCounts { SAXCounts() }

    /// Nil: nothing to read with.
    public static func contentEvents(_ bytes: [UInt8]) -> [XMLContentEvent]? { nil }
}

/// Parse options that only security tests add (no effect without libxml2).
public struct RiskyParseOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let substituteEntities = RiskyParseOptions(rawValue: 1 << 1)
    public static let loadExternalDTD = RiskyParseOptions(rawValue: 1 << 2)
    public static let defaultDTDAttributes = RiskyParseOptions(rawValue: 1 << 3)
    public static let validate = RiskyParseOptions(rawValue: 1 << 4)
}
#endif

extension XMLReference {
    /// What to install for the libxml2 reference, as one command.
    public static let installHint =
        "install libxml2's headers and pkg-config, then build again: sudo apt-get install libxml2-dev pkg-config (Debian/Ubuntu)"
}
