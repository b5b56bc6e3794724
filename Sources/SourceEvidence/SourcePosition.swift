// A place in a source file, with its column in every position encoding.
import PlistSyntax

/// A place in a source file: zero-based line and the column counted in each encoding.
public struct SourcePosition: Sendable, Hashable {
    public var line: Int
    public var utf8Column: Int
    public var utf16Column: Int
    public var utf32Column: Int

    public init(line: Int, utf8Column: Int, utf16Column: Int, utf32Column: Int) {
        self.line = line
        self.utf8Column = utf8Column
        self.utf16Column = utf16Column
        self.utf32Column = utf32Column
    }

    /// The column in `encoding`.
    public func column(in encoding: PositionEncoding) -> Int {
        switch encoding {
        case .utf8: return utf8Column
        case .utf16: return utf16Column
        case .utf32: return utf32Column
        }
    }

    /// This position moved `count` ASCII characters to the right (the end of a symbol).
    func advanced(by count: Int) -> SourcePosition {
        SourcePosition(line: line, utf8Column: utf8Column + count, utf16Column: utf16Column + count, utf32Column: utf32Column + count)
    }
}
