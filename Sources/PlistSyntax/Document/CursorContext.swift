// What is at an offset: the place, and the key path of its container.

/// Where an offset lies, for completion and hover.
public enum CursorPlace: Sendable {
    /// In the text of the key of `dictionary.entries[entryIndex]` (between its tags, ends included).
    case key(dictionary: PlistNode, entryIndex: Int)
    /// In the text content of a scalar value.
    case value(PlistNode)
    /// In an element name: `<ke|`, `</dic|`.
    case tagName(SyntaxElement, isEndTag: Bool)
    /// Inside a start tag after its name (attributes).
    case insideTag(SyntaxElement)
    /// Between entries of a dictionary: before entry `index`.
    case dictionaryGap(PlistNode, index: Int)
    /// Between items of an array: before item `index`.
    case arrayGap(PlistNode, index: Int)
    /// Inside a comment, the prolog, or outside the plist's value.
    case other
}

/// The place at an offset and the key path of its container.
public struct CursorContext: Sendable {
    public let place: CursorPlace
    /// Key path of the dictionary or array that holds the place (for a value: up to its own key).
    public let path: [PathComponent]
}
