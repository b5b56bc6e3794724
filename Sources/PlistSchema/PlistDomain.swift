// Which kind of file a key belongs to: Info.plist, entitlements or privacy manifest.

/// The kind of property list a key belongs to.
public enum PlistDomain: String, Sendable, Hashable, CaseIterable, Codable {
    /// Info.plist (information property list).
    case infoPlist
    /// A code-signing `.entitlements` file.
    case entitlements
    /// A `PrivacyInfo.xcprivacy` privacy manifest.
    case privacyManifest
}
