// One completion proposal, in byte offsets.
import PlistSyntax

/// One completion proposal, in byte offsets.
public struct CompletionSuggestion: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// A dictionary key (alone, or a whole key/value entry).
        case key
        /// A documented value of a key.
        case value
        /// `<true/>` / `<false/>`.
        case keyword
        /// An element name or a value element skeleton.
        case element
        /// A close tag.
        case closeTag
    }

    public var label: String
    public var kind: Kind
    /// Xcode's display name of a key (LSP `labelDetails.description`).
    public var displayName: String?
    /// A short line: the key's type, or a value's note.
    public var detail: String?
    /// Text the client's fuzzy filter matches against (raw key and Xcode name).
    public var filterText: String
    /// Orders the list: most used keys first.
    public var sortText: String
    public var deprecated: Bool
    /// Replaces the typed text (and adds what the cursor's place lacks, such as `</key>`).
    public var edit: SourceEdit
    /// `edit.replacementText` is a snippet.
    public var isSnippet: Bool
    /// For keys: what `Completion.documentation` needs to render the key's docs on resolve.
    public var keyReference: KeyReference?

    public init(
        label: String, kind: Kind, displayName: String? = nil, detail: String? = nil, filterText: String? = nil,
        sortText: String, deprecated: Bool = false, edit: SourceEdit, isSnippet: Bool = false,
        keyReference: KeyReference? = nil
    ) {
        self.label = label
        self.kind = kind
        self.displayName = displayName
        self.detail = detail
        self.filterText = filterText ?? label
        self.sortText = sortText
        self.deprecated = deprecated
        self.edit = edit
        self.isSnippet = isSnippet
        self.keyReference = keyReference
    }
}
