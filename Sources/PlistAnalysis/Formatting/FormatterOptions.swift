// What the formatter may vary: the indentation and the width of `<data>` lines. The defaults are
// Xcode's (Core Foundation's XML writer), so a file Xcode wrote formats to itself.

/// Settings of `PlistFormatter`, read from the `formatting` setting (docs/configuration.md).
public struct FormatterOptions: Sendable, Hashable {
    /// How one level of nesting is indented.
    public enum Indentation: Sendable, Hashable, CustomStringConvertible {
        /// One tab per level, as Xcode writes.
        case tabs
        /// This many spaces per level (1…16).
        case spaces(Int)

        /// One level's indentation.
        public var unit: [UInt8] {
            switch self {
            case .tabs: return [0x09]
            case .spaces(let n): return Array(repeating: 0x20, count: n)
            }
        }

        /// The columns one level takes from a `<data>` line: a tab counts 8, as in Core Foundation.
        var columns: Int {
            switch self {
            case .tabs: return 8
            case .spaces(let n): return n
            }
        }

        public var description: String {
            switch self {
            case .tabs: return "tabs"
            case .spaces(let n): return "\(n) spaces"
            }
        }
    }

    /// The indentation of each nesting level (tabs by default).
    public var indentation: Indentation
    /// The longest run of base64 characters on one line of a `<data>`, before its indentation is
    /// taken off (each level takes 8 columns for a tab, at most 8 levels): Core Foundation's
    /// `MAXLINELEN`, 76.
    public var dataLineWidth: Int
    /// Whether the editor's own `FormattingOptions` (tab size, spaces) choose the indentation of
    /// `textDocument/formatting` instead of `indentation` (the setting's value `"editor"`).
    public var indentationFromEditor: Bool

    public init(indentation: Indentation = .tabs, dataLineWidth: Int = 76, indentationFromEditor: Bool = false) {
        self.indentation = indentation
        self.dataLineWidth = dataLineWidth
        self.indentationFromEditor = indentationFromEditor
    }

    /// What Xcode writes.
    public static let xcode = FormatterOptions()

    /// The accepted range of `dataLineWidth`.
    public static let dataLineWidths = 16...1024
    /// The accepted numbers of spaces per level.
    public static let spaceCounts = 1...16
}
