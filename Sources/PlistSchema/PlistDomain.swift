// Which kind of file a key belongs to: Info.plist, entitlements, privacy manifest or launchd job.

/// The kind of property list a key belongs to.
public enum PlistDomain: String, Sendable, Hashable, CaseIterable, Codable {
    /// Info.plist (information property list).
    case infoPlist
    /// A code-signing `.entitlements` file.
    case entitlements
    /// A `PrivacyInfo.xcprivacy` privacy manifest.
    case privacyManifest
    /// A launchd job definition (LaunchAgents, LaunchDaemons); keys from launchd.plist(5).
    case launchd
}
