/// Keys a project file sets directly in a target's Info.plist or entitlements (XcodeGen's
/// `info.properties` and `entitlements.properties`), with where each is written.
public struct GeneratedProperties: Sendable, Hashable {
    /// The plist file they are written into (relative to the project folder as in the spec).
    public let path: String?
    /// Top-level key → the span of the key in the project file.
    public let keys: [String: SourceSpan]
    /// Where the spec says what the file holds: each block's `properties:` key (its `path:` when it
    /// has none), in the order the specs are read (a template's before the target's own).
    public let sites: [SourceSpan]

    public init(path: String?, keys: [String: SourceSpan], sites: [SourceSpan] = []) {
        self.path = path
        self.keys = keys
        self.sites = sites
    }
}
