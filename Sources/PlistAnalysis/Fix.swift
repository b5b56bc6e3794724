// A change that resolves a finding, as byte-range edits of the analysed text.
import PlistSyntax

/// A change that resolves a finding: a title for the menu and non-overlapping edits.
public struct Fix: Sendable, Hashable {
    public var title: String
    public var edits: [SourceEdit]
    /// The obvious fix, offered first (LSP `isPreferred`).
    public var isPreferred: Bool
    /// Safe to apply without looking (`source.fixAll` and `check --fix` apply only these).
    public var isSafe: Bool
    /// The same edits (same ranges) written as snippets, for an editor that takes them: `${1:…}`
    /// selects what the developer writes next (a placeholder value), `$0` is where the cursor
    /// ends; `$`, `}` and `\` of the text are escaped. nil when the fix has nothing to fill in.
    public var snippetEdits: [SourceEdit]?
    /// Edits of other files (a translation added to a locale's `InfoPlist.strings`): the server
    /// sends them in the same WorkspaceEdit; `check --fix` never applies them (such a fix is not safe).
    public var otherFiles: [FileEdits] = []
    public init(title: String, edits: [SourceEdit], isPreferred: Bool = false, isSafe: Bool = false, snippetEdits: [SourceEdit]? = nil) {
        self.title = title
        self.edits = edits
        self.isPreferred = isPreferred
        self.isSafe = isSafe
        self.snippetEdits = snippetEdits
    }
}

/// Edits of one other file, with the UTF-8 text they refer to (for the server's positions).
public struct FileEdits: Sendable, Hashable {
    public var path: String
    public var text: [UInt8]
    public var edits: [SourceEdit]

    public init(path: String, text: [UInt8], edits: [SourceEdit]) {
        self.path = path
        self.text = text
        self.edits = edits
    }
}
