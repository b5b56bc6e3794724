// Whether a key is current, deprecated or obsolete, and since when.

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
