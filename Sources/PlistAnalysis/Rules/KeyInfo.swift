// A key found by the rule context's walk, already looked up in the schema.
import PlistSchema
import PlistSyntax

/// A key of a dictionary whose children the schema describes, with the lookup result.
public struct KeyInfo: Sendable {
    /// The dictionary holding the key.
    public let dictionary: PlistNode
    /// The index of the entry in `dictionary.entries`.
    public let entryIndex: Int
    public let key: PlistKey
    public let value: PlistNode?
    /// The path of the dictionary holding the key.
    public let parent: [PathComponent]
    /// The lookup at this placement (nil: not a known key here).
    public let match: KeyMatch?
    /// Whether the holding dictionary's keys are chosen by the developer.
    public let parentAllowsCustomKeys: Bool
    /// Whether the system reads the holding dictionary's keys as a fixed set (the database marks its
    /// owner `fixedKeys`: ATS and its exception domains, UILaunchScreen, document and URL types, …).
    public let parentHasFixedKeys: Bool
    /// For an unknown key: a key placed here one or two edits away and not already present.
    public let nearMiss: String?

    public var entry: PlistEntry { dictionary.entries[entryIndex] }
    /// The blanks the key starts or ends with (nil: none): such a key is another key than the one it
    /// looks like, which `plist-key-whitespace` reports and the rules that match keys leave alone.
    public var keyWhitespace: KeyWhitespace? { KeyWhitespace(key.text) }
    /// The key's definition when spelled exactly.
    public var definition: KeyDefinition? { match?.kind == .exact ? match?.definition : nil }
}
