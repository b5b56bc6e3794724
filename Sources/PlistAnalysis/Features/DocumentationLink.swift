// A key's text and the page that documents it (`DocumentationLinks`).

/// A key's text and the page that documents it.
public struct DocumentationLink: Sendable, Hashable {
    /// The key's text (between `<key>` and `</key>`).
    public var range: Range<Int>
    public var url: String
    /// The key's name, with Xcode's name when it has one: `NSCameraUsageDescription (Privacy - Camera Usage Description)`.
    public var title: String
}
