/// A half-open range `[start, end)`.
/// Named `LSPRange` so it never shadows `Swift.Range` in modules importing this one.
public struct LSPRange: Codable, Hashable, Sendable, CustomStringConvertible {
    public var start: Position
    public var end: Position
    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }
    public init(_ position: Position) { self.init(start: position, end: position) }
    public var description: String { "\(start)-\(end)" }
}
