// One classified range of a plist's text (`SemanticHighlighting`): what it is, and what the key
// database says of a key.

/// One classified range of the text.
public struct SemanticToken: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The text of a `<key>`.
        case key
        /// The content of a value element, by its type.
        case string, number, boolean, date, data
        /// `$(VAR)` or `${VAR}` inside a value: substituted by Xcode at build time.
        case buildSetting
        /// A C preprocessor line (`#if`, `#define`…) of a preprocessed Info.plist.
        case directive
        /// `<!-- … -->`.
        case comment
    }

    /// What the key database says of a key.
    public struct Modifiers: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A key the database knows at this place (Apple's, or a third-party SDK's).
        public static let known = Modifiers(rawValue: 1 << 0)
        /// A known key that is deprecated, removed, ignored or unsupported.
        public static let deprecated = Modifiers(rawValue: 1 << 1)
        /// A known key read by a third-party SDK (`KeyDefinition.isThirdParty`), not by Apple's systems.
        public static let thirdParty = Modifiers(rawValue: 1 << 2)
        /// A key the database does not know here: the developer's own (or a typo), or a name
        /// chosen by the developer inside a dictionary of such names (exception domains…).
        public static let custom = Modifiers(rawValue: 1 << 3)
    }

    public var range: Range<Int>
    public var kind: Kind
    public var modifiers: Modifiers

    public init(range: Range<Int>, kind: Kind, modifiers: Modifiers = []) {
        self.range = range
        self.kind = kind
        self.modifiers = modifiers
    }
}
