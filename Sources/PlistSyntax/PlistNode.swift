// A value of the typed view.

/// A value element with its children and decoded content. A class, so that walking the typed view
/// copies one reference per node instead of its arrays and strings.
public final class PlistNode: Sendable {
    public enum Kind: String, Sendable {
        case dictionary, array, string, integer, real, boolean, date, data
        /// A `<key>` where a value belongs (e.g. an array item).
        case misplacedKey
        /// An element that is not a plist value.
        case unknown
    }
    public let kind: Kind
    public let element: SyntaxElement
    /// For dictionaries: entries in document order.
    public let entries: [PlistEntry]
    /// For arrays: items in document order.
    public let items: [PlistNode]
    /// For scalars: the decoded text content (references resolved, CDATA included, comments dropped).
    /// `<string>` values are decoded when asked for: most are never read.
    public var text: String? {
        if let storedText { return storedText }
        return source.map { ScalarText.decode($0, element) }
    }
    /// For booleans.
    public let boolValue: Bool?
    private let storedText: String?
    /// The document's bytes, kept by values whose text is decoded on demand.
    private let source: [UInt8]?

    init(kind: Kind, element: SyntaxElement, entries: [PlistEntry], items: [PlistNode], text: String?, boolValue: Bool?, source: [UInt8]? = nil) {
        self.kind = kind
        self.element = element
        self.entries = entries
        self.items = items
        self.storedText = text
        self.boolValue = boolValue
        self.source = source
    }

    /// The value of the last entry with this key (what the system reads).
    public func value(forKey key: String) -> PlistNode? {
        entries.last(where: { $0.key?.text == key })?.value
    }
    public var keys: [String] { entries.compactMap { $0.key?.text } }
}
