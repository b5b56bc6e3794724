// How the outline writes a symbol's detail (`Navigation.symbols`).

/// How the outline writes a symbol's detail.
public struct OutlineStyle: Sendable, Hashable {
    /// The Xcode name of a known key comes first (`Privacy - Camera Usage Description · string`):
    /// for clients that show no inlay hints, where the outline is the place to read it. Otherwise
    /// the type comes first (`string · Privacy - Camera Usage Description`).
    public var xcodeNameFirst: Bool
    public init(xcodeNameFirst: Bool = false) { self.xcodeNameFirst = xcodeNameFirst }
}
