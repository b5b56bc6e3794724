// One use of a privacy-relevant symbol in a source file.
/// One use of a table symbol in a source file.
public struct SourceHit: Sendable, Hashable {
    /// The symbol as written (every symbol is ASCII, so its length is the same in every encoding).
    public let symbol: String
    /// The symbol's bytes in the file.
    public let range: Range<Int>
    /// Where the symbol starts.
    public let start: SourcePosition
    /// What this use shows the app needs.
    public let needs: [PrivacyNeed]

    /// Where the symbol ends.
    public var end: SourcePosition { start.advanced(by: range.count) }
}
