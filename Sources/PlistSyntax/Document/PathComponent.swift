// One step of a concrete key path, and how a path reads.

/// One step of a key path: a dictionary key or an array index.
public enum PathComponent: Hashable, Sendable, CustomStringConvertible {
    case key(String)
    case index(Int)
    public var description: String {
        switch self {
        case .key(let k): return k
        case .index(let i): return "[\(i)]"
        }
    }
}

extension Array where Element == PathComponent {
    /// `NSAppTransportSecurity › NSExceptionDomains › example.com`
    public var displayString: String { map(\.description).joined(separator: " › ") }
}
