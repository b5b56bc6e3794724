/// Keys a project file sets directly in a target's Info.plist or entitlements (XcodeGen's
/// `info.properties` and `entitlements.properties`), with where each is written.
public struct GeneratedProperties: Sendable, Hashable {
    /// The plist file they are written into (relative to the project folder as in the spec).
    public let path: String?
    /// Top-level key → the span of the key in the project file.
    public let keys: [String: SourceSpan]

    public init(path: String?, keys: [String: SourceSpan]) {
        self.path = path
        self.keys = keys
    }
}
