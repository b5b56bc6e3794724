/// A zero-based position; `character` counts in the negotiated position encoding (UTF-16 by default).
public struct Position: Codable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var character: Int
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
    public static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
    public var description: String { "\(line):\(character)" }
}
