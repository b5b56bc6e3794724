// A dictionary found by the rule context's walk.
import PlistSyntax

/// A dictionary of the document with its key path when the schema can name it.
public struct DictionaryInfo: Sendable {
    public let node: PlistNode
    /// The concrete path from the root; nil below places the schema knows nothing about.
    public let path: [PathComponent]?
}
