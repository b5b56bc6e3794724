// A dictionary entry of the typed view: its key and its value, either possibly missing.

/// A `<key>` of a dictionary entry.
public struct PlistKey: Sendable {
    public let element: SyntaxElement
    /// The decoded key text.
    public let text: String
    /// The range of the key's text between its tags.
    public var textRange: Range<Int> { element.contentRange }
}

/// A key and its value inside a dictionary; either may be missing in a broken file.
public struct PlistEntry: Sendable {
    public let key: PlistKey?
    public let value: PlistNode?
    /// From the key (or the value when there is no key) to the end of the value (or key).
    public var range: Range<Int> {
        let s = key?.element.start ?? value?.element.start ?? 0
        let e = value?.element.end ?? key?.element.end ?? s
        return s..<max(s, e)
    }
}
