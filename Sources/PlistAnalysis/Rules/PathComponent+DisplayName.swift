// How a key path reads in a message.
import PlistSyntax

extension Array where Element == PathComponent {
    /// `NSAppTransportSecurity › NSExceptionDomains`, or "the top level".
    public var displayName: String {
        isEmpty ? "the top level" : map(\.description).joined(separator: " › ")
    }
}
