// The kinds of bundle a key belongs in.

/// The kind of bundle (or enclosing dictionary) a key is required or recommended for.
public enum BundleKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Any bundle at all.
    case bundle
    /// Any application.
    case app
    /// An iOS or iPadOS app.
    case iosApp
    /// A macOS app.
    case macosApp
    /// A tvOS app.
    case tvosApp
    /// A watchOS app.
    case watchosApp
    /// An app extension.
    case appExtension = "extension"
    /// A framework.
    case framework
    /// A loadable plug-in bundle.
    case plugin
    /// Every dictionary at the key's placement (for nested keys such as `UTTypeIdentifier`).
    case entry
}
