// What a client can take from completion: snippets, how many items, whether an item may span lines.

/// What the client can take.
public struct CompletionStyle: Sendable, Hashable {
    /// Insert snippets (`$1` placeholders, `${1|a,b|}` choices); plain text otherwise.
    public var snippets: Bool
    /// At most this many items; the list is then marked incomplete so the client asks again as the user types.
    public var limit: Int
    /// The client applies an item as an edit of its range, so its text may span lines (a whole
    /// `<key>…</key>` entry with a value skeleton below it). When false every item's text is one line
    /// (the key name alone, an empty container on one line): a client that inserts the text as a
    /// word — Neovim's omnifunc before 0.11 — would turn a line break into a NUL byte in the file.
    public var multiLine: Bool
    public init(snippets: Bool = true, limit: Int = 50, multiLine: Bool = true) {
        self.snippets = snippets
        self.limit = limit
        self.multiLine = multiLine
    }
}
